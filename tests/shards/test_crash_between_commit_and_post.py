"""A real bot process killed with SIGKILL at every point between a step's commit and the
last Discord call that shows it, then started again: the channel catches up. The loopback
Discord counts the bot's requests after a person's move (a moderator's skip, the Start
click, a game's last move) and kills the process at the k-th, before Discord applied it
or just after: over 20 points per backend, on SQLite alone and on PostgreSQL with the
game's shard held by one of two processes. After each restart the channel's newest
message carries exactly the buttons of the step the game waits for (about a second after
the new session on a quiet machine), no segment is posted twice, and play goes on to the
end."""

from __future__ import annotations

import asyncio
import sys
import time
from pathlib import Path

import discord
import pytest

from bot.store import ACTIVE, FINISHED, Store
from bot.tables.service import TableService
from cogs.clans.prompts import clans_prompt
from cogs.common.segments import segments_of
from tests.discord_emulator import DiscordEmulator, EmuChannel, EmuMessage
from tests.postgres import fresh_database
from tests.shards.bot_processes import BotProcess, connected, start_connected
from tests.shards.players import HUMAN, ClansPlayer, buttons, poll
from tests.shards.test_two_processes import guilds_on_every_shard

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="needs SIGKILL")

# (k, applied): killed at the bot's k-th request after a person's move (or the Start
# click), before Discord applied it or once it had.
MOVE_POINTS = [(k, applied) for k in range(1, 5) for applied in (False, True)]
START_POINTS = [(k, applied) for k in range(1, 7) for applied in (False, True)]
SKIP_POINTS = [(k, applied) for k in range(1, 7) for applied in (False, True)]
# From the new session to the current buttons on the newest message: about a second on
# a quiet machine (printed); a busy one is allowed a minute, as no test may hang on speed.
CATCH_UP_WAIT_S = 60.0
CATCH_UP_TIMES: list[float] = []
MOVE_S = 60.0


class Killer:
    """The emulator's request hook: counts the bot's requests once armed and kills the
    process at the armed point."""

    def __init__(self, bot: BotProcess, store: Store) -> None:
        self.bot, self.store = bot, store
        self.armed: tuple[int, bool] | None = None
        self.count = 0
        self.fired = asyncio.Event()
        self.ending: int | None = None  # count from this game's end on, not from now

    def arm(self, point: tuple[int, bool] | None, ending: int | None = None) -> None:
        self.armed, self.count, self.ending = point, 0, ending
        self.fired.clear()

    async def hook(self, method: str, path: str, applied: bool) -> bool:
        if self.armed is None:
            return False
        if self.ending is not None:
            if (await self.store.actions.load(self.ending)).row.status == ACTIVE:
                return False
            self.ending = None
        if not applied:
            self.count += 1
        k, after = self.armed
        if self.count != k or applied != after:
            return False
        self.armed = None
        await self.bot.kill()
        self.fired.set()
        return not applied  # not applied yet: it never reaches Discord


def component_ids(message: EmuMessage) -> list[str]:
    return sorted(message.custom_ids)


async def current_buttons_shown(emu: DiscordEmulator, store: Store, channel: EmuChannel,
                                game_id: int) -> bool:
    """The newest message with components is the game's live segment message and carries
    the buttons of the prompt for the game as it stands."""
    game = await store.actions.load(game_id)
    if game.row.status != ACTIVE:
        return True
    with_buttons = [m for m in emu.messages(channel, include_ephemeral=False)
                    if m.custom_ids]
    segments = segments_of(await store.messages.list_messages(game_id))
    if not with_buttons or not segments or with_buttons[-1].id != segments[-1].message_id:
        return False
    _content, view = await clans_prompt(TableService(store), game)
    wanted = sorted(getattr(i, "custom_id", "") for i in (view.children if view else []))
    return component_ids(with_buttons[-1]) == wanted


async def settled(player: ClansPlayer, before: int) -> bool:
    """The move is committed, the computer players have answered and it is shown."""
    game = await player.game()
    if game.version <= before:
        return False
    if game.row.status == ACTIVE and HUMAN not in game.engine.pending(game.state):
        return False
    return await player.store.shown.shown_version(game.id) == game.version


def assert_nothing_posted_twice(emu: DiscordEmulator, channel: EmuChannel,
                                rows_ids: set[int]) -> None:
    """Every board the channel shows belongs to a recorded segment: a segment posted
    twice would leave a board message no record names."""
    boards = [m for m in emu.messages(channel, include_ephemeral=False)
              if m.author.id == emu.bot_user.id and not m.deleted
              and any(a.filename.endswith("-board.png") for a in m.attachments)]
    strays = [m.id for m in boards if m.id not in rows_ids]
    assert not strays, f"board messages no segment names (posted twice): {strays}"


