"""A page updates by itself: its event stream sends an event at once, then one whenever
what the page shows changes (a new step, whom the game awaits), found by reading the
store (the bot may be another process). A secret ballot changed again changes nothing
the page shows, so it sends nothing (D-10: the channel never tells it either)."""

from __future__ import annotations

import asyncio

from bot.store import Store
from tests.community.helpers import play, start
from tests.store.conftest import backend, db_path  # noqa: F401  (fixtures: both backends)
from tests.web.helpers import GUILD, SEED, client, first_event, next_event


async def test_the_stream_sends_an_event_after_a_new_action(store: Store) -> None:
    game_id = await start(store, "clans", [11, 12, 13], guild=GUILD, seed=SEED)
    await play(store, game_id, moves=2)
    token = await store.web_pages.page_token("game", game_id)
    async with client(store) as c, c.get(f"/g/{token}/events") as stream:
        assert stream.headers["Content-Type"] == "text/event-stream"
        first = await asyncio.wait_for(next_event(stream), 30)
        assert (first["last"], first["status"]) == (2, "active")
        await play(store, game_id, moves=1)
        after = await asyncio.wait_for(next_event(stream), 30)
        assert (after["last"], after["status"]) == (3, "active")
        assert after["mark"] != first["mark"]
        live = await (await c.get(f"/g/{token}/live")).text()
        assert f'data-mark="{after["mark"]}"' in live  # what the page's script compares


async def test_a_ballot_changed_again_changes_nothing_the_page_shows(store: Store) -> None:
    game_id = await start(store, "doge", [11, 12, 13], guild=GUILD, seed=SEED)
    game = await store.actions.load(game_id)
    ballots = game.engine.legal_actions(game.state, 0)
    await store.actions.submit(game_id, ballots[0], expected_version=None)
    token = await store.web_pages.page_token("game", game_id)
    async with client(store) as c:
        before = [await (await c.get(f"/g/{token}/{part}")).text()
                  for part in ("live", "step/0.json")]
        mark = (await first_event(c, token))["mark"]
        other = next(b for b in ballots if b["area"] != ballots[0]["area"])
        result = await store.actions.submit(game_id, other, expected_version=None)
        assert result.events[0]["type"] == "ballot_changed"
        assert [await (await c.get(f"/g/{token}/{part}")).text()
                for part in ("live", "step/0.json")] == before
        assert (await first_event(c, token))["mark"] == mark


async def test_the_stream_ends_when_the_pages_are_turned_off(store: Store) -> None:
    game_id = await start(store, "doge", [11, 12, 13], guild=GUILD, seed=SEED)
    token = await store.web_pages.page_token("game", game_id)
    async with client(store) as c, c.get(f"/g/{token}/events") as stream:
        await asyncio.wait_for(next_event(stream), 30)
        await store.web_pages.show_pages(GUILD, False)
        rest = await asyncio.wait_for(stream.content.read(), 30)  # the server closes it
        assert b"data:" not in rest


async def test_a_step_made_by_another_process_reaches_the_stream(backend) -> None:  # noqa: F811
    """The pages served apart from the bot (`python -m bot web`): two stores on one
    database, as two processes; the bot's moves reach the page's stream all the same."""
    async with await Store.open(backend.target) as bot_store, \
            await Store.open(backend.target) as web_store:
        game_id = await start(bot_store, "clans", [11, 12, 13], guild=GUILD, seed=SEED)
        await play(bot_store, game_id, moves=3)
        token = await bot_store.web_pages.page_token("game", game_id)
        async with client(web_store) as c, c.get(f"/g/{token}/events") as stream:
            assert (await asyncio.wait_for(next_event(stream), 30))["last"] == 3
            await play(bot_store, game_id, moves=1)
            after = await asyncio.wait_for(next_event(stream), 30)
            assert after["last"] == 4
            page = await (await c.get(f"/g/{token}/live")).text()
            assert 'data-last="4"' in page
