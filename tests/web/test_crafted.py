"""Addresses nobody was given: every crafted path answers 4xx, never 500 (a step is ASCII
digits within the game's steps); and every answer, found or not, carries the headers a
host expects and names no server software."""

from __future__ import annotations

from bot.store import Store
from bot.tables.web_links import WebLinks
from tests.community.helpers import play, start
from tests.web.helpers import GUILD, SEED, Clock, client


async def test_every_crafted_path_answers_4xx(store: Store) -> None:
    game_id = await start(store, "doge", [11, 12, 13], guild=GUILD, seed=SEED)
    await play(store, game_id, moves=6)
    token = await store.web_pages.page_token("game", game_id)
    game = f"/g/{token}"
    many = "9" * 4400  # more digits than Python turns into a number
    crafted = [
        f"{game}/step/{many}.png", f"{game}/step/{many}.json",
        f"{game}/step/%D9%A1.png", f"{game}/step/%D9%A1.json",  # ARABIC-INDIC DIGIT ONE
        f"{game}/step/%EF%BC%91.png", f"{game}/step/%EF%BC%91.json",  # FULLWIDTH ONE
        f"{game}/step/%C2%B9.json", f"{game}/step/-1.png", f"{game}/step/1.5.json",
        f"{game}/step/99999999999.json", f"{game}/step/.png",
        f"{game}/me/0.11.{many}.AAAA", f"{game}/me/0.11.1.%C3%A9", f"{game}/me/%FF",
        f"{game}/me/{'a' * 5000}", f"/g/{'x' * 5000}", "/g/%00", f"/s/{many}",
        "/static/../app.py", "/static/%2e%2e/app.py", f"{game}/record.json",
    ]
    async with client(store) as c:
        for path in crafted:
            answer = await c.get(path)
            assert 400 <= answer.status < 500, (path[:80], answer.status)
        assert (await c.get(f"{game}/step/1.json")).status == 200  # the real ones work
        assert (await c.get(f"{game}/step/0001.json")).status == 200


async def test_every_answer_carries_the_hosts_headers(store: Store) -> None:
    game_id = await start(store, "clans", [11, 12, 13], guild=GUILD, seed=SEED)
    await play(store, game_id, moves=3)
    token = await store.web_pages.page_token("game", game_id)
    clock = Clock()
    links = WebLinks(store, "https://games.example.org", clock=clock)
    private = (await links.private_url(await store.actions.load(game_id), 0) or "")
    paths = [f"/g/{token}", f"/g/{token}/live", f"/g/{token}/step/1.json",
             f"/g/{token}/step/1.png", f"/g/{token}/events",
             f"/s/{await store.web_pages.page_token('server', GUILD)}",
             private.removeprefix("https://games.example.org"),
             "/static/page.js", "/static/page.css", "/g/nothing", "/healthz", "/metrics"]
    async with client(store, clock=clock) as c:
        for path in paths:
            async with c.get(path) as answer:
                headers = answer.headers
                assert answer.status in (200, 404), path
                assert headers["X-Content-Type-Options"] == "nosniff", path
                policy = dict(part.split(" ", 1)
                              for part in headers["Content-Security-Policy"].split("; "))
                assert policy["default-src"] == "'none'", path  # the page's own files only
                assert {policy[k] for k in ("script-src", "style-src", "img-src",
                                            "connect-src")} == {"'self'"}, path
                assert policy["frame-ancestors"] == "'none'", path
                assert headers["X-Frame-Options"] == "DENY", path
                assert headers["Referrer-Policy"] == "no-referrer", path
                server = headers.get("Server", "")
                assert "python" not in server.lower() and "aiohttp" not in server.lower(), \
                    (path, server)
