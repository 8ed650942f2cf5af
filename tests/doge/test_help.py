"""`/doge help` is where a player looks first: it says what the channel's small grey hash
lines are (bot/games/doge/sealing.py) and how to check them, as the README does, and
stays one Discord message."""

from __future__ import annotations

import pytest

from bot.i18n import speaking
from cogs.doge.rules import help_text

MESSAGE_LIMIT = 2000  # Discord's characters in one message's content


def test_help_explains_the_hash_lines_and_how_to_check_them() -> None:
    text = help_text()
    [line] = [line for line in text.splitlines() if "sha256" in line]
    # What the 🔒 and 🔓 lines are (D-3.3, D-4.2), and the record that checks them all.
    assert "🔒" in line and "🔓" in line and "`sha256sum`" in line
    assert "`/doge export` gives the record with every seal" in line
    assert "python -m" not in line  # players do not run the bot's own tools
    assert line.replace("e.g.", "eg").count(". ") <= 1  # two sentences at most


@pytest.mark.parametrize("language", ["en", "nl"])
def test_help_stays_one_discord_message(language: str) -> None:
    with speaking(language):
        assert len(help_text()) <= MESSAGE_LIMIT
