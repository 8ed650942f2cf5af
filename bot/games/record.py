"""Game records: the seed, the players, the settings and every action, in order.

The format is documented in docs/record-format.md; records are shared by users to report
bugs, so reading stays compatible with every version written so far. A record comes from
outside: every field is checked before the engine sees it, and whatever is wrong is refused
with one line saying what."""

from __future__ import annotations

import json
import random
import unicodedata
from dataclasses import dataclass
from typing import Any

from bot.games.base import MAX_NAME_CHARS, Action, Event, GameEngine, IllegalAction, PlayerSpec
from bot.games.registry import GAMES, get_engine
from bot.games.wording import and_list
from bot.i18n import SOURCE_LANGUAGE, speaking

RECORD_FORMAT = "colovini-game-record"
# 2 added "commitments" (Doge's stack commitments); version 1 records read as before.
RECORD_VERSION = 2
MAX_RECORD_BYTES = 5 * 1024 * 1024  # a finished game's record is far smaller
_NOT_TEXT = {"Cc", "Cs", "Zl", "Zp"}  # control, lone surrogate, line and paragraph breaks


class RecordError(ValueError):
    """A record that cannot be read or replayed; the message says where and why."""


def make_record(game: str, seed: int, players: list[PlayerSpec], settings: dict[str, Any],
                actions: list[Action], meta: dict[str, Any] | None = None,
                commitments: dict[str, Any] | None = None) -> dict[str, Any]:
    record: dict[str, Any] = {
        "format": RECORD_FORMAT,
        "version": RECORD_VERSION,
        "game": game,
        "seed": seed,
        "players": [p.to_json() for p in players],
        "settings": dict(settings),
        "actions": [dict(a) for a in actions],
    }
    if commitments is not None:
        record["commitments"] = commitments
    if meta:
        record["meta"] = dict(meta)
    return record


@dataclass
class Replay:
    engine: GameEngine
    players: list[PlayerSpec]
    state: Any
    events: list[list[Event]]  # per action applied


