"""Input no member should be able to send, sent anyway through the loopback Discord:
component ids the bot never made and typed options far outside what a person types.
Each is answered in one line, changes nothing, and the bot goes on working."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from bot.demo import play_demo
from tests.admin.helpers import db_rows
from tests.discord_emulator import DiscordEmulator, EmuMessage, EmuUser
from tests.discord_emulator.fixtures import discord_emulator  # noqa: F401  (fixture)
from tests.e2e.driver import DogeTable, find
from tests.e2e.test_doge_game import make_bot
from tests.e2e.test_doge_refusals import last_reply, started_table

BUTTON, STRING_SELECT = 2, 3
STRANGER = 987654321987654321  # an id nobody in the emulated server has


async def crafted_message(emu: DiscordEmulator, component: dict[str, Any]) -> EmuMessage:
    """A message of the bot's carrying a component it never made: what a client that
    rewrote the message, or a forged request, would click. Deleted once clicked."""
    return await emu.create_message(emu.channel, emu.bot_user, {
        "content": "crafted", "components": [{"type": 1, "components": [component]}]})


async def answered(table: DogeTable, handle) -> None:
    """Like the driver's settle, without its checks of the prompt (a crafted message
    would pass for one)."""
    await handle.callback(timeout=10)
    await table.emu.wait_until(lambda: table.bot.in_flight == 0, timeout=20)


async def click_crafted(table: DogeTable, user: EmuUser, custom_id: str) -> str:
    message = await crafted_message(table.emu, {"type": BUTTON, "style": 2, "label": "x",
                                                "custom_id": custom_id})
    await answered(table, await table.emu.click(user, message, custom_id))
    await table.emu.delete_message(message)
    return last_reply(table.emu, user)


async def select_crafted(table: DogeTable, user: EmuUser, custom_id: str,
                         values: list[str]) -> str:
    message = await crafted_message(table.emu, {
        "type": STRING_SELECT, "custom_id": custom_id, "min_values": 1,
        "max_values": len(values), "options": [{"label": v[:20], "value": v} for v in values]})
    await answered(table, await table.emu.select(user, message, custom_id, values))
    await table.emu.delete_message(message)
    return last_reply(table.emu, user)


def public(emu: DiscordEmulator) -> list[str]:
    return [m.content for m in emu.messages(emu.channel, include_ephemeral=False)]


@asynccontextmanager
async def table_running(emu: DiscordEmulator, tmp_path: Path) -> AsyncIterator[DogeTable]:
    """A started Doge table of anna, bernd and claudia."""
    bot = make_bot(tmp_path)
    async with emu.running(bot):
        yield await started_table(emu, bot)


async def still_works(table: DogeTable, user: EmuUser) -> None:
    """The bot answers the next ordinary command."""
    await table.slash(user, "doge status")
    assert "Year 1" in last_reply(table.emu, user) or "year 1" in last_reply(table.emu, user)


async def test_crafted_component_ids_are_refused_in_one_line(
        discord_emulator: DiscordEmulator, tmp_path: Path) -> None:  # noqa: F811
    emu = discord_emulator
    async with table_running(emu, tmp_path) as table:
        anna = table.users[0]
        game = await table.game()
        key = f"{game.state.year}-{game.state.round}"
        mia = emu.add_user("mia", roles=[emu.add_role("Moderators", 1 << 4)])  # Manage Channels
        before = db_rows(tmp_path / "games.db")
        said = public(emu)

        # A game id no database row can have (it overflowed the database's integer).
        assert await click_crafted(table, anna, f"g:doge.cast:{'9' * 30}:{key}") \
            == "That button is not valid."
        # Ballot panel values the bot never offers: one would shift 1 by a huge number.
        for value in ("1" + "0" * 90, "99999999999", "7", "-1", "٣"):
            assert await select_crafted(table, anna, f"s:doge.bpm:{game.id}:{key}.x", [value]) \
                == "That choice is not valid.", value
            assert await select_crafted(table, anna, f"s:doge.bpa:{game.id}:{key}.0", [value]) \
                == "That choice is not valid.", value
        assert await click_crafted(table, anna, f"g:doge.bpc:{game.id}:{key}.99.1") \
            == "Pick an area and 1 to 4 markers first."
        assert await click_crafted(table, anna, f"g:doge.bpc:{game.id}:{key}.0.{'9' * 60}") \
            == "Pick an area and 1 to 4 markers first."
        # A Clans button on a Doge game.
        assert await click_crafted(table, anna, f"g:clans.me:{game.id}:") \
            == "That button is not valid."
        # A confirmation naming another action than those asked (`end`, `kick.<id>`).
        for what in ("void", "kick.x", "kick." + "1" * 40, "end.now"):
            assert await click_crafted(table, mia, f"g:modok:{game.id}:{what}") \
                == "That button is not valid.", what

        assert db_rows(tmp_path / "games.db") == before  # nothing changed
        assert public(emu) == said  # nothing told in the channel
        await still_works(table, anna)
        # The real panel still works: the ballot is cast as usual.
        await table.click(anna, table.prompt(), find(table.prompt(), "g:doge.cast:")["custom_id"])
        assert (await table.game()).version == game.version
        assert not emu.internal_errors


async def test_a_time_zone_of_a_thousand_parts_is_refused_in_one_line(
        discord_emulator: DiscordEmulator, tmp_path: Path) -> None:  # noqa: F811
    """`a/` 1,500 times made the zone database recurse until Python gave up."""
    emu = discord_emulator
    async with table_running(emu, tmp_path) as table:
        anna = table.users[0]
        for zone in ("a/" * 1500, "a/" * 1500 + "b", "../" * 30 + "etc/passwd", "zone.tab"):
            await table.slash(anna, "doge notify", {"timezone": zone})
            reply = last_reply(emu, anna)
            assert reply.startswith("Unknown time zone") and "\n" not in reply, reply[:80]
        await table.slash(anna, "doge notify", {"timezone": "America/Argentina/Buenos_Aires"})
        assert "America/Argentina/Buenos_Aires" in last_reply(emu, anna)
        await still_works(table, anna)


async def test_an_import_seats_only_members_of_the_server(
        discord_emulator: DiscordEmulator, tmp_path: Path) -> None:  # noqa: F811
    """`players` seated any number of 5 digits or more: people outside the server, the
    bot itself, `99999`; 5,000 digits made the command fail. The record's settings are
    checked as typed ones are."""
    emu = discord_emulator
    bot = make_bot(tmp_path)
    record = json.loads(play_demo(tmp_path / "demo", seed=5, images=False,
                                  game="doge").read_text())
    for player in record["players"]:
        player["is_bot"] = False  # seats for people
    data = json.dumps(record).encode()
    async with emu.running(bot):
        mia = emu.add_user("mia", roles=[emu.add_role("Moderators", 1 << 4)])
        anna, robot = emu.add_user("anna"), emu.add_user("robot")
        table = DogeTable(emu, bot, emu.channel, [anna])  # no game yet: for the waiting
        robot.bot = True  # another application in the server
        before = db_rows(tmp_path / "games.db")
        refusals = {f"<@{emu.bot_user.id}>": "I do not take a seat myself: the computer "
                                             "plays the seats nobody takes.",
                    "99999": "99999 is not a member of this server.",
                    "1" * 5000: "11111111111111111111… is not a member of this server.",
                    f"<@{anna.id}> <@{STRANGER}>": f"{STRANGER} is not a member of this "
                                                  "server.",
                    f"<@{robot.id}>": f"<@{robot.id}> is a bot: the computer plays the "
                                      "seats nobody takes.",
                    " ".join(f"<@{anna.id}>" for _ in range(5)): "At most 4 people can take "
                                                                 "the seats of a record."}
        for players, refusal in refusals.items():
            await answered(table, await emu.slash(mia, emu.channel, "table-admin import", {
                "record": ("game.json", data), "players": players}))
            assert last_reply(emu, mia) == refusal, players[:40]
        timing = json.dumps({**record, "settings": {"timing": ["live"]}}).encode()
        await answered(table, await emu.slash(mia, emu.channel, "table-admin import", {
            "record": ("game.json", timing), "players": f"<@{anna.id}>"}))
        assert last_reply(emu, mia) == 'Cannot import: the setting "timing" must be "live" ' \
                                       'or "async", not ["live"].'
        assert db_rows(tmp_path / "games.db") == before and not public(emu)

        await answered(table, await emu.slash(mia, emu.channel, "table-admin import", {
            "record": ("game.json", data), "players": f"<@{anna.id}>"}))
        assert any("restored a finished game of Doge" in line for line in public(emu))
        [game] = await bot.tables.store.games.list_games(channel_id=emu.channel.id)
        assert [s.user_id for s in (await bot.tables.load(game.id)).seats] == \
            [anna.id, None, None, None]
        assert not emu.internal_errors


async def test_a_name_longer_than_discord_allows_is_cut_to_its_length(
        discord_emulator: DiscordEmulator, tmp_path: Path) -> None:  # noqa: F811
    """Every board draws the seats' names: a seat handed to a member takes at most
    Discord's 32 characters of their name, as a seat taken by joining does."""
    emu = discord_emulator
    async with table_running(emu, tmp_path) as table:
        anna = table.users[0]
        emu.set_permissions(table.channel, anna, allow=1 << 4)  # Manage Channels
        long = emu.add_user("N" * 1000)
        await answered(table, await emu.slash(anna, emu.channel, "table-admin replace",
                                              {"old": table.users[1], "new": long}))
        assert [s.name for s in (await table.game()).seats][1] == "N" * 32
