"""Doge's kit: what the table service asks of the game beyond its engine
(bot/games/kit.py says what each hook means)."""

from __future__ import annotations

import random
from typing import Any

from bot.games.base import Action
from bot.games.doge.constants import STALEMATE_RANGE, STALEMATE_YEARS
from bot.games.kit import TableKit, ask
from bot.games.question import Question
from bot.games.record import shown
from bot.i18n import Later, _, _n, later, number


class DogeKit(TableKit):
    def easy_action(self, view: Any, legal: list[Action], rng: random.Random) -> Action:
        from bot.games.doge.players import easy_action

        return easy_action(view, legal, rng)

    def normal_action(self, view: Any, legal: list[Action], rng: random.Random) -> Action:
        from bot.games.doge.players import heuristic_action

        return heuristic_action(view, legal, rng)

    def search_action(self, view: Any, legal: list[Action], rng: random.Random) -> Action:
        from bot.games.doge.strong import strong_action

        return strong_action(view, legal, rng)

    def question(self, state: Any, seat: int, names: list[str]) -> Question | None:
        from bot.games.doge.questions import build_question

        if state.phase != "elections":
            return None  # placement is asked by the secret ballot panel instead
        return ask(self.engine, build_question, state, seat, names)

    def decision_key(self, state: Any, seat: int) -> str:
        if state.phase == "placement":
            # A ballot may change until the round is revealed (D-3.3).
            return f"p{state.year}.{state.round}"
        el = state.election
        if el is None or el.current is None:
            return f"x{state.year}.{state.elections_done}"
        owed = el.current.awaiting.get(seat)
        return (f"e{state.year}.{state.elections_done}.{len(el.queue)}."
                f"{el.current.kind}.{owed}")

    def turn_key(self, state: Any, seat: int) -> str:
        if state.phase == "placement":
            return f"p{state.year}.{state.round}"
        return f"e{state.year}.{state.elections_done}"

    def settings_for(self, options: dict[str, Any]) -> dict[str, Any]:
        """`stalemate_years` (D-9.4): not given, the default; 0, none. Every new table's
        settings carry it: settings without it are from before the rule (no such end)."""
        years = options.get("stalemate_years")
        return {"year_limit": options.get("year_limit"),
                "stalemate_years": STALEMATE_YEARS if years is None else years or None}

    def end_terms(self, settings: dict[str, Any], state: Any) -> str:
        """D-9.3: the year limit, when the table set one (said before the game ends by
        it); D-9.4: the stalemate end the table set, once, and while it plays as its last
        year (left out when the year limit comes first)."""
        limit = settings.get("year_limit")
        years = settings.get("stalemate_years")
        terms = [_("Year limit: the game ends after year {n} (D-9.3).", n=limit)] \
            if limit else []
        playing = state is not None and state.phase != "over"
        if years is None:
            terms.append(_("No stalemate end: the game goes on however long nobody builds "
                           "(D-9.4)."))
        elif not playing:
            terms.append(_n("Stalemate end: the game ends after a year without a palace "
                            "(D-9.4).",
                            "Stalemate end: the game ends after {n} years running without a "
                            "palace (D-9.4).", years))
        elif not limit or state.last_palace_year + years < limit:
            end = state.last_palace_year + years
            terms.append(_n(
                "Stalemate end: with no palace for {n} year, the game ends after year {end} "
                "(D-9.4).",
                "Stalemate end: with no palace for {n} years running, the game ends after "
                "year {end} (D-9.4).", years, end=end) + (" " + _(
                    "The last palace was built in year {last}.", last=state.last_palace_year)
                if state.last_palace_year else ""))
        return "\n".join(terms)

    def setting_refusal(self, key: str, value: Any) -> Later | None:
        from bot.games.doge.constants import MAX_YEAR_LIMIT

        whole = isinstance(value, int) and not isinstance(value, bool)
        if key == "year_limit" and value is not None and \
                not (whole and 1 <= value <= MAX_YEAR_LIMIT):
            return later("the setting \"year_limit\" must be null or 1 to {most} years "
                         "(D-9.3), not {value}", most=MAX_YEAR_LIMIT, value=shown(value))
        if key == "stalemate_years" and value is not None and \
                not (whole and STALEMATE_RANGE[0] <= value <= STALEMATE_RANGE[1]):
            return later("the setting \"stalemate_years\" must be null or {least} to {most} "
                         "years (D-9.4), not {value}", least=STALEMATE_RANGE[0],
                         most=STALEMATE_RANGE[1], value=shown(value))
        return None

    def clock_kind(self, state: Any) -> str:
        return "placement" if state.phase == "placement" else "decision"

    def clocks_text(self, placement_h: float, decision_h: float) -> str:
        return _("placement rounds {placement} h, decisions {decision} h",
                 placement=number(placement_h), decision=number(decision_h))

    def play_order(self, state: Any) -> list[int] | None:
        return None  # placement is simultaneous; elections follow the voting order

    @property
    def order_choices(self) -> dict[str, tuple[str, ...]]:
        return {"advisor": ("take", "abstain"), "place": ("all", "none"),
                "build": ("all", "none")}

    def order_action(self, state: Any, seat: int, orders: dict[str, str]) -> Action | None:
        if state.phase != "elections" or not orders:
            return None
        legal = self.engine.legal_actions(state, seat)
        if not legal:
            return None
        kind = state.election.current.kind
        key = {"advisor": "advisor", "qadvisor": "advisor"}.get(kind, kind)
        choice = orders.get(key)
        if choice is None:
            return None
        if key == "advisor":
            if choice == "abstain":
                return {"seat": seat, "type": "abstain", "move": None}
            default = self.engine.default_action(state, seat)  # stands it where it votes next
            return default if default["type"] == "take" else None
        if key in ("place", "build"):
            return legal[0] if choice == "all" else legal[-1]  # most first, none last
        return None

    def changes_nothing(self, state: Any, seat: int, action: Action) -> bool:
        """The seat's ballot of this round, cast again as it is (D-3.3: a ballot may be
        changed until the round is revealed; the same one is no change)."""
        ballot = state.ballots.get(seat) if state.phase == "placement" else None
        return (ballot is not None and action.get("type") == "ballot"
                and action.get("area") == ballot.area
                and isinstance(action.get("markers"), list)
                and sorted(action["markers"], key=str) == sorted(ballot.markers, key=str))


KIT = DogeKit(
    name="doge", title="Doge", emoji="🎭", min_players=3, max_players=4,
    colours=("red", "blue", "green", "yellow"),
    ai_names=("Doge Bot Morosini", "Doge Bot Dandolo", "Doge Bot Contarini", "Doge Bot Foscari"),
    # A secret ballot set or changed, a build chosen: nothing new on the board.
    quiet_events=frozenset({"ballot_set", "ballot_changed", "build_chosen"}),
    ending_events=frozenset({"game_over"}),
    opening_note=later("A new game of Doge begins."))  # the prompt below asks for the choice
