"""The Discord bot: opens the store, registers persistent components, syncs the slash
commands and logs in; at a stop it lets interactions in flight finish first."""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable
from pathlib import Path

import discord
from aiohttp import web
from discord import app_commands
from discord.ext import commands

from bot.background import guarded
from bot.games.registry import GAMES
from bot.games.registry import game as registered
from bot.i18n import know_command_ids, language_of_locale, set_language
from bot.ops import metrics
from bot.ops.backups import DailyBackups, backup_before_migrations
from bot.ops.databases import Database, PostgresDatabase, SqliteFile, refuse_old_pg_dump
from bot.ops.logs import configure_logging, describe_error, without_voice
from bot.ops.roll_call import RollCall
from bot.ops.running import StartRefused, serve
from bot.ops.settings import load_settings
from bot.secret_logs import keep_secrets_out_of_logs
from bot.sharding import holds, load_scaling
from bot.store import Store
from bot.store.backends.postgres import DEFAULT_CONNECTIONS, Connections
from bot.tables.languages import ServerLanguages
from bot.tables.service import TableService
from bot.tables.web_links import WebLinks
from cogs.common.translation import CatalogTranslator
from cogs.common.ui import answer_failure

log = logging.getLogger("bot")

DRAIN_TIMEOUT = 20.0  # seconds a stop waits for interactions in flight (TimeoutStopSec > it)
DRAIN_POLL = 0.05

# The shared commands after every registered game's own extension (`extensions()`):
# they add to each game's command group; cogs.common.community comes last.
SHARED_EXTENSIONS = ("cogs.common.shared_commands", "cogs.common.admin",
                     "cogs.common.community", "cogs.common.catch_up")


def extensions() -> tuple[str, ...]:
    """Each registered game's `/<game>` commands, then the shared ones."""
    return (*(registered(name).extension for name in GAMES), *SHARED_EXTENSIONS)


class CountingTree(app_commands.CommandTree):
    """Counts slash commands being handled, so tests and shutdown can wait for quiet."""

    async def _call(self, interaction: discord.Interaction) -> None:
        set_language(language_of_locale(interaction.locale))  # answers speak the caller's
        client = interaction.client
        client.in_flight += 1  # type: ignore[attr-defined]
        try:
            await super()._call(interaction)
        finally:
            client.in_flight -= 1  # type: ignore[attr-defined]

    async def on_error(self, interaction: discord.Interaction,
                       error: app_commands.AppCommandError) -> None:
        """A command that failed unexpectedly still answers, in one line, instead of
        leaving Discord's "The application did not respond"; the host gets the trace."""
        name = interaction.command.qualified_name if interaction.command else "?"
        log.error("command /%s failed", name, exc_info=error)
        # A database refusing the write is said as such: the user may simply try again.
        await answer_failure(interaction, getattr(error, "original", error))


