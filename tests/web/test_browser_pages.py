"""The pages in a real browser (headless chromium): the slider walks the steps with its
buttons and the arrow keys and shows each step's board, a step played appears on an open
page by itself, a phone's width needs no sideways scrolling, and the server's page lists
its games."""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import TYPE_CHECKING

from bot.store import Store
from bot.tables.service import TableService
from tests.web.served import (
    GUILD,
    Served,
    board_of,
    last_step,
    open_table,
    play_one,
    play_public_step,
    served,
)

if TYPE_CHECKING:
    from playwright.async_api import Browser, Page

PHONE = {"width": 375, "height": 740}
LIVE_S = 2.0  # a step played shows on an open page within this


def step_src(step: int) -> re.Pattern[str]:
    return re.compile(rf"/step/{step}\.png\?t=")


async def shown_board(page: Page, site: Served, step: int) -> bytes:
    """The board the page shows once it shows `step`: its address names the step, the
    browser has loaded it, and its bytes are what the page's address serves."""
    from playwright.async_api import expect

    image = page.locator("#step-image")
    await expect(image).to_have_attribute("src", step_src(step))
    await expect(page.locator("#step-label")).to_contain_text(f"Step {step} of ")
    await page.wait_for_function(
        "() => { const i = document.getElementById('step-image');"
        " return i.complete && i.naturalWidth > 0 && i.src.includes('/step/" + str(step) +
        ".png'); }")
    response = await page.request.get(site.url(await image.get_attribute("src") or ""))
    assert response.ok
    return await response.body()


async def played(store: Store, game: str, moves: int) -> tuple[TableService, int]:
    service = TableService(store)
    game_id = await open_table(service, game, channel_id=31)
    rng = random.Random(5)
    for _ in range(moves):
        await play_one(service, game_id, rng)
    return service, game_id


async def test_the_slider_walks_back_and_forth_showing_each_steps_board(
        browser: Browser, store: Store) -> None:
    service, game_id = await played(store, "clans", moves=4)
    async with served(store, service) as site:
        last = await last_step(site, service, game_id)
        assert last >= 3
        page = await browser.new_page()
        await page.goto(site.url(f"/g/{await store.web_pages.page_token('game', game_id)}"))
        assert await shown_board(page, site, last) == \
            await board_of(site, service, game_id, last)
        for step in range(last - 1, -1, -1):  # ◀ down to the start
            await page.click("#step-prev")
            assert await shown_board(page, site, step) == \
                await board_of(site, service, game_id, step), f"step {step}"
        await page.click("#step-prev")  # nothing before the start
        await shown_board(page, site, 0)
        await page.click("#step-next")
        assert await shown_board(page, site, 1) == await board_of(site, service, game_id, 1)
        await page.locator("#step-slider").fill(str(last))  # dragged to the end
        assert await shown_board(page, site, last) == \
            await board_of(site, service, game_id, last)


async def test_the_arrow_keys_move_the_slider(browser: Browser, store: Store) -> None:
    service, game_id = await played(store, "clans", moves=3)
    async with served(store, service) as site:
        last = await last_step(site, service, game_id)
        page = await browser.new_page()
        await page.goto(site.url(f"/g/{await store.web_pages.page_token('game', game_id)}"))
        await shown_board(page, site, last)
        await page.keyboard.press("ArrowLeft")
        await page.keyboard.press("ArrowLeft")
        assert await shown_board(page, site, last - 2) == \
            await board_of(site, service, game_id, last - 2)
        await page.keyboard.press("ArrowRight")
        await shown_board(page, site, last - 1)
        await page.locator("#step-slider").focus()  # the slider's own keys, focused
        await page.keyboard.press("ArrowRight")
        await shown_board(page, site, last)


async def test_a_step_played_appears_on_an_open_page(browser: Browser, store: Store) -> None:
    from playwright.async_api import expect

    service, game_id = await played(store, "doge", moves=0)
    async with served(store, service) as site:
        page = await browser.new_page()
        await page.goto(site.url(f"/g/{await store.web_pages.page_token('game', game_id)}"))
        await shown_board(page, site, 0)
        # Three secret ballots: no step, but the players' list follows the game.
        rng = random.Random(3)
        step = await play_public_step(site, service, game_id, rng)
        timeout = LIVE_S * 1000
        await expect(page.locator("#step-image")).to_have_attribute(
            "src", step_src(step), timeout=timeout)
        await expect(page.locator("#step-label")).to_have_text(
            f"Step {step} of {step}", timeout=timeout)
        assert await shown_board(page, site, step) == \
            await board_of(site, service, game_id, step)
        # Someone looking back at an earlier step is not moved on by the next one.
        await page.click("#step-prev")
        await shown_board(page, site, step - 1)
        newer = await play_public_step(site, service, game_id, rng)
        await expect(page.locator("#step-slider")).to_have_attribute(
            "max", str(newer), timeout=timeout)
        await expect(page.locator("#step-label")).to_have_text(f"Step {step - 1} of {step}")


async def test_a_phone_needs_no_sideways_scrolling(browser: Browser, store: Store,
                                                   tmp_path: Path) -> None:
    service = TableService(store)
    names = ("Maximiliana_Wilhelmina_Augusta", "bernd", "🦁 Leonardo da Vinci")
    game_id = await open_table(service, "doge", 41, names=names)
    rng = random.Random(9)
    for _ in range(4):
        await play_one(service, game_id, rng)
    async with served(store, service) as site:
        page = await browser.new_page(viewport=PHONE)
        for path in (f"/g/{await store.web_pages.page_token('game', game_id)}",
                     f"/s/{await store.web_pages.page_token('server', GUILD)}"):
            await page.goto(site.url(path))
            await page.wait_for_load_state("networkidle")
            width = await page.evaluate("document.documentElement.scrollWidth")
            await page.screenshot(path=str(tmp_path / f"{path[1]}-375.png"), full_page=True)
            assert width <= PHONE["width"], f"{path}: {width} px wide"


async def test_the_server_page_lists_its_games(browser: Browser, store: Store) -> None:
    service = TableService(store)
    running = await open_table(service, "doge", 51)
    other = await open_table(service, "clans", 52)
    await service.store.games.end_game(other)
    elsewhere = await open_table(service, "clans", 53, guild_id=GUILD + 1)
    lobby = await service.open_lobby("doge", guild_id=GUILD, channel_id=54, user_id=201,
                                     user_name="anna", seats=3, timing="live")
    async with served(store, service) as site:
        page = await browser.new_page()
        await page.goto(site.url(f"/s/{await store.web_pages.page_token('server', GUILD)}"))

        async def links(section: str) -> set[str]:
            found = await page.locator(f"#{section} a").evaluate_all(
                "links => links.map(a => a.getAttribute('href'))")
            return set(found)

        tokens = {g: f"/g/{await store.web_pages.page_token('game', g)}"
                  for g in (running, other, elsewhere, lobby.id)}
        assert await links("running") == {tokens[running], tokens[lobby.id]}
        assert await links("finished") == {tokens[other]}
        await page.click(f"#running a[href='{tokens[running]}']")
        await page.wait_for_url(re.compile(re.escape(tokens[running]) + "$"))
        assert "Doge" in await page.locator("h1").inner_text()
