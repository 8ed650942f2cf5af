"""Information-set Monte Carlo tree search for one seat, the same for every game.

Each simulation starts from a fresh full state sampled from what the seat can see (the
game's `determinize`), so the search never reads a secret of the real game. The tree
holds the seat's own decisions (single observer): its nodes are the seat's information
sets, their children the actions it took there, chosen by UCB among the actions
available in that simulation's sample (availability counts, so an action legal in few
samples is not favoured). The other seats act by the game's simulation policy, which is
also how every simulation ends: played on to a cut-off and scored.

The budget is a number of simulations, so a search with the same seed repeats exactly,
on any machine. It stops early once no other action could overtake the most visited one.
"""

from __future__ import annotations

import math
import random
from collections.abc import Hashable, Sequence
from typing import Any, Protocol


class SearchGame(Protocol):
    """What the search needs from a game, for one seat's decision."""

    seat: int

    def sample(self, rng: random.Random) -> Any:
        """A full state consistent with what the seat sees."""

    def to_move(self, state: Any) -> int | None:
        """The seat that decides next; None once the simulation should be scored."""

    def actions(self, state: Any, seat: int) -> Sequence[Hashable]:
        """The actions the search considers for the seat (all, or the promising ones)."""

    def play(self, state: Any, seat: int, rng: random.Random) -> None:
        """One action of `seat` by the simulation policy."""

    def apply(self, state: Any, seat: int, action: Hashable) -> None: ...

    def score(self, state: Any) -> Sequence[float]:
        """Each seat's result in [0, 1] (a win is 1; shared wins and estimates between)."""


class Node:
    __slots__ = ("children", "visits", "total", "available")

    def __init__(self) -> None:
        self.children: dict[Hashable, Node] = {}
        self.visits = 0
        self.total = 0.0  # sum of the searching seat's results through this node
        self.available = 0  # simulations in which this node's action could be taken


def search(game: SearchGame, rng: random.Random, simulations: int,
           exploration: float = 0.7, depth: int = 2) -> Hashable:
    """The seat's best action: the root child visited most often. `depth` bounds how
    many of the seat's own decisions in a row the tree holds."""
    root = Node()
    for done in range(simulations):
        _simulate(game, root, rng, exploration, depth)
        if done >= 16 and _decided(root, simulations - done - 1):
            break
    return max(root.children.items(), key=lambda kv: kv[1].visits)[0]


def _decided(root: Node, left: int) -> bool:
    """Whether the leader's lead in visits exceeds the simulations still to come."""
    if len(root.children) < 2:
        return len(root.children) == 1 and left >= 0
    first, second = sorted((c.visits for c in root.children.values()), reverse=True)[:2]
    return first - second > left


def _simulate(game: SearchGame, root: Node, rng: random.Random, exploration: float,
              depth: int) -> None:
    state = game.sample(rng)
    me = game.seat
    path: list[Node] = []
    node: Node | None = root
    while True:
        seat = game.to_move(state)
        if seat is None:
            break
        if seat != me or node is None:
            game.play(state, seat, rng)
            continue
        action, child = _select(node, game.actions(state, seat), exploration)
        game.apply(state, seat, action)
        path.append(child)
        node = child if child.visits and len(path) < depth else None
    result = game.score(state)[me]
    for n in path:
        n.visits += 1
        n.total += result


def _select(node: Node, actions: Sequence[Hashable],
            exploration: float) -> tuple[Hashable, Node]:
    """An action not tried yet at this node (the first in the game's order: it lists
    its most promising first), else the best by UCB among those available now."""
    children = node.children
    untried: Hashable | None = None
    best: tuple[Hashable, Node] | None = None
    best_value = -1.0
    log_visits: dict[int, float] = {}
    for action in actions:
        child = children.get(action)
        if child is None:
            if untried is None:
                untried = action
            continue
        child.available += 1
        if untried is not None or not child.visits:
            continue
        log = log_visits.get(child.available)
        if log is None:
            log = log_visits[child.available] = math.log(child.available)
        value = child.total / child.visits + exploration * math.sqrt(log / child.visits)
        if value > best_value:
            best, best_value = (action, child), value
    if untried is not None:
        child = children[untried] = Node()
        child.available = 1
        return untried, child
    if best is None:
        raise ValueError("no action to search")
    return best
