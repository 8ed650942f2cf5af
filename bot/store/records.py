"""Records (`store.records`): exporting a stored game as a game record
(docs/record-format.md), or a running one as a spectator sees it, and importing a record
into a channel by replaying it through the engine."""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from typing import Any

from bot.games.base import IllegalAction, PlayerSpec
from bot.games.record import RECORD_FORMAT, RECORD_VERSION, make_record
from bot.games.sealing import sealing_of
from bot.i18n import _, _n
from bot.store.actions import Actions, apply_checked, clean_action, game_result
from bot.store.after_commit import RATE, owe
from bot.store.backends.sql import fetch_all
from bot.store.commitments import read_commitments
from bot.store.errors import BadAction, BadRecord, SeatError, StoreError, WrongStatus
from bot.store.games import Games
from bot.store.rows import ACTIVE, FINISHED, LOBBY, LoadedGame, dumps
from bot.store.shared import Core, Live

PUBLIC_EXPORT_FORMAT = "colovini-public-view"


class Records:
    """Game records out and in (one store's part)."""

    def __init__(self, core: Core, games: Games, actions: Actions) -> None:
        self._core = core
        self._db = core.db
        self._clock = core.clock
        self._games = games
        self._actions = actions

    async def export_game(self, game_id: int) -> dict[str, Any]:
        """The game's record: seed, players, settings and every action in order. A record
        reveals every secret choice, so callers hand it out only once the game is over."""
        async with self._db.reading() as conn:
            row = await self._core.game_row(conn, game_id)
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
            engine = self._core.engine(game)
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
            if version % self._core.snapshot_every == 0:
                snapshots.append((version, dumps(engine.state_to_json(state))))
        version = len(log)
        last = dumps(engine.state_to_json(state))
        if snapshots[-1][0] != version:
            snapshots.append((version, last))
        over = engine.is_over(state)

        async with self._db.transaction() as conn:
            game_id = await self._games.insert_game(
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
            await self._games.insert_seats(conn, game_id, players, user_ids)
            await conn.executemany(
                "INSERT INTO actions (game_id, seq, actor_id, created_at, action, events, "
                "version) VALUES (?, ?, NULL, ?, ?, ?, ?)",
                [(game_id, v, now, a, e, v) for v, a, e in log],
            )
            await conn.executemany(
                "INSERT INTO snapshots (game_id, version, state, created_at) VALUES (?, ?, ?, ?)",
                [(game_id, v, s, now) for v, s in snapshots],
            )
            loaded = LoadedGame(await self._core.game_row(conn, game_id),
                                await self._core.seats(conn, game_id), state, engine)
        self._core.remember(game_id, Live(version, loaded.row.status, state, engine))
        await self._core.after_commit.committed(game_id, owed=(RATE,) if over else ())
        return loaded

    async def export_public(self, game_id: int) -> dict[str, Any]:
        """A running game as a spectator sees it: players, settings, the narrative of
        its events and the engine's public view. Unlike `export_game` it holds no action,
        ballot, marker value or seed, so it may leave the table mid-game (D-10.2)."""
        game = await self._actions.load(game_id)
        if game.state is None:
            raise WrongStatus(game_id, game.row.status, "started")
        players = game.row.players
        narrative = [game.engine.describe(ev, players)
                     for e in await self._actions.log(game_id) for ev in e.events]
        return {
            "format": PUBLIC_EXPORT_FORMAT,
            "partial": True,
            "note": "A running game: public information only, no secret. The full record "
                    "can be exported once the game is over.",
            "game": game.row.game,
            "status": game.row.status,
            "version": game.version,
            "players": [{"seat": i, **p.to_json()} for i, p in enumerate(players)],
            "settings": {k: v for k, v in game.row.settings.items() if k != "seed"},
            "narrative": narrative,
            "view": game.engine.public_view(game.state, None).to_json(),
        }

    async def import_for_people(
        self,
        record: Any,
        *,
        people: list[int],
        guild_id: int | None,
        channel_id: int,
        parent_channel_id: int | None = None,
        created_by: int | None = None,
    ) -> LoadedGame:
        """`import_game`, with `people` taking the record's seats that are not computer
        players, in seat order; seats left over have nobody (the bot plays them)."""
        specs = record.get("players") if isinstance(record, dict) else None
        specs = specs if isinstance(specs, list) else []
        seats = [i for i, p in enumerate(specs) if not (isinstance(p, dict) and p.get("is_bot"))]
        if len(set(people)) != len(people):
            raise SeatError(_("each person can take one seat only"))
        if len(people) > len(seats):
            raise SeatError(_n("the record has {n} seat for people, not {people}",
                               "the record has {n} seats for people, not {people}",
                               len(seats), people=len(people)))
        user_ids: list[int | None] = [None] * len(specs)
        for seat, user_id in zip(seats, people, strict=False):
            user_ids[seat] = user_id
        return await self.import_game(
            record, guild_id=guild_id, channel_id=channel_id,
            parent_channel_id=parent_channel_id, user_ids=user_ids, created_by=created_by)


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