async def restart_and_catch_up(emu: DiscordEmulator, store: Store, channel: EmuChannel,
                               player: ClansPlayer, victim: BotProcess, point: object) -> None:
    """The killed process started again; its new session shows what the game is owed."""
    sessions = len(emu.gateway.sessions)
    await victim.start()
    await connected(emu, emu.guilds[channel.guild_id], after=sessions)
    started = time.monotonic()

    async def caught_up() -> bool:
        game = await player.game()
        return (await store.shown.shown_version(game.id) == game.version
                and await current_buttons_shown(emu, store, channel, game.id))

    await poll(caught_up, CATCH_UP_WAIT_S, f"the current buttons after the kill at {point}")
    CATCH_UP_TIMES.append(time.monotonic() - started)


async def kill_at_starts(emu: DiscordEmulator, store: Store, player: ClansPlayer,
                         victim: BotProcess, killer: Killer) -> list[tuple[str, int, bool]]:
    """Kills at each request of a game's start (the Start click): a table per point,
    each played to the end after the restart. The points reached."""
    reached: list[tuple[str, int, bool]] = []
    for k, applied in START_POINTS:
        player.channel = emu.add_text_channel(emu.guilds[player.channel.guild_id], f"t{k}")
        await player.open_table(start=False)
        lobby = emu.message_index[player.lobby_id]
        start = buttons(lobby, "g:start:")[0]["custom_id"]
        killer.arm((k, applied))
        await emu.click(player.user, lobby, start)

        async def started_or_killed() -> bool:
            game = await player.game()
            return killer.fired.is_set() or (
                game.row.status != "lobby"
                and await store.shown.shown_version(game.id) == game.version)

        await poll(started_or_killed, MOVE_S, "the start to be shown or the kill")
        if killer.fired.is_set():
            reached.append(("start", k, applied))
            await restart_and_catch_up(emu, store, player.channel, player, victim, reached[-1])
        # The same game's last step: killed at the k-th request after the game ended.
        killer.arm((k, applied), ending=player.game_id)
        while (await player.game()).row.status == ACTIVE and not killer.fired.is_set():
            await move_or_kill(player, killer)
        if killer.fired.is_set():
            reached.append(("end", k, applied))
            await restart_and_catch_up(emu, store, player.channel, player, victim, reached[-1])
        killer.arm(None)
        await check_the_end(emu, store, player.channel, player)
    return reached


async def move_or_kill(player: ClansPlayer, killer: Killer) -> None:
    """A person's move (the computer players' replies awaited), or the kill armed."""
    game = await player.game()
    legal = game.engine.legal_actions(game.state, HUMAN)
    if legal[0]["type"] != "move":  # a question (C-4.7): answered with no kill armed
        armed, ending = killer.armed, killer.ending
        killer.arm(None)
        await player.play(1)
        killer.arm(armed, ending)
        return
    move = player.rng.choice(legal)
    await player.emu.slash(player.user, player.channel, "clans move",
                           {"from": move["from"], "to": move["to"]})

    async def moved_or_killed(before: int = game.version) -> bool:
        return killer.fired.is_set() or await settled(player, before)

    await poll(moved_or_killed, MOVE_S, "the move to settle or the kill")


async def kill_at_moves(emu: DiscordEmulator, store: Store, player: ClansPlayer,
                        victim: BotProcess, killer: Killer) -> list[tuple[str, int, bool]]:
    """Kills at each request of a person's move and the computer players' replies; a
    new table when a game ends. The points reached."""
    reached: list[tuple[str, int, bool]] = []
    for k, applied in MOVE_POINTS:
        for _attempt in range(3):  # a move that opens no new segment makes fewer requests
            game = await player.game()
            if game.row.status != ACTIVE:
                await check_the_end(emu, store, player.channel, player)
                player.channel = emu.add_text_channel(
                    emu.guilds[player.channel.guild_id], f"m{k}{applied}")
                await player.open_table()
                game = await player.game()
            killer.arm((k, applied))
            await move_or_kill(player, killer)
            if killer.fired.is_set():
                reached.append(("move", k, applied))
                await restart_and_catch_up(emu, store, player.channel, player, victim,
                                           reached[-1])
                break
            killer.arm(None)
    return reached


