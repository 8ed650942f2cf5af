"""Ladder's kit: what the table service asks of the game beyond its engine (the contract
and what each hook means: bot/games/kit.py). Seats take turns (L-2.1), so it gives a play
order and a decision per turn; the rest is `TableKit`'s defaults."""

from __future__ import annotations

import random
from typing import Any

from bot.games.base import Action
from bot.games.kit import TableKit, ask
from bot.games.question import Option, Question
from bot.games.wording import later_cmd
from bot.i18n import _, later, number
from tests.ladder_game.rules.engine import MAX_PLAYERS, MIN_PLAYERS, climbs


def ask_card(view: Any, legal: list[Action], default: Action, names: list[str]) -> Question:
    """Which card of the hand to lay (L-2.1): asked privately, as the buttons show the
    hand; an open question, as the card laid is shown to everyone at once."""
    top = view.row[-1][1] if view.row else None
    prompt = (_("Your turn: lay a card. The row ends with {card}; a higher card climbs a "
                "rung (L-2.2).", card=top) if top is not None else
              _("Your turn: lay the row's first card; it climbs a rung (L-2.2)."))
    return Question(seat=view.seat, kind="lay", prompt=prompt,
                    options=[Option((str(a["card"]),), a) for a in legal],
                    default_path=(str(default["card"]),), level_titles=[_("Your card")],
                    secret=False)


def lowest_climber(view: Any, legal: list[Action]) -> Action:
    """The lowest card that still climbs a rung, else the lowest card (kept for later)."""
    top = view.row[-1][1] if view.row else 0
    climbing = [a for a in legal if a["card"] > top]
    return min(climbing or legal, key=lambda a: a["card"])


class LadderKit(TableKit):
    """Any card when easy; the lowest that climbs when normal, and so when strong (no
    search of its own)."""

    def easy_action(self, view: Any, legal: list[Action], rng: random.Random) -> Action:
        return rng.choice(legal)

    def normal_action(self, view: Any, legal: list[Action], rng: random.Random) -> Action:
        return lowest_climber(view, legal)

    def question(self, state: Any, seat: int, names: list[str]) -> Question | None:
        return ask(self.engine, ask_card, state, seat, names)

    def decision_key(self, state: Any, seat: int) -> str:
        return f"t{state.turn}"

    def play_order(self, state: Any) -> list[int] | None:
        return list(range(len(state.players)))  # L-2.1

    def clocks_text(self, placement_h: float, decision_h: float) -> str:
        return _("turns {hours} h", hours=number(decision_h))

    def answered(self, state: Any, action: Action) -> str | None:
        card = int(action.get("card", 0))
        if climbs(state.row, card):
            return _("You laid {card}: it climbs a rung (L-2.2).", card=card)
        return _("You laid {card}.", card=card)


KIT = LadderKit(name="ladder", title="Ladder", emoji="🪜", min_players=MIN_PLAYERS,
                max_players=MAX_PLAYERS, ending_events=frozenset({"game_over"}),
                opening_note=later("A new game of Ladder begins: lay a card on your turn, "
                                   "with the button below or {lay}.",
                                   lay=later_cmd("ladder lay")),
                ai_names=tuple(f"Ladder Bot {name}" for name in ("Ida", "Jan", "Kim", "Lou")))
