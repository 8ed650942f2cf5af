"""`python -m bot` as a real process against the loopback Discord: a refused token, no
network, and a SIGTERM arriving while a click is being handled."""

from __future__ import annotations

import asyncio
import json
import os
import re
import signal
import socket
import sqlite3
import sys
from pathlib import Path

import pytest

from bot.app import run_bot
from bot.ops.running import BAD_TOKEN, EXIT_CONFIG, EXIT_FAILED, EXIT_STOPPED
from tests.discord_emulator import DiscordEmulator, EmuMessage
from tests.discord_emulator.messages import walk_components
from tests.ops.bot_process import MAX_WAIT

REPO = Path(__file__).resolve().parents[2]
CALLBACK = "/interactions/*/callback"


class BotProcess:
    """`python -m bot` in a child process; its standard error collected line by line."""

    def __init__(self, proc: asyncio.subprocess.Process) -> None:
        self.proc = proc
        self.lines: list[str] = []
        self._reader = asyncio.create_task(self._read())

    @classmethod
    async def start(cls, base_url: str, tmp_path: Path, **settings: str) -> BotProcess:
        env = {k: v for k, v in os.environ.items() if k not in ("DISCORD_TOKEN", "LOG_FILE")}
        env.update(PYTHONPATH=str(REPO), DATABASE_PATH=str(tmp_path / "games.db"),
                   BACKUP_DIR=str(tmp_path / "backups"), **settings)
        proc = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "tests.ops.bot_process", base_url, cwd=tmp_path, env=env,
            stdout=asyncio.subprocess.DEVNULL, stderr=asyncio.subprocess.PIPE)
        return cls(proc)

    async def _read(self) -> None:
        assert self.proc.stderr is not None
        while line := await self.proc.stderr.readline():
            self.lines.append(line.decode().rstrip("\n"))

    async def finish(self, timeout: float = 60) -> int:
        try:
            code = await asyncio.wait_for(self.proc.wait(), timeout)
        except TimeoutError:
            self.proc.kill()
            raise
        await self._reader
        return code

    def output(self) -> str:
        return "\n".join(self.lines)


def closed_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]  # closed again when the block ends: nobody listens


def component(message: EmuMessage, prefix: str) -> dict:
    return next(c for c in walk_components(message.components)
                if c.get("custom_id", "").startswith(prefix))


async def test_a_refused_token_is_one_line_and_exit_code_2(tmp_path: Path) -> None:
    async with DiscordEmulator() as emu:
        bot = await BotProcess.start(emu.base_url, tmp_path, DISCORD_TOKEN="not-the-token")
        assert await bot.finish() == EXIT_CONFIG
    assert bot.lines.count(BAD_TOKEN) == 1
    assert "Traceback" not in bot.output()
    assert [r.status for r in emu.requests if r.path == "/users/@me"] == [401]


async def test_no_network_is_one_line_per_retry_with_growing_capped_waits(
        tmp_path: Path) -> None:
    bot = await BotProcess.start(f"http://127.0.0.1:{closed_port()}", tmp_path,
                                 DISCORD_TOKEN="a.b.c", CONNECT_RETRIES="5")
    assert await bot.finish() == EXIT_FAILED
    retries = [line for line in bot.lines if line.startswith("cannot reach Discord")]
    assert len(retries) == 5, bot.output()
    waits = [float(w) for w in re.findall(r"trying again in ([\d.]+) s", "\n".join(retries))]
    assert len(waits) == 4 and waits == sorted(waits) and waits[0] < waits[-1] == MAX_WAIT
    assert retries[-1].endswith("gave up after 5 attempts")
    assert "Traceback" not in bot.output()


def test_a_bad_setting_is_refused_before_anything_starts(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("DISCORD_TOKEN", "a.b.c")
    monkeypatch.setenv("BACKUP_KEEP", "seven")
    assert run_bot() == EXIT_CONFIG
    assert capsys.readouterr().err.splitlines() == [
        "bad setting: BACKUP_KEEP='seven' is not a whole number of at least 0"]
    assert not (tmp_path / "data").exists()


async def test_sigterm_during_a_click_lets_its_commit_finish_and_closes_the_database(
        tmp_path: Path) -> None:
    async with DiscordEmulator() as emu:
        anna = emu.add_user("anna")
        bot = await BotProcess.start(emu.base_url, tmp_path, DISCORD_TOKEN=emu.token,
                                     BACKUP_KEEP="0", LOG_FILE=str(tmp_path / "logs/bot.log"))
        try:
            await emu.wait_until(lambda: bool(emu.gateway.live_sessions()), timeout=30)
            lobby = await (await emu.slash(anna, emu.channel, "doge new", {"seats": 3})
                           ).wait(timeout=15)
            for _ in range(2):
                await (await emu.slash(anna, emu.channel, "doge addbot", {})).wait(timeout=15)
            lobby = emu.message_index[lobby.id]
            await (await emu.click(anna, lobby, component(lobby, "g:start:")["custom_id"])
                   ).callback(timeout=15)
            prompt = await emu.wait_for(
                lambda m: any(c.get("custom_id", "").startswith("g:doge.cast:")
                              for c in walk_components(m.components)),
                timeout=15, channel=emu.channel, include_existing=True)
            panel = await (await emu.click(anna, prompt, component(prompt, "g:doge.cast:")
                                           ["custom_id"])).wait(timeout=15)
            area = component(panel, "s:doge.bpa:")
            await (await emu.select(anna, panel, area["custom_id"],
                                    [area["options"][0]["value"]])).wait(timeout=15)
            panel = emu.message_index[panel.id]
            await (await emu.select(anna, panel, component(panel, "s:doge.bpm:")["custom_id"],
                                    ["0"])).wait(timeout=15)
            panel = emu.message_index[panel.id]
            # The click's first answer is held up by a rate limit: the commit comes after it.
            emu.rate_limit_next("POST", CALLBACK, retry_after=1.5)
            confirm = await emu.click(anna, panel, component(panel, "g:doge.bpc:")["custom_id"])
            await emu.wait_until(lambda: emu.rate_limit_hits == 1, timeout=15)
            bot.proc.send_signal(signal.SIGTERM)
            assert await bot.finish() == EXIT_STOPPED
        finally:
            if bot.proc.returncode is None:
                bot.proc.kill()
                print(bot.output())
        answered = emu.message_index[panel.id]
        assert not emu.contract_violations and not emu.interaction_failures
    assert "Traceback" not in bot.output()
    logged = (tmp_path / "logs/bot.log").read_text().splitlines()
    assert logged == bot.lines  # the log file holds what standard error showed
    # The stop was asked for before the click's move was committed, and waited for it.
    waiting = next(i for i, line in enumerate(logged)
                   if "waiting for the interactions in flight (1)" in line)
    committed = next(i for i, line in enumerate(logged) if "seat 0 ballot" in line)
    assert waiting < committed and logged[-1].endswith("database closed")
    assert answered.content.startswith("✅ Your ballot"), answered.content
    db = tmp_path / "games.db"
    assert not Path(f"{db}-wal").exists()  # the last connection closed cleanly
    with sqlite3.connect(db) as conn:
        assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        rows = conn.execute("SELECT action FROM actions WHERE actor_id = ? AND idem_key = ?",
                            (anna.id, f"i{confirm.id}")).fetchall()
    assert len(rows) == 1 and json.loads(rows[0][0])["type"] == "ballot"
