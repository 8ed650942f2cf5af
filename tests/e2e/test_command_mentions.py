"""A text that names a slash command names it so every reader can type it: Discord's
clickable mention `</doge addbot:id>`, which each client shows in its own language, with
the id Discord gave the command at the sync; never the Dutch name an English Discord
would not know (`/doge computerspeler`)."""

from __future__ import annotations

from pathlib import Path

import discord

from bot.i18n import cmd, knowing_command_ids, speaking
from tests.discord_emulator import DiscordEmulator, EmuMessage
from tests.discord_emulator.fixtures import discord_emulator  # noqa: F401  (fixture)
from tests.e2e.test_doge_game import make_bot
from tests.e2e.test_dutch_discord import Table, open_lobby, private, public

MANAGE_CHANNELS = discord.Permissions(manage_channels=True).value
DUTCH_NAMES = ("/doge computerspeler", "/doge geheim", "/doge regels", "/doge hulp",
               "/doge bord", "/doge nieuw")


def mention(emu: DiscordEmulator, path: str) -> str:
    root = emu.commands.find(path.split()[0], None)
    assert root is not None, path
    return f"</{path}:{root['id']}>"


def no_dutch_names(text: str) -> None:
    assert not [name for name in DUTCH_NAMES if name in text], text


async def test_a_dutch_server_mentions_the_commands(
        discord_emulator: DiscordEmulator, tmp_path: Path) -> None:  # noqa: F811
    emu = discord_emulator
    bot = make_bot(tmp_path)
    async with emu.running(bot):
        mia = emu.add_user("Mia", roles=[emu.add_role("Moderators", MANAGE_CHANNELS)])
        bob, anke = emu.add_user("Bob"), emu.add_user("Anke", locale="nl")
        table = Table(emu, bot, emu.channel, [bob, anke, mia])
        await table.slash(mia, "table-admin language", {"language": "nl"})

        lobby: EmuMessage = await open_lobby(table, bob)  # the channel's: Dutch
        assert "Vul lege plaatsen" in lobby.content
        assert f"{mention(emu, 'doge addbot')}." in lobby.content
        no_dutch_names(lobby.content)

        await table.slash(anke, "doge rules")  # Anke's own: Dutch, the option in Dutch
        assert private(emu, anke).startswith(
            f"Kies een onderwerp met {mention(emu, 'doge rules')} `onderwerp:`, een van: ")
        await table.slash(bob, "doge rules")
        assert private(emu, bob).startswith(
            f"Pick a topic with {mention(emu, 'doge rules')} `topic:`, one of: ")

        for user in (anke, bob):
            await table.slash(user, "doge help")
            shown = private(emu, user)
            for path in ("doge new", "doge addbot", "doge me", "doge board", "doge export"):
                assert mention(emu, path) in shown, (path, shown)
            assert "`</" not in shown  # a mention in a code span would not be clickable
            no_dutch_names(shown)
        assert all("`</" not in m.content for m in public(emu))
        assert not emu.internal_errors


def test_without_an_id_the_english_name_is_written() -> None:
    with speaking("nl"):
        assert cmd("doge addbot") == "`/doge addbot`"
        assert cmd("doge away days:3") == "`/doge away dagen:3`"
        assert cmd("table-admin") == "`/table-admin`"


def test_with_the_ids_a_command_is_mentioned() -> None:
    with knowing_command_ids({"doge": 11, "table-admin": 12}), speaking("nl"):
        assert cmd("doge away days:3") == "</doge away:11> `dagen:3`"
        assert cmd("table-admin extend") == "</table-admin extend:12>"
        assert cmd("table-admin") == "`/table-admin`"  # a group cannot be mentioned
        assert cmd("clans me") == "`/clans me`"  # not among the ids
