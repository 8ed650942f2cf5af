"""Game records: the seed, the players, the settings and every action, in order.

The format is documented in docs/record-format.md; records are shared by users to report
bugs, so reading stays compatible with every version written so far."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from bot.games.base import Action, Event, GameEngine, IllegalAction, PlayerSpec
from bot.games.registry import GAMES, get_engine

RECORD_FORMAT = "colovini-game-record"
RECORD_VERSION = 1


class RecordError(ValueError):
    """A record that cannot be read or replayed; the message says where and why."""


def make_record(game: str, seed: int, players: list[PlayerSpec], settings: dict[str, Any],
                actions: list[Action], meta: dict[str, Any] | None = None) -> dict[str, Any]:
    record: dict[str, Any] = {
        "format": RECORD_FORMAT,
        "version": RECORD_VERSION,
        "game": game,
        "seed": seed,
        "players": [p.to_json() for p in players],
        "settings": dict(settings),
        "actions": [dict(a) for a in actions],
    }
    if meta:
        record["meta"] = dict(meta)
    return record


@dataclass
class Replay:
    engine: GameEngine
    players: list[PlayerSpec]
    state: Any
    events: list[list[Event]]  # per action applied


def check_record(record: Any) -> None:
    if not isinstance(record, dict) or record.get("format") != RECORD_FORMAT:
        raise RecordError(f"not a game record (expected \"format\": \"{RECORD_FORMAT}\")")
    version = record.get("version")
    if not isinstance(version, int) or not 1 <= version <= RECORD_VERSION:
        raise RecordError(f"record version {version!r} is not supported "
                          f"(this bot reads 1 to {RECORD_VERSION})")
    if record.get("game") not in GAMES:
        raise RecordError(f"unknown game {record.get('game')!r}")
    if not isinstance(record.get("seed"), int):
        raise RecordError("the record needs an integer seed")
    if not isinstance(record.get("players"), list) or not isinstance(record.get("actions"),
                                                                     list):
        raise RecordError("the record needs lists of players and actions")


def replay(record: dict[str, Any], at: int | None = None) -> Replay:
    """Rebuild a game from its record, applying the first `at` actions (all by default).
    An illegal action is refused with its index and the rule it breaks."""
    check_record(record)
    engine = get_engine(record["game"])
    try:
        players = [PlayerSpec.from_json(p) for p in record["players"]]
        state = engine.new_game(players, record.get("settings") or {},
                                random.Random(record["seed"]))
    except (IllegalAction, KeyError, TypeError) as exc:
        raise RecordError(f"cannot set up the game: {exc}") from exc
    actions = record["actions"]
    if at is not None:
        if not 0 <= at <= len(actions):
            raise RecordError(f"--at must be between 0 and {len(actions)}")
        actions = actions[:at]
    all_events: list[list[Event]] = []
    for index, action in enumerate(actions):
        try:
            outcome = engine.apply(state, action)
        except IllegalAction as exc:
            raise RecordError(f"action {index} is illegal: {exc}") from exc
        except (KeyError, TypeError, ValueError) as exc:
            raise RecordError(f"action {index} is malformed: {exc!r}") from exc
        state = outcome.state
        all_events.append(outcome.events)
    return Replay(engine, players, state, all_events)
