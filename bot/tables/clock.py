"""Deadlines and reminders of every table, kept in the store so a restart loses none.

Each awaited person has one deadline row for exactly the decision they face
(`due:<decision>`) and one row per reminder stage (`remind<i>:<decision>`). A row that
no longer matches the decision is dropped, so a reminder or a timeout never lands on a
later decision. The scheduler sleeps until the next row falls due (one timer, not a
timer per game), or until told that rows changed, here or by another process.

Several processes may share one database: each claims the rows it handles (for
CLAIM_LEASE_S), so a deadline or a reminder is handled by one process only; the rows a
killed process had claimed are claimed again once the lease runs out.

A computer seat that searches (bot/tables/ai_seats.py) thinks in the process that made
it its turn, which keeps nothing of it in the store. Its row `think:<decision>` falls due
THINK_WATCH_S later if the seat still faces that decision, e.g. because that process was
killed: whichever clock claims it sets the seat thinking in its own process and sets the
row again."""

from __future__ import annotations

import asyncio
import logging
import os
import secrets
import socket
import time
from collections.abc import Callable
from typing import NamedTuple, Protocol

from bot.background import is_database_fault
from bot.games.wording import note
from bot.i18n import Later, later
from bot.ops import metrics
from bot.store import (
    ACTIVE,
    Deadline,
    DeadlineSlot,
    LoadedGame,
    Seat,
    UserPrefs,
)
from bot.store.after_commit import DEADLINES
from bot.tables.clock_loop import ClockLoop
from bot.tables.kits import get_kit
from bot.tables.not_installed import NotInstalled
from bot.tables.timing import DAY, after_quiet_hours, moves_at_once, reminder_times, timing_of

log = logging.getLogger(__name__)

Clock = Callable[[], float]
CLAIM_LEASE_S = 120.0  # longer than handling a batch of rows ever takes
CLAIM_BATCH = 100
# How long a searching computer seat may think before another process looks at it: far
# longer than a search takes, queue included, so a live process is rarely doubled.
THINK_WATCH_S = 180.0
# A reminder moved past quiet hours is dropped when its next stage comes this soon after.
QUIET_MERGE_S = 2 * 3600.0


class Reminder(NamedTuple):
    seat: Seat
    due_at: float  # the deadline it reminds of
    by_dm: bool  # the player asked for DMs (a closed DM falls back to the channel)


def by_dm(prefs: UserPrefs) -> bool:
    """Whether a player is told by DM: they asked for DMs, or for a daily digest (by DM)
    instead of pings in the channel."""
    return prefs.notify == "dm" or prefs.digest


class Notifier(Protocol):
    """The Discord side of reminders (implemented by the cogs)."""

    async def remind(self, game: LoadedGame, due: list[Reminder]) -> None:
        """Remind each seat of its deadline; those of one game falling due together
        come in one call, so the channel gets one message for them all."""

    async def digest(self, user_id: int, lines: list[Later]) -> None: ...

    async def autopilot_on(self, game: LoadedGame, seat: Seat, *, by_dm: bool,
                           silent: bool) -> None:
        """Tell a seat's player, once, that missed deadlines put it on autopilot, by DM
        if they asked for DMs (the channel says it in the game's message, once); `silent`
        during their quiet hours (delivered without a notification)."""


def split_kind(kind: str) -> tuple[str, str]:
    head, _, decision = kind.partition(":")
    return head, decision