class TableBot(commands.Bot):
    def __init__(self, *, database_path: str, dev_guild_id: int | None = None,
                 sync_commands: bool = True, clock: Callable[[], float] = time.time,
                 backup_dir: Path | None = None, backup_keep: int = 0,
                 drain_timeout: float = DRAIN_TIMEOUT, database_url: str | None = None,
                 database_connections: Connections = DEFAULT_CONNECTIONS,
                 pg_bin_dir: Path | None = None, web_port: int | None = None,
                 web_host: str = "127.0.0.1", web_base_url: str | None = None,
                 web_secret: str | None = None, **options) -> None:
        # Slash commands and components only: no privileged intents are needed. Nothing
        # the bot sends pings anyone unless that send names whom (a player's name may
        # hold a role or user mention).
        options.setdefault("allowed_mentions", discord.AllowedMentions.none())
        without_voice()
        options.setdefault("http_trace", metrics.answer_trace())  # times clicks' answers
        keep_secrets_out_of_logs()  # gateway events and request bodies carry ballots
        super().__init__(command_prefix=commands.when_mentioned,
                         intents=discord.Intents.default(), tree_cls=CountingTree,
                         **options)
        self.in_flight = 0  # interactions being handled right now
        self.database_path = database_path
        self.database_url = database_url  # PostgreSQL, shared with other processes
        self.database_connections = database_connections  # the most this process opens
        self.dev_guild_id = dev_guild_id
        self.sync_commands = sync_commands
        self.clock = clock
        self.backup_dir = backup_dir  # None: no automatic backups
        database: Database = PostgresDatabase(database_url, pg_bin_dir) \
            if database_url is not None else SqliteFile(Path(database_path))
        self.backups = DailyBackups(database, backup_dir, backup_keep) \
            if backup_dir is not None else None
        self.drain_timeout = drain_timeout
        self.store: Store | None = None
        self.tables: TableService | None = None
        self.posters: dict = {}
        self.languages: ServerLanguages | None = None
        self.roll_call: RollCall | None = None
        self.command_ids: dict[str, int] = {}  # top-level slash command -> its id
        # The web pages, with the health check and metrics: served here when `web_port`
        # is set; linked to when `web_base_url` is.
        self.web_port, self.web_host = web_port, web_host
        self.web_base_url, self.web_secret = web_base_url, web_secret
        self.web_links: WebLinks | None = None
        self.web_runner: web.AppRunner | None = None  # while the pages are served
        self._discord_opened = False  # a login was tried: there is a client to close
        self._shutdown: asyncio.Task[None] | None = None

    async def open_store(self) -> None:
        """Open the database (backed up first if migrations will change it). Start-up calls
        it before going online, so a bad database is reported without touching Discord."""
        if self.store is not None:
            return
        await self._open_database()

    def gateway_problem(self) -> str | None:
        """What is wrong with the connection to Discord, in a few words; None when every
        shard this process holds is connected."""
        if self.is_closed():
            return "the bot is stopping"
        if not self.is_ready():
            return "not connected yet"
        if isinstance(self, discord.AutoShardedClient):
            down = sorted(i for i, shard in self.shards.items() if shard.is_closed())
            if down:
                return f"shard {', '.join(map(str, down))} disconnected, reconnecting"
            return None
        if self.ws is None or not self.ws.open:
            return "disconnected, reconnecting"
        return None

    async def _open_database(self) -> None:
        if self.database_url is not None:
            self.store = await Store.open(self.database_url,
                                          connections=self.database_connections)
            if self.backups is not None and self.backups.keep > 0 and \
                    isinstance(self.backups.database, PostgresDatabase):
                await refuse_old_pg_dump(self.backups.database)
            return
        path = Path(self.database_path)
        path.parent.mkdir(parents=True, exist_ok=True)
        if self.backup_dir is not None:
            await asyncio.to_thread(backup_before_migrations, path, self.backup_dir,
                                    time.time())
        self.store = await Store.open(path)

    async def login(self, token: str) -> None:
        self._discord_opened = True
        await super().login(token)

    async def connect(self, *, reconnect: bool = True) -> None:
        from cogs.common.names import write_for_discord

        write_for_discord(self)  # every text this process composes from now on
        know_command_ids(self.command_ids)
        await super().connect(reconnect=reconnect)

    async def setup_hook(self) -> None:
        from cogs.common.names import write_for_discord

        write_for_discord(self)  # (a login without a connect: a test's)
        know_command_ids(self.command_ids)
        await self.open_store()
        if self.tables is None:  # a login retried after a network error comes here again
            await self._open_tables()
        await self.tree.set_translator(CatalogTranslator())  # Dutch names and descriptions
        await self.learn_command_ids()
        log.info("ready: store %s, commands %s",
                 "on PostgreSQL" if self.database_url else self.database_path,
                 "synced" if self.sync_commands else "fetched")

    async def learn_command_ids(self) -> None:
        """Sync the slash commands (or, in a process that does not sync them, fetch them)
        and keep their ids, which texts need to mention a command (`bot.i18n.cmd`)."""
        guild = discord.Object(id=self.dev_guild_id) if self.dev_guild_id else None
        if self.sync_commands:
            if guild is not None:
                self.tree.copy_global_to(guild=guild)
            synced = await self.tree.sync(guild=guild)
        else:
            try:
                synced = await self.tree.fetch_commands(guild=guild)
            except discord.HTTPException as exc:  # texts name the commands by name instead
                log.warning("could not fetch the slash commands' ids: %s", exc)
                return
        self.command_ids.update({command.name: command.id for command in synced})

    async def _open_tables(self) -> None:
        from cogs.common.community import recap_attachment
        from cogs.common.notifier import DiscordNotifier
        from cogs.common.owed_posts import KEEP_POST, OwedPosts
        from cogs.common.poster import Poster
        from cogs.common.ui import GameButton, GameSelect

        assert self.store is not None
        self.tables = TableService(self.store, clock=self.clock)
        self.languages = ServerLanguages(self.store)
        await self.languages.watch()  # a /table-admin language in another process
        self.posters = {}
        for name in GAMES:  # each registered game's channel messages, from its SHOW
            show = registered(name).show
            self.posters[name] = Poster(
                self.tables, show.prompt, show.render, openers=show.openers,
                callout=show.callout, recap=recap_attachment, languages=self.languages,
                context=show.scenes, said_below=show.said_below, left_out=show.left_out)
        self.web_links = WebLinks(self.store, self.web_base_url, secret=self.web_secret,
                                  clock=self.clock)
        for poster in self.posters.values():
            poster.links = self.web_links  # buttons to the games' web pages
        notifier = DiscordNotifier(self)
        self.tables.clock.notifier = notifier
        # A 🔔 line or reminder posted but not kept: found and kept by the clock's next run.
        self.store.after_commit.register(KEEP_POST, OwedPosts(self).redo)
        self.tables.publisher = notifier.publish
        self.add_dynamic_items(GameButton, GameSelect)  # old buttons work after a restart
        for extension in extensions():
            await self.load_extension(extension)
        # Deadlines live in the store: bring them in step, then one timer serves all.
        await self.tables.clock.reschedule_all(
            lambda guild_id: holds(guild_id, self.shard_count, getattr(self, "shard_ids", None)))
        self.tables.clock.start()
        if self.backups is not None:
            self.backups.start()
        self.roll_call = RollCall(self.store, self.shards_held)
        self.roll_call.start()
        if self.web_port is not None:
            await self._serve_web()

    async def _serve_web(self) -> None:
        """The pages, `/healthz` and `/metrics` on WEB_PORT; a port that cannot be had
        stops the start in one line."""
        from bot.web.app import serve_web

        assert self.store is not None and self.web_port is not None
        try:
            self.web_runner = await serve_web(
                self.store, port=self.web_port, host=self.web_host,
                base_url=self.web_base_url or "", secret=self.web_secret,
                gateway_problem=self.gateway_problem,
                service=self.tables, languages=self.languages, clock=self.clock)
        except OSError as exc:
            raise StartRefused(f"cannot serve WEB_PORT {self.web_port}: "
                               f"{describe_error(exc)}") from exc

    def shards_held(self) -> tuple[int | None, list[int]]:
        """How many shards the bot has and which this process holds, as the roll call
        tells them (None: not yet learnt from Discord)."""
        if not isinstance(self, discord.AutoShardedClient):
            return 1, [0]  # one connection, shard 0 of 1
        if self.shard_count is None:
            return None, []
        return self.shard_count, sorted(self.shard_ids or range(self.shard_count))

    async def drain(self, timeout: float) -> bool:
        """Wait until no interaction is being handled (at most `timeout` seconds)."""
        deadline = asyncio.get_running_loop().time() + timeout
        while self.in_flight > 0:
            if asyncio.get_running_loop().time() >= deadline:
                return False
            await asyncio.sleep(DRAIN_POLL)
        return True

    async def close(self) -> None:
        """Stop cleanly: no new deadlines or backups, let interactions in flight finish
        their commits and replies, then go offline and close the database."""
        if self._shutdown is None:
            self._shutdown = asyncio.create_task(self._shut_down())
        await asyncio.shield(self._shutdown)

    async def _shut_down(self) -> None:
        """Each step guarded: one that fails is logged and the rest still run, down to
        the database's close."""
        if self.backups is not None:
            await guarded(self.backups.stop(), "the daily backups' stop")
        if self.roll_call is not None:
            await guarded(self.roll_call.stop(), "leaving the roll call")
        if self.web_runner is not None:
            await guarded(self.web_runner.cleanup(), "the web pages' stop")
        if self.tables is not None:
            await guarded(self.tables.clock.stop(), "the table clock's stop")
            settled = getattr(self.tables.clock.notifier, "settled", None)
            if settled is not None:  # the posts the clock handed on, within the same bound
                await guarded(asyncio.wait_for(settled(), self.drain_timeout),
                              "the posts the table clock handed on")
        if self.in_flight:
            log.info("stopping: waiting for the interactions in flight (%d)", self.in_flight)
            if not await self.drain(self.drain_timeout):
                log.warning("stopping although interactions are still in flight (%d) "
                            "after %g s", self.in_flight, self.drain_timeout)
        if self.tables is not None:
            # A seat thinking now thinks again after a restart.
            await guarded(self.tables.stop_ai(), "the computer players' stop")
        if self._discord_opened:  # closing a client that never started fails
            await guarded(super().close(), "going offline")
        if self.store is not None:
            store, self.store = self.store, None
            if await guarded(store.close(), "closing the database"):
                log.info("database closed")
        from cogs.common.names import done_writing_for_discord

        done_writing_for_discord(self)


