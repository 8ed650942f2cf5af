"""The content security policy as a browser applies it: a game's page loads its own
script, style and boards and follows the game with none refused, while a script put
into the page from elsewhere (an inline one, as an injection would be) does not run."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from bot.store import Store
from bot.tables.service import TableService
from tests.web.served import open_table, play_one, served

if TYPE_CHECKING:
    from playwright.async_api import Browser

REFUSED = """() => new Promise(done => {
  // An inline script runs at once when let: then nothing was refused. When refused,
  // the browser reports it by an event a moment later.
  document.addEventListener('securitypolicyviolation',
                            e => done({refused: [e.violatedDirective], injected: false}));
  const script = document.createElement('script');
  script.textContent = 'window.injected = true;';
  document.body.appendChild(script);
  if (window.injected === true) done({refused: [], injected: true});
})"""


async def test_the_page_runs_its_own_files_and_no_injected_script(
        browser: Browser, store: Store) -> None:
    from playwright.async_api import expect

    service = TableService(store)
    game_id = await open_table(service, "clans", 61)
    rng = random.Random(4)
    for _ in range(2):
        await play_one(service, game_id, rng)
    async with served(store, service) as site:
        page = await browser.new_page()
        console: list[str] = []
        page.on("console", lambda message: console.append(message.text))
        await page.goto(site.url(f"/g/{await store.web_pages.page_token('game', game_id)}"))
        await page.wait_for_function(
            "() => { const i = document.getElementById('step-image');"
            " return i.complete && i.naturalWidth > 0; }")
        assert await page.evaluate(
            "getComputedStyle(document.querySelector('main')).maxWidth") == "1240px"
        await page.click("#step-prev")  # the page's own script, allowed
        await expect(page.locator("#step-label")).to_contain_text("Step 1 of ")
        assert not [text for text in console if "Content Security Policy" in text], console
        found = await page.evaluate(REFUSED)
        assert found == {"refused": ["script-src-elem"], "injected": False}, found
