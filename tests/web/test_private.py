"""A player's private page: reached only by the signed link the bot gives that seat's
holder, showing what `/<game> me` shows; another seat, another holder, a changed
signature or an hour later, and it answers 404."""

from __future__ import annotations

from bot.store import Store
from bot.tables.web_links import PRIVATE_LINK_S, WebLinks
from tests.community.helpers import play, start
from tests.web.helpers import GUILD, SEED, Clock, client


async def test_a_private_link_works_for_its_seat_only_and_expires(store: Store) -> None:
    game_id = await start(store, "doge", [11, 12, 13], guild=GUILD, seed=SEED)
    await play(store, game_id, moves=2)  # two ballots cast, not yet revealed
    clock = Clock()
    links = WebLinks(store, "https://games.example.org", clock=clock)
    game = await store.actions.load(game_id)
    url = await links.private_url(game, 0)
    assert url is not None and url.startswith(await links.game_url(game) + "/me/")
    path = url.removeprefix("https://games.example.org")
    async with client(store, clock=clock) as c:
        page = await c.get(path)
        assert page.status == 200 and page.headers["Cache-Control"] == "private, no-store"
        text = await page.text()
        assert "p0" in text and "This round&#39;s choice" in text  # seat 0 cast its ballot
        signed = path.rsplit("/", 1)[1]
        seat, user, expires, mac = signed.split(".")
        for forged in (f"1.{user}.{expires}.{mac}", f"{seat}.12.{expires}.{mac}",
                       f"{seat}.{user}.{int(expires) + 60}.{mac}",
                       f"{seat}.{user}.{expires}.{mac[:-2]}AA", "0.11.1", "x"):
            assert (await c.get(path.rsplit("/", 1)[0] + "/" + forged)).status == 404, forged
        other = await store.web_pages.page_token("game", await start(store, "doge", [11, 12, 13],
                                                                     guild=GUILD, channel=11))
        assert (await c.get(f"/g/{other}/me/{signed}")).status == 404  # bound to its game
        clock.now += PRIVATE_LINK_S - 1
        assert (await c.get(path)).status == 200
        clock.now += 1
        assert (await c.get(path)).status == 404  # an hour on: expired


async def test_a_private_link_ends_when_the_seat_is_handed_on(store: Store) -> None:
    game_id = await start(store, "clans", [11, 12, 13], guild=GUILD, seed=SEED)
    clock = Clock()
    links = WebLinks(store, "https://games.example.org", clock=clock, secret="k" * 40)
    game = await store.actions.load(game_id)
    path = (await links.private_url(game, 1) or "").removeprefix("https://games.example.org")
    async with client(store, clock=clock, secret="k" * 40) as c:
        text = await (await c.get(path)).text()
        assert "You lead the" in text and "clan" in text  # the seat's secret clan (C-2.3)
        await store.seats.replace_seat_user(game_id, 1, user_id=99, name="newcomer")
        assert (await c.get(path)).status == 404
    async with client(store, clock=clock, secret="another key") as c:
        assert (await c.get(path)).status == 404  # signed with another key
