"""`python -m tests.ops.bot_process URL [ARGS...]`: `python -m bot ARGS` in a process of
its own, talking to the loopback Discord at URL (or to a closed port, to play a network
without Discord). Waits between login attempts are shortened so a test ends in seconds."""

from __future__ import annotations

import sys

import discord.gateway
import discord.http
import discord.webhook.async_
import yarl

import bot.ops.running
from bot.cli import main
from tests.discord_emulator.state import API_PREFIX

FIRST_WAIT = 0.05
MAX_WAIT = 0.2


def point_discord_at(base_url: str) -> None:
    discord.http.Route.BASE = base_url + API_PREFIX
    discord.webhook.async_.Route.BASE = base_url + API_PREFIX
    gateway = base_url.replace("http://", "ws://", 1) + "/gateway"
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(gateway)


if __name__ == "__main__":
    point_discord_at(sys.argv[1])
    bot.ops.running.FIRST_WAIT = FIRST_WAIT
    bot.ops.running.MAX_WAIT = MAX_WAIT
    raise SystemExit(main(sys.argv[2:]))
