"""A game's and a server's page: found by an unguessable token, never by the game's
number; gone (404) while the server has its pages off; both languages."""

from __future__ import annotations

import re
from pathlib import Path

from bot.store import Store
from bot.store.web_pages import new_token
from bot.web.app import line_html
from tests.community.helpers import play, start
from tests.store.conftest import backend, db_path  # noqa: F401  (fixtures: both backends)
from tests.web.helpers import GUILD, SEED, client, first_event


async def test_a_token_is_random_long_and_kept(backend) -> None:  # noqa: F811
    async with await Store.open(backend.target) as store:
        game_id = await start(store, "doge", [11, 12, 13], guild=GUILD, seed=SEED)
        token = await store.web_pages.page_token("game", game_id)
        assert len(token) >= 32 and str(game_id) != token  # 24 random bytes: 192 bits
        assert await store.web_pages.page_token("game", game_id) == token  # made once
        assert await store.web_pages.page_of("game", token) == game_id
        assert await store.web_pages.page_of("server", token) is None  # a game's is no server's
        server = await store.web_pages.page_token("server", GUILD)
        assert server != token and await store.web_pages.page_of("server", server) == GUILD
        assert await store.web_pages.page_of("game", new_token()) is None
        # made once, then read
        assert await store.web_pages.web_key() == await store.web_pages.web_key()
        assert len(await store.web_pages.web_key()) == 32


async def test_pages_answer_by_token_only(store: Store) -> None:
    lobby = (await store.lobbies.create("doge", guild_id=GUILD, channel_id=5, created_by=11)).id
    await store.lobbies.join(lobby, user_id=11, name="anna")
    game_id = await start(store, "doge", [11, 12, 13], guild=GUILD, seed=SEED, channel=6)
    await play(store, game_id, moves=8)
    token = await store.web_pages.page_token("game", game_id)
    async with client(store) as c:
        page = await c.get(f"/g/{token}")
        assert page.status == 200
        text = await page.text()
        assert "Doge — Game" in text and 'id="step-slider"' in text and "p1" in text
        assert (await c.get(f"/g/{game_id}")).status == 404  # the number names nothing
        assert (await c.get(f"/g/{new_token()}")).status == 404
        assert (await c.get(f"/g/{token}/step/999.png")).status == 404
        assert (await c.get(f"/g/{token}/record.json")).status == 404  # not over yet
        lobby_page = await c.get(f"/g/{await store.web_pages.page_token('game', lobby)}")
        assert lobby_page.status == 200 and "lobby" in await lobby_page.text()
        server = await c.get(f"/s/{await store.web_pages.page_token('server', GUILD)}")
        assert server.status == 200
        listed = await server.text()
        assert f"/g/{token}" in listed and "Doge leaderboard" in listed
        assert (await c.get(f"/s/{GUILD}")).status == 404


async def test_pages_off_answer_404_and_on_again_200(store: Store) -> None:
    game_id = await start(store, "clans", [11, 12, 13], guild=GUILD, seed=SEED)
    await play(store, game_id, moves=3)
    token = await store.web_pages.page_token("game", game_id)
    server = await store.web_pages.page_token("server", GUILD)
    urls = [f"/g/{token}", f"/g/{token}/live", f"/g/{token}/step/1.png",
            f"/g/{token}/step/1.json", f"/g/{token}/events", f"/s/{server}"]
    async with client(store) as c:
        await store.web_pages.show_pages(GUILD, False)
        for url in urls:
            assert (await c.get(url)).status == 404, url
        await store.web_pages.show_pages(GUILD, True)
        for url in urls[:4] + urls[5:]:
            assert (await c.get(url)).status == 200, url
        assert (await first_event(c, token))["last"] == 3


async def test_a_finished_game_shows_its_result_record_and_recap(store: Store) -> None:
    game_id = await start(store, "clans", [11, 12, None], guild=GUILD, seed=SEED)
    await play(store, game_id)
    if (await store.games.get_game(game_id)).status == "active":
        await store.games.end_game(game_id)
    token = await store.web_pages.page_token("game", game_id)
    async with client(store) as c:
        text = await (await c.get(f"/g/{token}")).text()
        assert 'id="result"' in text and f"/g/{token}/record.json" in text
        record = await c.get(f"/g/{token}/record.json")
        assert record.status == 200 and "attachment" in record.headers["Content-Disposition"]
        assert (await record.json())["seed"] == SEED  # the record the bot exports
        recap = await c.get(f"/g/{token}/recap.gif")
        assert recap.status == 200 and (await recap.read())[:6] == b"GIF89a"


async def test_the_page_speaks_the_servers_language(store: Store, tmp_path: Path) -> None:
    game_id = await start(store, "doge", [11, 12, 13], guild=GUILD, seed=SEED)
    await play(store, game_id, moves=4)
    settings = await store.tables.get_guild_settings(GUILD)
    await store.tables.set_guild_settings(GUILD, extra={**settings.extra, "language": "nl"})
    token = await store.web_pages.page_token("game", game_id)
    async with client(store) as c:
        text = await (await c.get(f"/g/{token}")).text()
        assert '<html lang="nl">' in text and "Spelers" in text
        assert "Players" not in text


async def test_a_players_name_is_text_never_markup(store: Store) -> None:
    game_id = await start(store, "doge", [11, 12, 13], guild=GUILD, seed=SEED)
    await store.seats.replace_seat_user(game_id, 0, user_id=99, name="<img src=x onerror=alert(1)>")
    await play(store, game_id, moves=4)
    token = await store.web_pages.page_token("game", game_id)
    async with client(store) as c:
        for url in (f"/g/{token}", f"/g/{token}/live"):
            text = await (await c.get(url)).text()
            assert "&lt;img src=x onerror=alert(1)&gt;" in text and "<img src=x" not in text


def test_a_story_line_keeps_its_bold_footnotes_and_times() -> None:
    assert str(line_html("**Anna** <b>\n-# at <t:1700000000:R>")) == \
        "<strong>Anna</strong> &lt;b&gt;\n<small>at 2023-11-14 22:13 UTC</small>"


async def test_a_finished_clans_game_shows_the_revealed_clan_colours(store: Store) -> None:
    game_id = await start(store, "clans", [11, 12, 13], guild=GUILD, seed=SEED)
    token = await store.web_pages.page_token("game", game_id)
    await play(store, game_id, moves=6)
    async with client(store) as c:
        assert 'class="colour ' not in await (await c.get(f"/g/{token}/live")).text()
        await play(store, game_id)  # to the end: every clan revealed (C-6.2)
        [end] = [e for a in await store.actions.log(game_id) for e in a.events
                 if e["type"] == "game_end"]
        live = await (await c.get(f"/g/{token}/live")).text()
    rows = re.findall(r"<tr[^>]*>\s*<td>(\d)</td>\s*<td><span class=\"colour colour-(\w+)\"",
                      live)
    assert [(int(seat) - 1, colour) for seat, colour in rows] == list(enumerate(end["colours"]))
