"""Clans state to JSON and back, exactly: `state_from_json(state_to_json(s)) == s`.

Territories and colours are written by label and name, so a stored game stays readable.
The JSON holds the secret colours: it is for the store, never for players (C-7.2).
"""

from __future__ import annotations

from typing import Any

from bot.games.base import PlayerSpec
from bot.games.clans.board import COLOURS
from bot.games.clans.rules import (
    LABELS,
    MAP,
    N_COLOURS,
    N_TERRITORIES,
    UNKNOWN_COLOUR,
    ClansState,
    Village,
)

SCHEMA = 1


def _colour(name: str) -> int:
    return COLOURS.index(name)


def _territory(label: str) -> int:
    index = MAP.index_of.get(label)
    if index is None:
        raise ValueError(f"unknown territory {label!r} in stored state")
    return index


def _copy_action(entry: dict[str, Any]) -> dict[str, Any]:
    """A copy sharing no list with its source, so JSON and state never alias."""
    copy = dict(entry)
    if "villages" in copy:
        copy["villages"] = list(copy["villages"])
    return copy


def village_to_json(v: Village) -> dict[str, Any]:
    return {
        "territory": LABELS[v.territory], "chip": v.chip, "epoch": v.epoch, "seat": v.seat,
        "huts": list(v.huts), "strife_losses": [COLOURS[c] for c in v.strife_losses],
        "destroyed": v.destroyed, "value": v.value, "scored": [COLOURS[c] for c in v.scored],
    }


def village_from_json(data: dict[str, Any]) -> Village:
    return Village(
        territory=_territory(data["territory"]), chip=int(data["chip"]), epoch=int(data["epoch"]),
        seat=int(data["seat"]), huts=tuple(int(n) for n in data["huts"]),
        strife_losses=tuple(_colour(c) for c in data["strife_losses"]),
        destroyed=bool(data["destroyed"]), value=int(data["value"]),
        scored=tuple(_colour(c) for c in data["scored"]),
    )


def state_to_json(state: ClansState) -> dict[str, Any]:
    if UNKNOWN_COLOUR in state.colours:
        raise ValueError("a hypothetical state with unknown colours is not a game to store")
    huts = state.huts
    return {
        "schema": SCHEMA,
        "game": "clans",
        "players": [p.to_json() for p in state.players],
        "turn_order": list(state.turn_order),
        "colours": [COLOURS[c] for c in state.colours],
        "huts": {
            LABELS[t]: huts[t * N_COLOURS : (t + 1) * N_COLOURS] for t in range(N_TERRITORIES)
            if state.totals[t]
        },
        "villages": [village_to_json(v) for v in state.villages],
        "clan_scores": list(state.clan_scores),
        "chips": list(state.chips),
        "turn": state.turn,
        "to_order": [LABELS[t] for t in state.to_order],
        "log": [_copy_action(entry) for entry in state.log],
        "over": state.over,
        "end_reason": state.end_reason,
    }


def state_from_json(data: dict[str, Any]) -> ClansState:
    if data.get("schema") != SCHEMA or data.get("game") != "clans":
        raise ValueError(f"not a Clans state of schema {SCHEMA}: {data.get('schema')!r}")
    huts = [0] * (N_TERRITORIES * N_COLOURS)
    for label, counts in data["huts"].items():
        t = _territory(label)
        if len(counts) != N_COLOURS:
            raise ValueError(f"territory {label} needs {N_COLOURS} hut counts")
        huts[t * N_COLOURS : (t + 1) * N_COLOURS] = [int(n) for n in counts]
    totals = [sum(huts[t * N_COLOURS : (t + 1) * N_COLOURS]) for t in range(N_TERRITORIES)]
    return ClansState(
        players=tuple(PlayerSpec.from_json(p) for p in data["players"]),
        turn_order=tuple(int(s) for s in data["turn_order"]),
        colours=tuple(_colour(c) for c in data["colours"]),
        huts=huts,
        totals=totals,
        villages=[village_from_json(v) for v in data["villages"]],
        clan_scores=[int(n) for n in data["clan_scores"]],
        chips=[int(n) for n in data["chips"]],
        turn=int(data["turn"]),
        to_order=[_territory(label) for label in data["to_order"]],
        log=[_copy_action(entry) for entry in data["log"]],
        over=bool(data["over"]),
        end_reason=data["end_reason"],
    )
