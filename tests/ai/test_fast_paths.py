"""The search's fast paths agree with the public `apply`, step by step: the same seats
awaited, the same legal actions in the same order, the same state after every action,
over thousands of random games (Doge D-3 to D-9, Clans C-3 to C-6)."""

from __future__ import annotations

import random

from bot.games.base import PlayerSpec
from bot.games.clans import ENGINE as CLANS
from bot.games.clans import fast as clans_fast
from bot.games.clans import rules
from bot.games.doge import ENGINE as DOGE
from bot.games.doge.fast import Sim
from bot.games.doge.fast_state import from_state, to_action
from tests.ai.helpers import positions


def _snapshot(sim: Sim) -> dict:
    out = {}
    for name in Sim.__slots__:
        value = getattr(sim, name)
        if name == "queue":
            value = [(p.kind, p.seats, p.limit, p.awaiting, p.chosen) for p in value]
        elif name == "current" and value is not None:
            value = (value.kind, value.seats, value.limit, value.awaiting, value.chosen)
        out[name] = value
    return out


def _play_both(st, sim: Sim, rng: random.Random, max_steps: int = 10**6) -> int:
    steps = 0
    while not DOGE.is_over(st) and steps < max_steps:
        assert sim.pending() == DOGE.pending(st)
        seat = rng.choice(DOGE.pending(st))
        legal = DOGE.legal_actions(st, seat)
        listed = list(sim.legal(seat))
        assert [to_action(sim, seat, fa) for fa in listed] == legal
        i = rng.randrange(len(legal))
        DOGE.apply_in_place(st, legal[i])
        sim.apply(seat, listed[i])
        assert _snapshot(sim) == _snapshot(from_state(st)), (steps, legal[i])
        steps += 1
    assert sim.winners == (st.result["winners"] if st.result else None)
    return steps


def test_doge_fast_path_agrees_with_apply_over_random_games() -> None:
    """2,000 random games of 3 and 4 players, ended by a year limit of 1 to 3 years or,
    one in four, by two years without a palace (D-9.4), so that every year end, and the
    games' ends, are met often."""
    steps = 0
    for g in range(2000):
        rng = random.Random(g)
        players = [PlayerSpec(f"P{i}") for i in range(3 + g % 2)]
        settings = {"stalemate_years": 2, "year_limit": 4} if g % 4 == 3 else \
            {"year_limit": 1 + g % 3}
        st = DOGE.new_game(players, settings, random.Random(g))
        steps += _play_both(st, from_state(st), rng)
    assert steps > 100_000  # about 57 actions a game


def test_doge_fast_path_agrees_from_played_positions() -> None:
    """From positions of games played partly by the heuristic (palaces, ties, Quarantia
    moves), 150 random actions on."""
    rng = random.Random(3)
    for st in positions("doge", 200, seed=21, per_game=1):
        _play_both(st, from_state(st), rng, max_steps=150)


def test_clans_fast_path_agrees_with_apply_over_random_games() -> None:
    players = [PlayerSpec(f"P{i}") for i in range(4)]
    for g in range(600):
        rng = random.Random(g)
        st = CLANS.new_game(players[: 2 + g % 3], {}, random.Random(g))
        fast = st.clone()
        while not CLANS.is_over(st):
            seat = st.mover
            legal = CLANS.legal_actions(st, seat)
            i = rng.randrange(len(legal))
            if fast.to_order:
                assert legal[i]["type"] == "order"
                order = [rules.MAP.index_of[label] for label in legal[i]["villages"]]
                rules.order_in_place(fast, order, None)
            else:
                moves = clans_fast.legal_moves(fast)
                assert [{"seat": seat, "type": "move", "from": rules.LABELS[a],
                         "to": rules.LABELS[b]} for a, b in moves] == legal
                rules.move_in_place(fast, *moves[i], None)
            CLANS.apply_in_place(st, legal[i])
            assert fast == st


def test_clans_random_move_is_legal_and_uniform() -> None:
    """Every move drawn is legal, and over many draws each legal move comes up about
    equally often, early in a game (many moves) and late (few)."""
    rng = random.Random(5)
    for st in positions("clans", 12, seed=8, per_game=3, smart=0.0):
        if st.to_order:
            continue
        moves = clans_fast.legal_moves(st)
        counts = dict.fromkeys(moves, 0)
        draws = 300 * len(moves)
        for _ in range(draws):
            counts[clans_fast.random_move(st, rng)] += 1  # a KeyError: an illegal move
        assert min(counts.values()) > 200 and max(counts.values()) < 400
