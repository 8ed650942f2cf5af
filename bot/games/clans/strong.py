"""The `strong` level of Clans: information-set search from the seat's own view.

Each simulation deals the other players' clans among the colours the seat does not hold,
each deal as likely as it explains their public moves (`inference`: players favour their
own clan, as the `normal` heuristic does), plays one of the seat's most promising moves
(as the `normal` heuristic ranks them), and lets every seat play on as the heuristic
would, each for its own (sampled) clan, for two rounds of turns. It is then scored: the
result if the game ended, else each seat's points so far (C-6.2) and its clan's huts
still on the board, turned into a share of the win. The move that did best is played."""

from __future__ import annotations

import math
import random
from collections.abc import Hashable, Sequence
from itertools import permutations

from bot.games.base import Action
from bot.games.clans import fast, rules
from bot.games.clans.board import COLOURS
from bot.games.clans.determinize import determinize
from bot.games.clans.inference import ClanGuess
from bot.games.clans.players import HeuristicPlayer
from bot.games.clans.rules import LABELS, N_COLOURS, ClansState
from bot.games.clans.views import ClansPlayerView
from bot.games.search.ismcts import search

SIMULATIONS = 150  # the live budget: about half a second a decision on a modest core
CANDIDATES = 8  # moves searched: the heuristic's best
MAX_ORDERS = 24  # village orders searched; more (5 or 6 villages at once) go by heuristic
ROUNDS = 2  # rounds of turns played on before a simulation is scored
HUT_VALUE = 0.5  # what a hut of one's clan still on the board is worth, in points
TEMPERATURE = 3.0  # points of lead that make a win about e times likelier


def strong_action(view: ClansPlayerView, legal: list[Action], rng: random.Random,
                  simulations: int | None = None) -> Action:
    if len(legal) == 1:
        return legal[0]
    game = ClansSearch(view)
    if not game.root_candidates:
        return HeuristicPlayer(rng).choose(view)
    best = search(game, rng, simulations or SIMULATIONS, depth=1)
    action = _action(view.seat, best)
    return action if action in legal else legal[0]


def _action(seat: int, choice: Hashable) -> Action:
    kind, *rest = choice  # type: ignore[misc]
    if kind == "order":
        return {"seat": seat, "type": "order", "villages": [LABELS[t] for t in rest[0]]}
    return {"seat": seat, "type": "move", "from": LABELS[rest[0]], "to": LABELS[rest[1]]}


class ClansSearch:
    def __init__(self, view: ClansPlayerView) -> None:
        self.view = view
        self.seat = view.seat
        self.horizon = view.public.turn + ROUNDS * len(view.public.players)
        self.judge = HeuristicPlayer(random.Random(0))
        self.guess = ClanGuess(view)
        self.base = determinize(view, random.Random(0))
        self.base.log = []  # not needed to play on; copies are cheaper without it
        # Ranked once: the board is public, so the ranking is the same in every sample.
        self.root_candidates = _ranked(self.base, COLOURS.index(view.colour))

    def sample(self, rng: random.Random) -> ClansState:
        """The other seats' clans drawn by how well they explain their villages."""
        state = self.base.clone()
        state.colours = self.guess.draw(rng)
        return state

    def to_move(self, state: ClansState) -> int | None:
        return None if state.over or state.turn >= self.horizon else state.mover

    def actions(self, state: ClansState, seat: int) -> Sequence[Hashable]:
        return self.root_candidates  # the tree holds the seat's first decision only

    def play(self, state: ClansState, seat: int, rng: random.Random) -> None:
        """As the `normal` heuristic would, for the seat's clan in this sample."""
        mine = state.colours[seat]
        if state.to_order:
            order, _ = self.judge.best_order(state, mine)
            rules.order_in_place(state, order, None)
        else:
            rules.move_in_place(state, *rng.choice(self.judge.best_moves(state, mine)), None)

    def apply(self, state: ClansState, seat: int, action: Hashable) -> None:
        kind, *rest = action  # type: ignore[misc]
        if kind == "order":
            rules.order_in_place(state, list(rest[0]), None)
        else:
            rules.move_in_place(state, rest[0], rest[1], None)

    def score(self, state: ClansState) -> list[float]:
        """C-6.2, C-6.3: a win is 1, a shared first place its share; before the end, a
        lead in points and huts is an estimate of the chance to win."""
        totals = rules.final_totals(state)
        if state.over:
            places = rules.ranks(totals, state.chips)
            firsts = places.count(1)
            return [1 / firsts if p == 1 else 0.0 for p in places]
        huts = state.huts
        values = [totals[seat] + HUT_VALUE * sum(huts[colour::N_COLOURS])
                  for seat, colour in enumerate(state.colours)]
        top = max(values)
        weights = [math.exp((v - top) / TEMPERATURE) for v in values]
        whole = sum(weights)
        return [w / whole for w in weights]


def _ranked(state: ClansState, mine: int) -> list[tuple]:
    """The seat's choices worth searching, best first by the heuristic's judgement."""
    judge = HeuristicPlayer(random.Random(0))
    if state.to_order:
        orders = list(permutations(state.to_order))
        if len(orders) > MAX_ORDERS:
            return []  # too many to search: the heuristic decides
        return [("order", order) for order in orders]
    scored = []
    for src, dst in fast.legal_moves(state):
        after = state.clone()
        rules.move_in_place(after, src, dst, None)
        if after.to_order:
            _, after = judge.best_order(after, mine)
        scored.append((-judge.gain(state, after, mine), src, dst))
    scored.sort()
    return [("move", src, dst) for _, src, dst in scored[:CANDIDATES]]
