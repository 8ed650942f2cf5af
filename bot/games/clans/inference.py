"""Guessing the other players' clans from their public moves, for the `strong` level.

A player's clan is secret (C-2.3, C-7.2), but every move is public (C-7.1), and players
make the moves that serve their own clan, as the `normal` heuristic does. So each move a
seat made is weighed, for every colour it might hold, by how the heuristic would have
rated it against the other moves it had: a colour under which the move was among the
best is likelier than one under which it was poor (a softmax of the heuristic's gain, at
`TEMPERATURE` points of gain for a factor of e). A player is taken to choose blindly now
and then (`LAPSE`), and a share of the guess (`FLOOR`) stays spread over every deal, so
no move, and nobody playing against their own clan, rules a clan out.

That needs the board before each move, which the view does not show as such: it shows
the board now, every move and every village with the huts it held. Each territory
started with one hut (C-2.2), and where each hut went follows from the moves alone; so
the huts that stand together now (or stood in a village) started on known territories,
and only which of them held which colour is open. A sample of that, each group's
colours shuffled among its territories (then swapped within groups towards one hut of
each colour a region), replays to the same public history: the same villages, founded
by the same moves, with the same huts. Moves that founded villages are weighed exactly;
what other moves would have founded, on territories whose huts later merged, is
estimated from `SAMPLES` such boards.

The guess depends on the view alone (its own random generator is seeded the same each
time), so the level still chooses the same from any state with the same view.
"""

from __future__ import annotations

import math
import random
from itertools import permutations

from bot.games.base import PlayerSpec
from bot.games.clans import fast, rules
from bot.games.clans.board import COLOURS
from bot.games.clans.players import HeuristicPlayer
from bot.games.clans.rules import MAP, N_COLOURS, N_TERRITORIES, UNKNOWN_COLOUR, ClansState
from bot.games.clans.views import ActionView, ClansPlayerView

TEMPERATURE = 0.05  # points of the heuristic's gain that make a move about e times likelier
LAPSE = 0.2  # how often a player is taken to choose blindly: no move rules a colour out
FLOOR = 0.02  # the share of the guess spread evenly over every deal the view allows
SAMPLES = 4  # starting boards replayed
SWAPS = 2000  # at most, towards a starting board true to C-2.2

_REGION_NAMES = sorted({t.region for t in MAP.territories})
REGION_OF = [_REGION_NAMES.index(t.region) for t in MAP.territories]
REGIONS = range(len(_REGION_NAMES))

Group = tuple[list[int], list[int]]  # start territories, and the colours of their huts


def start_groups(view: ClansPlayerView) -> list[Group]:
    """Which territories' starting huts stand together now (or stood in a village), with
    the colours among them: each territory's huts follow its moves (C-3.1)."""
    content: list[list[int]] = [[t] for t in range(N_TERRITORIES)]
    for move in view.public.moves:
        if move.type == "move":
            src, dst = (MAP.index_of[label] for label in move.territories)
            content[dst] += content[src]
            content[src] = []
    villages = {MAP.index_of[v.territory]: v for v in view.public.villages}
    groups = []
    for t, members in enumerate(content):
        if not members:
            continue
        if t in villages:  # as founded: before strife and destruction (C-4.3, C-4.4)
            village = villages[t]
            counts = [n + (COLOURS[c] in village.strife_losses)
                      for c, n in enumerate(village.huts)]
        else:
            counts = list(view.public.board[t].huts)
        groups.append((members, [c for c in range(N_COLOURS) for _ in range(counts[c])]))
    return groups


def start_board(groups: list[Group], rng: random.Random) -> list[int]:
    """One starting board that replays to the view: each group's colours dealt at random
    among its territories, then swapped within groups towards one hut of each colour in
    every region (C-2.2)."""
    colour_of = [0] * N_TERRITORIES
    for members, colours in groups:
        dealt = colours[:]
        rng.shuffle(dealt)
        for t, c in zip(members, dealt, strict=True):
            colour_of[t] = c
    in_region = [[0] * N_COLOURS for _ in REGIONS]
    for t in range(N_TERRITORIES):
        in_region[REGION_OF[t]][colour_of[t]] += 1
    clashes = sum(max(0, n - 1) for row in in_region for n in row)
    mixed = [members for members, colours in groups if len(set(colours)) > 1]
    for _ in range(SWAPS):
        if not clashes or not mixed:
            break
        a, b = rng.sample(rng.choice(mixed), 2)
        ca, cb, ra, rb = colour_of[a], colour_of[b], REGION_OF[a], REGION_OF[b]
        if ca == cb or ra == rb:
            continue
        change = (in_region[ra][cb] > 0) + (in_region[rb][ca] > 0) \
            - (in_region[ra][ca] > 1) - (in_region[rb][cb] > 1)
        if change > 0 or (change == 0 and rng.random() < 0.5):
            continue
        colour_of[a], colour_of[b] = cb, ca
        in_region[ra][ca] -= 1
        in_region[ra][cb] += 1
        in_region[rb][cb] -= 1
        in_region[rb][ca] += 1
        clashes += change
    huts = [0] * (N_TERRITORIES * N_COLOURS)
    for t, c in enumerate(colour_of):
        huts[t * N_COLOURS + c] = 1
    return huts


