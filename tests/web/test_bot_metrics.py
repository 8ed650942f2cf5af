"""A bot with WEB_PORT serves `/healthz` and `/metrics` while it plays in the loopback
Discord: clicks, their answers' latency, steps and refused posts are counted there."""

from __future__ import annotations

import socket
from pathlib import Path

import aiohttp
import pytest

from bot.discord_app import TableBot
from bot.ops.running import EXIT_CONFIG, serve
from tests.discord_emulator import DiscordEmulator
from tests.discord_emulator.fixtures import discord_emulator  # noqa: F401  (fixture)
from tests.e2e.driver import find
from tests.e2e.test_doge_game import open_table
from tests.web.scrape import Samples, free_port, parse, value


async def fetch(port: int, path: str) -> tuple[int, str]:
    async with aiohttp.ClientSession() as session, \
            session.get(f"http://127.0.0.1:{port}{path}") as response:
        return response.status, await response.text()


async def scrape(port: int) -> Samples:
    status, text = await fetch(port, "/metrics")
    assert status == 200
    return parse(text)


def moved(before: Samples, after: Samples, name: str, **labels: str) -> float:
    return value(after, name, **labels) - value(before, name, **labels)


async def test_a_running_bot_serves_its_health_and_counts_what_it_does(
        discord_emulator: DiscordEmulator, tmp_path: Path) -> None:  # noqa: F811
    emu = discord_emulator
    port = free_port()
    bot = TableBot(database_path=str(tmp_path / "games.db"), web_port=port)
    assert bot.gateway_problem() == "not connected yet"
    async with emu.running(bot):
        assert await fetch(port, "/healthz") == (200, "ok\n")
        before = await scrape(port)
        table = await open_table(emu, bot, ["anna", "bernd", "claudia"], 3)  # 3 clicks
        lobby = emu.last_message(emu.channel, include_ephemeral=False)
        # The start is saved, but the channel refuses its first round's message.
        emu.deny_sends(table.channel)
        handle = await emu.click(table.users[1], lobby, find(lobby, "g:start:")["custom_id"])
        await handle.callback(timeout=10)
        await emu.wait_until(lambda: bot.in_flight == 0, timeout=20)
        refused = await scrape(port)
        assert moved(before, refused, "dogeclans_posting_failures_total",
                     reason="forbidden") >= 1
        emu.deny_sends(table.channel, False)  # a moderator fixes the channel
        await table.slash(table.users[0], "doge board")
        await table.play_turn()  # three ballots: a panel, its choices, Confirm each
        after = await scrape(port)
        clicks = moved(before, after, "dogeclans_clicks_total", game="doge")
        assert clicks >= 4 + 3 * 2, clicks
        # Every click was answered (deferred or edited) and timed.
        assert moved(before, after, "dogeclans_click_answer_seconds_count") == clicks
        assert moved(before, after, "dogeclans_clicks_total", game="clans") == 0
        assert moved(before, after, "dogeclans_steps_total", game="doge") >= 3
        assert value(after, "dogeclans_games_running", game="doge") == 1
    assert bot.gateway_problem() == "the bot is stopping"
    try:
        await fetch(port, "/healthz")
    except aiohttp.ClientConnectionError:
        pass  # stopped with the bot
    else:
        raise AssertionError("the health check outlived the bot")


async def test_a_taken_web_port_stops_the_start_in_one_line(
        discord_emulator: DiscordEmulator, tmp_path: Path,  # noqa: F811
        capsys: pytest.CaptureFixture) -> None:
    with socket.socket() as other:
        other.bind(("127.0.0.1", 0))
        other.listen()
        port = other.getsockname()[1]
        bot = TableBot(database_path=str(tmp_path / "games.db"), web_port=port)
        assert await serve(bot, discord_emulator.token) == EXIT_CONFIG
    said = capsys.readouterr().err.splitlines()
    assert len(said) == 1 and said[0].startswith(f"cannot serve WEB_PORT {port}: "), said
    assert bot.store is None  # closed again
