"""The bot's words as HTML: a story line with its bold, footnotes and Discord timestamps,
moments written out, and a person's own text (a name) kept apart from all of it.

A name reaches a story line through `user_text` (bot/games/wording.py); the pages write
it between two private-use marks (`marked`), so that `line_html` can set it apart: never
read as bold or as a timestamp, and isolated (`<bdi>`), so that a right-to-left mark in
it does not turn the rest of the line around."""

from __future__ import annotations

import re
from collections.abc import Iterable
from datetime import UTC, datetime

from markupsafe import Markup, escape

from bot.games.wording import SUBTEXT

OPEN, CLOSE = "\ue000", "\ue001"  # around a person's text in a line the pages tell
_MARKS = str.maketrans("", "", OPEN + CLOSE)
_MARKED = re.compile(f"{OPEN}([^{CLOSE}]*){CLOSE}")
_BOLD = re.compile(r"\*\*(.+?)\*\*")
_STAMP = re.compile(r"&lt;t:([0-9]{1,15}):[a-zA-Z]&gt;")  # longer: no moment
_HELD = re.compile(f"{OPEN}([0-9]+){CLOSE}")


def marked(text: str) -> str:
    """A person's text as the pages write it into a story line (its own marks dropped:
    a name cannot open or close another)."""
    return f"{OPEN}{text.translate(_MARKS)}{CLOSE}"


def plain(line: str) -> str:
    """A line without the marks: what a board's caption and the page's data say."""
    return line.translate(_MARKS)


def when(seconds: float | None) -> str:
    """A moment as the pages write it (UTC: the reader's own zone is unknown); a moment
    no calendar holds is left as its number."""
    if seconds is None:
        return ""
    try:
        return datetime.fromtimestamp(seconds, UTC).strftime("%Y-%m-%d %H:%M UTC")
    except (ValueError, OverflowError, OSError):
        return str(seconds)


def name_html(name: str) -> Markup:
    """A person's text, isolated from the text around it."""
    return Markup("<bdi>{}</bdi>").format(name)


def names_html(names: Iterable[str]) -> Markup:
    return Markup(", ").join(name_html(n) for n in names)


def _stamp(found: re.Match[str]) -> str:
    return when(int(found.group(1)))


def line_html(line: str) -> Markup:
    """A line of the bot's story as HTML: escaped, with its bold kept, a footnote small
    and a Discord timestamp written out (a line may hold several, one under the other);
    each person's text isolated and taken as typed."""
    held: list[str] = []

    def hold(found: re.Match[str]) -> str:
        held.append(found.group(1))
        return f"{OPEN}{len(held) - 1}{CLOSE}"

    parts = []
    for part in _MARKED.sub(hold, line).split("\n"):
        small = part.startswith(SUBTEXT)
        text = str(escape(part[len(SUBTEXT):] if small else part))
        text = _BOLD.sub(r"<strong>\1</strong>", text)
        text = _STAMP.sub(_stamp, text)
        text = plain(_HELD.sub(lambda m: str(name_html(held[int(m.group(1))])), text))
        parts.append(f"<small>{text}</small>" if small else text)
    return Markup("\n".join(parts))
