"""Moderators through the loopback Discord: replacing a player mid-game, refusals for
everyone else, pausing and resuming the clocks, ending a game."""

from __future__ import annotations

from pathlib import Path

import discord

from tests.admin.helpers import FakeTime, db_rows
from tests.discord_emulator import DiscordEmulator
from tests.discord_emulator.fixtures import discord_emulator  # noqa: F401  (fixture)
from tests.e2e.driver import find
from tests.e2e.test_doge_clocks import clocked_bot, start_async_table
from tests.e2e.test_doge_refusals import last_reply

MANAGE_GUILD = discord.Permissions(manage_guild=True).value
MANAGE_CHANNELS = discord.Permissions(manage_channels=True).value


def public(emu: DiscordEmulator) -> list[str]:
    return [m.content for m in emu.messages(emu.channel, include_ephemeral=False)]


async def confirm(emu: DiscordEmulator, bot, channel, moderator) -> str:
    """Yes to the moderator's newest question (`end`, or `kick` in a running game: they
    cannot be taken back); the question asked."""
    question = [m for m in emu.messages(channel, visible_to=moderator) if m.ephemeral][-1]
    handle = await emu.click(moderator, question, find(question, "g:modok:")["custom_id"])
    await handle.callback(timeout=10)
    await emu.wait_until(lambda: bot.in_flight == 0, timeout=20)
    return question.content


def private(emu: DiscordEmulator, user) -> str:
    """The newest answer only `user` sees."""
    return [m for m in emu.messages(emu.channel, visible_to=user) if m.ephemeral][-1].content


async def test_a_moderator_replaces_a_player_mid_game(
        discord_emulator: DiscordEmulator, tmp_path: Path) -> None:  # noqa: F811
    emu = discord_emulator
    bot = clocked_bot(tmp_path, FakeTime())
    async with emu.running(bot):
        table = await start_async_table(emu, bot)
        anna, bernd, claudia = table.users
        mia = emu.add_user("mia", roles=[emu.add_role("Moderators", MANAGE_CHANNELS)])
        dora = emu.add_user("dora")
        await table.play_turn()  # round 1 chosen and revealed
        await table.slash(anna, "doge ballot", {"area": "san_marco", "markers": "1"})
        game = await table.game()
        assert game.state.round == 2 and 0 in game.state.ballots

        await table.slash(mia, "table-admin replace", {"old": anna, "new": dora})
        assert private(emu, mia).startswith("✅ Done.")
        assert any(f"handed anna's seat to <@{dora.id}>" in t for t in public(emu))
        after = await table.game()
        assert (after.seats[0].user_id, after.seats[0].replaced_from) == (dora.id, anna.id)
        assert after.version == game.version  # the seat changed hands, the game did not
        # From now on the seat goes by Dora's name: in the story, the prompt, the board.
        assert after.seats[0].name == "dora" and after.shown_players[0].name == "dora"
        assert "dora: " in table.prompt().content and "anna: " not in table.prompt().content
        board = await bot.posters["doge"].render(after, "")
        assert board != await bot.posters["doge"].render(game, "")

        # Anna has no seat (and no secrets) any more; Dora sees the seat's secrets.
        await table.slash(anna, "doge me")
        assert "not playing" in last_reply(emu, anna)
        handle = await table.slash(dora, "doge me")
        secrets = await handle.wait()
        assert secrets.ephemeral and secrets.visible_to == dora.id
        assert "This round's choice: San Marco with 1" in secrets.content
        assert "Markers in hand:" in secrets.content

        # Dora changes the ballot she inherited (D-3.3), then the round goes on.
        table.users[0] = dora
        await table.slash(dora, "doge ballot", {"area": "santa_croce", "markers": "2"})
        assert "Your ballot" in last_reply(emu, dora)
        assert (await table.game()).state.ballots[0].area == "santa_croce"
        await table.play_turn()
        game = await table.game()
        assert game.state.round == 3 and "santa_croce" in game.state.players[0].cards_used
        assert any("Round 2 revealed" in t for t in public(emu))
        assert not emu.internal_errors


async def test_a_non_moderator_is_refused_and_nothing_changes(
        discord_emulator: DiscordEmulator, tmp_path: Path) -> None:  # noqa: F811
    emu = discord_emulator
    bot = clocked_bot(tmp_path, FakeTime())
    async with emu.running(bot):
        table = await start_async_table(emu, bot)
        anna, bernd, _ = table.users
        helpers = emu.add_role("Game helpers")  # no permission of its own
        await table.slash(anna, "doge ballot", {"area": "castello", "markers": "3"})
        before, said = db_rows(tmp_path / "games.db"), public(emu)
        commands = [("pause", {}), ("resume", {}), ("extend", {"hours": 2}), ("skip", {}),
                    ("replace", {"old": bernd, "new": anna}), ("kick", {"player": bernd}),
                    ("end", {}), ("undo", {}), ("export", {}), ("audit", {}),
                    ("import", {"record": ("game.json", b"{}")})]
        for name, options in commands:
            await table.slash(anna, f"table-admin {name}", options)
            assert "Only moderators" in private(emu, anna), name
        await table.slash(anna, "table-admin role", {"role": helpers})
        assert "manage the server" in private(emu, anna)
        assert db_rows(tmp_path / "games.db") == before and public(emu) == said

        # A manager makes the helpers' role a moderator role: its members may moderate.
        sam = emu.add_user("sam", roles=[emu.add_role("Staff", MANAGE_CHANNELS)])
        await table.slash(sam, "table-admin role", {"role": helpers})
        assert any(f"<@&{helpers.id}> the moderator role" in t for t in public(emu))
        hana = emu.add_user("hana", roles=[helpers])
        await table.slash(hana, "table-admin pause")
        assert any(f"<@{hana.id}> paused the game" in t for t in public(emu))
        assert not emu.internal_errors


