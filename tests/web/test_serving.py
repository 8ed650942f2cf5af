"""Who serves the pages: the bot itself when `WEB_PORT` is set (stopped with it), or
`python -m bot web` alone, which refuses in one line without its settings."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import aiohttp
import pytest

from bot.cli import main
from bot.ops.settings import load_settings
from tests.discord_emulator import DiscordEmulator
from tests.discord_emulator.fixtures import discord_emulator  # noqa: F401  (fixture)
from tests.web.scrape import free_port
from tests.web.served import web_bot


async def test_the_bot_serves_the_pages_while_it_runs(
        discord_emulator: DiscordEmulator, tmp_path: Path) -> None:  # noqa: F811
    emu = discord_emulator
    bot, port = web_bot(tmp_path)
    async with emu.running(bot):
        user = emu.add_user("ada")
        await (await emu.slash(user, emu.channel, "doge new", {"seats": 3})).wait(timeout=10)
        game = await bot.tables.game_in_channel(emu.channel.id)
        token = await bot.store.web_pages.page_token("game", game.id)
        async with aiohttp.ClientSession() as http:
            async with http.get(f"http://127.0.0.1:{port}/g/{token}") as page:
                assert page.status == 200 and "ada" in await page.text()
    async with aiohttp.ClientSession() as http:
        with pytest.raises(aiohttp.ClientConnectionError):
            await http.get(f"http://127.0.0.1:{port}/g/{token}")


def test_web_settings_are_checked() -> None:
    # Pages without links: served, and the doctor warns (tests/ops/test_doctor_web.py).
    alone = load_settings({"WEB_PORT": "8080"})
    assert (alone.problems, alone.web_port, alone.web_base_url) == ([], 8080, None)
    assert load_settings({"WEB_PORT": "70000", "WEB_BASE_URL": "https://x.org"}).problems
    assert load_settings({"WEB_BASE_URL": "games.example.org"}).problems == [
        "WEB_BASE_URL='games.example.org' is not an absolute http:// or https:// address "
        "(e.g. https://games.example.org)"]
    good = load_settings({"WEB_PORT": "8080", "WEB_BASE_URL": "https://x.org/"})
    assert (good.problems, good.web_port, good.web_base_url, good.web_host) == \
        ([], 8080, "https://x.org", "127.0.0.1")


def test_python_m_bot_web_refuses_without_its_settings(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture) -> None:
    monkeypatch.chdir(tmp_path)
    for key in ("WEB_PORT", "WEB_BASE_URL", "DATABASE_URL"):
        monkeypatch.delenv(key, raising=False)
    assert main(["web"]) == 2
    assert capsys.readouterr().err.strip() == \
        "python -m bot web needs WEB_PORT (or --port) and WEB_BASE_URL"


@pytest.mark.parametrize("damage", ["missing folder", "garbage file"])
def test_python_m_bot_web_refuses_a_database_it_cannot_open_in_one_line(
        tmp_path: Path, damage: str) -> None:
    database = tmp_path / "nowhere" / "games.db"
    if damage == "garbage file":
        database = tmp_path / "games.db"
        database.write_bytes(b"not a database " * 512)
    env = {**os.environ, "DATABASE_PATH": str(database), "WEB_PORT": str(free_port()),
           "WEB_BASE_URL": "https://games.example.org"}
    env.pop("DATABASE_URL", None)
    done = subprocess.run([sys.executable, "-m", "bot", "web"], cwd=tmp_path, env=env,
                          capture_output=True, text=True, timeout=60,
                          check=False)
    assert done.returncode == 2, done.stderr
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"cannot open {database}: "), lines