def colour_logits(view: ClansPlayerView, rng: random.Random,
                  samples: int | None = None) -> list[list[float]]:
    """Per seat, per colour: the log-likelihood of the seat's moves had it held the
    colour (averaged over `samples` starting boards); zero for the own seat."""
    public = view.public
    logits = [[0.0] * N_COLOURS for _ in public.players]
    groups = start_groups(view)
    if any(len(members) != len(colours) for members, colours in groups):
        return logits  # a view that is not a game's own: guess nothing
    mine = COLOURS.index(view.colour)
    candidates = [c for c in range(N_COLOURS) if c != mine]
    count = samples or SAMPLES
    judge = HeuristicPlayer(random.Random(0))
    for _ in range(count):
        state = start_state(view, start_board(groups, rng))
        for move in public.moves:
            chosen = [MAP.index_of[label] for label in move.territories]
            if move.seat != view.seat:
                if move.type == "move":
                    likely = _move_likelihoods(state, judge, candidates, (chosen[0], chosen[1]))
                else:
                    likely = _order_likelihoods(state, judge, candidates, chosen)
                row = logits[move.seat]
                for c, value in zip(candidates, likely, strict=True):
                    row[c] += value / count
            replay(state, move)
            state.log = []  # not needed; copies are cheaper without it
    return logits


def start_state(view: ClansPlayerView, huts: list[int]) -> ClansState:
    """The game as it began on the starting board `huts`, every clan unknown."""
    public = view.public
    players = len(public.players)
    return ClansState(
        players=tuple(PlayerSpec(name) for name in public.players),
        turn_order=public.turn_order, colours=(UNKNOWN_COLOUR,) * players, huts=huts,
        totals=[1] * N_TERRITORIES, villages=[], clan_scores=[0] * N_COLOURS,
        chips=[0] * players, turn=0, to_order=[], log=[], over=False, end_reason=None)


def replay(state: ClansState, move: ActionView) -> None:
    """Plays a move of the view's history on `state`."""
    chosen = [MAP.index_of[label] for label in move.territories]
    if move.type == "move":
        rules.move_in_place(state, chosen[0], chosen[1], None)
    else:
        rules.order_in_place(state, chosen, None)


def _move_likelihoods(state: ClansState, judge: HeuristicPlayer, colours: list[int],
                      chosen: tuple[int, int]) -> list[float]:
    """Log-probability of the chosen move for each colour. A move that founds no village
    gains nothing, as the heuristic rates it."""
    legal = fast.legal_moves(state)
    gains: list[list[float]] = []  # per founding move, per colour
    chosen_gain = [0.0] * len(colours)
    for src, dst in legal:
        if not fast.founds_village(state.totals, src):
            continue
        after = state.clone()
        rules.move_in_place(after, src, dst, None)
        if after.to_order:
            row = [judge.gain(state, judge.best_order(after, c)[1], c) for c in colours]
        else:
            row = [judge.gain(state, after, c) for c in colours]
        gains.append(row)
        if (src, dst) == chosen:
            chosen_gain = row
    idle = len(legal) - len(gains)
    return [_lapse(chosen_gain[i] / TEMPERATURE - _log_sum(idle, [g[i] for g in gains]),
                   len(legal)) for i in range(len(colours))]


def _order_likelihoods(state: ClansState, judge: HeuristicPlayer, colours: list[int],
                       chosen: list[int]) -> list[float]:
    """Log-probability of the chosen order of villages for each colour (C-4.7)."""
    gains: list[list[float]] = []
    chosen_gain = [0.0] * len(colours)
    for order in permutations(state.to_order):
        after = state.clone()
        rules.order_in_place(after, list(order), None)
        row = [judge.gain(state, after, c) for c in colours]
        gains.append(row)
        if list(order) == chosen:
            chosen_gain = row
    return [_lapse(chosen_gain[i] / TEMPERATURE - _log_sum(0, [g[i] for g in gains]),
                   len(gains)) for i in range(len(colours))]


def _lapse(log_chance: float, choices: int) -> float:
    """The log-chance of a choice by a player who now and then picks any (`LAPSE`)."""
    return math.log((1 - LAPSE) * math.exp(log_chance) + LAPSE / choices)


def _log_sum(zeros: int, gains: list[float]) -> float:
    """log(zeros + sum of e^(gain / TEMPERATURE))."""
    top = max([0.0] + [g / TEMPERATURE for g in gains])
    total = zeros * math.exp(-top) + sum(math.exp(g / TEMPERATURE - top) for g in gains)
    return top + math.log(total)


class ClanGuess:
    """The deals of the other seats' clans that the view allows, each weighed by how well
    it explains their moves; `draw` picks one by weight."""

    def __init__(self, view: ClansPlayerView, rng: random.Random | None = None) -> None:
        mine = COLOURS.index(view.colour)
        others = [c for c in range(N_COLOURS) if c != mine]
        seats = [s for s in range(len(view.public.players)) if s != view.seat]
        logits = colour_logits(view, rng or random.Random(0))
        self.deals: list[tuple[int, ...]] = []
        scores: list[float] = []
        for dealt in permutations(others, len(seats)):
            colours = list(dealt[: view.seat]) + [mine] + list(dealt[view.seat:])
            self.deals.append(tuple(colours))
            scores.append(sum(logits[s][colours[s]] for s in seats))
        top = max(scores)
        weights = [math.exp(score - top) for score in scores]
        whole = sum(weights)
        total = 0.0
        self.cumulative: list[float] = []
        for weight in weights:  # every deal keeps a little: people are not the heuristic
            total += (1 - FLOOR) * weight / whole + FLOOR / len(weights)
            self.cumulative.append(total)

    def draw(self, rng: random.Random) -> tuple[int, ...]:
        """Every seat's colour, the own seat's as it is."""
        return rng.choices(self.deals, cum_weights=self.cumulative)[0]

    def chance(self, seat: int, colour: int) -> float:
        """How likely `seat` holds `colour`, by the weights."""
        held, previous = 0.0, 0.0
        for deal, upto in zip(self.deals, self.cumulative, strict=True):
            if deal[seat] == colour:
                held += upto - previous
            previous = upto
        return held / self.cumulative[-1]
