"""Showing what the channels are owed: a step commits before it is shown, so a process
that dies in between (or loses Discord meanwhile) leaves games whose channel shows an
older version than the game has (`store.shown.games_owed`). Whichever process holds a game's
server shows them when it connects, and again at every reconnect: the live message
edited, a segment's message posted if one is missing, the buttons on the newest message.
A show is exactly what the next step would have done, so nothing is told twice.

Showing the step is the after-commit handler `show-step` (bot/store/after_commit.py): its
record is the step itself, owed while `channel_shown` trails the game's version. Besides
every connect, the table clock's ticks redo it: a step still unshown `GRACE_S` after a
tick first saw it owed (its own post had time to go through, or failed: Discord refused
it, the database refused to keep the shown version) is shown through the table's posts,
so one failing channel holds up no other table; a channel that keeps failing is tried
again less and less often, up to every `MAX_PAUSE_S`."""

from __future__ import annotations

import asyncio
import logging
import time

import discord
from discord.ext import commands

from bot.sharding import holds
from bot.store.after_commit import SHOW_STEP
from bot.tables.steps import Step, TableError
from cogs.common.delivery import PostingError, ThreadClosed

log = logging.getLogger(__name__)

GRACE_S = 30.0  # a step's own post has had this long, at least, when a tick redoes it
FIRST_PAUSE_S = 60.0  # after a redo that failed, doubling while it fails
MAX_PAUSE_S = 1800.0


class CatchUp(commands.Cog):
    grace_s = GRACE_S

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot
        self._task: asyncio.Task[None] | None = None
        self._again = False  # asked while a round was running: one more round after it
        self._told_parent: set[tuple[int, int]] = set()  # (game, version) told there
        # Redone by the clock (monotonic seconds): since when a game's version was seen
        # owed, and when a game whose redo failed may be tried again (and how often it
        # failed in a row).
        self._seen_owed: dict[int, tuple[int, float]] = {}
        self._paused: dict[int, tuple[float, int]] = {}

    async def cog_load(self) -> None:
        store = getattr(self.bot, "store", None)
        if store is not None:
            store.after_commit.register_behind(SHOW_STEP, self.owed_here, self.redo)

    async def owed_here(self) -> list[int]:
        """The games of the servers this process holds whose channel is owed a step."""
        store = self.bot.store  # type: ignore[attr-defined]
        shard_ids = getattr(self.bot, "shard_ids", None)
        owed = [game_id for game_id, guild_id in await store.shown.games_owed()
                if holds(guild_id, self.bot.shard_count, shard_ids)]
        for gone in set(self._seen_owed) - set(owed):  # shown meanwhile
            self._seen_owed.pop(gone)
            self._paused.pop(gone, None)
        return owed

    async def redo(self, game_id: int) -> bool:
        """The clock's redo of an owed game: handed to the table's posts once the grace
        and any pause after failures are over; False when not now."""
        now = time.monotonic()
        tables = self.bot.tables  # type: ignore[attr-defined]
        try:
            game = await tables.load(game_id)
        except TableError:  # not installed: shown again once it is, at a connect
            return False
        version, since = self._seen_owed.get(game_id, (None, now))
        if version != game.version:
            since = now
            self._seen_owed[game_id] = (game.version, now)
        until, failed = self._paused.get(game_id, (0.0, 0))
        if now - since < self.grace_s or now < until:
            return False
        # Not handed on again while this one waits among the table's posts.
        self._paused[game_id] = (now + MAX_PAUSE_S, failed)

        async def post() -> bool:
            shown = await self.show(game_id)
            if shown:
                self._paused.pop(game_id, None)
            else:
                pause = min(MAX_PAUSE_S, FIRST_PAUSE_S * 2 ** failed)
                self._paused[game_id] = (time.monotonic() + pause, failed + 1)
            return shown

        posts = getattr(tables.clock.notifier, "posts", None)
        if posts is None:
            return await post()
        posts.submit(game, post)  # one failing channel holds up no other table
        return True

    def request(self) -> None:
        """Show what is owed, soon; requests while a round runs make one more round."""
        if self._task is not None and not self._task.done():
            self._again = True
            return
        self._task = asyncio.create_task(self._rounds())

    async def _rounds(self) -> None:
        self._again = True
        while self._again:
            self._again = False
            try:
                await self.show_owed()
            except Exception:  # the next connect tries again; the bot goes on meanwhile
                log.exception("showing what the channels are owed failed")

    async def show_owed(self) -> int:
        """Show every owed game of the servers this process holds; how many were shown."""
        store = getattr(self.bot, "store", None)
        tables = getattr(self.bot, "tables", None)
        if store is None or tables is None:
            return 0
        shard_ids = getattr(self.bot, "shard_ids", None)
        shown = 0
        for game_id, guild_id in await store.shown.games_owed():
            if not holds(guild_id, self.bot.shard_count, shard_ids):
                continue
            if await self.show(game_id):
                shown += 1
        return shown

    async def show(self, game_id: int) -> bool:
        """One game's owed steps shown; False when its channel cannot be reached now."""
        tables = self.bot.tables  # type: ignore[attr-defined]
        try:
            game = await tables.load(game_id)
        except TableError as exc:  # a game no longer installed: the others still shown
            log.info("game %s: what its channel is owed is not shown: %s", game_id, exc)
            return False
        poster = self.bot.posters.get(game.row.game)  # type: ignore[attr-defined]
        if poster is None:
            return False
        try:
            channel = self.bot.get_channel(game.row.channel_id) or \
                await self.bot.fetch_channel(game.row.channel_id)
            await poster.show_again(channel, game)
        except ThreadClosed as exc:  # locked meanwhile: said where the players read
            if (game.id, game.version) not in self._told_parent:
                self._told_parent.add((game.id, game.version))
                await self.bot.tables.clock.notifier.tell_parent(  # type: ignore[attr-defined]
                    exc.thread, Step(game))
            return False
        except (PostingError, discord.HTTPException) as exc:
            log.warning("game %s: what its channel is owed could not be shown: %s",
                        game_id, exc)
            return False
        log.info("game %s: shown what its channel was owed (v%s)", game_id, game.version)
        return True

    # Each connection of a shard, first or again (a new session or a resumed one).
    @commands.Cog.listener()
    async def on_ready(self) -> None:
        self.request()

    @commands.Cog.listener()
    async def on_resumed(self) -> None:
        self.request()

    @commands.Cog.listener()
    async def on_shard_ready(self, shard_id: int) -> None:
        self.request()

    @commands.Cog.listener()
    async def on_shard_resumed(self, shard_id: int) -> None:
        self.request()

    async def cog_unload(self) -> None:
        if self._task is not None:
            self._task.cancel()


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(CatchUp(bot))
