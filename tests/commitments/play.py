"""A Doge table through the table service: one person playing random legal moves, two
computer players, every step kept to look at what the channel was told."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from pathlib import Path

from bot.games.base import PlayerSpec
from bot.store import Store
from bot.tables.service import Step, TableService

PERSON = 101
OPENED: list[Store] = []  # closed after each test (tests/commitments/conftest.py)


@dataclass
class Played:
    service: TableService
    game_id: int
    steps: list[Step] = field(default_factory=list)

    @property
    def store(self) -> Store:
        return self.service.store

    def lines(self) -> list[str]:
        return [line for step in self.steps for line in step.lines]


async def open_table(path: Path, seed: int = 5, year_limit: int = 1) -> Played:
    store = await Store.open(path)
    OPENED.append(store)
    service = TableService(store)
    players = [PlayerSpec("anna", "red"), PlayerSpec("bot1", "blue", is_bot=True),
               PlayerSpec("bot2", "green", is_bot=True)]
    game = await store.games.create_game("doge", guild_id=1, channel_id=9, players=players,
                                         user_ids=[PERSON, None, None], seed=seed,
                                         settings={"timing": "live", "year_limit": year_limit})
    played = Played(service, game.id)
    step = Step(await service.load(game.id))
    await service._run_ai(step)  # as TableService.start does
    played.steps.append(step)
    return played


async def play_on(played: Played, rng: random.Random, moves: int = 10_000) -> None:
    """The person makes up to `moves` random legal moves, or plays to the end."""
    service = played.service
    for _ in range(moves):
        game = await service.load(played.game_id)
        if game.row.status != "active":
            return
        legal = game.engine.legal_actions(game.state, 0)
        assert legal, "the person is not awaited, yet the computer players do not move"
        action = {k: v for k, v in rng.choice(legal).items() if k != "seat"}
        played.steps.append(await service.act(played.game_id, PERSON, action))