async def test_managing_one_channel_does_not_set_the_servers_moderator_role(
        discord_emulator: DiscordEmulator, tmp_path: Path) -> None:  # noqa: F811
    """The role moderates every channel's games: a member who manages only this channel
    (an overwrite) moderates its game, but may not set the role, nor may anyone make
    @everyone the role."""
    emu = discord_emulator
    bot = clocked_bot(tmp_path, FakeTime())
    async with emu.running(bot):
        table = await start_async_table(emu, bot)
        sam = emu.add_user("sam")
        emu.set_permissions(table.channel, sam, allow=MANAGE_CHANNELS)
        await table.slash(sam, "table-admin role", {"role": emu.add_role("Everyone here")})
        assert "manage the server" in private(emu, sam)
        await table.slash(sam, "table-admin pause")
        assert any(f"<@{sam.id}> paused the game" in t for t in public(emu))
        owner = emu.add_user("olga", roles=[emu.add_role("Admins", MANAGE_GUILD)])
        everyone = emu.guild.roles[emu.guild.id]
        await table.slash(owner, "table-admin role", {"role": everyone})
        assert "@everyone cannot be the moderator role" in private(emu, owner)
        [bots_own] = [r for r in emu.guild.roles.values() if r.managed]
        await table.slash(owner, "table-admin role", {"role": bots_own})
        assert "belongs to a bot or an integration" in private(emu, owner)
        assert (await bot.tables.store.tables.get_guild_settings(emu.guild.id)).moderator_role_id \
            is None
        assert not emu.internal_errors


async def test_pause_and_resume_keep_the_remaining_time_and_end_ranks_everyone(
        discord_emulator: DiscordEmulator, tmp_path: Path) -> None:  # noqa: F811
    emu, time = discord_emulator, FakeTime()
    bot = clocked_bot(tmp_path, time)
    async with emu.running(bot):
        table = await start_async_table(emu, bot)
        anna = table.users[0]
        mia = emu.add_user("mia", roles=[emu.add_role("Moderators", MANAGE_CHANNELS)])
        await table.slash(anna, "doge ballot", {"area": "castello", "markers": "3"})
        time.now += 60
        store = bot.tables.store

        async def due_rows() -> dict:
            return {d.seat: d for d in await store.deadlines.get_deadlines(table.game_id)
                    if d.kind.startswith("due:")}

        left = {s: d.due_at - time.now for s, d in (await due_rows()).items()}
        assert set(left) == {1, 2}
        await table.slash(mia, "doge-admin pause")  # the old name still works, and says so
        assert any("paused the game" in t for t in public(emu))
        assert "`/doge-admin` is now `/table-admin`" in private(emu, mia)
        assert {s: d.paused_remaining for s, d in (await due_rows()).items()} == left
        version = (await table.game()).version
        time.now += 3 * 3600  # far past the 5 minutes: nothing times out while paused
        await bot.tables.clock.tick()
        assert (await table.game()).version == version
        await table.slash(mia, "table-admin resume")
        assert {s: d.due_at - time.now for s, d in (await due_rows()).items()} == left

        await table.slash(mia, "table-admin audit")
        log = private(emu, mia)
        assert log.index("**resume**") < log.index("**pause**") and "<t:" in log
        assert f"(<#{table.channel.id}>)" in log  # the game's channel

        # A kick, read in words: the member, the seat as the table counts it.
        await table.slash(mia, "table-admin kick", {"player": table.users[2]})
        await confirm(emu, bot, table.channel, mia)
        await table.slash(mia, "table-admin audit")
        line = private(emu, mia).splitlines()[1]
        assert line.endswith(f"**kick** in game {table.game_id} (<#{table.channel.id}>) — "
                             f"seat 3, <@{table.users[2].id}>")

        await table.slash(mia, "table-admin end")
        await confirm(emu, bot, table.channel, mia)
        said = public(emu)
        assert any("ended the game" in t for t in said)
        assert "Game over" in said[-1] and "ended by a moderator" in "\n".join(said)
        assert (await table.game()).row.result["reason"] == "moderator"
        assert not emu.internal_errors
