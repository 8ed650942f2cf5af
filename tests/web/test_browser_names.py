"""Names as a browser shows them: the longest name without a space wraps on a phone (the
server's page with its leaderboard, a seat's private page), and a name with an
unterminated right-to-left override turns only itself around, not the rest of its
line."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from bot.store import Store
from bot.tables.service import TableService
from bot.tables.web_links import WebLinks
from tests.community.helpers import play, start
from tests.web.served import BASE_URL, GUILD, served

if TYPE_CHECKING:
    from playwright.async_api import Browser

PHONE = {"width": 375, "height": 740}
LONG = "W" * 32  # Discord's longest name, without a space
REVERSED = "\u202eada9"  # RIGHT-TO-LEFT OVERRIDE, never closed (then a seat's number)

# Where the first character after `name` (a seat's number follows) and the last of the
# line stand, left to right, in the first story line holding it (its text nodes in order).
WHERE = """name => {
  for (const item of document.querySelectorAll('.story li')) {
    const nodes = [];
    const walk = document.createTreeWalker(item, NodeFilter.SHOW_TEXT);
    while (walk.nextNode()) nodes.push(walk.currentNode);
    const text = nodes.map(n => n.data).join('');
    const at = text.indexOf(name);
    const end = text.trimEnd().length - 1;
    if (at < 0 || end <= at + name.length + 1) continue;
    const rect = offset => {
      for (const node of nodes) {
        if (offset < node.data.length) {
          const range = document.createRange();
          range.setStart(node, offset); range.setEnd(node, offset + 1);
          return range.getBoundingClientRect();
        }
        offset -= node.data.length;
      }
    };
    const first = rect(at + name.length), last = rect(end);
    return {line: text, name: first.left, last: last.left, top: first.top, lastTop: last.top};
  }
  return null;
}"""


async def test_the_longest_name_wraps_on_a_phone(browser: Browser, store: Store,
                                                 tmp_path: Path) -> None:
    game_id = await start(store, "clans", [11, 12, 13], guild=GUILD, seed=5)
    await store.seats.replace_seat_user(game_id, 0, user_id=21, name=LONG)
    await play(store, game_id, seed=5)  # to the end: rated, on the leaderboard
    running = await start(store, "doge", [21, 12, 13], guild=GUILD, seed=6, channel=12)
    await store.seats.replace_seat_user(running, 0, user_id=21, name=LONG)
    service = TableService(store)
    private = await WebLinks(store, BASE_URL).private_url(await store.actions.load(running), 0)
    async with served(store, service) as site:
        page = await browser.new_page(viewport=PHONE)
        server = f"/s/{await store.web_pages.page_token('server', GUILD)}"
        for path in (server, (private or "").removeprefix(BASE_URL)):
            await page.goto(site.url(path))
            await page.wait_for_load_state("networkidle")
            assert LONG in await page.inner_text("body"), path
            await page.evaluate("document.querySelectorAll('details')"
                                ".forEach(d => d.open = true)")  # a player's games shown
            width = await page.evaluate("document.documentElement.scrollWidth")
            await page.screenshot(path=str(tmp_path / f"{path[1]}-375.png"), full_page=True)
            assert width <= PHONE["width"], f"{path}: {width} px wide"


async def test_a_right_to_left_name_turns_only_itself(browser: Browser, store: Store) -> None:
    game_id = await start(store, "clans", [11, 12, 13], guild=GUILD, seed=7)
    for seat in range(3):  # whoever the story names
        await store.seats.replace_seat_user(game_id, seat, user_id=21 + seat,
                                            name=f"{REVERSED}{seat}")
    await play(store, game_id, moves=6)
    async with served(store, TableService(store)) as site:
        page = await browser.new_page()
        await page.goto(site.url(f"/g/{await store.web_pages.page_token('game', game_id)}"))
        await page.wait_for_load_state("networkidle")
        found = await page.evaluate(WHERE, REVERSED)
        assert found is not None, "no story line names the player"
        assert found["top"] == found["lastTop"], found  # one line on a wide screen
        # Left to right: the name, then the rest of its line, as it was written.
        assert found["name"] < found["last"], found
