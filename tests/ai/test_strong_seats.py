"""Strong computer seats at a table (the table service on a real SQLite store): they think
in the AI pool while the table goes on, never holding up the step that made it their
turn, and each of their decisions is committed once."""

from __future__ import annotations

import asyncio
import random

from bot.store import ACTIVE, Store
from bot.tables.ai_pool import AiPool
from bot.tables.kits import get_kit
from bot.tables.service import TableService

PERSON = 10


async def test_strong_doge_seats_play_a_year_beside_a_person(tmp_path) -> None:
    store = await Store.open(tmp_path / "games.db")
    service = TableService(store)
    service.ai = AiPool(processes=1)
    try:
        lobby = await service.open_lobby("doge", guild_id=1, channel_id=2, user_id=PERSON,
                                          user_name="Ann", seats=3, timing="live")
        await service.add_bot(lobby.id, PERSON, "strong")
        await service.add_bot(lobby.id, PERSON, "strong")
        step = await service.start(lobby.id, PERSON, seed=5)
        # The start is answered at once: the strong seats' ballots come later (D-3.3:
        # everyone chooses at the same time).
        assert step.game.engine.pending(step.game.state) == [0, 1, 2]
        kit, rng = get_kit("doge"), random.Random(2)
        for _ in range(200):
            await asyncio.wait_for(service.idle(), timeout=60)
            game = await service.load(lobby.id)
            if game.row.status != ACTIVE or game.state.year >= 2:
                break
            pending = game.engine.pending(game.state)
            assert pending == [0], pending  # the computer has answered all it was asked
            action = kit.ai_action(game.state, 0, rng, "normal")
            await service.act(lobby.id, PERSON, action)
        assert game.state.year >= 2
        log = await store.list_actions(lobby.id)
        by_bots = [a for a in log if a.action["seat"] != 0]
        assert len(by_bots) >= 8
        # One ballot a round for each computer seat, never a second thought committed:
        # they have also cast year 2's first, which Ann has not yet.
        ballots = [a.action["seat"] for a in log if a.action["type"] == "ballot"]
        rounds = ballots.count(0) + 1
        assert (ballots.count(1), ballots.count(2)) == (rounds, rounds)
    finally:
        await service.stop_ai()
        await store.close()
