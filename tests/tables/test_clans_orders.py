"""Clans standing orders: on a missed turn `move: found` founds a village when some move
does (C-4.1), else the default move applies; the order of several villages is not
covered (C-4.7)."""

from __future__ import annotations

from bot.tables.kits import get_kit
from tests.ai.helpers import ENGINES, positions

KIT = get_kit("clans")
ENGINE = ENGINES["clans"]


def founded(state, action) -> int:
    """How many villages the move founds: one is told at once, several are first to be
    ordered by the mover (C-4.7)."""
    events = ENGINE.apply(state, action).events
    asked = [len(e["villages"]) for e in events if e["type"] == "order_asked"]
    return asked[0] if asked else sum(e["type"] == "village" for e in events)


def founds(state, action) -> bool:
    return founded(state, action) > 0


def test_found_plays_a_founding_move_whenever_there_is_one_c_4_1() -> None:
    seen_founding = seen_none = seen_only_several = 0
    for state in positions("clans", 300, seed=11):
        for seat in ENGINE.pending(state):
            legal = ENGINE.legal_actions(state, seat)
            chosen = KIT.order_action(state, seat, {"move": "found"})
            if legal[0]["type"] != "move":  # ordering villages (C-4.7): not covered
                assert chosen is None
                continue
            if any(founds(state, a) for a in legal):
                assert chosen in legal and founds(state, chosen)
                seen_founding += 1
                seen_only_several += all(founded(state, a) != 1 for a in legal)
            else:
                assert chosen is None  # the default move applies
                seen_none += 1
            assert KIT.order_action(state, seat, {}) is None  # no order: the default
    assert seen_founding > 10 and seen_none > 10  # both cases were met
    assert seen_only_several  # ... and moves that found only several villages at once


def test_the_order_is_one_of_the_choices_offered() -> None:
    assert KIT.order_choices == {"move": ("found",)}
