"""Checking stored games (`store.checks`): a game rebuilt from an earlier snapshot (or
its seed) and its log must pass through the states the store holds, with the events
logged."""

from __future__ import annotations

import json
import logging
import random
from collections.abc import Iterable
from typing import Any

from bot.store.backends.sql import fetch_all, fetch_one
from bot.store.errors import StateMismatch, UnknownGame
from bot.store.rows import ACTION_COLUMNS, OPEN_STATUSES, ActionEntry, GameRow, normalized
from bot.store.shared import ROW_WITH_STATE, Core

log = logging.getLogger(__name__)


def _same_events(engine: Any, logged: list[Any], replayed: list[Any]) -> bool:
    """The log's events and a replay's agree; an engine whose events changed form between
    releases may say which differences are of form only (its optional `same_events`)."""
    if logged == replayed:
        return True
    same = getattr(engine, "same_events", None)
    return bool(same is not None and same(logged, replayed))


def first_difference(a: Any, b: Any, path: str = "$") -> str | None:
    """Where two JSON values first differ, as a path, for mismatch reports. Never the
    values: they may be a player's secrets, and reports reach logs and terminals."""
    if type(a) is not type(b):
        return f"{path} ({type(a).__name__} vs {type(b).__name__})"
    if isinstance(a, dict):
        for key in sorted(set(a) | set(b), key=str):
            if key not in a or key not in b:
                return f"{path}.{key} (missing on one side)"
            found = first_difference(a[key], b[key], f"{path}.{key}")
            if found:
                return found
        return None
    if isinstance(a, list):
        if len(a) != len(b):
            return f"{path} (length {len(a)} vs {len(b)})"
        for i, (x, y) in enumerate(zip(a, b, strict=True)):
            found = first_difference(x, y, f"{path}[{i}]")
            if found:
                return found
        return None
    if a != b:
        return path
    return None


class Checks:
    """Stored games against their replay (one store's part)."""

    def __init__(self, core: Core) -> None:
        self._core = core
        self._db = core.db

    async def verify_game(self, game_id: int, *, from_scratch: bool = False) -> Any:
        """Rebuild the game from the snapshot before the one the games row holds, plus the
        actions after it, and check that the rebuild passes through the state the row
        holds and its snapshot, and that each action replays with the events logged. With
        from_scratch the rebuild starts from the seed and every snapshot on the way is
        checked too. Returns the rebuilt current state; raises StateMismatch on any
        difference."""
        async with self._db.reading() as conn:
            row = await fetch_one(conn, ROW_WITH_STATE, (game_id,))
            if row is None:
                raise UnknownGame(game_id)
            game = GameRow.from_row(row)
            if row["state"] is None:
                return None  # a lobby: nothing to rebuild
            stored_at = int(row["state_version"])
            # Quick: the snapshot the row's state was written with, and the one before.
            snapshots = await fetch_all(
                conn,
                "SELECT version, state FROM snapshots WHERE game_id = ? AND version <= ? "
                + ("ORDER BY version" if from_scratch else "ORDER BY version DESC LIMIT 2"),
                (game_id, game.version if from_scratch else stored_at),
            )
            earlier = [int(s["version"]) for s in snapshots if s["version"] < stored_at]
            base = 0 if from_scratch or not earlier else max(earlier)
            actions = await fetch_all(
                conn,
                f"SELECT {ACTION_COLUMNS} FROM actions WHERE game_id = ? AND seq > ? ORDER BY seq",
                (game_id, base),
            )
        engine = self._core.engine(game.game)
        checkpoints = {int(s["version"]): json.loads(s["state"]) for s in snapshots}
        stored = json.loads(row["state"])

        def mismatch(detail: str) -> StateMismatch:
            return StateMismatch(game_id, game.version, detail)

        def check(state: Any, expected: Any, what: str) -> None:
            where = first_difference(normalized(engine.state_to_json(state)), expected)
            if where is not None:
                raise mismatch(f"rebuilt state differs from {what} at {where}")

        def checks(state: Any, version: int) -> None:
            if version in checkpoints:
                check(state, checkpoints[version], f"snapshot {version}")
            if version == stored_at:
                check(state, stored, "the stored one")

        try:
            if base not in checkpoints:
                state = engine.new_game(game.players, game.settings, random.Random(game.seed))
            else:
                state = engine.state_from_json(checkpoints[base])
        except (ValueError, KeyError, TypeError) as exc:
            raise mismatch(f"cannot set up the game again: {exc}") from exc
        entries = [ActionEntry.from_row(a) for a in actions]
        seqs = [e.seq for e in entries]
        if seqs != list(range(base + 1, game.version + 1)):
            raise mismatch(
                f"log after version {base} holds seqs {_span(seqs)}, "
                f"expected {base + 1}..{game.version}"
            )
        if not base <= stored_at <= game.version:
            raise mismatch(f"the stored state is of version {stored_at}, "
                           f"outside {base}..{game.version}")
        checks(state, base)
        for entry in entries:
            try:
                outcome = engine.apply(state, entry.action)
            except (ValueError, KeyError, TypeError) as exc:
                # The rule broken, never the refusal's words: they may quote a secret
                # (a seat's marker values, D-10.2) into a report read in a channel.
                why = getattr(exc, "rule", None) or type(exc).__name__
                raise mismatch(f"action {entry.seq} is refused on replay ({why})") from exc
            if not _same_events(engine, entry.events, normalized(outcome.events)):
                raise mismatch(f"action {entry.seq} replays with other events")
            state = outcome.state
            checks(state, entry.seq)
        return state

    async def verify_games(
        self, *, status: Iterable[str] = OPEN_STATUSES
    ) -> list[StateMismatch]:
        """verify_game for every game with one of these statuses (e.g. at start-up).
        Mismatches are logged and returned rather than raised, so one broken game does
        not keep the others from being checked."""
        wanted = list(status)
        async with self._db.reading() as conn:
            rows = await fetch_all(
                conn,
                f"SELECT id FROM games WHERE status IN ({', '.join('?' * len(wanted))}) "
                "ORDER BY id",
                wanted,
            )
        problems: list[StateMismatch] = []
        for row in rows:
            try:
                await self.verify_game(row["id"])
            except StateMismatch as exc:
                log.error("%s", exc)
                problems.append(exc)
        return problems


def _span(seqs: list[int]) -> str:
    if not seqs:
        return "none"
    return f"{seqs[0]}..{seqs[-1]} ({len(seqs)} rows)"
