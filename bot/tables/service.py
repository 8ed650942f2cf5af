"""The table service: owns the game of each channel. It checks who may act, commits each
action through the store, lets computer players move, and reports what happened so the
Discord layer can talk about it (commit first, then talk)."""

from __future__ import annotations

import asyncio
import logging
import random
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from typing import Any

from bot.games.base import Event, IllegalAction
from bot.games.wording import later_cmd, note, players_written, user_text
from bot.i18n import _, later
from bot.ops import metrics
from bot.store import (
    ACTIVE,
    ENDED,
    FINISHED,
    LOBBY,
    LoadedGame,
    Seat,
    StaleVersion,
    Store,
    StoreError,
    UnknownGame,
)
from bot.tables import commitments
from bot.tables.absence import AbsenceMixin
from bot.tables.ai_pool import AiPool
from bot.tables.ai_seats import AiSeatsMixin
from bot.tables.clock import Clock, TableClock
from bot.tables.forced import only_answer
from bot.tables.game_locks import GameLocks
from bot.tables.kits import (
    SEARCH_LEVEL,
    GameKit,
    get_kit,
    installed,
    seat_level,
    short_hash,
)
from bot.tables.lobby import TIMINGS, LobbyMixin
from bot.tables.not_installed import NotInstalled
from bot.tables.steps import StaleStep, Step, TableError
from bot.tables.timing import moves_at_once

log = logging.getLogger(__name__)
__all__ = ["TIMINGS", "Step", "TableError", "TableService"]


