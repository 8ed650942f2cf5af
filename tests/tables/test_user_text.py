"""People's text as the bot writes it: as typed outside Discord, escaped for Discord,
back as typed for a board's caption, and whole inside a code span."""

from __future__ import annotations

import pytest

from bot.games.base import PlayerSpec
from bot.games.doge.narrate import describe_event
from bot.games.wording import in_code, players_written, user_text, writing_user_text
from bot.tables.timing import parse_reminders
from cogs.common.names import as_typed, plain

NAMES = ["*bold* @everyone", "a`b", "||spoiler||", "_under_score_", "~~strike~~", "王小明",
         "🦊 Fox", "a\\b", "# heading", "> quote", "- item", "[link](x)", "</doge new:1>",
         "<#1>", "<t:0:R>", "\\<@1>"]


@pytest.mark.parametrize("name", NAMES)
def test_a_name_escaped_for_discord_reads_back_as_typed(name: str) -> None:
    assert user_text(name) == name  # a terminal, a board, a record: as typed
    with writing_user_text(plain):
        written = user_text(name)
    assert as_typed(written) == name
    assert written == name or "\\" in written


def test_narration_is_given_each_name_escaped_once() -> None:
    players = [PlayerSpec("*bold* @everyone"), PlayerSpec("a`b")]
    event = {"type": "houses_placed", "seat": 0, "area": "castello", "count": 2}
    with writing_user_text(plain):
        told = describe_event(event, [p.name for p in players_written(players)])
    assert told == "\\*bold\\* @everyone places 2 houses in Castello."
    assert [p.name for p in players] == ["*bold* @everyone", "a`b"]  # unchanged


def test_a_text_in_a_code_span_cannot_end_it() -> None:
    assert "`" not in in_code("a`b``c") and in_code("plain") == "plain"
    with pytest.raises(ValueError) as refused:
        parse_reminders("x`y")
    assert str(refused.value.args[0]).count("`") % 2 == 0
