"""Clans's kit: what the table service asks of the game beyond its engine
(bot/games/kit.py says what each hook means)."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from bot.games.base import Action
from bot.games.kit import KitDefaults, ask
from bot.games.question import Question
from bot.games.wording import later_cmd
from bot.i18n import Later, _, later, number


@dataclass(frozen=True)
class ClansKit(KitDefaults):
    name: str = "clans"
    title: str = "Clans"
    min_players: int = 2
    max_players: int = 4
    colours: tuple[str, ...] = ()  # dealt at random and in secret (C-2.3)
    ai_names: tuple[str, ...] = ("Clans Bot Ötzi", "Clans Bot Brenna", "Clans Bot Cato",
                                 "Clans Bot Dara")
    emoji: str = "🛖"
    quiet_events: frozenset[str] = frozenset()  # every event moves huts
    ending_events: frozenset[str] = frozenset({"game_end"})
    # A missed turn with `move: found` founds a village if some move does (C-4).
    order_choices: dict[str, tuple[str, ...]] = field(
        default_factory=lambda: {"move": ("found",)})

    @property
    def opening_note(self) -> Later:
        return later("A new game of Clans begins. Each of you has been dealt a clan in "
                     "secret: see yours with {me}.", me=later_cmd("clans me"))

    def easy_action(self, view: Any, legal: list[Action], rng: random.Random) -> Action:
        from bot.games.clans.players import EasyPlayer

        return EasyPlayer(rng).choose(view)

    def normal_action(self, view: Any, legal: list[Action], rng: random.Random) -> Action:
        from bot.games.clans.players import HeuristicPlayer

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


KIT = ClansKit()