class TableService(LobbyMixin, AbsenceMixin, AiSeatsMixin):
    error = TableError

    def __init__(self, store: Store, clock: Clock = time.time) -> None:
        self.store = store
        store.actions.sealer = commitments.seal  # commitments to sealed stacks (Doge's ballots)
        store.actions.counted = metrics.step  # each committed step, for /metrics
        self.commitments = commitments.CommitmentBook(store)
        self.game_locks = GameLocks()  # this process's, per game
        self.ai = AiPool()  # where computer seats that search think
        self._thinking: dict[int, asyncio.Task] = {}
        self.clock = TableClock(self, clock)
        # Set by the Discord layer: shows steps nobody clicked for (deadlines, skips).
        self.publisher: Callable[[Step], Awaitable[None]] | None = None

    async def publish(self, step: Step) -> None:
        if self.publisher is not None:
            await self.publisher(step)

    @asynccontextmanager
    async def lock(self, game_id: int) -> AsyncIterator[None]:
        """One request at a time per game, so checks and commits see the same state: in
        this process, then in every process sharing the database (the store's game lock,
        a PostgreSQL advisory lock that a killed process lets go of with its connection)."""
        async with self.game_locks.hold(game_id), self.store.game_lock(game_id):
            yield

    # ---- finding games ---------------------------------------------------------------

    async def game_in_channel(self, channel_id: int) -> LoadedGame | None:
        row = await self.store.games.open_game_in_channel(channel_id)
        return None if row is None else await self.load(row.id)

    async def require_game(self, channel_id: int, kind: str | None = None) -> LoadedGame:
        """The channel's open game; with `kind`, a game of that kind only, so one game's
        command in another game's channel is refused with the commands that fit."""
        game = await self.game_in_channel(channel_id)
        if game is not None and kind in (None, game.row.game):
            return game
        if game is not None:
            raise TableError(later("The game in this channel is {title}: use {commands} "
                                   "commands here.", title=self.kit(game).title,
                                   commands=later_cmd(game.row.game)))
        if kind is None:
            raise TableError(later("There is no game in this channel."))
        title = get_kit(kind).title
        ended = await self.store.games.list_games(channel_id=channel_id, game=kind,
                                                  status=(FINISHED, ENDED), limit=1)
        if ended:
            raise TableError(later("The {title} game in this channel is over: its last "
                                   "message shows the result, the final board and the "
                                   "record. Start another with {new}.", title=title,
                                   new=later_cmd(f"{kind} new")))
        raise TableError(later("There is no {title} game in this channel. Start one with "
                               "{new}.", title=title, new=later_cmd(f"{kind} new")))

    async def load(self, game_id: int) -> LoadedGame:
        try:
            game = await self.store.actions.load(game_id)
        except UnknownGame as exc:
            raise TableError(later("That game no longer exists.")) from exc
        except StoreError:
            row = await self.store.games.get_game(game_id)
            if installed(row.game):
                raise
            raise NotInstalled(row) from None  # a one-line refusal, never a failure
        return game

    @staticmethod
    def kit(game: LoadedGame) -> GameKit:
        return get_kit(game.row.game)

    @staticmethod
    def seat_of(game: LoadedGame, user_id: int) -> Seat | None:
        return next((s for s in game.seats if s.user_id == user_id), None)

    def decision_of(self, game: LoadedGame, user_id: int) -> str | None:
        """The hash of the decision `user_id` faces in `game` as it was loaded: passed to
        `act` with that version, it refuses an answer whose step has passed meanwhile
        (a changed ballot must not become the next round's)."""
        seat = self.seat_of(game, user_id)
        if seat is None or game.state is None:
            return None
        return short_hash(self.kit(game).decision_key(game.state, seat.seat))

    async def start(self, game_id: int, user_id: int, seed: int | None = None) -> Step:
        async with self.lock(game_id):
            game = await self._lobby(game_id)
            kit = self.kit(game)
            if self.seat_of(game, user_id) is None:
                raise TableError(later("Only players at this table may start it."))
            if len(game.seats) < kit.min_players:
                raise TableError(later("{title} needs at least {least} players: {seated} "
                                        "seated. Add computer players with {addbot}.",
                                        title=kit.title, least=kit.min_players,
                                        seated=len(game.seats),
                                        addbot=later_cmd(f"{kit.name} addbot")))
            try:
                await self.store.games.start_game(game_id, seed=seed)
            except (StoreError, IllegalAction) as exc:
                raise TableError(later("Cannot start: {why}", why=exc)) from exc
            log.info("game %s started with %d seats", game_id, len(game.seats))
            step = Step(await self.load(game_id))
            await self._run_ai(step)
            await self.clock.sync(step.game)
            return step

    # ---- playing ---------------------------------------------------------------------

    async def act(self, game_id: int, user_id: int, action: dict[str, Any], *,
                  version: int | None = None, decision: str | None = None,
                  key: str | None = None) -> Step:
        """Apply `user_id`'s action. `version` is the game version the user's button was
        made for; an older one is accepted only while `decision` (the hash of the
        decision it answers) still names the decision the user faces."""
        async with self.lock(game_id):
            game = await self.load(game_id)
            if game.row.status == LOBBY:
                raise TableError(later("The game has not started yet."))
            if game.row.status != ACTIVE:
                raise TableError(later("This game is over."))
            seat = self.seat_of(game, user_id)
            if seat is None:
                raise TableError(later("You are not playing in this game."))
            kit = self.kit(game)
            engine = game.engine
            current = short_hash(kit.decision_key(game.state, seat.seat))
            if version is not None and version != game.version and decision != current:
                raise StaleStep(later("That was meant for an earlier step, which is over: "
                                       "nothing was changed; answer the newest message."))
            if not engine.legal_actions(game.state, seat.seat):
                raise TableError(self.not_your_turn(game))
            if kit.changes_nothing(game.state, seat.seat, action):  # e.g. a double click
                return Step(game, duplicate=True)
            submitted = {**action, "seat": seat.seat}
            try:
                result = await self.store.actions.submit(
                    game_id, submitted, expected_version=game.version, actor_id=user_id,
                    idempotency_key=key)
            except IllegalAction as exc:
                raise TableError(later("Not allowed: {why}.", why=exc)) from exc
            except StaleVersion as exc:
                raise TableError(later("The game moved on meanwhile; try again.")) from exc
            except StoreError as exc:
                raise TableError(str(exc)) from exc
            # Under the table's lock only this action moved the game: no need to read it.
            after = self.store.actions.after_action(game, result) or await self.load(game_id)
            step = Step(after, list(result.events), duplicate=result.duplicate,
                        since=game.version)
            if not result.duplicate:
                log.info("game %s v%s: seat %s %s", game_id, result.version, seat.seat,
                         action.get("type"))
                if await self.player_acted(game, seat.seat):  # back from the autopilot
                    step.game = await self.load(game_id)
                    step.notes.append(note(later("👋 {name} plays their own seat again.",
                                                 name=user_text(seat.name))))
                await self._run_ai(step)
                await self.clock.sync(step.game)
            await self._tell(step)
            return step

    async def answer_at_once(self, game_id: int) -> Step | None:
        """After a change that was no move (an import, an undo, a seat handed over): a
        person's decision with one answer is made now (D-11.1), as after any move, and
        shown; None when there is none."""
        async with self.lock(game_id):
            game = await self.load(game_id)
            if game.row.status != ACTIVE or only_answer(game) is None:
                return None
            step = Step(game, since=game.version)
            await self._run_ai(step)
            await self.clock.sync(step.game)
        await self.publish(step)
        return step

    async def _run_ai(self, step: Step) -> None:
        """Computer players (AI seats, autopilot) move, and a person's decision with one
        answer is made, until a person must decide; those that search think in the
        background (`ai_seats.py`). An autopilot seat waits for its deadline when nobody
        at the table plays their own seat (`moves_at_once`)."""
        for _turn in range(10_000):  # a bound, in case an engine ever stopped progressing
            game = step.game
            if game.row.status != ACTIVE:
                break
            kit = self.kit(game)
            pending = game.engine.pending(game.state)
            ai = [s for s in pending if moves_at_once(game, s)]
            quick = [s for s in ai
                     if seat_level(game.row.settings, game.seats[s]) != SEARCH_LEVEL]
            action = only_answer(game)  # a person's decision with one answer (D-11.1)
            if quick and action is None:
                rng = random.Random(f"{game.row.seed}:{game.version}:{quick[0]}")
                level = seat_level(game.row.settings, game.seats[quick[0]])
                action = kit.ai_action(game.state, quick[0], rng, level)
            if action is None:
                if ai:
                    self.think_later(game.id)
                break
            result = await self.store.actions.submit(game.id, action,
                                                     expected_version=game.version)
            step.events += result.events
            step.game = self.store.actions.after_action(game, result) or await self.load(game.id)
        await self._tell(step)

    # ---- describing ------------------------------------------------------------------

    async def _tell(self, step: Step) -> None:
        """The step's lines, with the stack commitments its reveals make public."""
        await self.commitments.refresh(step.game, step.since, step.events)
        step.events = self.commitments.annotate(step.game, step.events)
        step.lines = self.narrate(step.game, step.events)

    async def narration(self, game: LoadedGame, events: list[Event]) -> list[str]:
        """`narrate`, with the game's commitments brought up to date first (read only
        when something is told, not at every load: a click that only opens a panel
        should not read the log)."""
        return [line for _kind, line in await self.narration_kinds(game, events)]

    async def narration_kinds(self, game: LoadedGame,
                              events: list[Event]) -> list[tuple[str, str]]:
        """`narration`, each line with the type of the event it tells."""
        await self.commitments.refresh(game)
        return self.narrate_kinds(game, events)

    def narrate(self, game: LoadedGame, events: list[Event]) -> list[str]:
        """A line per event, and one per stack commitment that its reveals make public."""
        return [line for _kind, line in self.narrate_kinds(game, events)]

    def narrate_kinds(self, game: LoadedGame, events: list[Event]) -> list[tuple[str, str]]:
        """`narrate`, each line with the type of the event it tells."""
        # A seat handed on is told under its holder's name, written for the reader.
        players = players_written(game.shown_players)
        return [(e.get("type", ""), commitments.describe(game.row.game, e, players)
                 or game.engine.describe(e, players))
                for e in self.commitments.annotate(game, events)]

    def awaited_seats(self, game: LoadedGame) -> list[Seat]:
        if game.row.status != ACTIVE:
            return []
        return [game.seats[s] for s in game.engine.pending(game.state)]

    def waiting_line(self, game: LoadedGame) -> str:
        """'the game waits for <@1>, Anna.' (to follow a colon, or to be capitalized)."""
        who = self.awaited_names(game)
        if not who:
            return _("the game waits for nobody.")
        return _("the game waits for {who}.", who=who)

    def not_your_turn(self, game: LoadedGame) -> str:
        who = self.awaited_names(game)
        if not who:
            return _("It is not your turn: the game waits for nobody.")
        return _("It is not your turn: the game waits for {who}.", who=who)

    def awaited_names(self, game: LoadedGame) -> str:
        """Whom the game waits for: each holder's mention (else name), `absence_note`."""
        return ", ".join((f"<@{s.user_id}>" if s.user_id else user_text(s.name))
                         + self.absence_note(s) for s in self.awaited_seats(game))
