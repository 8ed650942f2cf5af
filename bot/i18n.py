"""English and Dutch.

Texts are written in English in the code, inside `_()` (or `_n()` where a number decides
between singular and plural), with named placeholders: `_("{name} wins", name=...)`.
The Dutch catalogs are standard gettext PO files, one per part of the bot: the shared
parts' in `bot/locale/nl/`, each game's in its own catalog folder (`<locale>/nl/<game>.po`,
as the game registry says; `python -m bot i18n update` extracts the texts, `check` finds
what is missing; see the README).

Who reads decides the language. A context variable holds it: an interaction speaks its
user's Discord locale, a channel message the server's language (`/table-admin language`).
`later()` keeps a text untranslated until it is shown, for text made in one place and
said in another (a time-out's note is made by the clock and posted to the channel).
Only the standard library, Babel and the game registry (itself standard library only):
every floor may import this, the engines included.
"""

from __future__ import annotations

import string
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from pathlib import Path
from typing import Any

from bot.games.registry import PRODUCT_LOCALE, REGISTRY, Game

LANGUAGES = ("en", "nl")
SOURCE_LANGUAGE = "en"  # the language the code is written in
LANGUAGE_NAMES = {"en": "English", "nl": "Nederlands"}
LOCALE_DIR = Path(__file__).with_name("locale")
COMMAND_CONTEXT = "command"  # msgctxt of slash command names, options and descriptions

_language: ContextVar[str] = ContextVar("language", default=SOURCE_LANGUAGE)
# The application commands' ids, by top-level name (`know_command_ids`).
_command_ids: ContextVar[dict[str, int] | None] = ContextVar("command_ids", default=None)


def language_of_locale(locale: object) -> str:
    """A Discord locale ('nl', 'en-US', discord.Locale.dutch) as one of ours."""
    code = str(getattr(locale, "value", locale) or "").lower()
    return "nl" if code.split("-")[0] == "nl" else SOURCE_LANGUAGE


def current_language() -> str:
    return _language.get()


def set_language(language: str) -> None:
    """For the rest of this task (an interaction's handler runs in a task of its own)."""
    _language.set(language if language in LANGUAGES else SOURCE_LANGUAGE)


@contextmanager
def speaking(language: str) -> Iterator[None]:
    token = _language.set(language if language in LANGUAGES else SOURCE_LANGUAGE)
    try:
        yield
    finally:
        _language.reset(token)


def placeholders(text: str) -> set[str]:
    """The named fields of a format string: '{name} has {n}' -> {'name', 'n'}."""
    return {field.split(".")[0].split("[")[0]
            for _, field, _, _ in string.Formatter().parse(text) if field}


Translations = dict[tuple[str | None, str], str | tuple[str, ...]]
# language -> the folder and games its catalogs were read for, and what they say
_read: dict[str, tuple[Path, tuple[Game, ...], Translations]] = {}


def _catalog(language: str) -> Translations:
    """msgctxt and msgid -> translation, from every PO file of the language: the shared
    folder's and each registered game's. Read again when the games registered change, so
    a game registered after the first text was translated (a test's) is read too."""
    games = tuple(REGISTRY.values())
    read = _read.get(language)
    if read is None or read[0] is not LOCALE_DIR or read[1] != games:
        read = _read[language] = (LOCALE_DIR, games, _read_catalogs(language, LOCALE_DIR,
                                                                     games))
    return read[2]


def _read_catalogs(language: str, shared: Path, games: tuple[Game, ...]) -> Translations:
    from babel.messages.pofile import read_po  # only once, and only when translating

    paths = sorted((shared / language).glob("*.po"))  # the product's games' among them
    paths += [game.locale / language / f"{game.name}.po" for game in games
              if game.locale not in (shared, PRODUCT_LOCALE)]  # a game's kept elsewhere
    found: Translations = {}
    for path in paths:
        if not path.exists():
            continue
        with path.open("rb") as f:
            catalog = read_po(f)
        for message in catalog:
            if not message.id or message.fuzzy:
                continue
            key = message.id[0] if isinstance(message.id, tuple) else message.id
            text = message.string
            if isinstance(text, tuple) and all(text) or isinstance(text, str) and text:
                found[(message.context, key)] = text
    return found


def reload_catalogs() -> None:
    """Forget the catalogs read (after writing a PO file)."""
    _read.clear()


def lookup(msgid: str, language: str, context: str | None = None) -> str | None:
    """The translation, or None when the catalog has none (the English is shown)."""
    if language == SOURCE_LANGUAGE:
        return None
    found = _catalog(language).get((context, msgid))
    return found[0] if isinstance(found, tuple) else found


def _format(text: str, values: dict[str, Any]) -> str:
    if not values:
        return text
    shown = {k: str(v) if isinstance(v, Later) else v for k, v in values.items()}
    return text.format_map(shown)


def _(msgid: str, **values: Any) -> str:
    """The text in the reader's language, its placeholders filled in."""
    return _format(lookup(msgid, current_language()) or msgid, values)


