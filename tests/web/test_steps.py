"""The slider: every public step since the start, each step's board drawn on demand from
the log replayed to it, the same as the channel's renderer draws that state, cached in
memory and served with headers that let a browser keep it."""

from __future__ import annotations

from dataclasses import replace

from bot.i18n import speaking
from bot.store import Store
from bot.tables.kits import get_kit
from bot.web.app import PAGES
from bot.web.games import WEB_GAMES
from tests.community.helpers import play, start
from tests.web.helpers import GUILD, SEED, client, counted


async def test_each_step_image_is_the_board_drawn_at_that_step(store: Store) -> None:
    game_id = await start(store, "doge", [11, 12, 13], guild=GUILD, seed=SEED)
    await play(store, game_id, moves=14)
    log = await store.actions.log(game_id)
    public = [0] + [a.version for a in log
                    if any(e["type"] not in get_kit("doge").quiet_events for e in a.events)]
    assert len(public) < len(log) + 1  # secret ballots are no steps (D-10)
    token = await store.web_pages.page_token("game", game_id)
    game = await store.actions.load(game_id)
    async with client(store) as c:
        pages = c.app[PAGES]
        for step, version in enumerate(public):
            data = await (await c.get(f"/g/{token}/step/{step}.json")).json()
            assert data["step"] == step and data["last"] == len(public) - 1
            image = await c.get(data["image"])
            assert image.status == 200 and image.content_type == "image/png"
            assert "immutable" in image.headers["Cache-Control"]
            at = replace(game, state=await store.actions.state_at(game_id, version))
            with speaking("en"):
                caption = (await pages.history.step_told(game, version))[1]
                drawn = await WEB_GAMES["doge"].render(at, caption)
            assert await image.read() == drawn, f"step {step}"
            assert data["caption"] == caption and bool(caption) == bool(version)
        drawn_before = pages.history.drawn
        again = await c.get(data["image"])
        assert await again.read() == drawn and pages.history.drawn == drawn_before  # cached
        tag = again.headers["ETag"]
        unchanged = await c.get(data["image"], headers={"If-None-Match": tag})
        assert unchanged.status == 304


async def test_a_new_step_extends_the_slider(store: Store) -> None:
    game_id = await start(store, "clans", [11, 12, 13], guild=GUILD, seed=SEED)
    await play(store, game_id, moves=2)
    token = await store.web_pages.page_token("game", game_id)
    async with client(store) as c:
        assert (await (await c.get(f"/g/{token}/step/2.json")).json())["last"] == 2
        assert (await c.get(f"/g/{token}/step/3.json")).status == 404
        await play(store, game_id, moves=1)
        assert (await (await c.get(f"/g/{token}/step/3.json")).json())["last"] == 3
        text = await (await c.get(f"/g/{token}")).text()
        assert 'max="3"' in text


async def test_an_undone_step_played_otherwise_gets_a_new_image(store: Store) -> None:
    game_id = await start(store, "clans", [11, 12, 13], guild=GUILD, seed=SEED)
    await play(store, game_id, moves=4)
    token = await store.web_pages.page_token("game", game_id)
    async with client(store) as c:
        before = await (await c.get(f"/g/{token}/step/4.json")).json()
        old = await (await c.get(before["image"])).read()
        await store.moderation.undo(game_id, to_version=3, expected_version=4, moderator_id=1,
                                    guild_id=GUILD)
        assert (await c.get(f"/g/{token}/step/4.json")).status == 404
        await play(store, game_id, seed=99, moves=1)  # the fourth move made again
        after = await (await c.get(f"/g/{token}/step/4.json")).json()
        assert after["image"] != before["image"]  # another address: no stale copy is kept
        game = await store.actions.load(game_id)
        with speaking("en"):
            history = c.app[PAGES].history
            caption = (await history.step_told(game, 4))[1]
            drawn = await WEB_GAMES["clans"].render(game, caption)
        new = await (await c.get(after["image"])).read()
        assert new == drawn and (new != old or after["lines"] != before["lines"])


async def test_a_cached_board_at_its_pages_address_is_served_without_reading(
        store: Store) -> None:
    game_id = await start(store, "doge", [11, 12, 13], guild=GUILD, seed=SEED)
    await play(store, game_id, moves=10)
    token = await store.web_pages.page_token("game", game_id)
    async with client(store) as c:  # the app's clock stands still: the pages stay "on"
        data = await (await c.get(f"/g/{token}/step/2.json")).json()
        first = await c.get(data["image"])  # drawn, then kept
        board = await first.read()
        statements = await counted(store)
        for _ in range(10):
            again = await c.get(data["image"])
            assert again.status == 200 and await again.read() == board
            assert "immutable" in again.headers["Cache-Control"]
        unchanged = await c.get(data["image"], headers={"If-None-Match": first.headers["ETag"]})
        assert unchanged.status == 304
        assert statements.count == 0  # its address names the game's version
        other = data["image"].replace("/step/2.png", "/step/1.png")  # another step's tag
        assert await (await c.get(other)).read() != board
