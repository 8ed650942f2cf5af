"""A table with real SQLite storage and a fake clock for the moderator tests."""

from __future__ import annotations

import random
import sqlite3
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path

from bot.games.base import PlayerSpec
from bot.store import Store
from bot.tables.moderation import Moderation, Moderator
from bot.tables.service import Step, TableError, TableService

START = datetime(2026, 11, 2, 12, 0, tzinfo=UTC).timestamp()
GUILD, CHANNEL = 1, 500
USERS = [101, 102, 103]
MOD = Moderator(900, GUILD, manage_channels=True)  # manages this channel
SERVER_MOD = Moderator(900, GUILD, manage_channels=True, manage_guild=True)  # and the server
PLAYER = Moderator(101, GUILD)  # seated, but no moderator


class FakeTime:
    def __init__(self, start: float = START) -> None:
        self.now = start

    def __call__(self) -> float:
        return self.now


@dataclass
class Table:
    path: Path
    time: FakeTime
    service: TableService
    mod: Moderation
    game_id: int
    published: list[Step] = field(default_factory=list)

    @property
    def store(self) -> Store:
        return self.service.store

    async def game(self):
        return await self.service.load(self.game_id)

    async def ballot(self, user: int, area: str | None = None,
                     markers: list[int] | None = None) -> None:
        game = await self.game()
        seat = self.service.seat_of(game, user)
        assert seat is not None
        p = game.state.players[seat.seat]
        area = area or next(a for a in ("castello", "dorsoduro", "san_marco", "san_polo",
                                        "cannaregio", "santa_croce", "quarantia")
                            if a not in p.cards_used)
        await self.service.act(self.game_id, user, {
            "type": "ballot", "area": area, "markers": markers or [max(p.markers)]})

    async def play_person(self, user: int, rng: random.Random) -> None:
        """One legal move for `user`'s seat."""
        game = await self.game()
        seat = self.service.seat_of(game, user)
        assert seat is not None
        legal = game.engine.legal_actions(game.state, seat.seat)
        action = {k: v for k, v in rng.choice(legal).items() if k != "seat"}
        await self.service.act(self.game_id, user, action)

    async def close(self) -> None:
        await self.store.close()


async def make_table(tmp_path: Path, *, bots: int = 0, timing: str = "async",
                     snapshot_every: int = 20, seed: int = 4,
                     channel: int = CHANNEL) -> Table:
    """Three seats: people 101, 102, 103, the last `bots` of them computer players."""
    time = FakeTime()
    path = tmp_path / "games.db"
    store = await Store.open(path, snapshot_every=snapshot_every)
    service = TableService(store, clock=time)
    people = 3 - bots
    players = [PlayerSpec(n, is_bot=i >= people) for i, n in enumerate("ABC")]
    game = await store.games.create_game(
        "doge", guild_id=GUILD, channel_id=channel, players=players,
        user_ids=[*USERS[:people], *[None] * bots], settings={"timing": timing}, seed=seed)
    table = Table(path, time, service, Moderation(service), game.id)
    step = Step(await service.load(game.id))
    await service._run_ai(step)  # as TableService.start does: the computer moves first
    await service.clock.sync(await service.load(game.id))
    return table


def db_rows(path: Path) -> dict[str, list[tuple[object, ...]]]:
    """Every row of every table, through a separate connection: proof that a refused
    operation changed nothing at all."""
    with sqlite3.connect(path) as conn:
        names = [r[0] for r in conn.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")]
        return {n: sorted(conn.execute(f"SELECT * FROM {n}").fetchall(), key=repr)
                for n in names}


async def refused(call, *, contains: str = "") -> str:
    try:
        await call
    except TableError as exc:
        text = str(exc)
        assert contains in text, text
        assert "\n" not in text
        return text
    raise AssertionError("not refused")
