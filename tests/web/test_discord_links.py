"""Links from Discord, through the loopback Discord: the table's first message and its
result carry a button to the game's web page, `/clans board` answers with one, `/clans me`
with the seat's private page; `/table-admin web off|on` (moderators of the server) turns
the server's pages off and on."""

from __future__ import annotations

from pathlib import Path

from aiohttp.test_utils import TestClient, TestServer

from bot.discord_app import TableBot
from bot.store import ACTIVE
from bot.web.app import create_web_app
from tests.community.helpers import play
from tests.discord_emulator import DiscordEmulator, EmuMessage
from tests.discord_emulator.fixtures import discord_emulator  # noqa: F401  (fixture)
from tests.discord_emulator.messages import walk_components
from tests.e2e.test_admin_discord import MANAGE_CHANNELS, MANAGE_GUILD, private
from tests.e2e.test_clans_game import ClansTable

BASE = "https://games.example.org"


def links(message: EmuMessage) -> list[str]:
    return [c["url"] for c in walk_components(message.components) if c.get("url")]


def newest_private(emu: DiscordEmulator, user) -> EmuMessage:
    return [m for m in emu.messages(emu.channel, visible_to=user) if m.ephemeral][-1]


async def announced(emu: DiscordEmulator, text: str) -> EmuMessage:
    """The channel's line saying `text` (a moderator's action is told after its answer)."""
    return await emu.wait_for(lambda m: text in m.content and not m.ephemeral,
                              include_existing=True)


async def test_discord_links_to_the_pages_and_turns_them_off(
        discord_emulator: DiscordEmulator, tmp_path: Path) -> None:  # noqa: F811
    emu = discord_emulator
    bot = TableBot(database_path=str(tmp_path / "games.db"), web_base_url=BASE)
    async with emu.running(bot):
        users = [emu.add_user(n) for n in ("ada", "bo", "cy")]
        table = ClansTable(emu, bot, emu.channel, users, seed=3)
        await table.start()
        store = bot.store
        page = f"{BASE}/g/{await store.web_pages.page_token('game', table.game_id)}"
        public = emu.messages(emu.channel, include_ephemeral=False)
        assert [links(m) for m in public if links(m)] == [[page]]  # the first message's
        await table.play_turn()

        await (await table.slash(users[0], "clans board", {})).wait(timeout=10)
        assert links(newest_private(emu, users[0])) == [page]
        await (await table.slash(users[1], "clans me", {})).wait(timeout=10)
        answer = newest_private(emu, users[1])
        assert "clan" in answer.content and len(links(answer)) == 1
        mine = links(answer)[0]
        assert mine.startswith(page + "/me/")

        app = create_web_app(store, base_url=BASE)
        async with TestClient(TestServer(app)) as web:
            seen = await web.get(mine.removeprefix(BASE))
            assert seen.status == 200 and "You lead the" in await seen.text()
            shown = await web.get(page.removeprefix(BASE))
            assert shown.status == 200
            assert 'class="awaited"' in (text := await shown.text()) and "deadline 20" in text

            await (await emu.slash(users[2], emu.channel, "table-admin web",
                                   {"state": "off"})).wait(timeout=10)
            assert "Only moderators" in private(emu, users[2])  # not theirs to change
            sam = emu.add_user("sam")
            emu.set_permissions(emu.channel, sam, allow=MANAGE_CHANNELS)  # this channel only
            await (await emu.slash(sam, emu.channel, "table-admin web",
                                   {"state": "off"})).wait(timeout=10)
            assert "whole server" in private(emu, sam)
            olga = emu.add_user("olga", roles=[emu.add_role("Admins", MANAGE_GUILD)])
            await (await emu.slash(olga, emu.channel, "table-admin web",
                                   {"state": "off"})).wait(timeout=10)
            await announced(emu, "turned this server's web pages off")
            assert (await web.get(page.removeprefix(BASE))).status == 404
            assert (await web.get(mine.removeprefix(BASE))).status == 404
            await (await table.slash(users[0], "clans board", {})).wait(timeout=10)
            assert links(newest_private(emu, users[0])) == []  # no link to a page that is off
            await (await emu.slash(users[2], emu.channel, "table-admin web", {})).wait(
                timeout=10)
            assert "pages are off" in private(emu, users[2])  # anyone may ask
            await (await emu.slash(olga, emu.channel, "table-admin web",
                                   {"state": "on"})).wait(timeout=10)
            server = f"{BASE}/s/{await store.web_pages.page_token('server', emu.guild.id)}"
            assert server in (await announced(emu, "web pages on")).content
            assert (await web.get(page.removeprefix(BASE))).status == 200

        # The last move, made as a player would: the result's message links to the page.
        last = await play(store, table.game_id, stop_before_end=True)
        game = await table.game()
        assert game.row.status == ACTIVE
        user = game.seats[last["seat"]].user_id
        await bot.tables.publish(await bot.tables.act(table.game_id, user, last))
        result = emu.last_message(emu.channel, include_ephemeral=False)
        assert (await table.game()).row.status == "finished"
        assert links(result) == [page]
