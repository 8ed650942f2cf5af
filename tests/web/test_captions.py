"""The web and the channel tell a step alike: a Doge game played through the loopback
Discord by the bot that also serves the pages; after every turn the channel's newest
board and the web's board of the same step have one caption (the image's alt text) and
are the same picture."""

from __future__ import annotations

import html
import re
from pathlib import Path

import aiohttp

from bot.games.wording import FACTS
from bot.tables.kits import get_kit
from tests.discord_emulator import DiscordEmulator
from tests.discord_emulator.fixtures import discord_emulator  # noqa: F401  (fixture)
from tests.discord_emulator.messages import EmuAttachment
from tests.e2e.driver import find
from tests.e2e.test_doge_game import open_table
from tests.web.served import web_bot

TURNS = 60
QUIET = get_kit("doge").quiet_events


def newest_board(emu: DiscordEmulator) -> EmuAttachment:
    for message in reversed(emu.messages(emu.channel, include_ephemeral=False)):
        boards = [a for a in message.attachments if a.filename.endswith("-board.png")]
        if boards:
            return boards[-1]
    raise AssertionError("no board in the channel")


async def page_alt(http: aiohttp.ClientSession, base: str, step: int) -> str:
    """The alt text of the board the game's page shows at `step`."""
    page = await (await http.get(base)).text()
    found = re.search(r'<img id="step-image"[^>]* alt="([^"]*)"', page)
    assert found is not None and f"/step/{step}.png" in found.group(0)
    return html.unescape(found.group(1))


async def test_the_channel_and_the_web_caption_each_step_alike(
        discord_emulator: DiscordEmulator, tmp_path: Path) -> None:  # noqa: F811
    emu = discord_emulator
    bot, port = web_bot(tmp_path)
    compared, outcomes = 0, 0
    async with emu.running(bot), aiohttp.ClientSession() as http:
        table = await open_table(emu, bot, ["anna", "bernd", "claudia"], 3, year_limit=1)
        lobby = emu.last_message(emu.channel, include_ephemeral=False)
        await table.click(table.users[1], lobby, find(lobby, "g:start:")["custom_id"])
        token = await bot.store.web_pages.page_token("game", table.game_id)
        base = f"http://127.0.0.1:{port}/g/{token}"
        for _ in range(TURNS):
            game = await table.game()
            if game.row.status != "active":
                break
            await table.play_turn()
            game = await table.game()
            steps = await (await http.get(f"{base}/step/0.json")).json()
            step = await (await http.get(f"{base}/step/{steps['last']}.json")).json()
            log = await bot.store.actions.log(game.id, after_version=game.version - 1)
            if not log or not any(e["type"] not in QUIET for e in log[-1].events):
                continue  # the newest action was secret (a ballot): no step of its own
            board = newest_board(emu)
            async with http.get(f"http://127.0.0.1:{port}{step['image']}") as image:
                web_board = await image.read()
            alt = await page_alt(http, base, steps["last"])
            # Both take a step's caption from the same place (cogs/common/story.py
            # `action_caption`, else the last line the step tells: bot/web/history.py
            # `History.caption`); a line the channel leaves out must be left out there too.
            assert board.description == alt, (board.description, alt)
            assert web_board == board.data, board.description  # one picture
            compared += 1
            outcomes += FACTS in alt  # the game's own caption, its outcome first
    assert compared >= 5 and outcomes >= 1, (compared, outcomes)
