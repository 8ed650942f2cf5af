"""Ballots anyone can verify: Doge seals its face-down stacks (bot/games/sealing.py).

At a round's reveal (D-3.3) every new stack gets a fresh salt and its SHA-256(preimage);
the channel shows one line per round, the start of a hash over the round's stack hashes
(`round_sealed`), which fixes them all; at the area's election (D-4.2) the preimage,
salt included, becomes public, so anyone can hash it and compare (the web page, the
record and `/doge verify` show the stacks one by one). Nothing secret is shown early
(D-10.2): a `commitment` event carries only the hash; a salt goes out only with the
election that reveals its values. The engine knows nothing of this: the store seals
inside the revealing action's transaction, and narration adds `round_sealed`,
`commitment` and `commitment_opened` events next to the engine events they belong to.
"""

from __future__ import annotations

import hashlib
import json
import random
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from bot.games.base import Action, Event, PlayerSpec
from bot.games.doge.constants import AREAS, area_name
from bot.games.record import shown
from bot.games.registry import get_engine
from bot.games.sealing import Commitment, Key, Sealing
from bot.games.wording import SUBTEXT
from bot.i18n import _, _n

SCHEME = "doge-stack-v1"
ROUND_SCHEME = "doge-round-v1"  # the text a round's seal hashes (round_text)
COMMITMENT = "commitment"
OPENED = "commitment_opened"
SEALED = "round_sealed"
# How much of the hash a channel line shows: 64 bits. Changing a value afterwards would
# need another preimage with the same 64 bits, about 2^64 hashes; the full hash is in the
# game record (`/doge export`). Short lines survive the clipping of a long step.
SHOWN_HEX = 16
TOLD = ("round_revealed", "election")  # the events whose stacks' lines go with them
_HEX = re.compile(r"^[0-9a-f]+$")


def preimage(game_id: int, year: int, area: str, seat: int, markers: Sequence[int],
             salt: str) -> bytes:
    """The bytes hashed, as UTF-8: doge-stack-v1|<game>|<year>|<area>|<seat>|<values>|<salt>,
    values highest first and comma-separated, the salt in lowercase hex."""
    values = ",".join(str(m) for m in sorted(markers, reverse=True))
    return f"{SCHEME}|{game_id}|{year}|{area}|{seat}|{values}|{salt}".encode()


def digest(game_id: int, year: int, area: str, seat: int, markers: Sequence[int],
           salt: str) -> str:
    return hashlib.sha256(preimage(game_id, year, area, seat, markers, salt)).hexdigest()


def round_text(game_id: int, year: int, round_: int, hashes: Sequence[str]) -> str:
    """What a round's seal hashes: doge-round-v1|<game>|<year>|<round>|<hash>,<hash>…,
    its stacks' full hashes in the order the reveal names them."""
    return f"{ROUND_SCHEME}|{game_id}|{year}|{round_}|{','.join(hashes)}"


def round_digest(game_id: int, year: int, round_: int, hashes: Sequence[str]) -> str:
    return hashlib.sha256(round_text(game_id, year, round_, hashes).encode()).hexdigest()


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


def seal(game_id: int, before: Any, action: Action, events: list[Event],
         salt: Callable[[], str]) -> list[Commitment]:
    """Every stack the action revealed, each with a fresh salt and its hash."""
    sealed = []
    for year, area, seat, markers in dealt_stacks(before, action, events):
        fresh = salt()
        sealed.append(Commitment(year, area, seat, tuple(markers), fresh,
                                 digest(game_id, year, area, seat, markers, fresh)))
    return sealed


# -- narration ---------------------------------------------------------------------------


@dataclass
class Memory:
    """What narration needs of a game's log: the year it has reached, and the years each
    round_revealed / election event happened in, by its exact text (narration gets bare
    events, and the same event can come back in a later year)."""

    year: int = 1
    years: dict[str, list[int]] = field(default_factory=dict)


def _key(event: Event) -> str:
    return json.dumps(event, sort_keys=True, separators=(",", ":"))


def remember(memory: Memory, events: list[Event]) -> bool:
    revealed = False
    for event in events:
        if event.get("type") == "year_begins":
            memory.year = event["year"]
        elif event.get("type") in TOLD:
            memory.years.setdefault(_key(event), []).append(memory.year)
            revealed = revealed or event["type"] == "round_revealed"
    return revealed


