"""English and Dutch through the loopback Discord: private answers speak the caller's
Discord language, what the channel shows speaks the server's (`/table-admin language`)."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

import discord

from bot.i18n import speaking
from cogs.common.admin import renamed_note
from cogs.common.table_ui import deadline_text
from tests.discord_emulator import DiscordEmulator, EmuMessage, EmuUser
from tests.discord_emulator.fixtures import discord_emulator  # noqa: F401  (fixture)
from tests.e2e.driver import DogeTable, custom_ids, find
from tests.e2e.test_doge_game import make_bot

MANAGE_CHANNELS = discord.Permissions(manage_channels=True).value


class Table(DogeTable):
    """Drives a Doge table without re-drawing its boards: the check compares them with
    English ones, and here the channel may speak Dutch."""

    async def check_channel(self) -> None:
        return None


def public(emu: DiscordEmulator) -> list[EmuMessage]:
    return [m for m in emu.messages(emu.channel, include_ephemeral=False)
            if m.author.id == emu.bot_user.id]


def private(emu: DiscordEmulator, user: EmuUser) -> str:
    """The newest answer only `user` sees."""
    return [m for m in emu.messages(emu.channel, visible_to=user) if m.ephemeral][-1].content


def labels(message: EmuMessage) -> set[str]:
    return {c.get("label") or c.get("placeholder") for c in custom_ids(message)}


async def open_lobby(table: Table, user: EmuUser) -> EmuMessage:
    lobby = await (await table.slash(user, "doge new", {"seats": 3})).wait()
    assert not lobby.ephemeral
    table.game_id = (await table.bot.tables.game_in_channel(table.channel.id)).id
    return lobby


async def test_a_dutch_user_gets_dutch_answers_in_an_english_channel(
        discord_emulator: DiscordEmulator, tmp_path: Path) -> None:  # noqa: F811
    emu = discord_emulator
    bot = make_bot(tmp_path)
    async with emu.running(bot):
        anke, bob = emu.add_user("Anke", locale="nl"), emu.add_user("Bob")
        table = Table(emu, bot, emu.channel, [anke, bob])
        lobby = await open_lobby(table, anke)  # opened by a Dutch user, shown to everyone
        assert "a table for 3" in lobby.content and "Join" in labels(lobby)

        await table.slash(anke, "doge board")
        assert private(emu, anke) == "Het spel is nog niet begonnen."
        await table.slash(bob, "doge board")
        assert private(emu, bob) == "The game has not started yet."
        await table.slash(anke, "doge notify", {"mode": "dm"})
        assert private(emu, anke).startswith("🔔 Herinneringen: een DM")
        await table.slash(bob, "doge notify", {"mode": "dm"})
        assert private(emu, bob).startswith("🔔 Reminders: a DM")
        # The rule topics as each one's Discord offers them to pick.
        rules = f"</doge rules:{emu.commands.find('doge', None)['id']}>"
        await table.slash(anke, "doge rules")
        assert private(emu, anke).startswith(
            f"Kies een onderwerp met {rules} `onderwerp:`, een van: speelronde, ")
        await table.slash(bob, "doge rules")
        assert private(emu, bob).startswith(
            f"Pick a topic with {rules} `topic:`, one of: year, placement, ")

        # Anke's click redraws the lobby for everyone: still English.
        await table.click(bob, lobby, find(lobby, "g:join:")["custom_id"])
        await table.select(anke, emu.message_index[lobby.id],
                           find(lobby, "s:colour:")["custom_id"], ["yellow"])
        lobby = emu.message_index[lobby.id]
        assert "🟡 Anke" in lobby.content and "Join" in labels(lobby)
        assert "Meedoen" not in labels(lobby) and "Pick your colour" in labels(lobby)
        assert all("tafel" not in m.content for m in public(emu))
        assert not emu.internal_errors


async def test_a_dutch_server_shows_dutch_channel_messages(
        discord_emulator: DiscordEmulator, tmp_path: Path) -> None:  # noqa: F811
    emu = discord_emulator
    bot = make_bot(tmp_path)
    async with emu.running(bot):
        mia = emu.add_user("Mia", roles=[emu.add_role("Moderators", MANAGE_CHANNELS)])
        bob, anke = emu.add_user("Bob"), emu.add_user("Anke", locale="nl")
        table = Table(emu, bot, emu.channel, [bob, anke, mia])

        await table.slash(mia, "table-admin language", {"language": "nl"})
        assert private(emu, mia).startswith("✅ Done. ")  # Mia's own language
        assert await bot.languages.of(emu.guild.id) == "nl"
        assert "Nederlands" in public(emu)[-1].content  # told to everyone
        said = public(emu)
        await table.slash(bob, "table-admin language")  # anyone may ask which it is ...
        assert private(emu, bob) == "🌐 This server's games speak Nederlands."  # his language
        assert public(emu) == said  # ... and only he is told

        lobby = await open_lobby(table, bob)  # an English user opens it: the lobby is Dutch
        assert "een tafel voor 3" in lobby.content
        assert {"Meedoen", "Vertrekken", "Starten", "Kies je kleur"} <= labels(lobby)
        await table.slash(bob, "doge board")
        assert private(emu, bob) == "The game has not started yet."  # Bob's own language

        for user in (anke, mia):
            await table.click(user, lobby, find(lobby, "g:join:")["custom_id"])
        lobby = emu.message_index[lobby.id]
        assert "Meedoen" in labels(lobby)  # redrawn in the server's language
        await table.click(bob, lobby, find(lobby, "g:start:")["custom_id"])
        assert "is begonnen" in emu.message_index[lobby.id].content
        # The rulebook's terms: the seven areas are gebieden (the Quarantia is no stadsdeel).
        said = "\n".join(m.content for m in public(emu))
        assert "kies in het geheim een gebied" in said and "stadsdelen" not in said
        boards = [a for m in public(emu) for a in m.attachments if a.filename == "doge-board.png"]
        assert boards and all((a.description or "").startswith("Het bord") for a in boards)
        assert not emu.internal_errors


async def test_only_moderators_set_the_language(
        discord_emulator: DiscordEmulator, tmp_path: Path) -> None:  # noqa: F811
    emu = discord_emulator
    bot = make_bot(tmp_path)
    async with emu.running(bot):
        bob, anke = emu.add_user("Bob"), emu.add_user("Anke", locale="nl")
        table = Table(emu, bot, emu.channel, [bob, anke])
        for user in (bob, anke):
            await table.slash(user, "table-admin language", {"language": "nl"})
            refusal = private(emu, user)
            assert refusal and "\n" not in refusal and not refusal.startswith("✅")
        assert await bot.languages.of(emu.guild.id) == "en"
        assert public(emu) == []  # nothing was announced


def test_small_texts_read_in_both_languages() -> None:
    paused = SimpleNamespace(due_at=None)
    assert deadline_text(paused) == " (clock paused)"
    assert renamed_note("doge-admin", "table-admin").startswith(
        "ℹ️ `/doge-admin` is now `/table-admin`")
    with speaking("nl"):
        assert deadline_text(paused) == " (klok gepauzeerd)"
        assert "heet nu" in renamed_note("doge-admin", "table-admin")
