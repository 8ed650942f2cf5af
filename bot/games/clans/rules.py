"""The Clans rules on a mutable state of plain ints: the fast in-place core that both the
engine (after validating an action) and simulations drive.

Nothing here checks whose turn it is or parses labels: callers pass moves that are legal
(see `engine.py` for the checks and the rule each one enforces).
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.games.base import Event, PlayerSpec
from bot.games.clans.board import COLOURS, FOREST, GRASSLAND, MOUNTAIN, STEPPE, TERRAINS, load_map

MAP = load_map()
NEIGHBOURS = MAP.neighbours
TERRAIN = MAP.terrain
LABELS = MAP.labels
N_TERRITORIES = len(LABELS)
N_COLOURS = len(COLOURS)
UNKNOWN_COLOUR = -1  # a colour the holder of the state may not know (C-2.3)

HUT_LIMIT = 7  # C-3.2: a territory with this many huts or more cannot be left
LAST_CHIP = 12  # C-1.4 / C-4.8
LAST_CHIP_BONUS = 5  # C-4.8

# C-5.1, our epoch chart. Epochs are 0..4 internally, shown as I..V.
EPOCH_CHIPS = (4, 3, 2, 2, 1)
EPOCH_NAMES = ("I", "II", "III", "IV", "V")
FAVOURABLE: tuple[int | None, ...] = (FOREST, MOUNTAIN, STEPPE, GRASSLAND, None)  # V: all
UNFAVOURABLE: tuple[int | None, ...] = (MOUNTAIN, GRASSLAND, FOREST, STEPPE, None)
EPOCH_BONUS = (1, 2, 3, 4, 5)
# EPOCH_OF_CHIP[k] = epoch of the village taking chip k (1-based; index 0 unused).
EPOCH_OF_CHIP = (0,) + tuple(e for e, n in enumerate(EPOCH_CHIPS) for _ in range(n))
LAST_CHIP_OF_EPOCH = frozenset(sum(EPOCH_CHIPS[: e + 1]) for e in range(len(EPOCH_CHIPS)))

END_TWELFTH = "twelfth_village"
END_NO_MOVES = "no_moves"


@dataclass(frozen=True)
class Village:
    """A founded village as scored (C-4.2). `huts` counts each colour after strife and
    before any destruction; the board keeps what stays."""

    territory: int
    chip: int
    epoch: int
    seat: int
    huts: tuple[int, ...]
    strife_losses: tuple[int, ...]  # colours that lost their single hut (C-4.3)
    destroyed: bool  # founded in unfavourable terrain (C-4.4)
    value: int
    scored: tuple[int, ...]  # colours that scored `value` (C-4.5)


@dataclass(slots=True)
class ClansState:
    """The whole game, secrets included. `colours` must never leave the engine except
    through `public_view` (C-7.2)."""

    players: tuple[PlayerSpec, ...]
    turn_order: tuple[int, ...]  # seats in playing order (C-2.4)
    colours: tuple[int, ...]  # per seat, index into COLOURS (C-2.3)
    huts: list[int]  # huts[t * 5 + c]: huts of colour c on territory t
    totals: list[int]  # huts per territory, kept in step with `huts` for speed
    villages: list[Village]  # in founding order, chip k at index k - 1
    clan_scores: list[int]  # per colour
    chips: list[int]  # village chips taken, per seat
    turn: int  # completed turns; the mover is turn_order[turn % players]
    to_order: list[int]  # villages the mover must order (C-4.7), else empty
    log: list[dict]  # every action applied, canonical and public (C-7.1)
    over: bool
    end_reason: str | None

    @property
    def mover(self) -> int:
        return self.turn_order[self.turn % len(self.turn_order)]

    @property
    def epoch(self) -> int:
        """The epoch the next village belongs to (C-5.2)."""
        return EPOCH_OF_CHIP[min(len(self.villages) + 1, LAST_CHIP)]

    def clone(self) -> ClansState:
        # Villages, players and log entries are never mutated, so shallow copies suffice.
        return ClansState(
            self.players, self.turn_order, self.colours, self.huts[:], self.totals[:],
            self.villages[:], self.clan_scores[:], self.chips[:], self.turn, self.to_order[:],
            self.log[:], self.over, self.end_reason,
        )


def legal_moves(state: ClansState) -> list[tuple[int, int]]:
    """Every (from, to) move, from-territory then to-territory ascending: the stable
    order `default_action` relies on."""
    totals = state.totals
    moves = []
    for src in range(N_TERRITORIES):
        n = totals[src]
        if not n:
            continue
        if n < HUT_LIMIT:
            for dst in NEIGHBOURS[src]:
                if totals[dst]:  # C-3.1: both must hold huts
                    moves.append((src, dst))
        else:
            for dst in NEIGHBOURS[src]:
                if totals[dst] >= n:  # C-3.2 / C-3.3: only onto an equal or larger 7+ group
                    moves.append((src, dst))
    return moves


def any_move(totals: list[int]) -> bool:
    """C-6.4: a move exists exactly when two neighbours both hold huts."""
    for src in range(N_TERRITORIES):
        if totals[src]:
            for dst in NEIGHBOURS[src]:
                if totals[dst]:
                    return True
    return False


def move_in_place(state: ClansState, src: int, dst: int, events: list[Event] | None) -> None:
    """C-3.1: all huts of `src` go to `dst`; then the villages this founds (C-4.1)."""
    seat = state.mover
    huts, totals = state.huts, state.totals
    s, d = src * N_COLOURS, dst * N_COLOURS
    for c in range(N_COLOURS):
        huts[d + c] += huts[s + c]
        huts[s + c] = 0
    moved = totals[src]
    totals[dst] += moved
    totals[src] = 0
    state.log.append({"seat": seat, "type": "move", "from": LABELS[src], "to": LABELS[dst]})
    if events is not None:
        events.append({"type": "move", "seat": seat, "from": LABELS[src], "to": LABELS[dst],
                       "huts": moved})
    # C-4.1: only the emptied territory's neighbours can have lost their last occupied
    # neighbour; a village's neighbours are all empty, so none of these is one already.
    founded = [
        t for t in NEIGHBOURS[src] if totals[t] and not any(totals[n] for n in NEIGHBOURS[t])
    ]
    if len(founded) >= 2:
        state.to_order = founded  # C-4.7: the mover chooses the order
        if events is not None:
            events.append({"type": "order_asked", "seat": seat,
                           "villages": [LABELS[t] for t in founded]})
        return
    for t in founded:  # the huts' destination, or a neighbour cut off (C-4.1)
        found_village(state, t, seat, events, None if t == dst else LABELS[src])
    finish_turn(state, events)


def order_in_place(state: ClansState, order: list[int], events: list[Event] | None) -> None:
    """Scores the villages of the last move in the mover's order (C-4.7); those after the
    12th village stay unscored (C-4.8)."""
    seat = state.mover
    # The move that founded them: those away from where its huts went were cut off by
    # the territory it emptied (C-4.1), which their lines tell.
    made = next((e for e in reversed(state.log) if e["type"] == "move"), None) \
        if events is not None else None
    state.log.append({"seat": seat, "type": "order", "villages": [LABELS[t] for t in order]})
    if events is not None:
        events.append({"type": "order", "seat": seat, "villages": [LABELS[t] for t in order]})
    state.to_order = []
    for t in order:
        if len(state.villages) >= LAST_CHIP:
            # C-4.8 ruling: no chip, no strife, not destroyed; the huts simply stay.
            if events is not None:
                events.append({"type": "village_unscored", "seat": seat, "territory": LABELS[t]})
            continue
        away = made is not None and made["to"] != LABELS[t]
        found_village(state, t, seat, events, made["from"] if away else None)
    finish_turn(state, events)


def found_village(state: ClansState, t: int, seat: int, events: list[Event] | None,
                  emptied: str | None = None) -> None:
    """C-4.2: chip, strife, value, scoring, in that order. `emptied`: the territory the
    move left, when the village is not where its huts went (C-4.1), for its event."""
    chip = len(state.villages) + 1
    epoch = EPOCH_OF_CHIP[chip]
    state.chips[seat] += 1  # C-4.2 / C-5.2: even a village destroyed later takes a chip
    huts, base = state.huts, t * N_COLOURS
    losses: tuple[int, ...] = ()
    if all(huts[base + c] for c in range(N_COLOURS)):  # C-4.3: strife among all 5 colours
        losses = tuple(c for c in range(N_COLOURS) if huts[base + c] == 1)
        for c in losses:
            huts[base + c] = 0
        state.totals[t] -= len(losses)
    left = state.totals[t]
    present = tuple(c for c in range(N_COLOURS) if huts[base + c])
    counts = tuple(huts[base : base + N_COLOURS])
    terrain = TERRAIN[t]
    destroyed = False
    if not left:
        value = 0  # C-4.3 ruling: emptied by strife, it scores for nobody
    elif chip == LAST_CHIP:
        value = left + LAST_CHIP_BONUS  # C-4.8: whatever its terrain
    elif terrain == UNFAVOURABLE[epoch]:
        value, destroyed, present = 0, True, ()  # C-4.4: all its huts leave the board
        for c in range(N_COLOURS):
            huts[base + c] = 0
        state.totals[t] = 0
    elif FAVOURABLE[epoch] is None or terrain == FAVOURABLE[epoch]:
        value = left + EPOCH_BONUS[epoch]  # C-4.4
    else:
        value = left  # C-4.4
    for c in present:  # C-4.5: every colour present scores the full value
        state.clan_scores[c] += value
    state.villages.append(Village(t, chip, epoch, seat, counts, losses, destroyed, value, present))
    if events is not None:
        events.append({
            "type": "village", "seat": seat, "territory": LABELS[t], "chip": chip,
            "epoch": epoch + 1, "terrain": TERRAINS[terrain],
            "huts": {COLOURS[c]: n for c, n in enumerate(counts) if n},
            "strife_losses": [COLOURS[c] for c in losses], "destroyed": destroyed,
            "value": value, "scored": [COLOURS[c] for c in present],
            **({"emptied": emptied} if emptied else {}),
        })
        if chip in LAST_CHIP_OF_EPOCH and chip < LAST_CHIP:  # C-5.2
            events.append({"type": "epoch", "epoch": epoch + 2})


def finish_turn(state: ClansState, events: list[Event] | None) -> None:
    if len(state.villages) >= LAST_CHIP:
        end_game(state, END_TWELFTH, events)  # C-6.1
    elif not any_move(state.totals):
        if events and events[-1]["type"] == "epoch":
            # C-5.2 / C-6.1: the game ends before the epoch the last village opened, so
            # no village can belong to it: that epoch never begins, nor is it told.
            events.pop()
        end_game(state, END_NO_MOVES, events)  # C-3.4 / C-6.1
    else:
        state.turn += 1


def final_totals(state: ClansState) -> list[int]:
    """C-6.2: clan points plus one per village chip."""
    return [
        (state.clan_scores[colour] if colour != UNKNOWN_COLOUR else 0) + state.chips[seat]
        for seat, colour in enumerate(state.colours)
    ]


def ranks(totals: list[int], chips: list[int]) -> list[int]:
    """C-6.3: higher total wins, then more chips; a tie on both shares the place, and
    places are numbered as in sport (1, 1, 3)."""
    keys = list(zip(totals, chips, strict=True))
    return [1 + sum(other > mine for other in keys) for mine in keys]


def end_game(state: ClansState, reason: str, events: list[Event] | None) -> None:
    state.over = True
    state.end_reason = reason
    if events is None:
        return
    totals = final_totals(state)
    events.append({
        "type": "game_end", "reason": reason,
        # C-6.2 / C-7.2: the colours become public only now.
        "colours": [COLOURS[c] if c != UNKNOWN_COLOUR else None for c in state.colours],
        "clan_scores": dict(zip(COLOURS, state.clan_scores, strict=True)),
        "chips": list(state.chips), "totals": totals, "ranks": ranks(totals, state.chips),
    })
