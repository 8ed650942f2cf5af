"""Leaderboard, stats, history, recap and the rating setting through the loopback
Discord: what the channel shows, images and their text alongside."""

from __future__ import annotations

import io
import re
from pathlib import Path

import discord
from PIL import Image

from bot.discord_app import TableBot
from bot.games.base import PlayerSpec
from bot.store.ratings import RatingPolicy
from bot.tables.kits import KITS
from tests.community.helpers import finished, play, start
from tests.discord_emulator import DiscordEmulator
from tests.discord_emulator.fixtures import discord_emulator  # noqa: F401  (fixture)
from tests.e2e.test_admin_discord import confirm

MANAGE_CHANNELS = discord.Permissions(manage_channels=True).value


def record_numbers(stats: str) -> list[str]:
    """The games, wins and average place of a stats text's record line."""
    line = next(ln for ln in stats.splitlines() if ", average place " in ln)
    games, wins, rest = line.split(", ", 2)
    return [games, wins, rest.split(",")[0].rstrip(".")]


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
        # A look-up answers its asker alone, unless asked to post it for everyone.
        private = await (await emu.slash(users[3], emu.channel, "clans leaderboard")).wait()
        assert private.ephemeral and "Clans leaderboard" in private.content
        assert [a.filename for a in private.attachments] == ["clans-leaderboard.png"]
        board = await (await emu.slash(users[3], emu.channel, "clans leaderboard",
                                       {"public": True})).wait()
        assert not board.ephemeral and "Clans leaderboard" in board.content
        assert "μ" not in board.content and "σ" not in board.content
        assert "The score is a careful guess at skill" in board.content
        assert board.content == private.content
        assert [a.filename for a in board.attachments] == ["clans-leaderboard.png"]
        assert Image.open(io.BytesIO(board.attachments[0].data)).width == 900
        lines = board.content.splitlines()[1:]
        assert len(lines) == 4 and [ln.split(". ")[0] for ln in lines] == ["1", "2", "3", "4"]
        assert sum(1 for ln in lines if "· 2 games" in ln) == 2  # bo and cy played twice
        standings, total = await bot.tables.store.ratings.top(emu.guild.id, "clans")
        assert total == 4 and all(f"{s.rank}. {s.name} — {s.score:.1f}" in board.content
                                  for s in standings)

        stats = await (await emu.slash(users[3], emu.channel, "clans stats",
                                       {"player": users[0]})).wait()
        assert stats.ephemeral and [a.filename for a in stats.attachments] == ["clans-stats.png"]
        shown = await (await emu.slash(users[3], emu.channel, "clans stats",
                                       {"player": users[0], "public": True})).wait()
        assert not shown.ephemeral and shown.content == stats.content
        # Ada: two finished games, one of them with a computer (not rated by default):
        # the stats count the rated one, as the leaderboard does, and the other apart.
        assert "1 rated game." in stats.content and "Not rated: 1 game." in stats.content
        [rank] = [s.rank for s in standings if s.user_id == users[0].id]
        [ada] = [ln for ln in lines if ln.startswith(f"{rank}. ")]
        assert record_numbers(stats.content) == ada.split(" · ", 1)[1].split(" · ")
        assert "favourite terrain" in stats.content and "not rated" in stats.content
        # Within a sentence a terrain is written in lower case, as any word.
        assert re.search(r"favourite terrain (forest|mountain|steppe|grassland)\.",
                         stats.content), stats.content

        # The result, posted once the game was over, carries the record: linked.
        store = bot.tables.store
        final = (await store.games.get_game(ids[0])).version
        await store.messages.set_message(ids[0], f"seg:{final - 2}:0:{final - 2}",
                                         channel_id=emu.channel.id, message_id=4241)
        await store.messages.set_message(ids[0], f"seg:{final}:0:{final}",
                                         channel_id=emu.channel.id, message_id=4242)
        history = await (await emu.slash(users[0], emu.channel, "clans history")).wait()
        assert history.ephemeral
        shown = await (await emu.slash(users[0], emu.channel, "clans history",
                                       {"public": True})).wait()
        assert not shown.ephemeral and shown.content == history.content
        lines = history.content.splitlines()
        assert len(lines) == 3 and f"Game {ids[2]}" in lines[1]  # newest first
        assert lines[2].endswith(f"[record](https://discord.com/channels/{emu.guild.id}/"
                                 f"{emu.channel.id}/4242)")
        # No message known: `export` gives the channel's last game, and only that one.
        export = f"</clans export:{emu.commands.find('clans', None)['id']}>"
        assert lines[1].endswith(f"{export} in <#{emu.channel.id}>")
        history = await (await emu.slash(users[1], emu.channel, "clans history")).wait()
        assert history.content.splitlines()[1].endswith(
            f"record: no link known (played in <#{emu.channel.id}>)")

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
        handle = await emu.slash(users[1], emu.channel, "clans recap",
                                 {"game_id": ids[0], "public": True})
        message = await handle.wait(timeout=30)
        [gif] = message.attachments
        assert gif.filename == f"clans-recap-{ids[0]}.gif" and not message.ephemeral
        villages = len((await bot.tables.load(ids[0])).state.villages)
        frames = Image.open(io.BytesIO(gif.data))
        assert frames.n_frames == villages and f"{villages} in all" in message.content
        # The game named once: "🎞️ Clans game 1: …", not "🎞️ **Clans** — Clans game 1: …".
        assert message.content.startswith(f"🎞️ Clans game {ids[0]}: the board after each")
        assert message.content.count("Clans") == 1
        latest = await (await emu.slash(users[1], emu.channel, "clans recap")).wait(timeout=30)
        assert latest.attachments[0].filename == f"clans-recap-{ids[2]}.gif"
        assert latest.ephemeral  # without public:true, for the asker alone
        assert not emu.internal_errors


