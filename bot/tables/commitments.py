"""Ballots anyone can verify: commitments to Doge's face-down stacks.

At a round's reveal (D-3.3) every new stack gets a fresh salt from `secrets` (never the
game's seeded generator: a salt must not be predictable from the seed) and the channel
shows the start of SHA-256(preimage) (bot/store/commitments.py says which bytes). At the
area's election (D-4.2) the channel shows the whole preimage, salt included, so anyone
can hash it and compare. The engine knows nothing of this: `seal` is the store's sealer,
called inside the transaction of the revealing action, and `annotate` adds the
`commitment` / `commitment_opened` events to a step after it is committed, next to the
events they belong to, with one line of narration each (`describe`).

Nothing secret is shown early (D-10.2): a `commitment` carries only the hash; a salt
goes out only with the election that reveals its values.
"""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from typing import Any

from bot.games.base import Action, Event, PlayerSpec
from bot.games.doge.constants import area_name
from bot.games.wording import plural
from bot.store import LoadedGame, Store
from bot.store.commitments import SALT_BYTES, Commitment, digest, preimage

COMMITMENT = "commitment"
OPENED = "commitment_opened"
OWN_EVENTS = (COMMITMENT, OPENED)
# How much of the hash a channel line shows: 64 bits. Changing a value afterwards would
# need another preimage with the same 64 bits, about 2^64 hashes; the full hash is in the
# game record (`/doge export`). Short lines survive the clipping of a long step.
SHOWN_HEX = 16


def dealt_stacks(before: Any, action: Action,
                 events: list[Event]) -> list[tuple[int, str, int, list[int]]]:
    """(year, area, seat, values highest first) of every stack the action revealed: the
    round's ballots held before it plus the ballot it made itself (D-3.3)."""
    out = []
    for event in events:
        if event.get("type") != "round_revealed":
            continue
        for placed in event["placements"]:
            seat = placed["seat"]
            if action.get("type") == "ballot" and action.get("seat") == seat:
                markers = list(action["markers"])
            else:
                markers = list(before.ballots[seat].markers)
            if len(markers) != placed["count"]:
                raise RuntimeError(f"seat {seat}'s stack does not match its ballot")
            out.append((before.year, placed["area"], seat, sorted(markers, reverse=True)))
    return out


def seal(game: str, game_id: int, before: Any, action: Action,
         events: list[Event]) -> list[Commitment]:
    """The store's sealer: a commitment with a fresh salt for every stack revealed."""
    if game != "doge":
        return []
    sealed = []
    for year, area, seat, markers in dealt_stacks(before, action, events):
        salt = secrets.token_hex(SALT_BYTES)
        sealed.append(Commitment(year, area, seat, tuple(markers), salt,
                                 digest(game_id, year, area, seat, markers, salt)))
    return sealed


async def annotate(store: Store, game: LoadedGame, events: list[Event]) -> list[Event]:
    """The step's events with a `commitment` after each stack of a revealed round and a
    `commitment_opened` after each stack of an election. Safe to call again on its own
    result (a step narrated twice gets its lines once)."""
    events = [e for e in events if e.get("type") not in OWN_EVENTS]
    if game.row.game != "doge" or game.state is None or not any(
            e["type"] in ("round_revealed", "election") for e in events):
        return events
    rows = {(c.year, c.area, c.seat): c for c in await store.commitments(game.id)}
    # The year at the step's start: the game's year, less the years begun since.
    year = game.state.year - sum(1 for e in events if e["type"] == "year_begins")
    out: list[Event] = []
    for event in events:
        out.append(event)
        if event["type"] == "year_begins":
            year = event["year"]
        elif event["type"] == "round_revealed":
            out += [_shown(game.id, rows, year, p["area"], p["seat"], count=p["count"])
                    for p in event["placements"] if (year, p["area"], p["seat"]) in rows]
        elif event["type"] == "election":
            out += [_shown(game.id, rows, year, event["area"], s["seat"],
                           markers=s["markers"]) for s in event["stacks"]
                    if (year, event["area"], s["seat"]) in rows]
    return out


def _shown(game_id: int, rows: dict[tuple[int, str, int], Commitment], year: int,
           area: str, seat: int, *, count: int | None = None,
           markers: Sequence[int] | None = None) -> Event:
    c = rows[(year, area, seat)]
    event: Event = {"type": COMMITMENT if markers is None else OPENED, "game_id": game_id,
                    "year": year, "area": area, "seat": seat, "sha256": c.sha256}
    if markers is None:
        event["count"] = count
    else:  # the values as the election revealed them, with the salt kept until now
        event.update(markers=list(markers), salt=c.salt)
    return event


def opened_text(event: Event) -> str:
    """The exact text whose SHA-256 the commitment is (the preimage, as UTF-8)."""
    return preimage(event["game_id"], event["year"], event["area"], event["seat"],
                    event["markers"], event["salt"]).decode()


def describe(event: Event, players: list[PlayerSpec]) -> str | None:
    """The channel line of one of this module's events; None for any other event."""
    kind = event.get("type")
    if kind not in OWN_EVENTS:
        return None
    seat = event["seat"]
    who = players[seat].name if 0 <= seat < len(players) else f"seat {seat}"
    short = event["sha256"][:SHOWN_HEX]
    if kind == COMMITMENT:
        return (f"🔒 {area_name(event['area'])}, {who}'s stack of "
                f"{plural(event['count'], 'marker')}: sha256 {short}…")
    return f"🔓 {area_name(event['area'])}, {who}: sha256 of `{opened_text(event)}` is {short}…"
