"""Computer players: random, easy, and the heuristic one (the `normal` level of AI seats
and the autopilot; the `strong` level searches, `strong.py`). All decide from a
`ClansPlayerView` only, so they know their own colour and nothing else secret (C-7.2)."""

from __future__ import annotations

import random
from itertools import permutations

from bot.games.base import Action
from bot.games.clans import ENGINE, fast, rules
from bot.games.clans.board import COLOURS
from bot.games.clans.rules import LABELS, N_COLOURS, ClansState
from bot.games.clans.views import ClansPlayerView, shadow_state


class RandomPlayer:
    """Picks uniformly among the legal actions."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def choose(self, view: ClansPlayerView) -> Action:
        return self.rng.choice(ENGINE.legal_actions(shadow_state(view), view.seat))


def play_out_randomly(state: ClansState, rng: random.Random) -> None:
    """Finishes the game in place with uniformly random moves and orders: the fast path
    for simulations, on the integer core without building actions or events."""
    while not state.over:
        if state.to_order:
            order = state.to_order[:]
            rng.shuffle(order)
            rules.order_in_place(state, order, None)
        else:
            src, dst = rng.choice(rules.legal_moves(state))
            rules.move_in_place(state, src, dst, None)


class HeuristicPlayer:
    """Greedy one ply. A move is worth what it brings its own clan and its chips, minus a
    share of what it brings the other colours (each may be an opponent's) and minus the
    own huts it loses to strife or unfavourable terrain (huts are future points)."""

    def __init__(self, rng: random.Random, others_weight: float = 0.2,
                 hut_weight: float = 0.5) -> None:
        self.rng = rng
        self.others_weight = others_weight
        self.hut_weight = hut_weight

    def choose(self, view: ClansPlayerView) -> Action:
        state = shadow_state(view)
        mine = COLOURS.index(view.colour)
        if state.to_order:
            order, _ = self.best_order(state, mine)
            return {"seat": view.seat, "type": "order", "villages": [LABELS[t] for t in order]}
        src, dst = self.rng.choice(self.best_moves(state, mine))
        return {"seat": view.seat, "type": "move", "from": LABELS[src], "to": LABELS[dst]}

    def best_moves(self, state: ClansState, mine: int) -> list[tuple[int, int]]:
        """The moves of the highest gain for the clan `mine`, in label order. A move that
        founds no village gains nothing (no points, chips or huts change hands), so only
        the founding ones are played out."""
        best: list[tuple[int, int]] = []
        best_score = float("-inf")
        totals = state.totals
        for src, dst in fast.legal_moves(state):
            if fast.founds_village(totals, src):
                after = state.clone()
                rules.move_in_place(after, src, dst, None)
                if after.to_order:
                    _, after = self.best_order(after, mine)
                score = self.gain(state, after, mine)
            else:
                score = 0.0
            if score > best_score + 1e-9:
                best, best_score = [(src, dst)], score
            elif score > best_score - 1e-9:
                best.append((src, dst))  # equal moves: pick at random, not by label
        return best

    def gain(self, before: ClansState, after: ClansState, mine: int) -> float:
        seat = before.mover
        own = after.clan_scores[mine] - before.clan_scores[mine]
        chips = after.chips[seat] - before.chips[seat]  # C-6.2: a point per chip
        others = sum(after.clan_scores) - sum(before.clan_scores) - own
        lost = sum(before.huts[mine::N_COLOURS]) - sum(after.huts[mine::N_COLOURS])
        # Each other colour is an opponent's with probability (players - 1) / 4 (C-2.3).
        share = (len(before.players) - 1) / (N_COLOURS - 1)
        return own + chips - self.others_weight * share * others - self.hut_weight * lost

    def best_order(self, state: ClansState, mine: int) -> tuple[list[int], ClansState]:
        """C-4.7: try every order (one move founds at most six villages)."""
        best_order: list[int] = list(state.to_order)
        best_state, best_score = state, float("-inf")
        for order in permutations(state.to_order):
            after = state.clone()
            rules.order_in_place(after, list(order), None)
            score = self.gain(state, after, mine)
            if score > best_score:
                best_order, best_state, best_score = list(order), after, score
        return best_order, best_state


class EasyPlayer(HeuristicPlayer):
    """The `easy` level: a random move among the better half by the heuristic's judgement,
    and a random order of villages. Plausible, never planned."""

    def choose(self, view: ClansPlayerView) -> Action:
        state = shadow_state(view)
        if state.to_order:
            order = [LABELS[t] for t in state.to_order]
            self.rng.shuffle(order)
            return {"seat": view.seat, "type": "order", "villages": order}
        mine = COLOURS.index(view.colour)
        scored = []
        for src, dst in rules.legal_moves(state):
            after = state.clone()
            rules.move_in_place(after, src, dst, None)
            scored.append((self.gain(state, after, mine), src, dst))
        scored.sort(key=lambda m: -m[0])
        _, src, dst = self.rng.choice(scored[: max(1, (len(scored) + 1) // 2)])
        return {"seat": view.seat, "type": "move", "from": LABELS[src], "to": LABELS[dst]}
