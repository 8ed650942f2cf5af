"""Clans's kit: what the table service asks of the game beyond its engine
(bot/games/kit.py says what each hook means)."""

from __future__ import annotations

import random
from typing import Any

from bot.games.base import Action
from bot.games.kit import TableKit, ask
from bot.games.question import Question
from bot.games.wording import later_cmd
from bot.i18n import _, later, number


class ClansKit(TableKit):
    @property
    def order_choices(self) -> dict[str, tuple[str, ...]]:
        # A missed turn with `move: found` founds a village if some move does (C-4).
        return {"move": ("found",)}

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


KIT = ClansKit(
    name="clans", title="Clans", emoji="🛖", min_players=2, max_players=4,
    ai_names=("Clans Bot Ötzi", "Clans Bot Brenna", "Clans Bot Cato", "Clans Bot Dara"),
    ending_events=frozenset({"game_end"}),  # no colours: dealt at random and in secret (C-2.3)
    opening_note=later("A new game of Clans begins. Each of you has been dealt a clan in "
                       "secret: see yours with {me}.", me=later_cmd("clans me")))
