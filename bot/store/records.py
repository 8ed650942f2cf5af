"""Exporting a stored game as a game record (docs/record-format.md) and importing one into
a channel by replaying it through the engine."""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from typing import Any

from bot.games.base import IllegalAction, PlayerSpec
from bot.games.record import RECORD_FORMAT, RECORD_VERSION, make_record
from bot.games.sealing import sealing_of
from bot.i18n import _
from bot.store.actions import apply_checked, clean_action, game_result
from bot.store.after_commit import RATE, owe
from bot.store.backends.sql import fetch_all
from bot.store.commitments import read_commitments
from bot.store.errors import BadAction, BadRecord, StoreError, WrongStatus
from bot.store.games import GamesMixin
from bot.store.rows import ACTIVE, FINISHED, LOBBY, LoadedGame, dumps
from bot.store.shared import Live


class RecordsMixin(GamesMixin):
    async def export_game(self, game_id: int) -> dict[str, Any]:
        """The game's record: seed, players, settings and every action in order. A record
        reveals every secret choice, so callers hand it out only once the game is over."""
        async with self._db.reading() as conn:
            row = await self._game_row(conn, game_id)
            if row.status == LOBBY or row.seed is None:
                raise WrongStatus(game_id, row.status, "started")
            actions = await fetch_all(
                conn, "SELECT action FROM actions WHERE game_id = ? ORDER BY seq", (game_id,)
            )
            sealed = await read_commitments(conn, game_id)
        meta = {"status": row.status, "version": row.version, "store_game_id": row.id}
        if row.finished_at is not None:
            meta["finished_at"] = row.finished_at
        # The sealed stacks, with their salts (docs/record-format.md).
        sealing = sealing_of(row.game)
        commitments = {"scheme": sealing.scheme, "game_id": row.id,
                       "stacks": [c.to_json() for c in sealed]} if sealed and sealing else None
        return make_record(
            row.game, row.seed, row.players, row.settings,
            [json.loads(a["action"]) for a in actions], meta=meta, commitments=commitments,
        )

    async def import_game(
        self,
        record: Any,
        *,
        guild_id: int | None,
        channel_id: int,
        parent_channel_id: int | None = None,
        user_ids: Sequence[int | None] | None = None,
        created_by: int | None = None,
    ) -> LoadedGame:
        """Replay a record through its engine and store the result as a game in
        `channel_id`: running if the record stops mid-game, finished otherwise. A record
        with an illegal or malformed action is refused whole; nothing is stored."""
        game, seed, players, settings, actions = _read_record(record)
        try:
            engine = self.engine(game)
        except StoreError:
            raise BadRecord(_("unknown game {game}", game=repr(game))) from None
        try:
            state = engine.new_game(players, settings, random.Random(seed))
        except (ValueError, KeyError, TypeError) as exc:
            raise BadRecord(_("cannot set up the game: {why}", why=exc)) from exc

        now = self._clock()
        initial = dumps(engine.state_to_json(state))
        snapshots = [(0, initial)]
        log: list[tuple[int, str, str]] = []  # (version, action JSON, events JSON)
        for index, raw in enumerate(actions):
            if engine.is_over(state):
                raise BadRecord(_("action {index} comes after the end of the game",
                                  index=index))
            try:
                action, text = clean_action(raw)
                outcome = apply_checked(engine, state, action)
            except BadAction as exc:
                raise BadRecord(_("action {index} is malformed: {why}", index=index,
                                  why=exc)) from exc
            except IllegalAction as exc:
                raise BadRecord(_("action {index} is illegal: {why}", index=index,
                                  why=exc)) from exc
            state = outcome.state
            version = index + 1
            log.append((version, text, dumps(list(outcome.events))))
            if version % self.snapshot_every == 0:
                snapshots.append((version, dumps(engine.state_to_json(state))))
        version = len(log)
        last = dumps(engine.state_to_json(state))
        if snapshots[-1][0] != version:
            snapshots.append((version, last))
        over = engine.is_over(state)

        async with self._db.transaction() as conn:
            game_id = await self._insert_game(
                conn, game, FINISHED if over else ACTIVE, guild_id, channel_id,
                parent_channel_id, created_by, dumps(settings), seed=seed,
                players=dumps([p.to_json() for p in players]), state=last, version=version,
            )
            if over:
                await conn.execute(
                    "UPDATE games SET finished_at = ?, result = ? WHERE id = ?",
                    (now, dumps(game_result(engine, state, version)), game_id),
                )
                await owe(conn, RATE, game_id, now)  # done below, or by a later run
            await self._insert_seats(conn, game_id, players, user_ids)
            await conn.executemany(
                "INSERT INTO actions (game_id, seq, actor_id, created_at, action, events, "
                "version) VALUES (?, ?, NULL, ?, ?, ?, ?)",
                [(game_id, v, now, a, e, v) for v, a, e in log],
            )
            await conn.executemany(
                "INSERT INTO snapshots (game_id, version, state, created_at) VALUES (?, ?, ?, ?)",
                [(game_id, v, s, now) for v, s in snapshots],
            )
            loaded = LoadedGame(
                await self._game_row(conn, game_id), await self._seats(conn, game_id), state,
                engine,
            )
        self._remember(game_id, Live(version, loaded.row.status, state, engine))
        if over:
            await self.after_commit.run_now(RATE)
        return loaded


def _read_record(record: Any) -> tuple[str, int, list[PlayerSpec], dict[str, Any], list[Any]]:
    """The fields of a record, checked well enough that the replay can trust their types."""
    if not isinstance(record, dict) or record.get("format") != RECORD_FORMAT:
        raise BadRecord(_("not a game record (expected \"format\": \"{format}\")",
                          format=RECORD_FORMAT))
    version = record.get("version")
    if isinstance(version, bool) or not isinstance(version, int):
        raise BadRecord(_("the record has no format version"))
    if not 1 <= version <= RECORD_VERSION:
        raise BadRecord(_("record version {version} is not supported (1 to {newest})",
                          version=version, newest=RECORD_VERSION))
    game, seed = record.get("game"), record.get("seed")
    if not isinstance(game, str):
        raise BadRecord(_("the record does not name its game"))
    if isinstance(seed, bool) or not isinstance(seed, int) or not -(2**63) <= seed < 2**63:
        raise BadRecord(_("the record needs an integer seed"))
    players, actions = record.get("players"), record.get("actions")
    settings = record.get("settings") or {}
    if not isinstance(players, list) or not isinstance(actions, list):
        raise BadRecord(_("the record needs lists of players and actions"))
    if not isinstance(settings, dict):
        raise BadRecord(_("the record's settings must be an object"))
    try:
        specs = [PlayerSpec.from_json(p) for p in players]
    except (KeyError, TypeError, AttributeError) as exc:
        raise BadRecord(_("a player of the record is malformed: {why}", why=repr(exc))) from exc
    return game, seed, specs, settings, actions
