"""Where the bot's log lines go: standard error always (systemd puts it in the journal),
and a rotating file when LOG_FILE is set. Network trouble is one line, not a traceback."""

from __future__ import annotations

import asyncio
import logging
import logging.handlers
from pathlib import Path

import aiohttp
import discord

from bot.secret_logs import keep_secrets_out_of_logs

LOG_FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"
LOG_FILE_BYTES = 5 * 1024 * 1024
LOG_FILE_COUNT = 5  # LOG_FILE plus LOG_FILE.1 … .5: at most 30 MB

# What a lost connection raises; discord.py logs these with a traceback as it reconnects.
NETWORK_ERRORS = (OSError, aiohttp.ClientError, asyncio.TimeoutError, discord.ConnectionClosed,
                  discord.GatewayNotFound, discord.DiscordServerError)


def describe_error(exc: BaseException) -> str:
    """An exception in one line: its kind and message."""
    text = str(exc).strip().splitlines()
    return f"{type(exc).__name__}: {text[0]}" if text else type(exc).__name__


class NetworkErrorsOnOneLine(logging.Filter):
    """Turns a network error's traceback into one line appended to the message; the
    traceback of anything else (a bug) is kept."""

    def filter(self, record: logging.LogRecord) -> bool:
        exc = record.exc_info[1] if record.exc_info else None
        if isinstance(exc, NETWORK_ERRORS):
            record.msg = f"{record.getMessage()} ({describe_error(exc)})"
            record.args = None
            record.exc_info = None
            record.exc_text = None
        return True


def without_voice() -> None:
    """The bot never joins a voice channel: discord.py's start-up warnings that its voice
    libraries (PyNaCl, davey) are missing would only add noise to the host's log. Called
    before any discord.Client is made, which is where discord.py warns."""
    discord.VoiceClient.warn_nacl = discord.VoiceClient.warn_dave = False


def configure_logging(level: int = logging.INFO, log_file: Path | None = None) -> None:
    handlers: list[logging.Handler] = [logging.StreamHandler()]
    if log_file is not None:
        log_file.parent.mkdir(parents=True, exist_ok=True)
        handlers.append(logging.handlers.RotatingFileHandler(
            log_file, maxBytes=LOG_FILE_BYTES, backupCount=LOG_FILE_COUNT, encoding="utf-8"))
    for handler in handlers:
        handler.setFormatter(logging.Formatter(LOG_FORMAT))
        handler.addFilter(NetworkErrorsOnOneLine())
    logging.basicConfig(level=level, handlers=handlers, force=True)
    keep_secrets_out_of_logs()  # statements and payloads hold ballots, states and seeds
