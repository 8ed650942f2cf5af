"""When people are not there: deadlines running out, autopilot, vacation, standing
orders. Part of the table service (mixed into `TableService`)."""

from __future__ import annotations

import logging
from typing import Any

from bot.games.wording import later_cmd, note, user_text
from bot.i18n import Later, _, _n, later, later_n, number
from bot.store import ACTIVE, LOBBY, TABLE_ACTOR, LoadedGame, Seat, Store, StoreError
from bot.tables.ai_pool import AiPool
from bot.tables.clock import TableClock
from bot.tables.kits import (
    AI_LEVELS,
    DEFAULT_LEVEL,
    SEARCH_LEVEL,
    get_kit,
    option_word,
    seat_level,
)
from bot.tables.steps import Step
from bot.tables.timing import (
    DAY,
    MAX_AWAY_S,
    MISSES_FOR_AUTOPILOT,
    Timing,
    parse_reminders,
    timing_of,
)

log = logging.getLogger(__name__)


class AbsenceMixin:
    """Mixed into TableService, whose store, clock, lock(), load(), _run_ai(), publish()
    and error it uses."""

    store: Store
    clock: TableClock
    ai: AiPool

    def away_until(self, game: LoadedGame, seat_no: int) -> float:
        return game.seats[seat_no].away_until or 0.0

    def away_now(self, seat: Seat) -> float | None:
        """When the vacation of a seat's player ends, if they are away now (by the
        table's clock); else None."""
        until = seat.away_until or 0.0
        return until if until > self.clock.clock() else None

    def absence_note(self, seat: Seat) -> str:
        """' (🏖️ away until <t:…:f>)', ' (🤖 autopilot)', both or neither: to follow the
        name of an awaited player wherever the table lists them."""
        until = self.away_now(seat)
        away = "" if until is None else " " + _("(🏖️ away until {when})",
                                                  when=f"<t:{int(until)}:f>")
        return away + (" " + _("(🤖 autopilot)") if seat.autopilot else "")

    async def time_out(self, game_id: int, seat_no: int, *, by: str = "deadline",
                       decision: str | None = None) -> Any:
        """Act for `seat_no` now: its standing order, else the autopilot if the table
        chose it or the seat is on it, else the engine's safe default (D-3.7 in
        placement). Two missed deadlines in a row put the seat on autopilot, and its
        player is told once the step is shown (`TableClock.tell_autopilot`). `by`:
        "deadline", "moderator" (a skip) or "computer" (a computer seat's own move)."""
        searched = await self._search_first(game_id, seat_no, decision)
        async with self.lock(game_id):
            game: LoadedGame = await self.load(game_id)
            current = _open_decision(game, seat_no, decision)
            if current is None:
                return None  # that decision was made meanwhile: the deadline is void
            kit = get_kit(game.row.game)
            seat = game.seats[seat_no]
            how = deadline_plan(game, seat_no)  # as the prompt announced it
            if how == "order":
                action = kit.order_action(game.state, seat_no, seat.orders)
            elif how == "autopilot":
                if searched is not None and searched[0] == current and \
                        searched[1] in game.engine.legal_actions(game.state, seat_no):
                    action = searched[1]
                else:  # no search wanted, or it answered an older question: no waiting now
                    level = seat_level(game.row.settings, seat)
                    action = await self.ai.choose(
                        kit, game.state, seat_no, f"{game.row.seed}:{game.version}:{seat_no}",
                        DEFAULT_LEVEL if level == SEARCH_LEVEL else level)
            else:
                action = game.engine.default_action(game.state, seat_no)
            # Logged as the table's move for the seat, unless a computer's own: undo
            # stops at it, as at any move made for a person (a paced autopilot's too).
            result = await self.store.actions.submit(
                game_id, action, expected_version=game.version,
                actor_id=None if by == "computer" else TABLE_ACTOR)
            # A standing order is the player's own answer, given ahead: not a miss.
            misses = seat.misses + 1 if by == "deadline" and how != "order" else seat.misses
            seat = await self.store.seats.update_seat(game_id, seat_no, misses=misses)
            # Said later, by the channel: in its language, not the clicker's. A computer
            # seat that simply moves (after a kick or an undo) is told like any other.
            lines = [] if by == "computer" else [note(timed_out(user_text(seat.name), by, how))]
            # A time-out that ended the game leaves no seat to put on autopilot.
            put_on = by == "deadline" and misses >= MISSES_FOR_AUTOPILOT \
                and not seat.autopilot and not result.finished
            if put_on:
                await self.store.seats.set_autopilot(game_id, seat_no, True)
                lines.append(note(later_n(
                    "🤖 {name} missed a deadline: the autopilot plays for them until they "
                    "use {back}.",
                    "🤖 {name} missed {n} deadlines in a row: the autopilot plays for them "
                    "until they use {back}.", misses, name=user_text(seat.name),
                    back=later_cmd(f"{game.row.game} back"))))
            step = Step(await self.load(game_id), list(result.events), since=game.version)
            log.info("game %s v%s: seat %s timed out (%s)", game_id, result.version, seat_no,
                     how)
            await self._run_ai(step)
            step.notes = list(lines)
            await self.clock.sync(step.game)
        await self.publish(step)
        if put_on:  # committed and shown: now the player hears it, once
            await self.clock.tell_autopilot(step.game, seat_no)
        return step

    async def _search_first(self, game_id: int, seat_no: int,
                            decision: str | None) -> tuple[str, Any] | None:
        """When the autopilot that will answer for `seat_no` searches: its move, worked
        out before the table is locked (a search takes a while and may wait for a worker;
        the others at the table keep clicking meanwhile), with the decision it answers.
        None when no search is wanted. `time_out` checks it again under the lock."""
        game: LoadedGame = await self.load(game_id)
        current = _open_decision(game, seat_no, decision)
        if current is None:
            return None
        if deadline_plan(game, seat_no) != "autopilot" \
                or seat_level(game.row.settings, game.seats[seat_no]) != SEARCH_LEVEL:
            return None
        seed = f"{game.row.seed}:{game.version}:{seat_no}"
        return current, await self.ai.choose(get_kit(game.row.game), game.state, seat_no,
                                              seed, SEARCH_LEVEL)

    async def player_acted(self, game: LoadedGame, seat_no: int) -> bool:
        """Acting yourself ends a run of missed deadlines, and the autopilot they set off:
        you are back (as with `back`). True when it ended the autopilot."""
        seat = game.seats[seat_no]
        if seat.autopilot:
            await self.store.seats.set_autopilot(game.id, seat_no, False)
        if seat.misses:
            await self.store.seats.update_seat(game.id, seat_no, misses=0)
        return seat.autopilot

    async def back(self, game_id: int, user_id: int) -> str:
        """Play your own seat again. Back before the vacation ran out, the days not used
        return to the allowance and leave the clocks they had moved."""
        async with self.lock(game_id):  # read, change, write: one request at a time
            game = await self.load(game_id)
            seat = self._my_seat(game, user_id)
            now = self.clock.clock()
            if not seat.autopilot and self.away_now(seat) is None:
                raise self.error(later("You are playing your own seat already: you are not "
                                       "away and the autopilot does not play for you."))
            unused = max(0.0, (seat.away_until or now) - now)
            await self.store.seats.set_autopilot(game_id, seat.seat, False)
            await self.store.seats.update_seat(game_id, seat.seat, misses=0, away_until=None,
                                               away_used=max(0.0, seat.away_used - unused))
            if unused:
                await self.store.deadlines.shift_deadlines(game_id, -unused, seat=seat.seat)
                self.clock.poke()
            game = await self.load(game_id)
            await self.clock.sync(game)
        # Someone plays their own seat again: paced autopilot seats awaited move now (under
        # the lock again: the game may have moved meanwhile).
        await self.resume_ai(game)
        return _("👋 Welcome back, {name}: you play your own seat again.",
                 name=user_text(seat.name))

    async def away(self, game_id: int, user_id: int, days: float) -> str:
        """Vacation: the player's clocks wait `days` longer, up to 7 days per game."""
        async with self.lock(game_id):  # the allowance is read and spent in one go
            game = await self.load(game_id)
            if days <= 0:
                raise self.error(later("Give a number of days, e.g. {example}.",
                                       example=later_cmd(f"{game.row.game} away days:3")))
            seat = self._my_seat(game, user_id)
            now = self.clock.clock()
            wanted = days * DAY
            left = MAX_AWAY_S - seat.away_used
            if left <= 0:
                raise self.error(later("You have used all {days} days of vacation in this "
                                       "game.", days=number(MAX_AWAY_S / DAY)))
            granted = min(wanted, left)
            until = max(now, seat.away_until or now) + granted
            await self.store.seats.update_seat(game_id, seat.seat, away_until=until,
                                               away_used=seat.away_used + granted)
            await self.store.deadlines.shift_deadlines(game_id, granted, seat=seat.seat)
        self.clock.poke()
        values = {"name": user_text(seat.name), "days": number(granted / DAY),
                  "until": f"<t:{int(until)}:f>", "most": number(MAX_AWAY_S / DAY)}
        form = 1 if granted == DAY else 2
        if granted < wanted:
            return _n("🏖️ {name} is away for {days} day (capped: {most} days per game in "
                      "all): their clocks wait until {until}.",
                      "🏖️ {name} is away for {days} days (capped: {most} days per game in "
                      "all): their clocks wait until {until}.", form, **values)
        return _n("🏖️ {name} is away for {days} day: their clocks wait until {until}.",
                  "🏖️ {name} is away for {days} days: their clocks wait until {until}.",
                  form, **values)

    async def set_orders(self, game_id: int, user_id: int, orders: dict[str, str | None]) -> str:
        """Change the standing orders given (`default` clears one), keeping the others;
        with none given, only tell the ones in force. The answer names them all."""
        given = {k: v for k, v in orders.items() if v}
        async with self.lock(game_id):  # read, change, write: one request at a time
            game = await self.load(game_id)
            seat = self._my_seat(game, user_id)
            kit = get_kit(game.row.game)
            for key, value in given.items():
                if value != "default" and value not in kit.order_choices.get(key, ()):
                    choices = ", ".join(option_word(c) for c in kit.order_choices.get(key, ()))
                    raise self.error(later("Standing order {order}: choose one of {choices}.",
                                       order=option_word(key, name=True), choices=choices))
            merged = {**seat.orders, **given}
            now = {k: merged[k] for k in (*kit.order_choices, *merged)
                   if merged.get(k, "default") != "default"}  # in the command's order
            if given:
                await self.store.seats.update_seat(game_id, seat.seat, orders=now)
        listed = ", ".join(f"{option_word(k, name=True)} → {option_word(v)}"
                           for k, v in now.items())
        if not given:
            return (_("Your standing orders: at a missed deadline, {orders}.", orders=listed)
                    if now else _("You have no standing orders in this game."))
        if not now:
            return _("Your standing orders are cleared: if you run out of time, the table "
                     "chooses for you.")
        return _("Saved: at a missed deadline, {orders}.", orders=listed)

    def runs_table(self, game: LoadedGame, user_id: int) -> bool:
        """Whether `user_id` opened the table and still plays at it: a creator replaced
        or kicked out of the game no longer sets its clocks."""
        return game.row.created_by == user_id and \
            any(s.user_id == user_id for s in game.seats)

    def _my_seat(self, game: LoadedGame, user_id: int):
        seat = next((s for s in game.seats if s.user_id == user_id), None)
        if seat is None:
            raise self.error(later("You are not playing in this game."))
        if game.row.status == LOBBY:
            raise self.error(later("The game has not started yet."))
        if game.row.status != ACTIVE:
            raise self.error(later("This game is not running."))
        return seat

    async def update_timing(self, game_id: int, changes: dict[str, Any]) -> str:
        if changes.get("autopilot_level", DEFAULT_LEVEL) not in AI_LEVELS:
            raise self.error(later("The autopilot level is one of: {levels}.",
                               levels=", ".join(option_word(v) for v in AI_LEVELS)))
        if "reminders" in changes:  # whoever calls: no stage the clock cannot read is stored
            given = changes["reminders"]
            try:
                stages = parse_reminders(given if isinstance(given, str) else " ".join(given))
            except ValueError as exc:  # lazy: the refusal speaks the reader's language
                raise self.error(exc.args[0]) from exc
            changes = {**changes, "reminders": stages}
        try:
            row = await self.store.tables.update_settings(game_id, changes)
        except StoreError as exc:
            raise self.error(str(exc)) from exc
        t = timing_of(row.settings)
        level = option_word(row.settings.get("autopilot_level", DEFAULT_LEVEL))
        clocks = get_kit(row.game).clocks_text(t.placement_s / 3600, t.decision_s / 3600)
        values = {"clocks": clocks, "reminders": reminder_words(t), "level": level}
        if t.autopilot:
            return _("⚙️ Timing: {clocks}, reminders {reminders}, autopilot at deadlines on "
                     "({level}). New clocks use it.", **values)
        return _("⚙️ Timing: {clocks}, reminders {reminders}, autopilot at deadlines off "
                 "({level}). New clocks use it.", **values)


