"""Numbers on the images are written as their reader writes them (Babel's locale data):
scores, average places and rating changes read 30.0, 1.00, +1.0 in English and 30,0,
1,00, +1,0 in Dutch."""

from __future__ import annotations

import re

import pytest

from bot.i18n import speaking
from rendering.common.words import decimal
from tests.rendering.test_boards_dutch import render

DECIMAL = re.compile(r"^[+-]?\d+([.,])\d+$")


@pytest.mark.parametrize(("language", "expected"), [
    ("en", ["0.2", "2.00", "+1.2", "-0.5", "1234.5"]),
    ("nl", ["0,2", "2,00", "+1,2", "-0,5", "1234,5"]),
])
def test_decimals_in_the_readers_language(language: str, expected: list[str]) -> None:
    with speaking(language):
        assert [decimal(0.2, 1), decimal(2, 2), decimal(1.2, 1, signed=True),
                decimal(-0.5, 1, signed=True), decimal(1234.5, 1)] == expected


@pytest.mark.parametrize("kind", ["leaderboard", "stats doge", "stats clans"])
@pytest.mark.parametrize(("language", "mark"), [("en", "."), ("nl", ",")])
def test_images_write_decimals_with_the_readers_mark(kind: str, language: str,
                                                     mark: str) -> None:
    _data, texts = render(kind, language)
    marks = [m.group(1) for t in texts if (m := DECIMAL.match(t.strip()))]
    assert marks and set(marks) == {mark}, texts