async def kill_at_skips(emu: DiscordEmulator, store: Store, player: ClansPlayer,
                        victim: BotProcess, killer: Killer) -> list[tuple[str, int, bool]]:
    """Kills at each request of a moderator's skip (`/table-admin skip`: the table plays
    the default for the person awaited, then the computer players reply)."""
    guild = emu.guilds[player.channel.guild_id]
    moderator = emu.add_user("olga", guilds=[guild], roles=[emu.add_role(
        "Admins", discord.Permissions(manage_channels=True).value, guild=guild)])
    reached: list[tuple[str, int, bool]] = []
    for k, applied in SKIP_POINTS:
        game = await player.game()
        if game.row.status != ACTIVE:
            await check_the_end(emu, store, player.channel, player)
            player.channel = emu.add_text_channel(guild, f"s{k}{applied}")
            await player.open_table()
            game = await player.game()
        killer.arm((k, applied))
        await emu.slash(moderator, player.channel, "table-admin skip", {})

        async def skipped_or_killed(before: int = game.version) -> bool:
            return killer.fired.is_set() or await settled(player, before)

        await poll(skipped_or_killed, MOVE_S, "the skip to settle or the kill")
        if killer.fired.is_set():
            reached.append(("skip", k, applied))
            await restart_and_catch_up(emu, store, player.channel, player, victim, reached[-1])
        killer.arm(None)
    return reached


async def play_through_crashes(store: Store, emu: DiscordEmulator, player: ClansPlayer,
                               victim: BotProcess) -> None:
    killer = Killer(victim, store)
    emu.request_hook = killer.hook
    reached = await kill_at_moves(emu, store, player, victim, killer)
    reached += await kill_at_skips(emu, store, player, victim, killer)
    reached += await kill_at_starts(emu, store, player, victim, killer)
    emu.request_hook = None
    print(f"catch-up after a restart: at most {max(CATCH_UP_TIMES):.1f} s, "
          f"median {sorted(CATCH_UP_TIMES)[len(CATCH_UP_TIMES) // 2]:.1f} s")
    # Every request of each kind of step, before and after Discord applied it: a Clans
    # move makes 4 (with the computer players' replies), a skip 6, a start 2, an end 3.
    for kind, least in (("move", 4), ("skip", 2), ("start", 2), ("end", 3)):
        ks = sorted({k for what, k, _applied in reached if what == kind})
        assert ks == list(range(1, len(ks) + 1)) and len(ks) >= least, (kind, reached)
    assert len(set(reached)) >= 20, reached
    await check_the_end(emu, store, player.channel, player)


async def check_the_end(emu: DiscordEmulator, store: Store, channel: EmuChannel,
                        player: ClansPlayer) -> None:
    await player.play()
    assert (await player.game()).row.status == FINISHED
    assert player.game_id is not None

    async def result_shown() -> bool:
        return await store.shown.shown_version(player.game_id or 0) == (await player.game()).version

    await poll(result_shown, MOVE_S, "the result to be shown")
    await store.checks.verify_game(player.game_id, from_scratch=True)
    log = await store.actions.log(player.game_id)
    assert [a.version for a in log] == list(range(1, len(log) + 1))
    rows = await store.messages.list_messages(player.game_id)
    assert_nothing_posted_twice(emu, channel, {r.message_id for r in rows})
    assert not [r for r in rows if r.kind.startswith("posting:")]
    assert not emu.internal_errors, emu.internal_errors[0]


async def test_sqlite_bot_killed_at_every_point_shows_what_is_owed(tmp_path: Path) -> None:
    async with DiscordEmulator() as emu:
        assert emu.channel is not None and emu.guild is not None
        user = emu.add_user("anna", guilds=[emu.guild])
        bot = BotProcess(emu, None, 0, tmp_path)
        await bot.start()
        await connected(emu, emu.guild)
        store = await Store.open(tmp_path / "games.db")
        try:
            player = ClansPlayer(emu, store, emu.channel, user, seed=7)
            await player.open_table()
            await play_through_crashes(store, emu, player, bot)
        finally:
            await bot.stop()
            await store.close()


async def test_postgres_shard_process_killed_at_every_point_shows_what_is_owed(
        tmp_path: Path) -> None:
    async with fresh_database("crash") as url, DiscordEmulator(default_guild=False) as emu:
        emu.gateway.shard_count = 2
        guilds = guilds_on_every_shard(emu)
        channel = emu.add_text_channel(guilds[0], "games")
        user = emu.add_user("anna", guilds=[guilds[0]])
        await (await Store.open(url)).close()  # migrated once, before the processes start
        bots = [BotProcess(emu, url, shard, tmp_path) for shard in range(2)]
        store = await Store.open(url)
        try:
            await start_connected(emu, bots, guilds)
            player = ClansPlayer(emu, store, channel, user, seed=11)
            await player.open_table()
            await play_through_crashes(store, emu, player, bots[0])
        finally:
            for bot in bots:
                await bot.stop()
            await store.close()
