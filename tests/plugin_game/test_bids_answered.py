"""A bid's private confirmation names what was bid for: the lot and its worth, read from
the game the bid was made in (B-2.1), in the reader's language."""

from __future__ import annotations

import random

from bot.games.base import PlayerSpec
from bot.i18n import speaking
from tests.plugin_game.register import bids  # noqa: F401  (fixture)
from tests.plugin_game.rules.kit import KIT


def test_a_bid_is_confirmed_with_its_lots_worth(bids) -> None:  # noqa: F811
    state = KIT.engine.new_game([PlayerSpec(n) for n in ("ann", "bo", "cy")], {},
                                random.Random(1))
    worth = state.lots[0]
    bid = {"seat": 0, "type": "bid", "amount": 3}
    points = f"{worth} point" + ("" if worth == 1 else "s")
    assert KIT.answered(state, bid) == (f"🔒 You bid 3 coins for lot 1, worth {points}; only "
                                        "you know it until everyone has bid.")
    later = state
    for seat in range(3):  # everyone bids: lot 2 is up
        later = KIT.engine.apply(later, {"seat": seat, "type": "bid", "amount": 0}).state
    assert f"lot 2, worth {later.lots[1]} point" in KIT.answered(later, bid)
    with speaking("nl"):
        assert f"op kavel 1, {worth} punt" in KIT.answered(state, bid)
