"""Words drawn on more than one image, in the reader's language: a seat without a name,
and a caption freed of Discord's Markdown. (Places, 1st, 2nd..., are
`bot.games.wording.ordinal`, shared with the narratives.)"""

from __future__ import annotations

import re

from babel.numbers import format_decimal

from bot.i18n import _, current_language

# Paired Discord marks: a code block, inline code, bold, underline. An escaped mark (\*)
# is text, not a mark.
_MARKED = re.compile(r"(?<!\\)(```|`|\*\*|__)(.+?)(?<!\\)\1", re.S)
_ESCAPED = re.compile(r"\\([\\`*_~|>])")


def seat_name(seat: int) -> str:
    """What stands for a player without a name: 'Seat 2' (seats count from 0)."""
    return _("Seat {n}", n=seat + 1)


def decimal(value: float, places: int, *, signed: bool = False) -> str:
    """A number with `places` decimals as the reader writes it: 0.2 and 2.00 in English,
    0,2 and 2,00 in Dutch (Babel's locale data; no thousands mark, as a table column).
    `signed`: a change, '+1.2' or '-0.5'."""
    pattern = "0." + "0" * places if places else "0"
    if signed:
        pattern = f"+{pattern};-{pattern}"
    return format_decimal(value, format=pattern, locale=current_language())


def plain(text: str) -> str:
    """A line written for Discord (the story's last line) as a board draws it: the
    marks Discord would hide are not drawn as characters."""
    while True:
        stripped = _MARKED.sub(r"\2", text)
        if stripped == text:
            break
        text = stripped
    return _ESCAPED.sub(r"\1", text)
