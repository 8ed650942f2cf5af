"""What the soak (soak.py) watches at every step of its month, and its report.

- lost or doubled steps: every action a person was not refused is in the game's log
  exactly once (by its idempotency key) and nothing else of theirs is; every time-out
  happened once and was told once in the channel; the channel's prompt always shows
  the game as stored;
- reminders: at most one per stage (two stages in the async preset) for each deadline;
- deadlines: after the table clock ran, nothing due is left and every decision that was
  overdue is taken; every person a game waits for has a deadline;
- at the end every game is finished or waiting on a person (not on the computer).
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from bot.i18n import knowing_command_ids
from bot.store import ACTIVE
from bot.tables.kits import get_kit
from cogs.common.segments import segments_of
from tests.discord_emulator import EmuMessage, EmuUser, InteractionHandle

if TYPE_CHECKING:
    from tests.e2e.soak import Soak, SoakTable

# A DM names the game's channel; a reminder in the channel says "this game". One channel
# message reminds of one deadline: it pings whom it reminds (and may name, without a ping,
# others it reminded earlier who are still awaited by it).
REMINDER = re.compile(r"⏳ (?:Your \w+ game in <#(\d+)>|This \w+ game) waits for you"
                      r"; the deadline is <t:(\d+):R>")
STAGES = 2  # the async preset reminds halfway and one hour before


@dataclass(frozen=True)
class Attempt:
    """One action a person submitted, and whether the bot let them believe it was done."""

    game_id: int
    user_id: int
    key: str  # the idempotency key the bot gives the action: "i<interaction id>"
    told_done: bool

    @classmethod
    def typed(cls, table: SoakTable, user: EmuUser, handle: InteractionHandle) -> Attempt:
        done = any(m.content.startswith("✅") for m in handle.record.messages())
        return cls(table.game_id, user.id, f"i{handle.id}", done)

    @classmethod
    def clicked(cls, table: SoakTable, user: EmuUser, handle: InteractionHandle) -> Attempt:
        refusals = [m for m in handle.record.messages() if m.ephemeral and
                    not m.content.startswith(("🔒", "✅")) and "is saved" not in m.content]
        return cls(table.game_id, user.id, f"i{handle.id}", not refusals)


@dataclass
class SoakReport:
    games: int = 0
    finished: int = 0
    steps: int = 0  # actions in all the games' logs
    person_actions: int = 0
    timeouts: int = 0
    reminders: int = 0
    restarts: int = 0
    resumes: int = 0
    identifies: int = 0
    rate_limited: int = 0
    lost_steps: int = 0
    doubled_steps: int = 0
    duplicate_reminders: int = 0
    late_deadlines: int = 0
    stuck_games: int = 0
    problems: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not (self.lost_steps or self.doubled_steps or self.duplicate_reminders
                    or self.late_deadlines or self.stuck_games)


@dataclass
class _Overdue:
    game_id: int
    seat: int
    decision: str
    name: str
    misses: int


class SoakChecks:
    def __init__(self, soak: Soak) -> None:
        self.soak = soak
        self.report = SoakReport()
        self.attempts: list[Attempt] = []
        self.reminders: Counter[tuple[int, int, int]] = Counter()
        self._overdue: list[_Overdue] = []
        self._seen: dict[int, str] = {}  # message id -> its content when last looked at

    def attempted(self, attempt: Attempt) -> None:
        self.attempts.append(attempt)

    def problem(self, kind: str, text: str) -> None:
        setattr(self.report, kind, getattr(self.report, kind) + 1)
        if len(self.report.problems) < 20:
            self.report.problems.append(f"{kind}: {text}")

    @property
    def service(self) -> Any:
        return self.soak.bot.tables  # type: ignore[union-attr]

    def _new_messages(self) -> list[EmuMessage]:
        """Messages posted since last looked at (reminders, pings, new segments)."""
        return [m for m, before in self._changed() if before is None]

    def _changed(self) -> list[tuple[EmuMessage, str | None]]:
        """Messages posted or edited since last looked at, each with what it said then
        (None: new). A segment's message is edited as its segment goes on."""
        changed = []
        for m in self.soak.emu.messages(include_ephemeral=False):
            before = self._seen.get(m.id)
            if before != m.content:
                changed.append((m, before))
                self._seen[m.id] = m.content
        return changed

    # ---- around the table clock ---------------------------------------------------------

    async def before_clock(self) -> None:
        """Which decisions are overdue now: each must be timed out exactly once."""
        self._new_messages()
        self._overdue = []
        deadlines = self.service.store.deadlines
        for row in await deadlines.due_deadlines(self.soak.time.now, limit=10_000):
            if not row.kind.startswith("due:") or row.seat is None:
                continue
            game = await self.service.load(row.game_id)
            if game.row.status != ACTIVE or row.seat not in game.engine.pending(game.state):
                continue
            decision = get_kit(game.row.game).decision_key(game.state, row.seat)
            if row.kind == f"due:{decision}":
                seat = game.seats[row.seat]
                self._overdue.append(_Overdue(game.id, row.seat, decision, seat.name,
                                              seat.misses))

    async def after_clock(self) -> None:
        now = self.soak.time.now
        left = await self.service.store.deadlines.due_deadlines(now, limit=10_000)
        for row in left:
            self.problem("late_deadlines", f"game {row.game_id}: {row.kind} still due")
        changed = self._changed()
        fresh = [m for m, before in changed if before is None]
        for due in self._overdue:
            game = await self.service.load(due.game_id)
            still = game.row.status == ACTIVE and due.seat in game.engine.pending(game.state) \
                and get_kit(game.row.game).decision_key(game.state, due.seat) == due.decision
            if still:
                self.problem("late_deadlines", f"game {due.game_id}: {due.name} not timed out")
            missed = game.seats[due.seat].misses - due.misses
            note = f"⏰ {due.name} ran out of time"
            told = sum(m.content.count(note) - (before or "").count(note)
                       for m, before in changed if m.channel_id == game.row.channel_id)
            self.report.timeouts += missed
            if missed > 1 or told > missed:
                self.problem("doubled_steps", f"game {due.game_id}: {due.name} timed out "
                                              f"{missed}x, told {told}x")
            elif told < missed:
                self.problem("lost_steps", f"game {due.game_id}: {due.name}'s time-out "
                                           "was not shown")
        self._count_reminders(fresh)
        await self._channels_show_the_games()

    async def after_people(self) -> None:
        self._count_reminders(self._new_messages())
        await self._channels_show_the_games()
        now = self.soak.time.now
        for table in self.soak.tables:
            game = await self.service.load(table.game_id)
            rows = {(d.seat, d.kind): d
                    for d in await self.service.store.deadlines.get_deadlines(game.id)}
            for seat in self.service.awaited_seats(game):
                if seat.played_by_ai:
                    continue
                decision = get_kit(game.row.game).decision_key(game.state, seat.seat)
                row = rows.get((seat.seat, f"due:{decision}"))
                if row is None or row.due_at is None or row.due_at <= now:
                    self.problem("late_deadlines", f"game {game.id}: {seat.name} waited on "
                                                   "without a deadline")

    def _count_reminders(self, fresh: list[EmuMessage]) -> None:
        emu = self.soak.emu
        for message in fresh:
            found = REMINDER.search(message.content)
            if found is None:
                continue
            channel = emu.channels[message.channel_id]
            users = [int(p[len("user:"):]) for p in message.pinged if p.startswith("user:")]
            due = [(u, int(found[2])) for u in users or [channel.recipients[0].id]]
            for user, deadline in due:
                key = (user, int(found[1] or message.channel_id), deadline)
                self.reminders[key] += 1
                self.report.reminders += 1
                if self.reminders[key] > STAGES:
                    self.problem("duplicate_reminders",
                                 f"user {user} reminded again of {key[1:]}")

    async def _channels_show_the_games(self) -> None:
        """The newest message of each channel's game shows the prompt the stored game
        gives (cogs/common/poster.py: one message per segment, its story above the prompt)."""
        bot = self.soak.bot
        for table in self.soak.tables:
            game = await self.service.load(table.game_id)
            segments = segments_of(await self.service.store.messages.list_messages(game.id))
            live = segments[-1] if segments else None
            shown = self.soak.emu.message_index.get(live.message_id) if live else None
            with knowing_command_ids(bot.command_ids):  # commands named as the bot names them
                expected, _ = await bot.posters[table.game].prompt(self.service, game)  # type: ignore[union-attr]
            if shown is None or shown.deleted or expected not in shown.content:
                self.problem("lost_steps", f"game {game.id} v{game.version}: the channel "
                                           "does not show the stored game")

    # ---- the end ------------------------------------------------------------------------

    async def final(self) -> SoakReport:
        report, emu = self.report, self.soak.emu
        told = {a.key: a for a in self.attempts}
        for table in self.soak.tables:
            game = await self.service.load(table.game_id)
            report.games += 1
            log = await self.service.store.actions.log(game.id)
            report.steps += len(log)
            people = {u.id for u in table.users}
            keys = Counter(e.idempotency_key for e in log if e.actor_id in people)
            report.person_actions += sum(keys.values())
            for key, count in keys.items():
                if key is None or count > 1 or key not in told or not told[key].told_done:
                    self.problem("doubled_steps", f"game {game.id}: action {key} x{count}")
            for attempt in (a for a in self.attempts if a.game_id == game.id and a.told_done):
                if keys[attempt.key] != 1:
                    self.problem("lost_steps", f"game {game.id}: {attempt.key} not applied")
            if game.row.status != ACTIVE:
                report.finished += 1
            elif not any(not s.played_by_ai for s in self.service.awaited_seats(game)):
                self.problem("stuck_games", f"game {game.id} waits on nobody")
        report.resumes = emu.gateway.resume_count
        report.identifies = emu.gateway.identify_count
        report.rate_limited = emu.rate_limit_hits
        return report
