"""`/doge help` is where a player looks first: it says what the channel's small grey hash
lines are (bot/games/doge/sealing.py) and how to check them, as the README does, and
stays one Discord message."""

from __future__ import annotations

import re

import pytest

from bot.games.doge.constants import PALACE_COSTS
from bot.i18n import _, speaking
from cogs.doge.rules import RULE_TOPICS, help_text
from rendering.doge.panel import _goal

MESSAGE_LIMIT = 2000  # Discord's characters in one message's content


def test_help_explains_the_hash_lines_and_how_to_check_them() -> None:
    text = help_text()
    [line] = [line for line in text.splitlines() if "sha256" in line]
    # What the 🔒 line is (D-3.3), where the stacks are opened (D-4.2), and the record
    # that checks them all.
    assert "🔒" in line and "🔓" in line and "`sha256sum`" in line
    assert "`/doge verify` lists the stacks it seals" in line
    assert "`/doge export` gives the record with every seal" in line
    assert "python -m" not in line  # players do not run the bot's own tools
    assert line.replace("e.g.", "eg").count(". ") <= 1  # two sentences at most


@pytest.mark.parametrize("language", ["en", "nl"])
def test_help_stays_one_discord_message(language: str) -> None:
    with speaking(language):
        assert len(help_text()) <= MESSAGE_LIMIT


@pytest.mark.parametrize("language", ["en", "nl"])
def test_the_board_topic_reads_the_player_card_as_it_is_drawn(language: str) -> None:
    """`/doge rules topic:board` is the board's legend: the goal pills in the words the
    image uses (D-9.1), the palace spaces it draws (D-8.2), and what a struck-through
    area card means (D-3.3); short enough for one message."""
    with speaking(language):
        text = _(RULE_TOPICS["board"])
        for palaces, districts in ((6, 6), (7, 5), (8, 4)):
            assert _goal(palaces, districts) in text
    assert f"{PALACE_COSTS[0]} " in text and f" {PALACE_COSTS[-1]} " in text
    assert {"D-3.3", "D-8.2", "D-9.1"} <= set(re.findall(r"D-\d+\.\d+", text))
    assert "×3" in text and "2+1" in text  # a hidden stack and a face-up one, as drawn
    assert len(text) <= MESSAGE_LIMIT
