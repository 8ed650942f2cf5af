"""Log lines: a network error is one line; any other error keeps its traceback."""

from __future__ import annotations

import io
import logging

import aiohttp

from bot.ops.logs import LOG_FORMAT, NetworkErrorsOnOneLine


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
