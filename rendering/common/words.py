"""Words drawn on more than one image, in the reader's language: a seat without a name,
and a caption freed of Discord's Markdown. (Places, 1st, 2nd..., are
`bot.games.wording.ordinal`, shared with the narratives.)"""

from __future__ import annotations

import re

from bot.i18n import _

# Paired Discord marks: a code block, inline code, bold, underline. An escaped mark (\*)
# is text, not a mark.
_MARKED = re.compile(r"(?<!\\)(```|`|\*\*|__)(.+?)(?<!\\)\1", re.S)
_ESCAPED = re.compile(r"\\([\\`*_~|>])")


def seat_name(seat: int) -> str:
    """What stands for a player without a name: 'Seat 2' (seats count from 0)."""
    return _("Seat {n}", n=seat + 1)


def plain(text: str) -> str:
    """A line written for Discord (the story's last line) as a board draws it: the
    marks Discord would hide are not drawn as characters."""
    while True:
        stripped = _MARKED.sub(r"\2", text)
        if stripped == text:
            break
        text = stripped
    return _ESCAPED.sub(r"\1", text)
