"""Ballots anyone can verify: commitments to Doge's face-down stacks.

At a round's reveal (D-3.3) every new stack gets a fresh salt from `secrets` (never the
game's seeded generator: a salt must not be predictable from the seed) and the channel
shows the start of SHA-256(preimage) (bot/store/commitments.py says which bytes). At the
area's election (D-4.2) the channel shows the whole preimage, salt included, so anyone
can hash it and compare. The engine knows nothing of this: `seal` is the store's sealer,
called inside the transaction of the revealing action, and `CommitmentBook.annotate`
adds `commitment` / `commitment_opened` events next to the engine events they belong to
whenever the table narrates (a step, or a message told again from the action log), with
one line each (`describe`).

Nothing secret is shown early (D-10.2): a `commitment` carries only the hash; a salt
goes out only with the election that reveals its values.
"""

from __future__ import annotations

import json
import secrets
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from bot.games.base import Action, Event, PlayerSpec
from bot.games.doge.constants import area_name
from bot.i18n import _, _n
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


TOLD = ("round_revealed", "election")  # the events whose stacks' lines go with them


def _key(event: Event) -> str:
    return json.dumps(event, sort_keys=True, separators=(",", ":"))


@dataclass
class _Held:
    """What the book knows of one game, up to `version` of its log."""

    version: int = 0
    year: int = 1  # the game's year at `version`
    # The years each round_revealed / election event happened in, by its exact text:
    # narration gets bare events, and the same event can come back in a later year.
    years: dict[str, list[int]] = field(default_factory=dict)
    rows: dict[tuple[int, str, int], Commitment] = field(default_factory=dict)


class CommitmentBook:
    """The commitments of the games in play, kept for narration, which is not async.
    `refresh` (on every load of a game) reads what is new in its log (all of it the first
    time, or after an undo) and its commitments after a reveal; `annotate` then works
    from memory."""

    def __init__(self, store: Store, size: int = 4096) -> None:
        self.store = store
        self.size = size
        self._games: OrderedDict[int, _Held] = OrderedDict()

    async def refresh(self, game: LoadedGame, since: int | None = None,
                      events: list[Event] | None = None) -> None:
        """Up to `game`'s version. `events`, when given, are every event of the versions
        after `since` (a step's own moves): if the book stands at `since`, they are what
        it would read from the log."""
        if game.row.game != "doge":
            return
        held = self._games.get(game.id)
        if held is None or game.version < held.version:
            held = _Held()
        if game.version != held.version:
            revealed = not held.version
            if since == held.version and events is not None:
                news = [(game.version, events)]
            else:
                news = [(entry.version, entry.events) for entry in
                        await self.store.list_actions(game.id, after_version=held.version)]
            for version, told in news:
                for event in told:
                    if event.get("type") == "year_begins":
                        held.year = event["year"]
                    elif event.get("type") in TOLD:
                        held.years.setdefault(_key(event), []).append(held.year)
                        revealed = revealed or event["type"] == "round_revealed"
                held.version = max(held.version, version)
            if revealed:
                held.rows = {(c.year, c.area, c.seat): c
                             for c in await self.store.commitments(game.id)}
        self._games[game.id] = held
        self._games.move_to_end(game.id)
        while len(self._games) > self.size:
            self._games.popitem(last=False)

    def annotate(self, game: LoadedGame, events: list[Event]) -> list[Event]:
        """The events with a `commitment` after each stack of a revealed round and a
        `commitment_opened` before each stack of an election (so the votes stay the
        step's last line, the board's caption). Safe on its own result."""
        events = [e for e in events if e.get("type") not in OWN_EVENTS]
        held = self._games.get(game.id)
        if held is None or not held.rows:
            return events
        out: list[Event] = []
        for event, told in zip(events, _years(events), strict=True):
            kind = event.get("type")
            if kind not in TOLD:
                out.append(event)
                continue
            years = held.years.get(_key(event), [])
            # The same event in several years: the year the events around it tell.
            year = told if told in years else years[-1] if years else None
            shown = [] if year is None else _stacks(game.id, held.rows, event, year)
            out += [event, *shown] if kind == "round_revealed" else [*shown, event]
        return out


def _years(events: list[Event]) -> list[int | None]:
    """Each event's year where the events themselves tell it (year_begins,
    elections_begin and year_end carry it); None where they do not."""
    years: list[int | None] = []
    current: int | None = None
    for event in events:
        kind = event.get("type")
        if kind in ("year_begins", "elections_begin", "year_end"):
            current = event["year"]
        years.append(current)
        if kind == "year_end":
            current = event["year"] + 1
    first = next(((i, e) for i, e in enumerate(events) if years[i] is not None), None)
    if first is not None:  # the events before the first that tells
        index, event = first
        before = event["year"] - 1 if event["type"] == "year_begins" else event["year"]
        years[:index] = [before] * index
    return years


def _stacks(game_id: int, rows: dict[tuple[int, str, int], Commitment], event: Event,
            year: int) -> list[Event]:
    if event["type"] == "round_revealed":
        return [_shown(game_id, rows[key], count=p["count"]) for p in event["placements"]
                if (key := (year, p["area"], p["seat"])) in rows]
    # The values as the election revealed them: a changed one would not match its hash.
    return [_shown(game_id, rows[key], markers=s["markers"]) for s in event["stacks"]
            if (key := (year, event["area"], s["seat"])) in rows]


def _shown(game_id: int, c: Commitment, *, count: int | None = None,
           markers: Sequence[int] | None = None) -> Event:
    event: Event = {"type": COMMITMENT if markers is None else OPENED, "game_id": game_id,
                    "year": c.year, "area": c.area, "seat": c.seat, "sha256": c.sha256}
    if markers is None:
        event["count"] = count
    else:  # the values as the election revealed them, with the salt kept until now
        event.update(markers=sorted(markers, reverse=True), salt=c.salt)
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
    who = players[seat].name if 0 <= seat < len(players) else _("seat {seat}", seat=seat)
    values = {"area": area_name(event["area"]), "who": who,
              "hash": event["sha256"][:SHOWN_HEX]}
    if kind == COMMITMENT:
        return _n("🔒 {area}, {who}'s stack of {n} marker: sha256 {hash}…",
                  "🔒 {area}, {who}'s stack of {n} markers: sha256 {hash}…", event["count"],
                  **values)
    return _("🔓 {area}, {who}: sha256 of `{text}` is {hash}…", text=opened_text(event),
             **values)
