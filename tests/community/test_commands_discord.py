"""Leaderboard, stats, history, recap and the rating setting through the loopback
Discord: what the channel shows, images and their text alongside."""

from __future__ import annotations

import io
from pathlib import Path

import discord
from PIL import Image

from bot.discord_app import TableBot
from bot.store.ratings import RatingPolicy
from tests.community.helpers import finished
from tests.discord_emulator import DiscordEmulator
from tests.discord_emulator.fixtures import discord_emulator  # noqa: F401  (fixture)

MANAGE_CHANNELS = discord.Permissions(manage_channels=True).value


async def _games(emu: DiscordEmulator, bot: TableBot, users: list) -> list[int]:
    store = bot.tables.store
    guild, channel = emu.guild.id, emu.channel.id
    ids = [u.id for u in users]
    return [await finished(store, "clans", ids[:3], guild=guild, channel=channel, seed=1),
            await finished(store, "clans", ids[1:], guild=guild, channel=channel, seed=2),
            await finished(store, "clans", [ids[0], None], guild=guild, channel=channel,
                           seed=3)]


async def test_leaderboard_stats_and_history(discord_emulator: DiscordEmulator,  # noqa: F811
                                             tmp_path: Path) -> None:
    emu = discord_emulator
    bot = TableBot(database_path=str(tmp_path / "games.db"))
    async with emu.running(bot):
        users = [emu.add_user(n) for n in ("ada", "bo", "cy", "di")]
        ids = await _games(emu, bot, users)
        board = await (await emu.slash(users[3], emu.channel, "clans leaderboard")).wait()
        assert not board.ephemeral and "Clans leaderboard" in board.content
        assert "μ − 3σ" in board.content
        assert [a.filename for a in board.attachments] == ["clans-leaderboard.png"]
        assert Image.open(io.BytesIO(board.attachments[0].data)).width == 900
        lines = board.content.splitlines()[1:]
        assert len(lines) == 4 and [ln.split(". ")[0] for ln in lines] == ["1", "2", "3", "4"]
        assert sum(1 for ln in lines if "· 2 games" in ln) == 2  # bo and cy played twice
        standings, total = await bot.tables.store.leaderboard(emu.guild.id, "clans")
        assert total == 4 and all(f"{s.rank}. {s.name} — {s.score:.1f}" in board.content
                                  for s in standings)

        stats = await (await emu.slash(users[3], emu.channel, "clans stats",
                                       {"player": users[0]})).wait()
        assert [a.filename for a in stats.attachments] == ["clans-stats.png"]
        # Ada: two finished games, one of them with a computer (not rated by default).
        assert "2 games" in stats.content and "1 rated game." in stats.content
        assert "favourite terrain" in stats.content and "not rated" in stats.content

        # The message that announced the end carries the record: history links to it.
        await bot.tables.store.set_message(ids[0], "prompt", channel_id=emu.channel.id,
                                           message_id=4242)
        history = await (await emu.slash(users[0], emu.channel, "clans history")).wait()
        lines = history.content.splitlines()
        assert len(lines) == 3 and f"Game {ids[2]}" in lines[1]  # newest first
        assert lines[2].endswith(f"[record](https://discord.com/channels/{emu.guild.id}/"
                                 f"{emu.channel.id}/4242)")
        assert lines[1].endswith(f"`/clans export` in <#{emu.channel.id}>")

        await (await emu.slash(users[0], emu.channel, "doge stats")).callback()
        reply = emu.messages(emu.channel, visible_to=users[0])[-1]
        assert reply.ephemeral and "no finished Doge game" in reply.content
        assert not emu.internal_errors


async def test_recap_posts_an_animation_per_village(discord_emulator: DiscordEmulator,  # noqa: F811
                                                    tmp_path: Path) -> None:
    emu = discord_emulator
    bot = TableBot(database_path=str(tmp_path / "games.db"))
    async with emu.running(bot):
        users = [emu.add_user(n) for n in ("ada", "bo", "cy", "di")]
        await (await emu.slash(users[0], emu.channel, "clans recap")).callback()
        refusal = emu.messages(emu.channel, visible_to=users[0])[-1]
        assert refusal.ephemeral and "no finished Clans game" in refusal.content
        ids = await _games(emu, bot, users)
        choices = await emu.autocomplete(users[0], emu.channel, "clans recap",
                                      {"game_id": ""}, "game_id")
        assert [c["value"] for c in choices] == ids[::-1]
        handle = await emu.slash(users[1], emu.channel, "clans recap", {"game_id": ids[0]})
        message = await handle.wait(timeout=30)
        [gif] = message.attachments
        assert gif.filename == f"clans-recap-{ids[0]}.gif" and not message.ephemeral
        villages = len((await bot.tables.load(ids[0])).state.villages)
        frames = Image.open(io.BytesIO(gif.data))
        assert frames.n_frames == villages and f"{villages} in all" in message.content
        latest = await (await emu.slash(users[1], emu.channel, "clans recap")).wait(timeout=30)
        assert latest.attachments[0].filename == f"clans-recap-{ids[2]}.gif"
        assert not emu.internal_errors


async def test_the_rating_setting_is_for_moderators(discord_emulator: DiscordEmulator,  # noqa: F811
                                                    tmp_path: Path) -> None:
    emu = discord_emulator
    bot = TableBot(database_path=str(tmp_path / "games.db"))
    async with emu.running(bot):
        mia = emu.add_user("mia", roles=[emu.add_role("Moderators", MANAGE_CHANNELS)])
        bo = emu.add_user("bo")
        await (await emu.slash(bo, emu.channel, "table-admin rating",
                               {"computers": True})).wait()
        assert "Only moderators" in emu.messages(emu.channel, visible_to=bo)[-1].content
        store = bot.tables.store
        assert await store.rating_policy(emu.guild.id) == RatingPolicy()
        await (await emu.slash(mia, emu.channel, "table-admin rating",
                               {"computers": True})).wait()
        assert await store.rating_policy(emu.guild.id) == RatingPolicy(computers=True)
        await emu.wait_until(lambda: bot.in_flight == 0, timeout=20)
        said = [m.content for m in emu.messages(emu.channel, include_ephemeral=False)]
        assert any("games with computer players count" in t for t in said)
        # A game with a computer now counts.
        await finished(store, "clans", [bo.id, None], guild=emu.guild.id,
                       channel=emu.channel.id)
        assert (await store.standing(emu.guild.id, "clans", bo.id)) is not None
        assert not emu.internal_errors
