"""Small pieces of wording the games' narratives share, in the reader's language."""

from __future__ import annotations

from collections.abc import Iterable

from bot.i18n import Later, _, cmd

# A narrative line that starts with this is a footnote (Discord shows it small and grey):
# the channel keeps it, but it is never a board's caption.
SUBTEXT = "-# "


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
