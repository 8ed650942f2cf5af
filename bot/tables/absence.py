"""When people are not there: deadlines running out, autopilot, vacation, standing
orders. Part of the table service (mixed into `TableService`)."""

from __future__ import annotations

import logging
from typing import Any

from bot.store import ACTIVE, LoadedGame, Store, StoreError
from bot.tables.ai_pool import AiPool
from bot.tables.clock import TableClock
from bot.tables.kits import AI_LEVELS, DEFAULT_LEVEL, get_kit, seat_level
from bot.tables.steps import Step
from bot.tables.timing import DAY, MAX_AWAY_S, MISSES_FOR_AUTOPILOT, timing_of

log = logging.getLogger(__name__)


class AbsenceMixin:
    """Mixed into TableService, whose store, clock, lock(), load(), _run_ai(), publish()
    and error it uses."""

    store: Store
    clock: TableClock
    ai: AiPool

    def away_until(self, game: LoadedGame, seat_no: int) -> float:
        return game.seats[seat_no].away_until or 0.0

    async def time_out(self, game_id: int, seat_no: int, *, by: str = "deadline",
                       decision: str | None = None) -> Any:
        """Act for `seat_no` now: its standing order, else the autopilot if the table
        chose it or the seat is on it, else the engine's safe default (D-3.7 in
        placement). Two missed deadlines in a row put the seat on autopilot."""
        async with self.lock(game_id):
            game: LoadedGame = await self.load(game_id)
            if game.row.status != ACTIVE or seat_no not in game.engine.pending(game.state):
                return None
            kit = get_kit(game.row.game)
            if decision is not None and kit.decision_key(game.state, seat_no) != decision:
                return None  # that decision was made meanwhile: the deadline is void
            seat = game.seats[seat_no]
            action = kit.order_action(game.state, seat_no, seat.orders)
            how = "their standing order"
            if action is None and (seat.played_by_ai or timing_of(game.row.settings).autopilot):
                seed = f"{game.row.seed}:{game.version}:{seat_no}"
                level = seat_level(game.row.settings, seat)
                action = await self.ai.choose(kit, game.state, seat_no, seed, level)
                how = "the autopilot"
            if action is None:
                action, how = game.engine.default_action(game.state, seat_no), "the default"
            result = await self.store.submit_action(
                game_id, action, expected_version=game.version)
            misses = seat.misses + 1 if by == "deadline" else seat.misses
            seat = await self.store.update_seat(game_id, seat_no, misses=misses)
            lines = [f"⏰ {seat.name} " + ("missed the deadline" if by == "deadline"
                                          else "was skipped by a moderator")
                     + f": {how} was applied for them."]
            # A time-out that ended the game leaves no seat to put on autopilot.
            if by == "deadline" and misses >= MISSES_FOR_AUTOPILOT and not seat.autopilot \
                    and not result.finished:
                await self.store.set_autopilot(game_id, seat_no, True)
                lines.append(f"🤖 {seat.name} missed {misses} deadlines in a row: the "
                             "autopilot plays for them until they use `/doge back`.")
            step = Step(await self.load(game_id), list(result.events))
            log.info("game %s v%s: seat %s timed out (%s)", game_id, result.version, seat_no,
                     how)
            await self._run_ai(step)
            step.notes = lines
            await self.clock.sync(step.game)
        await self.publish(step)
        return step

    async def player_acted(self, game: LoadedGame, seat_no: int) -> None:
        """Acting yourself ends a run of missed deadlines."""
        if game.seats[seat_no].misses:
            await self.store.update_seat(game.id, seat_no, misses=0)

    async def back(self, game_id: int, user_id: int) -> str:
        game = await self.load(game_id)
        seat = self._my_seat(game, user_id)
        await self.store.set_autopilot(game_id, seat.seat, False)
        await self.store.update_seat(game_id, seat.seat, misses=0, away_until=None)
        await self.clock.sync(await self.load(game_id))
        return f"👋 Welcome back, {seat.name}: you play your own seat again."

    async def away(self, game_id: int, user_id: int, days: float) -> str:
        """Vacation: the player's clocks wait `days` longer, up to 7 days per game."""
        if days <= 0:
            raise self.error("Give a number of days, e.g. `/doge away days:3`.")
        game = await self.load(game_id)
        seat = self._my_seat(game, user_id)
        now = self.clock.clock()
        wanted = days * DAY
        left = MAX_AWAY_S - seat.away_used
        if left <= 0:
            raise self.error("You have used all 7 days of vacation in this game.")
        granted = min(wanted, left)
        until = max(now, seat.away_until or now) + granted
        await self.store.update_seat(game_id, seat.seat, away_until=until,
                                     away_used=seat.away_used + granted)
        await self.store.shift_deadlines(game_id, granted, seat=seat.seat)
        self.clock.poke()
        capped = " (capped: 7 days per game in all)" if granted < wanted else ""
        return (f"🏖️ {seat.name} is away for {granted / DAY:g} days{capped}: their clocks "
                f"wait until <t:{int(until)}:f>.")

    async def set_orders(self, game_id: int, user_id: int, orders: dict[str, str]) -> str:
        game = await self.load(game_id)
        seat = self._my_seat(game, user_id)
        kit = get_kit(game.row.game)
        clean = {k: v for k, v in orders.items() if v and v != "default"}
        for key, value in clean.items():
            if value not in kit.order_choices.get(key, ()):
                raise self.error(f"Standing order {key}: choose one of "
                                 f"{', '.join(kit.order_choices.get(key, ()))}.")
        await self.store.update_seat(game_id, seat.seat, orders=clean)
        if not clean:
            return "Your standing orders are cleared: at a deadline the default applies."
        return "Standing orders set: " + ", ".join(f"{k} → {v}" for k, v in clean.items())

    def _my_seat(self, game: LoadedGame, user_id: int):
        seat = next((s for s in game.seats if s.user_id == user_id), None)
        if seat is None:
            raise self.error("You are not playing in this game.")
        if game.row.status != ACTIVE:
            raise self.error("This game is not running.")
        return seat

    async def update_timing(self, game_id: int, changes: dict[str, Any]) -> str:
        if changes.get("autopilot_level", DEFAULT_LEVEL) not in AI_LEVELS:
            raise self.error(f"The autopilot level is one of: {', '.join(AI_LEVELS)}.")
        try:
            row = await self.store.update_settings(game_id, changes)
        except StoreError as exc:
            raise self.error(str(exc)) from exc
        t = timing_of(row.settings)
        level = row.settings.get("autopilot_level", DEFAULT_LEVEL)
        return (f"⚙️ Timing: placement rounds {t.placement_s / 3600:g} h, decisions "
                f"{t.decision_s / 3600:g} h, reminders {', '.join(t.reminders) or 'none'}, "
                f"autopilot at deadlines {'on' if t.autopilot else 'off'} ({level}). "
                "New clocks use it.")
