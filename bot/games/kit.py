"""What the table service needs to know of a game beyond its engine: seats, colours,
computer players, how a decision is identified and asked, which events are quiet or end
the game. Each game keeps its kit in `bot/games/<game>/kit.py` as `KIT`; this module holds
the contract and the helpers the kits share. No Discord, database or images here."""

from __future__ import annotations

import hashlib
import importlib
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

from bot.games.base import Action, GameEngine
from bot.games.question import Question
from bot.i18n import Later

# How well the computer plays a seat: `easy` plausible moves, `normal` the one-ply
# heuristic, `strong` a search that sees only its own seat.
AI_LEVELS = ("easy", "normal", "strong")
SEARCH_LEVEL = "strong"  # the level that searches: it thinks in a worker process
DEFAULT_LEVEL = "normal"

# What a moderator's end applies unless a kit says otherwise: no seat acts; the engine
# ranks everyone as they stand (D-9.3 for Doge; every engine accepts it).
END_GAME: Action = {"seat": None, "type": "end_game"}


def check_level(level: str) -> str:
    if level not in AI_LEVELS:
        raise ValueError(f"unknown computer level {level!r}: {', '.join(AI_LEVELS)}")
    return level


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
        a worker process is handed); the `normal` one for a game without a search."""

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

    # ---- what shared code asks a game instead of listing its events ----

    quiet_events: frozenset[str]  # events that change nothing on the board: no new image

    ending_events: frozenset[str]  # events that end the game: a moderator cannot undo them

    def moderator_end(self, state: Any) -> Action:
        """The action a moderator's end applies (D-9.3): every engine ranks the seats as
        they stand and ends; `END_GAME` unless the game names its own."""

    def answered(self, state: Any, action: Action) -> str | None:
        """The line a private question's panel (or a typed command) tells the player once
        `action` is applied, in the reader's language, `state` the game the action was
        answered in, so it can say what was picked (a lot's worth, a card's value); None:
        the shared "✅ Done."."""


class KitDefaults:
    """What a kit answers when its game has nothing of its own to say: the engine of the
    package it is in, no search (the `normal` choice at the level that searches), no
    settings, no end beyond the rulebook, everyone acting at once on one clock (no play
    order, no standing orders, a decision a turn), every action a change, the moderator's
    end `END_GAME`, the shared "✅ Done.". A kit inherits these and overrides what its game
    says otherwise."""

    order_choices: dict[str, tuple[str, ...]] = {}  # no standing orders (only ever read)

    @property
    def engine(self) -> GameEngine:
        """`ENGINE` of the rules package the kit's module is in, imported when first asked
        (the engine's modules need not load with the kit's)."""
        package = type(self).__module__.rpartition(".")[0]
        engine: GameEngine = importlib.import_module(package).ENGINE
        return engine

    def ai_action(self, state: Any, seat: int, rng: random.Random,
                  level: str = DEFAULT_LEVEL) -> Action:
        """The game's choice for `level` from the seat's view and legal actions alone:
        its `easy_action`, `normal_action`, or `search_action` for the level that
        searches."""
        view = self.engine.public_view(state, seat)
        legal = self.engine.legal_actions(state, seat)
        if check_level(level) == "easy":
            return self.easy_action(view, legal, rng)
        if level == SEARCH_LEVEL:
            return self.search_action(view, legal, rng)
        return self.normal_action(view, legal, rng)

    def easy_action(self, view: Any, legal: list[Action], rng: random.Random) -> Action:
        raise NotImplementedError  # a game that keeps the default ai_action says it

    def normal_action(self, view: Any, legal: list[Action], rng: random.Random) -> Action:
        raise NotImplementedError

    def search_action(self, view: Any, legal: list[Action], rng: random.Random) -> Action:
        """A game without a search of its own plays its `normal` choice at the level that
        searches."""
        return self.normal_action(view, legal, rng)

    def turn_key(self, state: Any, seat: int) -> str:
        key: str = self.decision_key(state, seat)  # type: ignore[attr-defined]
        return key  # one decision a turn: a skip answers it alone

    def clock_kind(self, state: Any) -> str:
        return "decision"

    def play_order(self, state: Any) -> list[int] | None:
        return None  # all at once

    def order_action(self, state: Any, seat: int, orders: dict[str, str]) -> Action | None:
        return None  # no standing orders: the deadline's default

    def settings_for(self, options: dict[str, Any]) -> dict[str, Any]:
        return {}

    def setting_refusal(self, key: str, value: Any) -> Later | None:
        return None  # no setting of its own

    def end_terms(self, settings: dict[str, Any], state: Any) -> str:
        return ""

    def changes_nothing(self, state: Any, seat: int, action: Action) -> bool:
        return False

    def moderator_end(self, state: Any) -> Action:
        return dict(END_GAME)

    def answered(self, state: Any, action: Action) -> str | None:
        return None


@dataclass(frozen=True)
class TableKit(KitDefaults):
    """`KitDefaults` with the facts every kit states as fields given when it is made, so a
    kit writes only its hooks: `KIT = CardsKit(name="cards", title="Cards", …)`."""

    name: str
    title: str
    emoji: str
    min_players: int
    max_players: int
    ai_names: tuple[str, ...]
    ending_events: frozenset[str]  # events that end the game
    # The first line of a started game, said later in the channel's language:
    # `later("A new game of Cards begins.")`.
    opening_note: Later = field(compare=False)
    colours: tuple[str, ...] = ()  # none to pick in the lobby
    quiet_events: frozenset[str] = frozenset()  # every event shows on the board


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