def annotate(memory: Memory, stored: dict[Key, Commitment], game_id: int,
             events: list[Event]) -> list[Event]:
    """A round's seal just before its reveal, a `commitment` after each stack of a
    revealed round and a `commitment_opened` after each stack of an election: what happened
    reads first, its proof follows (the seal comes first, as it was fixed first)."""
    out: list[Event] = []
    for event, told in zip(events, _years(events), strict=True):
        kind = event.get("type")
        if kind not in TOLD:
            out.append(event)
            continue
        years = memory.years.get(_key(event), [])
        # The same event in several years: the year the events around it tell.
        year = told if told in years else years[-1] if years else None
        shown = [] if year is None else _stacks(game_id, stored, event, year)
        if kind == "round_revealed" and shown and year is not None:
            out.append({"type": SEALED, "game_id": game_id, "year": year,
                        "round": event["round"], "stacks": len(shown),
                        "sha256": round_digest(game_id, year, event["round"],
                                               [c["sha256"] for c in shown])})
        out += [event, *shown]
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


def _stacks(game_id: int, stored: dict[Key, Commitment], event: Event,
            year: int) -> list[Event]:
    if event["type"] == "round_revealed":
        return [_shown(game_id, stored[key], count=p["count"]) for p in event["placements"]
                if (key := (year, p["area"], p["seat"])) in stored]
    # The values as the election revealed them: a changed one would not match its hash.
    return [_shown(game_id, stored[key], markers=s["markers"]) for s in event["stacks"]
            if (key := (year, event["area"], s["seat"])) in stored]


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
    if kind == SEALED:  # the one line the channel shows of a round's stacks
        return SUBTEXT + _("🔒 round sealed · {hash}…", hash=event["sha256"][:SHOWN_HEX])
    if kind not in (COMMITMENT, OPENED):
        return None
    seat = event["seat"]
    who = players[seat].name if 0 <= seat < len(players) else _("seat {seat}", seat=seat)
    values = {"area": area_name(event["area"]), "who": who,
              "hash": event["sha256"][:SHOWN_HEX]}
    # Discord's small grey subtext ("-# "): the proof, where it is shown (the web page),
    # does not drown what happened.
    if kind == COMMITMENT:
        return SUBTEXT + _n("🔒 {area}, {who}'s stack of {n} marker: sha256 {hash}…",
                            "🔒 {area}, {who}'s stack of {n} markers: sha256 {hash}…",
                            event["count"], **values)
    return SUBTEXT + _("🔓 {area}, {who}: sha256 of `{text}` is {hash}…",
                       text=opened_text(event), **values)


# -- a record's check (python -m bot verify) ---------------------------------------------


def verify(replayed: Any, record: dict[str, Any], block: dict[str, Any]) -> tuple[int, list[str]]:
    """Each commitment's hash recomputed from the values and salt the record gives, and the
    values compared with the stacks the engine dealt when the record's actions are
    replayed (D-3.3): a stack without a commitment, a commitment without a stack, a
    changed value, salt or hash are each one line. The hashes the channel showed during
    the game are what a record cannot forge: compare their first digits with the
    record's."""
    game_id = block.get("game_id")
    if not isinstance(game_id, int) or isinstance(game_id, bool):
        return 0, ["the commitments name no game id"]
    problems: list[str] = []
    names = [p.name for p in replayed.players]
    committed = _read_stacks(block.get("stacks"), game_id, names, problems)
    dealt = _dealt(record, replayed.players)
    for key, values in dealt.items():
        if key not in committed:
            problems.append(f"{_where(key, names)}: the game dealt this stack, but it has no "
                            "commitment")
        elif committed[key] != values:
            problems.append(f"{_where(key, names)}: the record's values "
                            f"{_values(committed[key])} are not the {_values(values)} the "
                            "game dealt")
    for key in committed.keys() - dealt.keys():
        problems.append(f"{_where(key, names)}: a commitment for a stack the game never "
                        "dealt")
    return len(committed), problems