class TableClock(ClockLoop):
    def __init__(self, service, clock: Clock = time.time) -> None:
        self.service = service
        self.store = service.store
        self.clock = clock
        self.notifier: Notifier | None = None
        self._changed = asyncio.Event()
        self._task: asyncio.Task | None = None
        self._ticking = asyncio.Lock()
        # Names this clock's claims; unique across processes and machines.
        self.owner = f"{socket.gethostname()}:{os.getpid()}:{secrets.token_hex(4)}"
        # The version this process last marked each game's deadlines in step with: a
        # sync that changes nothing writes nothing.
        self._in_step: dict[int, int] = {}
        self.store.after_commit.register_behind(
            DEADLINES, self.store.deadlines.games_behind, self.bring_in_step)

    # ---- keeping rows in step with the game ---------------------------------------------

    async def sync(self, game: LoadedGame) -> None:
        """After a step: a deadline (and its reminders) for each awaited person's current
        decision, none for anyone else. Rows for a decision still open are kept as they
        are, so answering someone else's question does not reset anyone's clock."""
        existing = await self.store.deadlines.get_deadlines(game.id)
        if game.row.status != ACTIVE:
            self._in_step.pop(game.id, None)
            if existing:
                await self.store.deadlines.clear_deadlines(game.id)
            return
        kit = get_kit(game.row.game)
        timing = timing_of(game.row.settings)
        now = self.clock()
        wanted: dict[int, str] = {}
        for seat in self.service.awaited_seats(game):
            if not moves_at_once(game, seat.seat):
                wanted[seat.seat] = kit.decision_key(game.state, seat.seat)
        thinker = self.service.searching_seat(game)
        watch = None if thinker is None else \
            (thinker, f"think:{kit.decision_key(game.state, thinker)}")
        drop = [d.id for d in existing
                if ((d.seat, d.kind) != watch if d.kind.startswith("think:")
                    else wanted.get(d.seat) != split_kind(d.kind)[1])]
        have = {(d.seat, d.kind) for d in existing}
        add: list[DeadlineSlot] = []
        if watch is not None and watch not in have:
            add.append(DeadlineSlot(watch[0], watch[1], now + THINK_WATCH_S))
        for seat_no, decision in wanted.items():
            if (seat_no, f"due:{decision}") in have:
                continue
            kind = kit.clock_kind(game.state)
            duration = timing.duration(kind)
            start = max(now, self.service.away_until(game, seat_no))
            due = start + duration
            add.append(DeadlineSlot(seat_no, f"due:{decision}", due))
            if game.seats[seat_no].autopilot:
                continue  # its autopilot answers at the deadline: nothing to remind them of
            add += [DeadlineSlot(seat_no, f"remind{stage}:{decision}", at)
                    for stage, at in enumerate(reminder_times(due, duration, timing.reminders))
                    if at != float("inf")]
            log.debug("game %s: seat %s (%s) due at %.0f", game.id, seat_no, kind, due)
        # One transaction for the whole step: a click costs one commit, not one per row.
        paused = bool(add) and bool(game.row.settings.get("paused"))
        marked = self._in_step.get(game.id) == game.version  # nothing new to mark
        await self.store.deadlines.change_deadlines(game.id, drop=drop, add=add,
                                                    pause_at=now if paused else None,
                                                    in_step=None if marked else game.version)
        self._in_step[game.id] = game.version
        if add:
            self.poke()

    async def bring_in_step(self, game_id: int) -> bool:
        """The after-commit handler `deadlines` (bot/store/after_commit.py): a game whose
        deadlines trail a step (its sync refused, or its process killed after the
        commit) is brought in step, under the table's lock, so a step being made now
        is left to its own sync."""
        async with self.service.lock(game_id):
            try:
                game = await self.service.load(game_id)
            except NotInstalled:  # nothing of it moves until it is installed again
                return False
            if await self.store.deadlines.in_step_version(game_id) == game.version:
                return False  # in step meanwhile
            log.info("game %s: deadlines brought in step with v%s after the step's own "
                     "sync did not happen", game_id, game.version)
            self._in_step.pop(game_id, None)  # what this process marked is not what is
            await self.sync(game)
        return True

    async def due_of(self, game_id: int, seat: int) -> float | None:
        for d in await self.store.deadlines.get_deadlines(game_id):
            if d.seat == seat and d.kind.startswith("due:"):
                return d.due_at
        return None

    # ---- the scheduler ---------------------------------------------------------------

    def poke(self) -> None:
        """Rows changed: re-read when the next one falls due."""
        self._changed.set()

    async def tick(self) -> int:
        """Handle every row due now, then the daily digests; returns rows handled. One tick
        at a time in this process: a tick returns once every row due was handled, also
        those the timer's own tick had claimed, and shown."""
        async with self._ticking:
            handled = await self._deadlines()
            await self._digests()
            await self.store.after_commit.run()  # work owed after commits, until done
        # The timer's task hands its posts on (one failing channel must not hold up the
        # others); a tick asked from elsewhere returns once they are made.
        settled = getattr(self.notifier, "settled", None)
        if settled is not None and not self.in_loop():
            await settled()
        return handled

    async def _deadlines(self) -> int:
        handled = 0
        while True:
            now = self.clock()
            due = await self.store.deadlines.claim_due_deadlines(
                now, owner=self.owner, lease=CLAIM_LEASE_S, limit=CLAIM_BATCH)
            if not due:
                return handled
            metrics.deadlines_claimed(now, (d.due_at for d in due))
            games: dict[int, LoadedGame] = {}  # loaded once a batch, again after acting
            void: list[int] = []  # rows whose decision was made: removed together
            reminders: dict[int, tuple[LoadedGame, list[Reminder]]] = {}
            try:
                for deadline in due:
                    try:
                        game = games.get(deadline.game_id) or \
                            await self.service.load(deadline.game_id)
                        games[game.id] = game
                        if not await self._handle(deadline, game, reminders):
                            void.append(deadline.id)
                        else:
                            games.pop(game.id)  # it may have changed
                    except Exception as exc:
                        if is_database_fault(exc):
                            # The database refuses: this row and the rest stay, for the
                            # clock's next try (bot/tables/clock_loop.py).
                            raise
                        # One broken game must not stop every other clock.
                        log.exception("deadline %s of game %s failed", deadline.id,
                                      deadline.game_id)
                        void.append(deadline.id)
                    log.debug("deadline %s (%s) of game %s handled", deadline.id,
                              deadline.kind, deadline.game_id)
                    handled += 1
                await self.store.deadlines.delete_deadlines(void, claimed_by=self.owner)
            finally:  # reminders marked as sent are sent, whatever stopped the batch
                for game, seats in reminders.values():
                    await self._send_reminders(game, seats)

    async def _done(self, deadline: Deadline) -> None:
        """Remove a row this clock claimed, unless it was moved meanwhile (a new
        deadline in the same slot, no longer ours)."""
        await self.store.deadlines.delete_deadlines([deadline.id], claimed_by=self.owner)

    async def _send_reminders(self, game: LoadedGame, due: list[Reminder]) -> None:
        if self.notifier is None:
            return
        try:
            await self.notifier.remind(game, due)
        except Exception:  # one game's reminder must not stop every other clock
            log.exception("reminders of game %s failed", game.id)

    async def tell_autopilot(self, game: LoadedGame, seat_no: int) -> None:
        """After the step that put a seat on autopilot was committed and shown: tell its
        player, unless they want no reminders (`notify off`), the seat is a computer's
        or the game is over. Told now, not held back: during their quiet hours the notice
        comes without a notification, to be read when they wake."""
        seat = game.seats[seat_no]
        if self.notifier is None or game.row.status != ACTIVE or not seat.autopilot \
                or seat.user_id is None or seat.is_bot:
            return
        prefs = await self.store.tables.get_user_prefs(seat.user_id)
        if prefs.notify == "off":
            return
        now = self.clock()
        silent = after_quiet_hours(now, prefs.tz, prefs.quiet) > now
        try:
            await self.notifier.autopilot_on(game, seat, by_dm=by_dm(prefs), silent=silent)
        except Exception:  # the step is saved and shown: a failed notice stops nothing
            log.exception("game %s: telling seat %s of its autopilot failed", game.id, seat_no)

    async def _handle(self, deadline: Deadline, game: LoadedGame,
                      reminders: dict[int, tuple[LoadedGame, list[Reminder]]]
                      ) -> bool:
        """Act on a claimed row; False (nothing done) when its decision was made."""
        head, decision = split_kind(deadline.kind)
        seat_no = deadline.seat
        current = None
        if game.row.status == ACTIVE and seat_no is not None and \
                seat_no in game.engine.pending(game.state):
            current = get_kit(game.row.game).decision_key(game.state, seat_no)
        if current != decision:
            return False
        if head == "due":
            # Acted on first, removed after: a crash in between leaves the row to be
            # claimed again, and time_out then finds the decision made.
            await self.service.time_out(game.id, seat_no, decision=decision)
            await self._done(deadline)
            return True
        if head == "think":  # still thinking, or its process is gone: think here too
            if self.service.searching_seat(game) != seat_no:
                return False  # a person took the seat over
            log.info("game %s: computer seat %s still faces its decision; thinking here",
                     game.id, seat_no)
            self.service.think_later(game.id)
            await self.store.deadlines.set_deadline(game.id, deadline.kind,
                                                    self.clock() + THINK_WATCH_S, seat=seat_no)
            return True
        send = await self._remind(game, deadline)
        if send is not None:  # sent after the batch: one message for a game's reminders
            reminders.setdefault(game.id, (game, []))[1].append(send)
        return True

    async def _remind(self, game: LoadedGame, deadline: Deadline) -> Reminder | None:
        """The reminder a row asks for, if it is still to be sent (marked as sent):
        none after its deadline passed, during the player's quiet hours (moved to their
        end) or when they asked for none."""
        seat = game.seats[deadline.seat]
        due_at = await self.due_of(game.id, seat.seat)
        now = self.clock()
        # Caught up after downtime: "the deadline is <in the past>" helps nobody.
        if due_at is None or due_at <= now:
            await self._done(deadline)
            return None
        prefs = await self.store.tables.get_user_prefs(seat.user_id) if seat.user_id else None
        if prefs is not None:
            wake = after_quiet_hours(now, prefs.tz, prefs.quiet)
            if wake > now:  # quiet hours: move the reminder to their end, if still useful
                if wake < due_at and not await self._later_stage_near(game, deadline, wake):
                    await self.store.deadlines.set_deadline(game.id, deadline.kind, wake,
                                                            seat=seat.seat)
                else:
                    await self._done(deadline)
                return None
            if prefs.notify == "off" or prefs.digest:
                await self._done(deadline)
                return None
        # Marked before sending: a crash right after costs one reminder, never a second.
        send = await self.store.deadlines.mark_reminder_sent(deadline.id, 0)
        await self._done(deadline)
        return Reminder(seat, due_at, prefs is not None and by_dm(prefs)) if send else None

    async def _later_stage_near(self, game: LoadedGame, deadline: Deadline,
                                wake: float) -> bool:
        """Whether another reminder of the same decision falls due soon after quiet
        hours end: the one moved there would come just before it, a second message
        saying the same."""
        decision = split_kind(deadline.kind)[1]
        for row in await self.store.deadlines.get_deadlines(game.id):
            head, of = split_kind(row.kind)
            if row.id != deadline.id and row.seat == deadline.seat and of == decision \
                    and head.startswith("remind") and row.due_at <= wake + QUIET_MERGE_S:
                return True
        return False

    async def _digests(self) -> None:
        """One message a day to each player who asked for a digest instead of pings."""
        now = self.clock()
        for prefs in await self.store.tables.due_digests(now):
            try:
                await self._digest(prefs, now)
            except Exception as exc:
                if is_database_fault(exc):
                    raise  # retried with the clock's next try
                log.exception("the digest of user %s failed", prefs.user_id)

    async def _digest(self, prefs: UserPrefs, now: float) -> None:
        due = prefs.digest_next
        if due is None:
            return
        wake = after_quiet_hours(now, prefs.tz, prefs.quiet)
        if wake > now:  # quiet hours: the digest waits for their end (from then daily)
            await self.store.tables.claim_digest(prefs.user_id, due, wake)
            return
        # Moving it on is the claim: of all processes, one moves it and sends it.
        if not await self.store.tables.claim_digest(prefs.user_id, due, due + DAY):
            return
        lines: list[Later] = []
        for seat in await self.store.seats.seats_of_user(prefs.user_id):
            game = await self.service.load(seat.game_id)
            if game.row.status == ACTIVE and seat.seat in game.engine.pending(game.state):
                due = await self.due_of(game.id, seat.seat)
                # Said by the notifier, in the language it chooses for the DM.
                values = {"game": get_kit(game.row.game).title,
                          "channel": f"<#{game.row.channel_id}>"}
                lines.append(note(later("• {game} in {channel}, deadline {when}",
                                        when=f"<t:{int(due)}:R>", **values) if due else
                                  later("• {game} in {channel}", **values)))
        if lines and self.notifier:
            await self.notifier.digest(prefs.user_id, lines)
