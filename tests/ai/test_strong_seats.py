"""Strong computer seats at a table (the table service on a real SQLite store): they think
in the AI pool while the table goes on, never holding up the step that made it their
turn, and each of their decisions is committed once."""

from __future__ import annotations

import asyncio
import random

from bot.games.base import PlayerSpec
from bot.store import ACTIVE, Store
from bot.tables.ai_pool import AiPool
from bot.tables.kits import SEARCH_LEVEL, get_kit
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
        log = await store.actions.log(lobby.id)
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


class GatedPool(AiPool):
    """The real pool, whose searches start only when the test lets them, so the test
    can act at the table while one is under way."""

    def __init__(self) -> None:
        super().__init__(processes=1)
        self.searching_now = asyncio.Event()
        self.go = asyncio.Event()

    async def choose(self, kit, state, seat, seed, level):
        if level == SEARCH_LEVEL:
            self.searching_now.set()
            await self.go.wait()
        return await super().choose(kit, state, seat, seed, level)


async def _strong_autopilot_table(tmp_path) -> tuple[TableService, GatedPool, int]:
    store = await Store.open(tmp_path / "games.db")
    service = TableService(store)
    service.ai = pool = GatedPool()
    game = await store.games.create_game(
        "doge", guild_id=1, channel_id=2, players=[PlayerSpec(n) for n in "ABC"],
        user_ids=[101, 102, 103], seed=4,
        settings={"timing": "live", "autopilot": True, "autopilot_level": "strong"})
    return service, pool, game.id


async def test_a_strong_autopilot_thinks_without_holding_the_table(tmp_path) -> None:
    """D-3.3: everyone places at once. Seat 2's time-out is answered by a search; the
    others' ballots go through while it runs, and its move lands once."""
    service, pool, gid = await _strong_autopilot_table(tmp_path)
    try:
        timing_out = asyncio.create_task(service.time_out(gid, 2, by="moderator"))
        await asyncio.wait_for(pool.searching_now.wait(), timeout=10)
        for user in (101, 102):
            ballot = {"type": "ballot", "area": "castello", "markers": [1]}
            await asyncio.wait_for(service.act(gid, user, ballot), timeout=10)
        assert not timing_out.done()
        pool.go.set()
        step = await asyncio.wait_for(timing_out, timeout=120)
        assert any("autopilot" in line for line in step.notes)
        log = await service.store.actions.log(gid)
        assert [a.action["seat"] for a in log][:3] == [0, 1, 2]
        assert step.game.state.round == 2  # the round was revealed with all three stacks
    finally:
        await service.stop_ai()
        await service.store.close()


async def test_a_search_that_answered_a_decision_already_made_is_dropped(tmp_path) -> None:
    service, pool, gid = await _strong_autopilot_table(tmp_path)
    try:
        timing_out = asyncio.create_task(service.time_out(gid, 2, by="moderator"))
        await asyncio.wait_for(pool.searching_now.wait(), timeout=10)
        ballot = {"type": "ballot", "area": "dorsoduro", "markers": [2]}
        await asyncio.wait_for(service.act(gid, 103, ballot), timeout=10)  # back in time
        pool.go.set()
        assert await asyncio.wait_for(timing_out, timeout=120) is None
        log = await service.store.actions.log(gid)
        assert [(a.action["seat"], a.action["area"]) for a in log] == [(2, "dorsoduro")]
    finally:
        await service.stop_ai()
        await service.store.close()
