"""Log lines: a network error is one line; any other error keeps its traceback."""

from __future__ import annotations

import io
import logging

import aiohttp

from bot.ops.logs import (
    LOG_FORMAT,
    NetworkErrorsOnOneLine,
    configure_logging,
)


def logged(exc: BaseException) -> str:
    out = io.StringIO()
    handler = logging.StreamHandler(out)
    handler.setFormatter(logging.Formatter(LOG_FORMAT))
    handler.addFilter(NetworkErrorsOnOneLine())
    logger = logging.getLogger("tests.ops.reconnect")
    logger.addHandler(handler)
    logger.propagate = False
    try:
        try:
            raise exc
        except BaseException:
            logger.exception("Attempting a reconnect in %.2fs", 1.5)
    finally:
        logger.removeHandler(handler)
    return out.getvalue()


def test_a_lost_connection_is_one_line() -> None:
    text = logged(aiohttp.ClientConnectionError("Cannot connect to host discord.com:443"))
    assert text.count("\n") == 1 and "Traceback" not in text
    assert text.rstrip().endswith("Attempting a reconnect in 1.50s (ClientConnectionError: "
                                  "Cannot connect to host discord.com:443)")


def test_a_bug_keeps_its_traceback() -> None:
    text = logged(ValueError("a bug"))
    assert "Traceback" in text and "ValueError: a bug" in text


def test_debug_logging_never_writes_discord_payloads_that_hold_ballots(tmp_path) -> None:
    """D-10.2: discord.py logs gateway events (a typed ballot's options, a ballot panel's
    custom ids) and request bodies at DEBUG; the bot's own DEBUG lines stay."""
    root = logging.getLogger()
    saved = (root.level, list(root.handlers))
    log_file = tmp_path / "bot.log"
    try:
        configure_logging(logging.DEBUG, log_file)
        logging.getLogger("discord.gateway").debug(
            "For Shard ID None: WebSocket Event: {'options': [{'value': '3 2'}]}")
        logging.getLogger("discord.http").debug("PATCH ... with {'custom_id': 'g:doge.bpc:1:1-1'}")
        logging.getLogger("bot.tables.service").debug("game 1: a debug line of our own")
        for handler in logging.getLogger().handlers:
            handler.flush()
        text = log_file.read_text()
    finally:
        for handler in root.handlers:
            handler.close()
        root.handlers[:] = saved[1]
        root.setLevel(saved[0])
    assert "a debug line of our own" in text
    assert "'3 2'" not in text and "g:doge.bpc" not in text
