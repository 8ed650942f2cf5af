"""The search's fast path through Clans, on the engine's in-place rules core: moves
listed by a comprehension, and a uniformly random move drawn without listing them all.
The rules are the core's own (`rules.move_in_place`, `rules.order_in_place`); a property
test checks the listing against `legal_actions` over many random games."""

from __future__ import annotations

import random

from bot.games.clans.rules import (
    HUT_LIMIT,
    N_TERRITORIES,
    NEIGHBOURS,
    ClansState,
    move_in_place,
    order_in_place,
)

MAX_NEIGHBOURS = max(len(n) for n in NEIGHBOURS)
DRAWS_BEFORE_LISTING = 48


def legal_moves(state: ClansState) -> list[tuple[int, int]]:
    """`rules.legal_moves`, the same moves in the same order (C-3.1 to C-3.3)."""
    totals = state.totals
    return [(src, dst) for src in range(N_TERRITORIES) if (n := totals[src])
            for dst in NEIGHBOURS[src]
            if (totals[dst] if n < HUT_LIMIT else totals[dst] >= n)]


def founds_village(totals: list[int], src: int) -> bool:
    """Whether moving every hut out of `src` (to any neighbour) leaves a neighbour of it
    holding huts with no occupied neighbour: a village (C-4.1). The huts' destination
    is a neighbour of `src`, so it founds one exactly when `src` was its only occupied
    neighbour, as for any other neighbour of `src`."""
    for t in NEIGHBOURS[src]:
        if totals[t] and all(n == src or not totals[n] for n in NEIGHBOURS[t]):
            return True
    return False


def random_move(state: ClansState, rng: random.Random) -> tuple[int, int]:
    """A legal move, every one equally likely: a territory and one of MAX_NEIGHBOURS
    neighbour slots are drawn uniformly until they make a legal move (so each move has
    the same chance), or, if that keeps missing late in a game, one from the list."""
    totals = state.totals
    randrange = rng.randrange
    for _ in range(DRAWS_BEFORE_LISTING):
        src = randrange(N_TERRITORIES)
        n = totals[src]
        if not n:
            continue
        slot = randrange(MAX_NEIGHBOURS)
        around = NEIGHBOURS[src]
        if slot < len(around):
            there = totals[around[slot]]
            if there if n < HUT_LIMIT else there >= n:
                return src, around[slot]
    return rng.choice(legal_moves(state))


def play_out(state: ClansState, rng: random.Random) -> None:
    """Finish the game in place with uniformly random moves and village orders."""
    while not state.over:
        if state.to_order:
            order = state.to_order[:]
            rng.shuffle(order)
            order_in_place(state, order, None)
        else:
            src, dst = random_move(state, rng)
            move_in_place(state, src, dst, None)