def shown(value: Any, limit: int = 40) -> str:
    """A value from a record as JSON on one line (escapes keep it one line), cut short."""
    try:
        text = json.dumps(value, ensure_ascii=True)
    except (TypeError, ValueError):
        text = type(value).__name__
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _is_whole_number(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def check_record(record: Any) -> None:
    """Refuse a record whose fields the replay cannot trust, naming the first fault."""
    if not isinstance(record, dict) or record.get("format") != RECORD_FORMAT:
        raise RecordError(f"not a game record (expected \"format\": \"{RECORD_FORMAT}\")")
    _check_version(record)
    _check_game(record)
    if "seed" not in record:
        raise RecordError("the record has no seed")
    if not _is_whole_number(record["seed"]):
        raise RecordError(f"the seed must be a whole number, not {shown(record['seed'])}")
    _check_players(record.get("players"))
    if "settings" not in record:
        raise RecordError("the record has no settings ({} when the game has none)")
    if not isinstance(record["settings"], dict):
        raise RecordError(f"the settings must be an object, not {shown(record['settings'])}")
    _check_actions(record.get("actions"))
    if not isinstance(record.get("commitments", {}), dict):
        raise RecordError("the commitments must be an object, not "
                          f"{shown(record['commitments'])}")


def _check_version(record: dict[str, Any]) -> None:
    if "version" not in record or record["version"] is None:
        raise RecordError("the record has no version")
    version = record["version"]
    if not _is_whole_number(version):
        raise RecordError(f"the record's version must be a whole number, not {shown(version)}")
    if not 1 <= version <= RECORD_VERSION:
        raise RecordError(f"record version {version} is not supported "
                          f"(this bot reads 1 to {RECORD_VERSION})")


def _check_game(record: dict[str, Any]) -> None:
    if record.get("game") is None:
        raise RecordError("the record does not name its game")
    if record["game"] not in GAMES:
        raise RecordError(f"unknown game {shown(record['game'])} "
                          f"(this bot plays {games_played()})")


def games_played() -> str:
    """The games' names as a list ('a, b and c'), in English as every message here."""
    with speaking(SOURCE_LANGUAGE):
        return and_list(GAMES)


def _check_players(players: Any) -> None:
    if not isinstance(players, list):
        raise RecordError("the record needs a list of players")
    for seat, player in enumerate(players):
        where = f"seat {seat}"
        if not isinstance(player, dict):
            raise RecordError(f"the player at {where} must be an object like "
                              f"{{\"name\": \"Anna\"}}, not {shown(player)}")
        name = player.get("name")
        if name is None:
            raise RecordError(f"the player at {where} has no name")
        if not isinstance(name, str):
            raise RecordError(f"the name at {where} must be text, not {shown(name)}")
        if not name.strip():
            raise RecordError(f"the name at {where} is empty")
        if not is_printable_text(name):
            raise RecordError(f"the name at {where} holds characters that are not text: "
                              f"{shown(name)}")
        if len(name) > MAX_NAME_CHARS:
            raise RecordError(f"the name at {where} has more than {MAX_NAME_CHARS} "
                              f"characters: {shown(name)}")
        colour = player.get("colour")
        if colour is not None and not isinstance(colour, str):
            raise RecordError(f"the colour at {where} must be text or null, not {shown(colour)}")
        if not isinstance(player.get("is_bot", False), bool):
            raise RecordError(f"\"is_bot\" at {where} must be true or false, "
                              f"not {shown(player['is_bot'])}")


def is_printable_text(text: str) -> bool:
    """No control character or line break (a name stays on its line) and no lone
    surrogate (it could not be printed or stored as UTF-8)."""
    return not any(unicodedata.category(ch) in _NOT_TEXT for ch in text)


def _check_actions(actions: Any) -> None:
    if not isinstance(actions, list):
        raise RecordError("the record needs a list of actions")
    for index, action in enumerate(actions):
        if not isinstance(action, dict):
            raise RecordError(f"action {index} must be an object, not {shown(action)}")
        if not isinstance(action.get("type"), str) or not action["type"]:
            raise RecordError(f"action {index} has no \"type\"")
        if "seat" not in action:
            raise RecordError(f"action {index} has no \"seat\" (null for the table's own)")
        seat = action["seat"]
        if seat is not None and not _is_whole_number(seat):
            raise RecordError(f"action {index}'s seat must be a seat number or null, "
                              f"not {shown(seat)}")


def replay(record: Any, at: int | None = None) -> Replay:
    """Rebuild a game from its record, applying the first `at` actions (all by default).
    An illegal action is refused with its index and the rule it breaks; a record of the
    other game under a wrong "game" label is refused saying which game it is."""
    check_record(record)
    actions = record["actions"]
    if at is not None and not 0 <= at <= len(actions):
        raise RecordError(f"--at must be between 0 and {len(actions)}")
    try:
        return _replay_as(record["game"], record, at)
    except RecordError:
        actual = _game_it_replays_as(record)
        if actual is None:
            raise
        raise RecordError(f"this is a {actual.capitalize()} record, but it says "
                          f"\"game\": \"{record['game']}\"") from None


def _game_it_replays_as(record: dict[str, Any]) -> str | None:
    """The other game whose rules accept the whole record, if there is one."""
    for game in GAMES:
        if game == record["game"]:
            continue
        try:
            _replay_as(game, record, None)
        except RecordError:
            continue
        return game
    return None


def _replay_as(game: str, record: dict[str, Any], at: int | None) -> Replay:
    engine = get_engine(game)
    players = [PlayerSpec.from_json(p) for p in record["players"]]
    try:
        state = engine.new_game(players, record["settings"], random.Random(record["seed"]))
    except (KeyError, TypeError, ValueError) as exc:  # IllegalAction is a ValueError
        raise RecordError(f"cannot set up the game: {exc}") from exc
    actions = record["actions"] if at is None else record["actions"][:at]
    all_events: list[list[Event]] = []
    for index, action in enumerate(actions):
        try:
            outcome = engine.apply(state, action)
        except IllegalAction as exc:
            raise RecordError(f"action {index} is illegal: {exc}") from exc
        except KeyError as exc:
            raise RecordError(f"action {index} has no {shown(exc.args[0])}") from exc
        except (TypeError, ValueError, AttributeError, IndexError) as exc:
            raise RecordError(f"action {index} cannot be read: {exc}") from exc
        state = outcome.state
        all_events.append(outcome.events)
    return Replay(engine, players, state, all_events)
