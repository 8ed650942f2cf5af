"""What the table service needs to know of each game beyond its engine: seats, colours,
computer players and how a decision is identified. One kit per game, no Discord here."""

from __future__ import annotations

import hashlib
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

from bot.games.base import Action, GameEngine, PlayerSpec
from bot.games.doge.constants import STALEMATE_RANGE, STALEMATE_YEARS
from bot.games.question import Question
from bot.games.record import shown
from bot.games.wording import later_cmd
from bot.i18n import N_, Later, _, _n, command_text, current_language, later, number

# How well the computer plays a seat: `easy` plausible moves, `normal` the one-ply
# heuristic, `strong` a search that sees only its own seat.
AI_LEVELS = ("easy", "normal", "strong")
SEARCH_LEVEL = "strong"  # the level that searches: it thinks in a worker process
DEFAULT_LEVEL = "normal"


def check_level(level: str) -> str:
    if level not in AI_LEVELS:
        raise ValueError(f"unknown computer level {level!r}: {', '.join(AI_LEVELS)}")
    return level


# The shown names of the colours players pick in the lobby (the ids are data).
COLOUR_WORDS = {"red": N_("red"), "blue": N_("blue"), "green": N_("green"),
                "yellow": N_("yellow")}


def colour_word(colour: str) -> str:
    return _(COLOUR_WORDS[colour]) if colour in COLOUR_WORDS else colour


def option_word(word: str, *, name: bool = False) -> str:
    """A slash command's choice (a level, a standing order's value), or with `name` an
    option's name, as the reader types it: 'abstain' is 'onthouden' in Dutch."""
    return command_text(word, current_language(), name=name) or word


def seat_level(settings: dict[str, Any], seat: Any) -> str:
    """The level the computer plays `seat` (a store `Seat`) at: a computer player added in
    the lobby keeps the level it was added with; a seat on autopilot, or taken over by
    the computer, plays at the table's autopilot level."""
    level = settings.get("ai_levels", {}).get(seat.name) if seat.is_bot else None
    level = level or settings.get("autopilot_level", DEFAULT_LEVEL)
    return level if level in AI_LEVELS else DEFAULT_LEVEL


class GameKit(Protocol):
    name: str
    title: str
    engine: GameEngine
    min_players: int
    max_players: int
    colours: tuple[str, ...]  # colours players pick in the lobby; empty when dealt secretly
    ai_names: tuple[str, ...]
    emoji: str

    @property
    def opening_note(self) -> Later:
        """The first line of a started game, said later in the channel's language (a
        step's note); str() gives it in the reader's language now."""

    def ai_action(self, state: Any, seat: int, rng: random.Random,
                  level: str = DEFAULT_LEVEL) -> Action:
        """The computer's choice for `seat` at `level`, made from that seat's view only."""

    def search_action(self, view: Any, legal: list[Action], rng: random.Random) -> Action:
        """The `strong` level's choice, from the seat's view and legal actions alone (what
        a worker process is handed)."""

    def question(self, state: Any, seat: int, names: list[str]) -> Question | None:
        """The decision `seat` faces as a step-by-step question; None when the game asks
        it another way (Doge's secret ballot panel)."""

    def decision_key(self, state: Any, seat: int) -> str:
        """Identifies the decision `seat` faces now: the same while only other players
        answer, different once this one is answered or moved on."""

    def turn_key(self, state: Any, seat: int) -> str:
        """Identifies the turn whose decisions `seat` answers one after another (an
        election's questions; a move and the order of what it founds): a moderator's
        skip answers all of them, not only the first."""

    def settings_for(self, options: dict[str, Any]) -> dict[str, Any]: ...

    def setting_refusal(self, key: str, value: Any) -> Later | None:
        """Why the game's own setting `key` (one `settings_for` makes) cannot be `value`
        in an imported record, held to the range of the command that sets it; None when
        it may."""

    def end_terms(self, settings: dict[str, Any], state: Any) -> str:
        """How the table's settings end the game beyond its rulebook, for the lobby
        (`state` None) and the status; empty when they add nothing."""

    def clock_kind(self, state: Any) -> str:
        """Which of the table's clocks runs now: "placement" or "decision"."""

    def clocks_text(self, placement_h: float, decision_h: float) -> str:
        """The table's clocks in the game's own words, e.g. "moves 24 h"."""

    def play_order(self, state: Any) -> list[int] | None:
        """The seats in the order they move, when the game has one (C-2.4); None when
        they all act at once or by the game's own order of elections."""

    order_choices: dict[str, tuple[str, ...]]

    def order_action(self, state: Any, seat: int, orders: dict[str, str]) -> Action | None:
        """The action a seat's standing orders give for the decision it faces now, or
        None when they say nothing about it."""

    def changes_nothing(self, state: Any, seat: int, action: Action) -> bool:
        """Whether `action` leaves the game as it is (a ballot cast again unchanged, by
        a double click on Confirm): answered as done, and not stored."""


def ask(engine: GameEngine, build: Callable[..., Question], state: Any, seat: int,
        names: list[str]) -> Question | None:
    """The seat's question built from its own view, its legal actions and the default,
    with no step of a single choice; None when it is not asked anything."""
    legal = engine.legal_actions(state, seat)
    if not legal:
        return None
    return build(engine.public_view(state, seat), legal, engine.default_action(state, seat),
                 names).without_lone_steps()


def short_hash(text: str) -> str:
    return hashlib.blake2s(text.encode(), digest_size=4).hexdigest()


