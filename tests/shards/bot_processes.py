"""`python -m bot` in a process of its own, talking to the loopback Discord: on a shared
PostgreSQL database holding one shard of several, or alone on an SQLite file."""

from __future__ import annotations

import asyncio
import os
import signal
import sys
from pathlib import Path

from bot.sharding import shard_of
from bot.store.backends.postgres import FEWEST_CONNECTIONS
from tests.discord_emulator import DiscordEmulator, EmuGuild
from tests.shards.players import poll

ROOT = Path(__file__).resolve().parents[2]


class BotProcess:
    """One bot process, its log in files of `folder` (one per start). `url`: a
    PostgreSQL database (the process holds `shard` of `shards`), or None: the SQLite
    file `games.db` in `folder`."""

    def __init__(self, emu: DiscordEmulator, url: str | None, shard: int, folder: Path,
                 shards: int = 2) -> None:
        self.emu, self.url, self.shard, self.folder = emu, url, shard, folder
        self.shards = shards
        self.proc: asyncio.subprocess.Process | None = None
        self.starts = 0

    async def start(self) -> None:
        self.starts += 1
        env = {**os.environ, "PYTHONPATH": str(ROOT), "DISCORD_TOKEN": self.emu.token,
               "LOG_LEVEL": "DEBUG", "BACKUP_KEEP": "0"}
        if self.url is None:
            for name in ("DATABASE_URL", "SHARD_COUNT", "SHARD_IDS", "DATABASE_CONNECTIONS"):
                env.pop(name, None)
            env["DATABASE_PATH"] = str(self.folder / "games.db")
        else:
            env.update(DATABASE_URL=self.url, SHARD_COUNT=str(self.shards),
                       SHARD_IDS=str(self.shard),
                       DATABASE_PATH=str(self.folder / "unused.db"),
                       DATABASE_CONNECTIONS=str(FEWEST_CONNECTIONS) if self.shard == 1 else "")
        with (self.folder / f"shard{self.shard}-{self.starts}.err").open("w") as err:
            self.proc = await asyncio.create_subprocess_exec(
                sys.executable, "-m", "tests.ops.bot_process", self.emu.base_url,
                cwd=self.folder, env=env, stdout=asyncio.subprocess.DEVNULL, stderr=err)

    def lines(self) -> list[str]:
        return [line for path in sorted(self.folder.glob(f"shard{self.shard}-*.err"))
                for line in path.read_text(errors="replace").splitlines()]

    async def kill(self) -> None:
        assert self.proc is not None
        self.proc.send_signal(signal.SIGKILL)
        assert await self.proc.wait() == -signal.SIGKILL

    async def stop(self) -> None:
        if self.proc is not None and self.proc.returncode is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                await asyncio.wait_for(self.proc.wait(), 30)
            except TimeoutError:
                self.proc.kill()
                await self.proc.wait()


async def connected(emu: DiscordEmulator, guild: EmuGuild, after: int = 0) -> None:
    """A session holding the guild's shard, newer than the `after` first sessions, and
    the slash commands synced (by shard 0's process)."""
    async def ready() -> bool:
        session = emu.gateway.session_for(guild.id)
        return (session is not None and emu.gateway.sessions.index(session) >= after
                and emu.commands.find("clans", None) is not None)

    shard = shard_of(guild.id, emu.gateway.shard_count or 1)
    await poll(ready, 60, f"a bot session for shard {shard}")


async def start_connected(emu: DiscordEmulator, bots: list[BotProcess],
                          guilds: list[EmuGuild]) -> None:
    """Every process started, and a session up for each server's shard."""
    for bot in bots:
        await bot.start()
    for guild in guilds:
        await connected(emu, guild)