def _n(singular: str, plural: str, n: int, **values: Any) -> str:
    """Singular or plural by `n` (English and Dutch both: one, or anything else);
    `{n}` is filled in with the number."""
    form = 0 if n == 1 else 1
    text = (singular, plural)[form]
    language = current_language()
    if language != SOURCE_LANGUAGE:
        found = _catalog(language).get((None, singular))
        if isinstance(found, tuple) and len(found) > form:
            text = found[form]
    return _format(text, {"n": n, **values})


def N_(msgid: str) -> str:
    """Marks a text for the catalog where it is defined; `_(value)` translates it later."""
    return msgid


def N_n(singular: str, plural: str) -> tuple[str, str]:
    """Marks a text with its plural for the catalog where it is defined; `_n(*value, n)`
    translates it later."""
    return singular, plural


class Later:
    """A text translated only when shown: str() gives it in the language of that moment."""

    __slots__ = ("msgid", "plural", "n", "values")

    def __init__(self, msgid: str, values: dict[str, Any], plural: str | None = None,
                 n: int = 0) -> None:
        self.msgid, self.values, self.plural, self.n = msgid, values, plural, n

    def __str__(self) -> str:
        if self.plural is not None:
            return _n(self.msgid, self.plural, self.n, **self.values)
        return _(self.msgid, **self.values)

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)

    def __add__(self, other: object) -> str:
        return str(self) + str(other)

    def __radd__(self, other: object) -> str:
        return str(other) + str(self)

    def __eq__(self, other: object) -> bool:
        return str(self) == str(other)

    def __hash__(self) -> int:
        return hash(self.msgid)

    def __repr__(self) -> str:
        return f"later({self.msgid!r})"


def later(msgid: str, **values: Any) -> Later:
    return Later(msgid, values)


def later_n(singular: str, plural: str, n: int, **values: Any) -> Later:
    return Later(singular, values, plural, n)


class Number:
    """A number as the reader writes it, formatted only when shown (like `Later`): in
    Dutch `0,2` and `2,00`, in English `0.2` and `2.00`. With `decimals`, exactly that
    many; without, as many as it has, up to 3 (`24`, `0.5`); `signed`, with its sign even
    when positive (`+1,2`: a change)."""

    __slots__ = ("value", "decimals", "signed")

    def __init__(self, value: float, decimals: int | None = None, signed: bool = False) -> None:
        self.value, self.decimals, self.signed = value, decimals, signed

    def __str__(self) -> str:
        from babel.numbers import format_decimal  # only when a number is shown

        pattern = "#,##0" + ("." + "0" * self.decimals if self.decimals else
                             "" if self.decimals == 0 else ".###")
        if self.signed:
            pattern = f"+{pattern};-{pattern}"
        return format_decimal(self.value, format=pattern, locale=current_language())

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)

    def __eq__(self, other: object) -> bool:
        return str(self) == str(other)

    def __hash__(self) -> int:
        return hash(self.value)

    def __repr__(self) -> str:
        return f"number({self.value!r}, {self.decimals!r})"


def number(value: float, decimals: int | None = None, *, signed: bool = False) -> Number:
    """`value` for a text's placeholder, in the reader's way of writing numbers."""
    return Number(value, decimals, signed)


def know_command_ids(ids: dict[str, int]) -> None:
    """From now on, in this context and the tasks it starts, `cmd` mentions the commands
    whose ids `ids` holds (top-level name -> the application command's id, as Discord
    returns it on a sync or fetch); the dict may be filled in later."""
    _command_ids.set(ids)


@contextmanager
def knowing_command_ids(ids: dict[str, int]) -> Iterator[None]:
    """`cmd` mentions the commands of `ids` inside this block: for code that may run
    outside the bot's own tasks (the notifier, which the clock calls; a test writing as
    the bot writes)."""
    token = _command_ids.set(ids)
    try:
        yield
    finally:
        _command_ids.reset(token)


def cmd(command: str) -> str:
    """A slash command written so that every reader can type it, as Discord markdown:
    cmd("table-admin undo") is Discord's clickable mention `</table-admin undo:id>`,
    which each client shows in its own language, or "`/table-admin undo`" (the English
    name) while the command's id is unknown. Options follow in a code span, named in the
    text's language: cmd("table-admin extend hours:2") is
    "</table-admin extend:id> `uren:2`" in Dutch. A group alone ("table-admin") cannot
    be mentioned: "`/table-admin`"."""
    words = command.split()
    at = next((i for i, word in enumerate(words) if ":" in word), len(words))
    path, options = words[:at], words[at:]
    shown = []
    for word in options:
        name, colon, rest = word.partition(":")
        if colon:
            name = lookup(name, current_language(), COMMAND_CONTEXT + "-name") or name
        shown.append(name + colon + rest)
    command_id = (_command_ids.get() or {}).get(path[0])
    if command_id is None or len(path) < 2:
        return "`/" + " ".join(path + shown) + "`"
    mention = f"</{' '.join(path)}:{command_id}>"
    return mention + (" `" + " ".join(shown) + "`" if shown else "")


def command_text(text: str, language: str, *, name: bool = False) -> str | None:
    """A slash command's name or option name (`name`), or a description or choice, in
    `language` (for discord.py's Translator)."""
    return lookup(text, language, COMMAND_CONTEXT + ("-name" if name else ""))
