"""Bids's kit: what the table service asks of the game beyond its engine (the contract and
what each hook means: bot/games/kit.py)."""

from __future__ import annotations

import random
from typing import Any

from bot.games.base import Action
from bot.games.kit import TableKit, ask
from bot.games.question import Option, Question
from bot.games.wording import later_cmd
from bot.i18n import _, _n, later, number
from tests.plugin_game.rules.engine import MAX_PLAYERS, MIN_PLAYERS


def coins_label(amount: int) -> str:
    return _n("{n} coin", "{n} coins", amount)


def build_question(view: Any, legal: list[Action], default: Action,
                   names: list[str]) -> Question:
    """One step: how many coins to bid, from 0 to all the seat has (B-2.1)."""
    prompt = _n("Your secret bid for lot {lot} (worth {points}): you have {n} coin.",
                "Your secret bid for lot {lot} (worth {points}): you have {n} coins.",
                view.coins[view.seat], lot=view.lot + 1,
                points=_n("{n} point", "{n} points", view.value or 0))
    options = [Option((coins_label(a["amount"]),), a) for a in legal]
    return Question(seat=view.seat, kind="bid", prompt=prompt, options=options,
                    default_path=(coins_label(default["amount"]),),
                    level_titles=[_("Your bid")], secret=True)  # a sealed bid (B-2.1)


def sensible_bid(view: Any, rng: random.Random, spread: int) -> int:
    """About the lot's points in coins, a little more to win it, never more than the
    seat has."""
    coins = view.coins[view.seat]
    return max(0, min(coins, (view.value or 0) + rng.randint(-spread, spread + 1)))


class BidsKit(TableKit):
    """Rough bids when easy; near the lot's worth when normal, and so when strong (no
    search of its own)."""

    def easy_action(self, view: Any, legal: list[Action], rng: random.Random) -> Action:
        return {"seat": view.seat, "type": "bid", "amount": sensible_bid(view, rng, 3)}

    def normal_action(self, view: Any, legal: list[Action], rng: random.Random) -> Action:
        return {"seat": view.seat, "type": "bid", "amount": sensible_bid(view, rng, 1)}

    def question(self, state: Any, seat: int, names: list[str]) -> Question | None:
        return ask(self.engine, build_question, state, seat, names)

    def decision_key(self, state: Any, seat: int) -> str:
        return f"l{state.lot}.{state.bids[seat] is not None}"

    def clocks_text(self, placement_h: float, decision_h: float) -> str:
        return _("bids {hours} h", hours=number(decision_h))

    def answered(self, state: Any, action: Action) -> str | None:
        """The bid and the lot it is for, with its worth (B-2.1)."""
        return _("🔒 You bid {coins} for lot {lot}, worth {points}; only you know it until "
                 "everyone has bid.", coins=coins_label(int(action.get("amount", 0))),
                 lot=state.lot + 1, points=_n("{n} point", "{n} points", state.lots[state.lot]))


KIT = BidsKit(name="bids", title="Bids", emoji="🪙", min_players=MIN_PLAYERS,
              max_players=MAX_PLAYERS, ending_events=frozenset({"game_over"}),
              opening_note=later("A new game of Bids begins: bid for each lot in secret, "
                                 "with the button below or {bid}.", bid=later_cmd("bids bid")),
              quiet_events=frozenset({"bid_placed"}),  # a secret bid: no new board
              ai_names=tuple(f"Bids Bot {name}" for name in ("Ada", "Bram", "Cas", "Dee",
                                                              "Eli")))
