"""No log line at any level holds a secret the rules have not revealed (D-10.2, C-7.2).

The libraries the bot uses write what it stores and sends at DEBUG: aiosqlite every
statement with its parameters (ballots, whole states, a game's seed), discord.py every
gateway event and request body (typed ballots, ballot panels). Those records are dropped
on their own loggers, whatever level the loggers and handlers are set to; what the
libraries say at INFO and above (connections, errors) stays. The bot's own lines name
games, seats and the kind of an action, never its contents."""

from __future__ import annotations

import logging

PAYLOAD_LOGGERS = ("aiosqlite", "asyncpg", "asyncpg.pool", "discord.gateway", "discord.http",
                   "discord.webhook.async_", "discord.client", "discord.state")


class NoPayloads(logging.Filter):
    """Lets through only a library's lines of INFO and above."""

    def filter(self, record: logging.LogRecord) -> bool:
        return record.levelno >= logging.INFO


def keep_secrets_out_of_logs() -> None:
    """Drop the payload loggers' DEBUG records (once per logger, however often called)."""
    for name in PAYLOAD_LOGGERS:
        logger = logging.getLogger(name)
        if not any(isinstance(f, NoPayloads) for f in logger.filters):
            logger.addFilter(NoPayloads())
