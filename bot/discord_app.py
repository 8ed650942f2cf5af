"""The Discord bot: opens the store, registers persistent components, syncs the slash
commands and logs in."""

from __future__ import annotations

import logging
import os
import time
from collections.abc import Callable
from pathlib import Path

import discord
from discord import app_commands
from discord.ext import commands

from bot.store import Store
from bot.tables.service import TableService

log = logging.getLogger("bot")

EXTENSIONS = ("cogs.doge", "cogs.clans", "cogs.admin")


class CountingTree(app_commands.CommandTree):
    """Counts slash commands being handled, so tests and shutdown can wait for quiet."""

    async def _call(self, interaction: discord.Interaction) -> None:
        client = interaction.client
        client.in_flight += 1  # type: ignore[attr-defined]
        try:
            await super()._call(interaction)
        finally:
            client.in_flight -= 1  # type: ignore[attr-defined]


class TableBot(commands.Bot):
    def __init__(self, *, database_path: str, dev_guild_id: int | None = None,
                 sync_commands: bool = True, clock: Callable[[], float] = time.time,
                 **options) -> None:
        # Slash commands and components only: no privileged intents are needed.
        super().__init__(command_prefix=commands.when_mentioned,
                         intents=discord.Intents.default(), tree_cls=CountingTree,
                         **options)
        self.in_flight = 0  # interactions being handled right now
        self.database_path = database_path
        self.dev_guild_id = dev_guild_id
        self.sync_commands = sync_commands
        self.clock = clock
        self.store: Store | None = None
        self.tables: TableService | None = None
        self.posters: dict = {}

    async def setup_hook(self) -> None:
        from cogs.boards import render_clans, render_doge
        from cogs.clans_prompts import clans_prompt
        from cogs.doge_prompts import doge_prompt
        from cogs.notifier import DiscordNotifier
        from cogs.poster import Poster
        from cogs.ui import GameButton, GameSelect

        Path(self.database_path).parent.mkdir(parents=True, exist_ok=True)
        self.store = await Store.open(self.database_path)
        self.tables = TableService(self.store, clock=self.clock)
        self.posters = {"doge": Poster(self.tables, doge_prompt, render_doge),
                        "clans": Poster(self.tables, clans_prompt, render_clans)}
        notifier = DiscordNotifier(self)
        self.tables.clock.notifier = notifier
        self.tables.publisher = notifier.publish
        self.add_dynamic_items(GameButton, GameSelect)  # old buttons work after a restart
        for extension in EXTENSIONS:
            await self.load_extension(extension)
        if self.sync_commands:
            if self.dev_guild_id:
                guild = discord.Object(id=self.dev_guild_id)
                self.tree.copy_global_to(guild=guild)
                await self.tree.sync(guild=guild)
            else:
                await self.tree.sync()
        # Deadlines live in the store: bring them in step, then one timer serves all.
        await self.tables.clock.reschedule_all()
        self.tables.clock.start()
        log.info("ready: store %s, commands synced", self.database_path)

    async def close(self) -> None:
        if self.tables is not None:
            await self.tables.clock.stop()
        await super().close()
        if self.store is not None:
            await self.store.close()
            self.store = None


def start(token: str) -> int:
    logging.basicConfig(level=logging.INFO,
                        format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    dev_guild = os.environ.get("DEV_GUILD_ID", "").strip()
    bot = TableBot(database_path=os.environ.get("DATABASE_PATH", "data/games.db"),
                   dev_guild_id=int(dev_guild) if dev_guild.isdigit() else None)
    bot.run(token, log_handler=None)
    return 0
