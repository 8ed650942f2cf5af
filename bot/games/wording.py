"""Small pieces of wording the games' narratives share, in the reader's language."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import replace

from bot.games.base import PlayerSpec
from bot.i18n import Later, _, cmd

# A narrative line that starts with this is a footnote (Discord shows it small and grey):
# the channel keeps it, but it is never a board's caption.
SUBTEXT = "-# "

# Between the facts of a board's caption, the outcome first: an invisible separator, so
# a caption also reads as plain sentences (its image's alt text). A board that lacks the
# room leaves out the last facts, never the first (rendering/common/caption.py).
FACTS = "\u2063"


def facts(*parts: str) -> str:
    """A board's caption from its facts, the outcome first."""
    return f" {FACTS}".join(p for p in parts if p)


# How a person's own text (a name, a reason) is written into a text for its reader. As
# typed here (a terminal, a board image, a record); a process that talks to Discord says
# so once, at its start, and from then on every text it composes has Discord's markup in
# people's text escaped (cogs/common/names.py), on every path: a click's, the clock's, a
# catch-up's. A block may write otherwise (`writing_user_text`: a web page, a test).
_process_style: Callable[[str], str] = str
_user_text: ContextVar[Callable[[str], str] | None] = ContextVar("user_text", default=None)


def user_text(text: str) -> str:
    """`text`, which a person typed, written so that the reader sees it as typed. Give it
    the raw text, once: never a text already written this way."""
    return (_user_text.get() or _process_style)(text)


def write_user_text(style: Callable[[str], str]) -> None:
    """From now on, in this whole process, `user_text` is `style` (outside the blocks of
    `writing_user_text`)."""
    global _process_style
    _process_style = style


# A backtick inside a code span would end it, and a backslash does not escape it there
# (Discord shows it): a look-alike, the modifier letter grave accent, keeps the span whole
# and the text readable. Simpler than a double-backtick span, whose padding rules change
# with the text's own first and last characters.
BACKTICK_LOOK_ALIKE = "\u02cb"


def in_code(text: str) -> str:
    """A person's text inside a code span (`…`), which escaping cannot protect."""
    return text.replace("`", BACKTICK_LOOK_ALIKE)


def players_written(players: Iterable[PlayerSpec]) -> list[PlayerSpec]:
    """The players with their names written for the reader (`user_text`): what a game's
    narration is given."""
    return [replace(p, name=user_text(p.name)) for p in players]


@contextmanager
def writing_user_text(style: Callable[[str], str]) -> Iterator[None]:
    """`user_text` is `style` inside this block (a test reading as the bot writes)."""
    token = _user_text.set(style)
    try:
        yield
    finally:
        _user_text.reset(token)


def and_list(items: Iterable[str]) -> str:
    """'Anna', 'Anna and Bernd', 'Anna, Bernd and Claudia' ('Anna, Bernd en Claudia')."""
    words = [str(w) for w in items]
    if len(words) <= 1:
        return "".join(words)
    return _("{items} and {last}", items=", ".join(words[:-1]), last=words[-1])


def ordinal(n: int) -> str:
    """1st, 2nd, 3rd, 4th... (1e, 2e, 3e in Dutch): places, orders of play."""
    if 10 <= n % 100 <= 20:
        return _("{n}th", n=n)
    last = n % 10
    if last == 1:
        return _("{n}st", n=n)
    if last == 2:
        return _("{n}nd", n=n)
    if last == 3:
        return _("{n}rd", n=n)
    return _("{n}th", n=n)


class _LaterCommand(Later):
    __slots__ = ()

    def __str__(self) -> str:
        return cmd(self.msgid)


def later_cmd(command: str) -> Later:
    """`cmd(command)` when the text is shown: a placeholder value for `later()`, so a
    lazy text names the slash command in the language it is shown in."""
    return _LaterCommand(command, {})


class Note(Later):
    """A lazy text (`later()`) that also reads like text in the language of the moment:
    `"deadline" in note`, `note.startswith("⏰")`."""

    __slots__ = ()

    def __contains__(self, part: str) -> bool:
        return part in str(self)

    def __getattr__(self, name: str) -> object:
        if name.startswith("__"):
            raise AttributeError(name)
        return getattr(str(self), name)


def note(text: Later) -> Note:
    return Note(text.msgid, text.values, text.plural, text.n)