async def test_a_game_with_no_recap_is_refused_to_the_asker_alone(
        discord_emulator: DiscordEmulator, tmp_path: Path) -> None:  # noqa: F811
    """A Doge game a moderator ended before its first election has no frame to show: the
    refusal reaches the asker only, and nothing is posted in the channel."""
    emu = discord_emulator
    bot = TableBot(database_path=str(tmp_path / "games.db"))
    async with emu.running(bot):
        users = [emu.add_user(n) for n in ("ada", "bo", "cy")]
        store = bot.tables.store
        ended = await start(store, "doge", [u.id for u in users], guild=emu.guild.id,
                            channel=emu.channel.id)
        await play(store, ended, moderator_after=0)
        before = len(emu.messages(emu.channel))
        await (await emu.slash(users[1], emu.channel, "doge recap")).callback()
        [refusal] = emu.messages(emu.channel, visible_to=users[1])[before:]
        assert refusal.ephemeral and f"Game {ended} has no recap to show." in refusal.content
        assert not [m for m in emu.messages(emu.channel)[before:] if not m.ephemeral]
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
        assert await store.ratings.policy(emu.guild.id) == RatingPolicy()
        await (await emu.slash(mia, emu.channel, "table-admin rating",
                               {"computers": True})).wait()
        assert await store.ratings.policy(emu.guild.id) == RatingPolicy(computers=True)
        await emu.wait_until(lambda: bot.in_flight == 0, timeout=20)
        said = [m.content for m in emu.messages(emu.channel, include_ephemeral=False)]
        assert any("games with computer players count" in t for t in said)
        # Asking what counts changes nothing: the asker alone is told, in their language.
        nl = emu.add_user("noor", roles=[emu.add_role("Mods NL", MANAGE_CHANNELS)],
                          locale="nl")
        await (await emu.slash(nl, emu.channel, "table-admin rating", {})).wait()
        await emu.wait_until(lambda: bot.in_flight == 0, timeout=20)
        reply = emu.messages(emu.channel, visible_to=nl)[-1]
        assert reply.ephemeral and "computerspelers tellen mee" in reply.content
        assert [m.content for m in emu.messages(emu.channel, include_ephemeral=False)] == said
        # A game with a computer now counts.
        await finished(store, "clans", [bo.id, None], guild=emu.guild.id,
                       channel=emu.channel.id)
        assert (await store.ratings.standing(emu.guild.id, "clans", bo.id)) is not None
        assert not emu.internal_errors


