"""Hidden values a game seals as it reveals them face down, so that anyone can check later
that they never changed (face-down ballots, rules D-3.3 and D-4.2): at the reveal it shows
the SHA-256 of the values with a random salt, at the opening the salted text itself.

A game that seals has a `sealing.py` holding `SEALING`; the store, the table and
`python -m bot verify` ask `sealing_of(game)`, and a game without one seals nothing.
A sealed stack is keyed by (year, place, seat), the columns the store keeps it in.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from typing import Any

from bot.games.base import Action, Event, PlayerSpec
from bot.games.record import replay, shown
from bot.games.registry import GAMES
from bot.games.registry import game as registered

Key = tuple[int, str, int]  # year, place, seat


@dataclass(frozen=True)
class Commitment:
    """One sealed stack: where it lies (year, place, seat), its values, salt and hash.
    `version` is the game version of the action that revealed it (0 until stored)."""

    year: int
    area: str
    seat: int
    markers: tuple[int, ...]
    salt: str
    sha256: str
    version: int = 0

    def to_json(self) -> dict[str, Any]:
        return {"year": self.year, "area": self.area, "seat": self.seat,
                "markers": list(self.markers), "salt": self.salt, "sha256": self.sha256}


@dataclass(frozen=True)
class Sealing:
    scheme: str  # the records' name for what is hashed (docs/record-format.md)
    # (game id, state before, action, its events, a maker of fresh salts) -> the stacks
    # the action revealed, sealed; called inside the action's own transaction.
    seal: Callable[[int, Any, Action, list[Event], Callable[[], str]], list[Commitment]]
    # Narration remembers, per game, what it needs of the log to place the sealed stacks'
    # lines: `remember(memory, events)` learns events in log order and says whether they
    # revealed stacks; `annotate(memory, stored, game_id, events)` returns the events with
    # the sealing's own events (`own_events`) next to those they belong to, which
    # `describe(event, players)` tells in one line each.
    new_memory: Callable[[], Any]
    remember: Callable[[Any, list[Event]], bool]
    annotate: Callable[[Any, dict[Key, Commitment], int, list[Event]], list[Event]]
    own_events: tuple[str, ...]
    describe: Callable[[Event, list[PlayerSpec]], str | None]
    # (the record's replay, the record, its "commitments" block) -> how many were
    # checked, and a line per problem.
    verify: Callable[[Any, dict[str, Any], dict[str, Any]], tuple[int, list[str]]]
    # (the record) -> one line per sealed group the channel showed a seal of, recomputed
    # from the record, to compare with the channel (`python -m bot verify --seals`).
    seals: Callable[[dict[str, Any]], list[str]] | None = None


@cache  # asked for every event narrated; looking for a module that is not there is slow
def sealing_of(game: str) -> Sealing | None:
    """The game's `sealing.py`, or None when it seals nothing (or is unknown)."""
    if game not in GAMES:
        return None
    module = registered(game).optional("rules", "sealing")
    return None if module is None else module.SEALING


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
    """`python -m bot verify`: every sealed stack of a game record checked against its
    hash and against the stacks a replay reveals. Raises RecordError when the record
    cannot be replayed at all."""
    result = replay(record)  # refuses a malformed or illegal record with its own line
    sealing = sealing_of(record["game"])
    if sealing is None:
        return VerifyResult(0, [f"a {record['game'].capitalize()} record has no hidden "
                                "ballots, so no commitments to check"])
    block = record.get("commitments")
    if block is None and record["version"] < 2:
        return VerifyResult(0, [f"this record (version {record['version']}) holds no "
                                "commitments: records before version 2 carry none"])
    if block is None:  # a game that revealed no stack; any it did is reported below
        block = {"scheme": sealing.scheme, "game_id": 0, "stacks": []}
    problems: list[str] = []
    if block.get("scheme") != sealing.scheme:
        problems.append(f"the commitments' scheme is {shown(block.get('scheme'))}, "
                        f"expected \"{sealing.scheme}\"")
    checked, found = sealing.verify(result, record, block)
    return VerifyResult(checked, problems + found)
