"""A game that is no longer installed (its code removed or renamed, then a restart) takes
nothing else down: its table is listed as "game not installed", its old buttons answer
one line, a moderator ends it and the channel takes a new game; another game's owed step
is still shown at connect, and the server's page still answers."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest

from bot.discord_app import TableBot
from bot.store import ENDED, Store
from bot.store import games as store_games
from tests.community.helpers import start
from tests.discord_emulator import DiscordEmulator
from tests.discord_emulator.fixtures import discord_emulator  # noqa: F401  (fixture)
from tests.e2e.driver import find
from tests.e2e.test_admin_discord import MANAGE_CHANNELS, confirm, private
from tests.e2e.test_catch_up import a_round_saved_but_not_shown
from tests.e2e.test_doge_refusals import started_table
from tests.e2e.test_plugin_game import BidsTable
from tests.plugin_game.register import bids_game
from tests.waiting import poll
from tests.web.helpers import GUILD, client

NOT_INSTALLED = "This table's game is not installed on this bot any more"


async def test_a_removed_games_table_blocks_nothing(
        discord_emulator: DiscordEmulator, tmp_path: Path,  # noqa: F811
        monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture) -> None:
    monkeypatch.setattr(store_games, "new_seed", lambda: 1)
    emu = discord_emulator
    path = str(tmp_path / "games.db")
    room = emu.add_text_channel(name="auction")
    mia = emu.add_user("mia", roles=[emu.add_role("Moderators", MANAGE_CHANNELS)])
    with bids_game():
        first = TableBot(database_path=path)
        async with emu.running(first):
            people = [emu.add_user(n) for n in ("ann", "bo", "cy")]
            auction = BidsTable(emu, first, "bids", people, room)
            lobby = await auction.open(3)
            await auction.click(people[0], lobby, find(lobby, "g:start:")["custom_id"])
            old_button = auction.prompt()
            # Both games owe their channels a step (saved, never shown): the removed
            # game's comes first.
            await first.tables.act(auction.game_id, people[0].id, {"type": "bid", "amount": 1})
            doge = await started_table(emu, first)
            await a_round_saved_but_not_shown(doge)
    # The bot starts again without that game.
    second = TableBot(database_path=path)
    async with emu.running(second):
        store = second.tables.store

        async def doge_shown() -> bool:
            game = await second.tables.load(doge.game_id)
            return await store.shown.shown_version(game.id) == game.version

        await poll(doge_shown, 20, "the other game's owed step to be shown at connect")
        assert not [r for r in caplog.records if r.levelno >= logging.ERROR]  # no fault
        # Listed as not installed, every other table as ever.
        await (await emu.slash(mia, emu.channel, "table-admin tables", {})).wait()
        listed = private(emu, mia)
        assert "game not installed" in listed and "**Doge**" in listed, listed
        # Its old button answers one line; a command in its channel refuses in one line.
        handle = await emu.click(people[1], old_button, find(old_button, "g:dq:")["custom_id"])
        assert (await handle.wait()).content.startswith(NOT_INSTALLED)
        answer = await (await emu.slash(mia, room, "doge new", {})).wait()
        assert "not installed" in answer.content and "\n" not in answer.content
        # A moderator ends it; the channel then takes a new game.
        await (await emu.slash(mia, room, "table-admin end", {})).wait()
        await confirm(emu, second, room, mia)
        assert (await store.games.get_game(auction.game_id)).status == ENDED
        lobby = await (await emu.slash(mia, room, "doge new", {})).wait()
        assert "a table for" in lobby.content and not lobby.ephemeral
        assert not emu.internal_errors


async def test_the_servers_page_lists_a_removed_games_table(tmp_path: Path) -> None:
    async with await Store.open(tmp_path / "games.db") as store:
        with bids_game():
            removed = await start(store, "bids", [11, 12, 13], guild=GUILD, channel=7)
        kept = await start(store, "doge", [11, 12, 13], guild=GUILD, channel=8)
        async with client(store) as c:
            page = await c.get(f"/s/{await store.web_pages.page_token('server', GUILD)}")
            assert page.status == 200
            text = await page.text()
        assert "game not installed" in text
        assert f"/g/{await store.web_pages.page_token('game', kept)}" in text
        assert removed


async def test_a_removed_games_own_pages_answer_404(tmp_path: Path) -> None:
    async with await Store.open(tmp_path / "games.db") as store:
        with bids_game():
            removed = await start(store, "bids", [11, 12, 13], guild=GUILD, channel=7)
        token = await store.web_pages.page_token("game", removed)
        async with client(store) as c:
            for path in ("", "/live", "/events", "/step/1.png", "/step/1.json", "/record.json"):
                page = await c.get(f"/g/{token}{path}")
                assert page.status == 404, path
                assert "not installed" in await page.text(), path
