"""What a spectator or a player may see of a Clans game (C-7).

Two types so they cannot be confused: `ClansPublicView` holds only public facts (no colour
of any player until the game is over), and `ClansPlayerView` wraps one together with the
viewer's own colour. Both are frozen and have a JSON form.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from bot.games.base import PlayerSpec
from bot.games.clans.board import COLOURS, TERRAINS
from bot.games.clans.rules import (
    LABELS,
    LAST_CHIP_OF_EPOCH,
    MAP,
    N_COLOURS,
    N_TERRITORIES,
    TERRAIN,
    UNKNOWN_COLOUR,
    ClansState,
    Village,
    final_totals,
    ranks,
)


@dataclass(frozen=True)
class TerritoryView:
    label: str
    terrain: str
    huts: tuple[int, ...]  # per colour, in COLOURS order
    village_chip: int | None  # the chip of the village founded here, if any

    @property
    def total(self) -> int:
        return sum(self.huts)


@dataclass(frozen=True)
class VillageView:
    territory: str
    chip: int
    epoch: int  # 1..5
    terrain: str
    founder: int  # the seat that took the chip
    huts: tuple[int, ...]  # per colour, after strife, before any destruction
    strife_losses: tuple[str, ...]
    destroyed: bool
    value: int
    scored: tuple[str, ...]


@dataclass(frozen=True)
class ActionView:
    seat: int
    type: str  # "move" (territories = from, to) or "order" (territories = villages in order)
    territories: tuple[str, ...]


@dataclass(frozen=True)
class FinalResult:
    """Only once the game is over, when every colour is public (C-6.2)."""

    reason: str
    colours: tuple[str, ...]  # per seat
    totals: tuple[int, ...]
    ranks: tuple[int, ...]

    @property
    def standings(self) -> tuple[int, ...]:
        """The seats best first (C-6.3); tied seats in seat order, as the last line tells
        them."""
        return tuple(sorted(range(len(self.ranks)), key=lambda s: (self.ranks[s], s)))


@dataclass(frozen=True)
class ClansPublicView:
    players: tuple[str, ...]  # names, by seat
    turn_order: tuple[int, ...]
    board: tuple[TerritoryView, ...]
    villages: tuple[VillageView, ...]
    chips: tuple[int, ...]  # per seat (C-7.1)
    clan_scores: tuple[int, ...]  # per colour, in COLOURS order (C-7.1)
    epoch: int  # 1..5, the epoch of the next village
    chips_left_in_epoch: int
    turn: int  # turns completed
    to_act: int | None
    villages_to_order: tuple[str, ...]
    moves: tuple[ActionView, ...]
    result: FinalResult | None

    def clan_score(self, colour: str) -> int:
        return self.clan_scores[COLOURS.index(colour)]

    def to_json(self) -> dict[str, Any]:
        return {
            "players": list(self.players),
            "turn_order": list(self.turn_order),
            "board": {
                t.label: {"terrain": t.terrain, "huts": dict(zip(COLOURS, t.huts, strict=True)),
                          "village_chip": t.village_chip}
                for t in self.board
            },
            "villages": [
                {"territory": v.territory, "chip": v.chip, "epoch": v.epoch, "terrain": v.terrain,
                 "founder": v.founder, "huts": dict(zip(COLOURS, v.huts, strict=True)),
                 "strife_losses": list(v.strife_losses), "destroyed": v.destroyed,
                 "value": v.value, "scored": list(v.scored)}
                for v in self.villages
            ],
            "chips": list(self.chips),
            "clan_scores": dict(zip(COLOURS, self.clan_scores, strict=True)),
            "epoch": self.epoch,
            "chips_left_in_epoch": self.chips_left_in_epoch,
            "turn": self.turn,
            "to_act": self.to_act,
            "villages_to_order": list(self.villages_to_order),
            "moves": [{"seat": m.seat, "type": m.type, "territories": list(m.territories)}
                      for m in self.moves],
            "result": None if self.result is None else {
                "reason": self.result.reason, "colours": list(self.result.colours),
                "totals": list(self.result.totals), "ranks": list(self.result.ranks),
            },
        }


@dataclass(frozen=True)
class ClansPlayerView:
    """The public view plus the one secret this seat may know: its own colour (C-2.3)."""

    public: ClansPublicView
    seat: int
    colour: str

    def to_json(self) -> dict[str, Any]:
        return {"public": self.public.to_json(), "seat": self.seat, "colour": self.colour}


def _village_view(v: Village) -> VillageView:
    return VillageView(
        territory=LABELS[v.territory], chip=v.chip, epoch=v.epoch + 1,
        terrain=TERRAINS[TERRAIN[v.territory]], founder=v.seat, huts=v.huts,
        strife_losses=tuple(COLOURS[c] for c in v.strife_losses), destroyed=v.destroyed,
        value=v.value, scored=tuple(COLOURS[c] for c in v.scored),
    )


def spectator_view(state: ClansState) -> ClansPublicView:
    chip_at = {v.territory: v.chip for v in state.villages}
    board = tuple(
        TerritoryView(LABELS[t], TERRAINS[TERRAIN[t]],
                      tuple(state.huts[t * N_COLOURS : (t + 1) * N_COLOURS]), chip_at.get(t))
        for t in range(N_TERRITORIES)
    )
    result = None
    if state.over:  # C-6.2: now, and only now, every colour is public
        totals = final_totals(state)
        result = FinalResult(
            reason=str(state.end_reason), colours=tuple(COLOURS[c] for c in state.colours),
            totals=tuple(totals), ranks=tuple(ranks(totals, state.chips)),
        )
    taken = len(state.villages)
    return ClansPublicView(
        players=tuple(p.name for p in state.players),
        turn_order=state.turn_order,
        board=board,
        villages=tuple(_village_view(v) for v in state.villages),
        chips=tuple(state.chips),
        clan_scores=tuple(state.clan_scores),
        epoch=state.epoch + 1,
        chips_left_in_epoch=min((c for c in LAST_CHIP_OF_EPOCH if c > taken), default=taken)
        - taken,
        turn=state.turn,
        to_act=None if state.over else state.mover,
        villages_to_order=tuple(LABELS[t] for t in state.to_order),
        moves=tuple(
            ActionView(a["seat"], a["type"],
                       (a["from"], a["to"]) if a["type"] == "move" else tuple(a["villages"]))
            for a in state.log
        ),
        result=result,
    )


def player_view(state: ClansState, seat: int) -> ClansPlayerView:
    if not 0 <= seat < len(state.players):
        raise ValueError(f"no seat {seat} in this game")
    return ClansPlayerView(spectator_view(state), seat, COLOURS[state.colours[seat]])


def shadow_state(view: ClansPlayerView) -> ClansState:
    """A state built from what `view`'s seat knows, other colours unknown. Moves play out
    the same whoever holds which colour, so it serves to look ahead without the secrets."""
    public = view.public
    huts = [n for t in public.board for n in t.huts]
    colours = [UNKNOWN_COLOUR] * len(public.players)
    colours[view.seat] = COLOURS.index(view.colour)
    return ClansState(
        players=tuple(PlayerSpec(name) for name in public.players),
        turn_order=public.turn_order,
        colours=tuple(colours),
        huts=huts,
        totals=[t.total for t in public.board],
        villages=[
            Village(MAP.index_of[v.territory], v.chip, v.epoch - 1, v.founder, v.huts,
                    tuple(COLOURS.index(c) for c in v.strife_losses), v.destroyed, v.value,
                    tuple(COLOURS.index(c) for c in v.scored))
            for v in public.villages
        ],
        clan_scores=list(public.clan_scores),
        chips=list(public.chips),
        turn=public.turn,
        to_order=[MAP.index_of[label] for label in public.villages_to_order],
        log=[],
        over=public.result is not None,
        end_reason=public.result.reason if public.result else None,
    )