def reminder_words(timing: Timing) -> str:
    """'halfway, 1 h before', or 'none'."""
    words = [_("halfway") if stage == "half" else
             _("{hours} h before", hours=number(float(stage[:-1]))) if stage.endswith("h")
             else stage
             for stage in timing.reminders]
    return ", ".join(words) or _("none")


def timed_out(name: str, by: str, how: str) -> Later:
    """The note of a missed deadline or a moderator's skip, and what was done for it."""
    if by == "deadline":
        if how == "order":
            return later("⏰ {name} ran out of time, so their standing order was followed.",
                         name=name)
        if how == "autopilot":
            return later("⏰ {name} ran out of time, so the autopilot played for them.",
                         name=name)
        return later("⏰ {name} ran out of time, so the table chose for them.", name=name)
    if how == "order":
        return later("⏰ A moderator skipped {name}, so their standing order was followed.",
                     name=name)
    if how == "autopilot":
        return later("⏰ A moderator skipped {name}, so the autopilot played for them.",
                     name=name)
    return later("⏰ A moderator skipped {name}, so the table chose for them.", name=name)


def _open_decision(game: LoadedGame, seat_no: int, decision: str | None) -> str | None:
    """The key of the decision `seat_no` faces, if it still faces one (and, when
    `decision` names one, that one); else None."""
    if game.row.status != ACTIVE or seat_no not in game.engine.pending(game.state):
        return None
    current = get_kit(game.row.game).decision_key(game.state, seat_no)
    return current if decision is None or current == decision else None


def deadline_plan(game: LoadedGame, seat_no: int) -> str:
    """Who answers for a seat at its time-out, as `time_out` decides it: "order" (its
    standing order), "autopilot" or "default" (the engine's safe default)."""
    seat = game.seats[seat_no]
    if get_kit(game.row.game).order_action(game.state, seat_no, seat.orders) is not None:
        return "order"
    return "autopilot" if _autopilot_plays(game, seat_no) else "default"


def _autopilot_plays(game: LoadedGame, seat_no: int) -> bool:
    """Whether the computer answers for a seat at its time-out: a computer seat, a seat on
    autopilot, or any seat at a table that chose the autopilot at deadlines."""
    return game.seats[seat_no].played_by_ai or timing_of(game.row.settings).autopilot