async def test_a_replacement_is_shown_under_their_own_name(
        discord_emulator: DiscordEmulator, tmp_path: Path) -> None:  # noqa: F811
    """`/table-admin replace old:@bart new:@erik`, then Erik finishes the game: the
    result is his, under his name, on the leaderboard and in his stats; Bart has none."""
    emu = discord_emulator
    bot = TableBot(database_path=str(tmp_path / "games.db"))
    async with emu.running(bot):
        bart, erik, cora, dirk = (emu.add_user(n) for n in ("bart", "erik", "cora", "dirk"))
        mia = emu.add_user("mia", roles=[emu.add_role("Moderators", MANAGE_CHANNELS)])
        store, guild, channel = bot.tables.store, emu.guild.id, emu.channel.id
        await named_game(store, [erik, cora], guild, channel)  # Erik played before
        game = await start_named(store, [bart, cora, dirk], guild, channel, seed=2)
        await (await emu.slash(mia, emu.channel, "table-admin replace",
                               {"old": bart, "new": erik})).wait()
        await emu.wait_until(lambda: bot.in_flight == 0, timeout=20)
        assert (await store.games.get_seats(game))[0].name == "erik"
        await play(store, game, seed=2)

        board = await (await emu.slash(cora, emu.channel, "clans leaderboard")).wait()
        assert "bart" not in board.content and "erik — " in board.content
        stats = await (await emu.slash(cora, emu.channel, "clans stats",
                                       {"player": erik})).wait()
        assert stats.content.startswith("📊 **erik** at Clans") and "bart" not in stats.content
        assert "2 rated games." in stats.content
        await (await emu.slash(bart, emu.channel, "clans stats")).callback()
        reply = emu.messages(emu.channel, visible_to=bart)[-1]
        assert reply.ephemeral and "bart has no finished Clans game" in reply.content
        assert not emu.internal_errors


async def test_a_game_a_moderator_ended_is_no_win(
        discord_emulator: DiscordEmulator, tmp_path: Path) -> None:  # noqa: F811
    """After `/table-admin end` the stats count no win for it and say so; their numbers
    are the leaderboard's."""
    emu = discord_emulator
    bot = TableBot(database_path=str(tmp_path / "games.db"))
    async with emu.running(bot):
        ada, bo, cy = (emu.add_user(n) for n in ("ada", "bo", "cy"))
        mia = emu.add_user("mia", roles=[emu.add_role("Moderators", MANAGE_CHANNELS)])
        store, guild, channel = bot.tables.store, emu.guild.id, emu.channel.id
        await named_game(store, [ada, bo, cy], guild, channel)
        game = await start_named(store, [ada, bo, cy], guild, channel, seed=3)
        await play(store, game, seed=3, moves=4)
        await (await emu.slash(mia, emu.channel, "table-admin end")).wait()
        await confirm(emu, bot, emu.channel, mia)
        await emu.wait_until(lambda: bot.in_flight == 0, timeout=20)
        [ended] = [g for g in await store.ratings.played_games(guild, "clans", ada.id)
                   if g.game_id == game]
        assert not ended.rated  # by default, as it was ended by a moderator
        firsts = [u for u in (ada, bo, cy) if (await store.ratings.played_games(
            guild, "clans", u.id))[-1].place == 1]
        board = await (await emu.slash(cy, emu.channel, "clans leaderboard")).wait()
        for user in firsts:  # first when the moderator ended it: still no win for it
            stats = await (await emu.slash(cy, emu.channel, "clans stats",
                                           {"player": user})).wait()
            [line] = [ln for ln in board.content.splitlines() if f". {user.name} — " in ln]
            assert record_numbers(stats.content) == line.split(" · ", 1)[1].split(" · ")
            assert "1 game ended by a moderator: ranked as it stood, never counted as a " \
                   "win." in stats.content
            assert "Not rated: 1 game." in stats.content
        history = await (await emu.slash(firsts[0], emu.channel, "clans history")).wait()
        newest = history.content.splitlines()[1]
        assert "1st of 3, not rated, ended by a moderator" in newest
        # The poster's result message (the record attached) is what history links.
        result = [m for m in emu.messages(emu.channel, include_ephemeral=False)
                  if any(a.filename == f"clans-game-{game}.json" for a in m.attachments)]
        assert len(result) == 1 and newest.endswith(
            f"[record](https://discord.com/channels/{guild}/{channel}/{result[0].id})")
        assert not emu.internal_errors


async def start_named(store, users: list, guild: int, channel: int, seed: int = 1) -> int:
    """A running Clans game whose seats bear the members' names."""
    specs = [PlayerSpec(u.name) for u in users]
    loaded = await store.games.create_game("clans", guild_id=guild, channel_id=channel,
                                           players=specs, user_ids=[u.id for u in users],
                                           seed=seed, settings=KITS["clans"].settings_for({}))
    return loaded.row.id


async def named_game(store, users: list, guild: int, channel: int, seed: int = 1) -> int:
    game = await start_named(store, users, guild, channel, seed)
    await play(store, game, seed=seed)
    return game