class ShardedTableBot(TableBot, commands.AutoShardedBot):
    """The bot holding Discord's shards in this process: SHARD_IDS of SHARD_COUNT, or
    every shard of Discord's recommended count (see bot/sharding.py)."""


def start(token: str) -> int:
    """Run the bot with the settings of the environment until it is asked to stop."""
    settings = load_settings()
    scaling = load_scaling()  # run_bot refused its problems
    configure_logging(settings.log_level, settings.log_file)
    # On PostgreSQL the process holding shard 0 takes the daily backups.
    backs_up = scaling.database_url is None or scaling.syncs_commands
    bot = ShardedTableBot(database_path=str(settings.database_path),
                          dev_guild_id=settings.dev_guild_id,
                          backup_dir=settings.backup_dir if backs_up else None,
                          backup_keep=settings.backup_keep, database_url=scaling.database_url,
                          database_connections=scaling.connections,
                          pg_bin_dir=settings.pg_bin_dir,
                          web_port=settings.web_port, web_host=settings.web_host,
                          web_base_url=settings.web_base_url, web_secret=settings.web_secret,
                          sync_commands=scaling.syncs_commands,
                          shard_count=scaling.shard_count, shard_ids=scaling.shard_ids)
    return asyncio.run(serve(bot, token, retries=settings.connect_retries))
