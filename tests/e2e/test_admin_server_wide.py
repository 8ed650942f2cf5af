"""Who may act on the whole server: a member who manages one channel moderates that
channel's game, but may not void another channel's game, change the server's rating
policy or language, read the server's audit log or list its tables. Manage Server or
the server's moderator role may."""

from __future__ import annotations

from pathlib import Path

from bot.discord_app import TableBot
from tests.community.test_commands_discord import named_game
from tests.discord_emulator import DiscordEmulator, EmuUser
from tests.discord_emulator.fixtures import discord_emulator  # noqa: F401  (fixture)
from tests.e2e.test_admin_discord import MANAGE_CHANNELS, MANAGE_GUILD, private

SERVER_WIDE = [("table-admin void", "game"), ("table-admin rating", {"moderated": True}),
               ("table-admin language", {"language": "nl"}), ("table-admin audit", {}),
               ("table-admin tables", {})]


async def ask(emu: DiscordEmulator, user: EmuUser, command: str, options: dict) -> str:
    await (await emu.slash(user, emu.channel, command, options)).wait(timeout=10)
    return private(emu, user)


async def test_managing_one_channel_reaches_no_further_than_its_game(
        discord_emulator: DiscordEmulator, tmp_path: Path) -> None:  # noqa: F811
    emu = discord_emulator
    bot = TableBot(database_path=str(tmp_path / "games.db"))
    async with emu.running(bot):
        store, guild = bot.tables.store, emu.guild.id
        players = [emu.add_user(n) for n in ("ada", "bo", "cy")]
        elsewhere = emu.add_text_channel(name="other-games")
        game = await named_game(store, players, guild, elsewhere.id)
        sam = emu.add_user("sam")
        emu.set_permissions(emu.channel, sam, allow=MANAGE_CHANNELS)  # this channel only
        await store.moderation.add_audit(guild_id=guild, moderator_id=1, action="kick",
                                         detail={"secret": "elsewhere"})
        policy = await store.ratings.policy(guild)
        audit = await store.moderation.list_audit(guild_id=guild)
        for command, options in SERVER_WIDE:
            options = {"game_id": game} if options == "game" else options
            answer = await ask(emu, sam, command, options)
            assert "acts on the whole server" in answer and "\n" not in answer, \
                (command, answer)
        # Nor are the server's games offered to them to pick from.
        assert await emu.autocomplete(sam, emu.channel, "table-admin void", {"game_id": ""},
                                      "game_id") == []
        # Nothing changed, nothing was read; the game still counts.
        assert await store.ratings.policy(guild) == policy
        assert await bot.languages.of(guild) == "en"
        assert (await store.moderation.list_audit(guild_id=guild)) == audit
        assert [g.id for g in await store.ratings.voidable(guild, limit=10)] \
            == [game]
        # A look at the settings is still theirs, as the channel's own commands are.
        assert "Ratings:" in await ask(emu, sam, "table-admin rating", {})
        assert "speak" in await ask(emu, sam, "table-admin language", {})

        # Managing the server, or holding the moderator role, is enough.
        olga = emu.add_user("olga", roles=[emu.add_role("Admins", MANAGE_GUILD)])
        assert [c["value"] for c in await emu.autocomplete(
            olga, emu.channel, "table-admin void", {"game_id": ""}, "game_id")] == [game]
        assert (await ask(emu, olga, "table-admin void", {"game_id": game})) \
            .startswith("✅ Done.")
        await ask(emu, olga, "table-admin role", {"role": emu.add_role("Game mods")})
        mods = next(r for r in emu.guild.roles.values() if r.name == "Game mods")
        mia = emu.add_user("mia", roles=[mods])
        answer = await ask(emu, mia, "table-admin audit", {})
        assert "**void**" in answer and "**role**" in answer
        assert (await ask(emu, mia, "table-admin rating", {"moderated": True})) \
            .startswith("✅ Done.")
        assert not emu.internal_errors