def _read_stacks(stacks: Any, game_id: int, names: list[str],
                 problems: list[str]) -> dict[Key, list[int]]:
    """The well-formed entries whose hash matches, by stack; a line for every other."""
    if not isinstance(stacks, list):
        problems.append("the commitments hold no list of stacks")
        return {}
    found: dict[Key, list[int]] = {}
    for index, entry in enumerate(stacks):
        fault = _malformed(entry)
        if fault:
            problems.append(f"commitment {index}: {fault}")
            continue
        key = (entry["year"], entry["area"], entry["seat"])
        if key in found:
            problems.append(f"{_where(key, names)}: a second commitment for this stack")
            continue
        if digest(game_id, *key, entry["markers"], entry["salt"]) != entry["sha256"]:
            problems.append(f"{_where(key, names)}: the sha256 does not match the values "
                            f"{_values(entry['markers'])} and the salt")
        found[key] = sorted(entry["markers"], reverse=True)
    return found


def _malformed(entry: Any) -> str | None:
    if not isinstance(entry, dict):
        return f"must be an object, not {shown(entry)}"
    for name in ("year", "seat"):
        value = entry.get(name)
        if not isinstance(value, int) or isinstance(value, bool) or value < 0:
            return f"\"{name}\" must be a whole number, not {shown(value)}"
    if entry.get("area") not in AREAS:
        return f"there is no area {shown(entry.get('area'))}"
    markers = entry.get("markers")
    if not isinstance(markers, list) or not markers or not all(
            isinstance(m, int) and not isinstance(m, bool) for m in markers):
        return f"\"markers\" must be a list of values, not {shown(markers)}"
    for name, length in (("salt", 32), ("sha256", 64)):
        value = entry.get(name)
        if not isinstance(value, str) or len(value) != length or not _HEX.match(value):
            return f"\"{name}\" must be {length} lowercase hex digits, not {shown(value)}"
    return None


def _dealt(record: dict[str, Any], players: list[PlayerSpec]) -> dict[Key, list[int]]:
    """Every stack revealed while replaying the record, with its values."""
    engine = get_engine("doge")
    state = engine.new_game(players, record["settings"], random.Random(record["seed"]))
    dealt: dict[Key, list[int]] = {}
    for action in record["actions"]:
        outcome = engine.apply(state, action)
        for year, area, seat, markers in dealt_stacks(state, action, outcome.events):
            dealt[(year, area, seat)] = markers
        state = outcome.state
    return dealt


def round_seals(record: dict[str, Any]) -> list[str]:
    """Each revealed round's seal recomputed from the record's stacks, to compare with the
    channel's 🔒 lines: "year 1, round 2 sealed · 81c54ccf9a6795ea…" ("no commitment" for
    a stack the record lacks)."""
    block = record.get("commitments") or {}
    game_id = block.get("game_id")
    hashes = {(e.get("year"), e.get("area"), e.get("seat")): e.get("sha256")
              for e in block.get("stacks") or [] if isinstance(e, dict)}
    engine = get_engine("doge")
    players = [PlayerSpec(p["name"]) for p in record["players"]]
    state = engine.new_game(players, record["settings"], random.Random(record["seed"]))
    lines = []
    for action in record["actions"]:
        outcome = engine.apply(state, action)
        for event in outcome.events:
            if event.get("type") != "round_revealed" or not event["placements"]:
                continue
            keys = [(state.year, p["area"], p["seat"]) for p in event["placements"]]
            where = f"year {state.year}, round {event['round']}"
            if not isinstance(game_id, int) or any(not hashes.get(k) for k in keys):
                lines.append(f"{where}: a stack has no commitment")
                continue
            seal = round_digest(game_id, state.year, event["round"], [hashes[k] for k in keys])
            lines.append(f"{where} sealed · {seal[:SHOWN_HEX]}…")
        state = outcome.state
    return lines


def _where(key: Key, names: list[str]) -> str:
    year, area, seat = key
    who = names[seat] if 0 <= seat < len(names) else f"seat {seat}"
    return f"year {year}, {area_name(area)}, {who}'s stack"


def _values(markers: list[int]) -> str:
    return ",".join(str(m) for m in markers)


SEALING = Sealing(scheme=SCHEME, seal=seal, new_memory=Memory, remember=remember,
                  annotate=annotate, own_events=(SEALED, COMMITMENT, OPENED), describe=describe,
                  verify=verify, seals=round_seals)
