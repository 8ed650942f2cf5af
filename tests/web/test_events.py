"""A page updates by itself: its event stream sends an event at once, then one after each
new step, found by looking at the game's version (the bot may be another process)."""

from __future__ import annotations

import asyncio

from bot.store import Store
from tests.community.helpers import play, start
from tests.web.helpers import GUILD, SEED, client, next_event


async def test_the_stream_sends_an_event_after_a_new_action(store: Store) -> None:
    game_id = await start(store, "clans", [11, 12, 13], guild=GUILD, seed=SEED)
    await play(store, game_id, moves=2)
    token = await store.page_token("game", game_id)
    async with client(store) as c, c.get(f"/g/{token}/events") as stream:
        assert stream.headers["Content-Type"] == "text/event-stream"
        first = await asyncio.wait_for(next_event(stream), 30)
        assert first == {"version": 2, "status": "active", "last": 2}
        await play(store, game_id, moves=1)
        after = await asyncio.wait_for(next_event(stream), 30)
        assert after == {"version": 3, "status": "active", "last": 3}
        live = await (await c.get(f"/g/{token}/live")).text()
        assert 'data-version="3"' in live  # what the page's script fetches on an event


async def test_the_stream_ends_when_the_pages_are_turned_off(store: Store) -> None:
    game_id = await start(store, "doge", [11, 12, 13], guild=GUILD, seed=SEED)
    token = await store.page_token("game", game_id)
    async with client(store) as c, c.get(f"/g/{token}/events") as stream:
        await asyncio.wait_for(next_event(stream), 30)
        await store.show_pages(GUILD, False)
        rest = await asyncio.wait_for(stream.content.read(), 30)  # the server closes it
        assert b"data:" not in rest