@dataclass(frozen=True)
class DogeKit:
    name: str = "doge"
    title: str = "Doge"
    min_players: int = 3
    max_players: int = 4
    colours: tuple[str, ...] = ("red", "blue", "green", "yellow")
    ai_names: tuple[str, ...] = ("Doge Bot Morosini", "Doge Bot Dandolo",
                                 "Doge Bot Contarini", "Doge Bot Foscari")
    emoji: str = "🎭"

    @property
    def opening_note(self) -> Later:
        return later("A new game of Doge begins.")  # the prompt below asks for the choice

    @property
    def engine(self) -> GameEngine:
        from bot.games.doge import ENGINE

        return ENGINE

    def ai_action(self, state: Any, seat: int, rng: random.Random,
                  level: str = DEFAULT_LEVEL) -> Action:
        from bot.games.doge.players import easy_action, heuristic_action

        view = self.engine.public_view(state, seat)
        legal = self.engine.legal_actions(state, seat)
        if check_level(level) == "easy":
            return easy_action(view, legal, rng)
        if level == SEARCH_LEVEL:
            return self.search_action(view, legal, rng)
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
        """D-9.4: the stalemate end the table set, and while it plays, its last year."""
        years = settings.get("stalemate_years")
        if years is None:
            return _("No stalemate end: the game goes on however long nobody builds "
                     "(D-9.4).")
        text = _n("Stalemate end: the game ends after a year without a palace (D-9.4).",
                  "Stalemate end: the game ends after {n} years running without a palace "
                  "(D-9.4).", years)
        if state is None or state.phase == "over":
            return text
        end = state.last_palace_year + years
        return text + " " + (
            _("No palace yet: without one, the game ends after year {end}.", end=end)
            if state.last_palace_year == 0 else
            _("The last palace was built in year {last}: without another, the game ends "
              "after year {end}.", last=state.last_palace_year, end=end))

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


@dataclass(frozen=True)
class ClansKit:
    name: str = "clans"
    title: str = "Clans"
    min_players: int = 2
    max_players: int = 4
    colours: tuple[str, ...] = ()  # dealt at random and in secret (C-2.3)
    ai_names: tuple[str, ...] = ("Clans Bot Ötzi", "Clans Bot Brenna", "Clans Bot Cato",
                                 "Clans Bot Dara")
    emoji: str = "🛖"
    # A missed turn with `move: found` founds a village if some move does (C-4).
    order_choices: dict[str, tuple[str, ...]] = field(
        default_factory=lambda: {"move": ("found",)})

    @property
    def opening_note(self) -> Later:
        return later("A new game of Clans begins. Each of you has been dealt a clan in "
                     "secret: see yours with {me}.", me=later_cmd("clans me"))

    @property
    def engine(self) -> GameEngine:
        from bot.games.clans import ENGINE

        return ENGINE

    def ai_action(self, state: Any, seat: int, rng: random.Random,
                  level: str = DEFAULT_LEVEL) -> Action:
        from bot.games.clans.players import EasyPlayer, HeuristicPlayer

        view = self.engine.public_view(state, seat)
        if check_level(level) == "easy":
            return EasyPlayer(rng).choose(view)
        if level == SEARCH_LEVEL:
            return self.search_action(view, self.engine.legal_actions(state, seat), rng)
        return HeuristicPlayer(rng).choose(view)

    def search_action(self, view: Any, legal: list[Action], rng: random.Random) -> Action:
        from bot.games.clans.strong import strong_action

        return strong_action(view, legal, rng)

    def question(self, state: Any, seat: int, names: list[str]) -> Question | None:
        from bot.games.clans.questions import build_question

        return ask(self.engine, build_question, state, seat, names)

    def decision_key(self, state: Any, seat: int) -> str:
        return f"t{state.turn}.{len(state.to_order)}"

    def turn_key(self, state: Any, seat: int) -> str:
        return f"t{state.turn}"

    def settings_for(self, options: dict[str, Any]) -> dict[str, Any]:
        return {}

    def setting_refusal(self, key: str, value: Any) -> Later | None:
        return None  # no setting of its own

    def end_terms(self, settings: dict[str, Any], state: Any) -> str:
        return ""

    def clock_kind(self, state: Any) -> str:
        return "decision"  # every turn is one move

    def clocks_text(self, placement_h: float, decision_h: float) -> str:
        return _("moves {hours} h", hours=number(decision_h))

    def play_order(self, state: Any) -> list[int] | None:
        return list(state.turn_order)  # dealt at random (C-2.4)

    def order_action(self, state: Any, seat: int, orders: dict[str, str]) -> Action | None:
        """`move: found`: of the legal moves, in their order, the first that founds a
        village (C-4.1); None (the default move) when none does, and for the order of
        several villages founded at once (C-4.7), which the order does not cover."""
        if orders.get("move") != "found":
            return None
        for action in self.engine.legal_actions(state, seat):
            if action.get("type") != "move":
                return None
            # One village founded, or several that the mover must then order (C-4.7).
            if any(e.get("type") in ("village", "order_asked")
                   for e in self.engine.apply(state, action).events):
                return action
        return None

    def changes_nothing(self, state: Any, seat: int, action: Action) -> bool:
        return False  # every move moves huts (C-3.1)


KITS: dict[str, GameKit] = {"doge": DogeKit(), "clans": ClansKit()}


def get_kit(name: str) -> GameKit:
    return KITS[name]


def names_of(players: list[PlayerSpec]) -> list[str]:
    return [p.name for p in players]
