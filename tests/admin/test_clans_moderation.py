"""The moderator commands serve Clans tables through the same code as Doge's."""

from __future__ import annotations

from pathlib import Path

from bot.games.base import PlayerSpec
from bot.store import FINISHED, Store
from bot.tables.moderation import Moderation
from bot.tables.service import TableService
from tests.admin.helpers import CHANNEL, GUILD, MOD, FakeTime


async def test_skip_pause_resume_and_end_a_clans_game(tmp_path: Path) -> None:
    time = FakeTime()
    store = await Store.open(tmp_path / "clans.db")
    try:
        service = TableService(store, clock=time)
        game = await store.games.create_game("clans", guild_id=GUILD, channel_id=CHANNEL,
                                             players=[PlayerSpec("Ada"), PlayerSpec("Bo")],
                                             user_ids=[101, 102], settings={"timing": "async"},
                                             seed=9)
        await service.clock.sync(await service.load(game.id))
        mod = Moderation(service)
        result = await mod.skip(MOD, CHANNEL)  # the mover's default move, applied now
        await result.then()
        after = await service.load(game.id)
        assert after.version == 1 and after.state.turn == 1
        assert "skipped" in result.line
        await mod.pause(MOD, CHANNEL)
        assert all(d.due_at is None for d in await store.deadlines.get_deadlines(game.id))
        await mod.resume(MOD, CHANNEL)
        assert all(d.due_at is not None for d in await store.deadlines.get_deadlines(game.id))
        await mod.end(MOD, CHANNEL)
        ended = await service.load(game.id)
        assert ended.row.status == FINISHED
        assert ended.engine.public_view(ended.state, None).result.reason == "moderator"
        newest_first = [e.action for e in await store.moderation.list_audit()]
        assert newest_first == ["end", "resume", "pause", "skip"]
    finally:
        await store.close()
