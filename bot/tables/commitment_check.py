"""`python -m bot verify RECORD.json`: check every stack commitment of a game record.

Each commitment's hash is recomputed from the values and salt the record gives, and the
values are compared with the stacks the engine dealt when the record's actions are
replayed (D-3.3): a stack without a commitment, a commitment without a stack, a changed
value, salt or hash are each one line. The hashes the channel showed during the game
are what a record cannot forge: compare their first digits with the record's."""

from __future__ import annotations

import random
import re
from typing import Any

from bot.games.base import PlayerSpec
from bot.games.doge.constants import AREAS, area_name
from bot.games.record import RecordError, replay, shown
from bot.games.registry import get_engine
from bot.store.commitments import SCHEME, digest
from bot.tables.commitments import dealt_stacks

_HEX = re.compile(r"^[0-9a-f]+$")
Key = tuple[int, str, int]  # year, area, seat


class VerifyResult:
    def __init__(self, checked: int, problems: list[str]) -> None:
        self.checked = checked
        self.problems = problems

    @property
    def ok(self) -> bool:
        return not self.problems

    def lines(self) -> list[str]:
        return self.problems or [f"all {self.checked} commitments check"]


def verify_record(record: Any) -> VerifyResult:
    """Raises RecordError when the record cannot be replayed at all."""
    result = replay(record)  # refuses a malformed or illegal record with its own line
    if record["game"] != "doge":
        return VerifyResult(0, [f"a {record['game'].capitalize()} record has no hidden "
                                "ballots, so no commitments to check"])
    block = record.get("commitments")
    if block is None and record["version"] < 2:
        return VerifyResult(0, [f"this record (version {record['version']}) holds no "
                                "commitments: records before version 2 carry none"])
    if block is None:  # a game that revealed no stack; any it did is reported below
        block = {"scheme": SCHEME, "game_id": 0, "stacks": []}
    problems: list[str] = []
    if block.get("scheme") != SCHEME:
        problems.append(f"the commitments' scheme is {shown(block.get('scheme'))}, "
                        f"expected \"{SCHEME}\"")
    game_id = block.get("game_id")
    if not isinstance(game_id, int) or isinstance(game_id, bool):
        return VerifyResult(0, [*problems, "the commitments name no game id"])
    names = [p.name for p in result.players]
    committed = _read_stacks(block.get("stacks"), game_id, names, problems)
    dealt = _dealt(record, result.players)
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
    return VerifyResult(len(committed), problems)


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
    for field in ("year", "seat"):
        value = entry.get(field)
        if not isinstance(value, int) or isinstance(value, bool) or value < 0:
            return f"\"{field}\" must be a whole number, not {shown(value)}"
    if entry.get("area") not in AREAS:
        return f"there is no area {shown(entry.get('area'))}"
    markers = entry.get("markers")
    if not isinstance(markers, list) or not markers or not all(
            isinstance(m, int) and not isinstance(m, bool) for m in markers):
        return f"\"markers\" must be a list of values, not {shown(markers)}"
    for field, length in (("salt", 32), ("sha256", 64)):
        value = entry.get(field)
        if not isinstance(value, str) or len(value) != length or not _HEX.match(value):
            return f"\"{field}\" must be {length} lowercase hex digits, not {shown(value)}"
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


def _where(key: Key, names: list[str]) -> str:
    year, area, seat = key
    who = names[seat] if 0 <= seat < len(names) else f"seat {seat}"
    return f"year {year}, {area_name(area)}, {who}'s stack"


def _values(markers: list[int]) -> str:
    return ",".join(str(m) for m in markers)


__all__ = ["RecordError", "VerifyResult", "verify_record"]
