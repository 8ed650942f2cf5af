"""Keeping the catalogs: extract the English texts from the code into one template per part
of the bot, carry them into the Dutch catalogs (translations kept), and list what is
missing.

Each registered game is a part of its own: every text of its folders (rules, Discord
side, board) and of its own slash commands, kept where the registry says its catalogs
are (`<locale>/<game>.pot`, `<locale>/nl/<game>.po`; the product's games in
`bot/locale`). The shared parts (`boards`, `tables`, `discord`, `web` and `commands`, the
slash command texts the shared code gives every game alike) keep `bot/locale/<part>.pot`
and `bot/locale/nl/<part>.po`, so a new game is translated without touching them.

`python -m bot i18n update [part]` and `python -m bot i18n check [part]`; the tests and
`make bench` (`i18n_missing`) run the same check."""

from __future__ import annotations

import asyncio
import importlib.util
import re
import tempfile
from collections.abc import Callable, Iterable, Iterator, Sequence
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, overload

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_file
from babel.messages.pofile import read_po, write_po

from bot.games.registry import GAMES, REGISTRY, Game
from bot.i18n import (
    COMMAND_CONTEXT,
    LANGUAGES,
    LOCALE_DIR,
    SOURCE_LANGUAGE,
    placeholders,
    reload_catalogs,
)

if TYPE_CHECKING:
    from cogs.common.translation import CommandText

ROOT = Path(__file__).resolve().parent.parent
KEYWORDS = {"_": None, "N_": None, "later": None, "_n": (1, 2), "later_n": (1, 2),
            "N_n": (1, 2)}
# The shared parts, by their folders (or files); a file in a game's folders is that
# game's, else it belongs to the first shared part that names its folder (or itself).
SHARED_PARTS: dict[str, tuple[str, ...]] = {
    "boards": ("rendering/common",),
    "tables": ("bot/games", "bot/tables", "bot/community", "bot/store"),
    "discord": ("cogs/common", "bot/discord_app.py"),
    "web": ("bot/web",),  # its Python and its page templates (TEMPLATES)
}
TEMPLATES = "*.html"  # Jinja2 templates, read with Jinja2's own extractor
COMMANDS_PART = "commands"  # the shared slash command names, options and descriptions
COMMANDS_WHERE = "slash commands"  # a command text's location in the catalogs
# Discord's rule for command and option names (the OpenAPI description's pattern).
COMMAND_NAME = re.compile(r"^[-_\w]{1,32}$")

Entry = tuple[str | tuple[str, str], str | None, str]  # id (or singular, plural), context, where


class _Parts(Sequence[str]):
    """Every part: the registered games' (read afresh on every use, so a game registered
    later is one), then the shared ones."""

    def _all(self) -> tuple[str, ...]:
        return (*GAMES, *SHARED_PARTS, COMMANDS_PART)

    @overload
    def __getitem__(self, index: int) -> str: ...
    @overload
    def __getitem__(self, index: slice) -> Sequence[str]: ...

    def __getitem__(self, index: int | slice) -> str | Sequence[str]:
        return self._all()[index]

    def __len__(self) -> int:
        return len(self._all())

    def __iter__(self) -> Iterator[str]:
        return iter(self._all())

    def __repr__(self) -> str:
        return repr(self._all())


ALL_PARTS: Sequence[str] = _Parts()


def locale_of(part: str) -> Path:
    """The folder of the part's catalogs: a game's own, else the shared one."""
    return REGISTRY[part].locale if part in REGISTRY else LOCALE_DIR


@cache
def game_folders(game: Game) -> tuple[Path, ...]:
    """The folders of the game's packages (`game.folders`, and a package kept outside the
    project where Python finds it)."""
    found = []
    for package in (game.rules, game.discord, game.drawing):
        folder = ROOT.joinpath(*package.split("."))
        if not folder.is_dir():
            try:
                spec = importlib.util.find_spec(package)
            except ModuleNotFoundError:
                continue
            places = spec.submodule_search_locations if spec else None
            if not places:
                continue
            folder = Path(places[0]).resolve()
        found.append(folder)
    return tuple(found)


def part_of(path: Path) -> str | None:
    for game in REGISTRY.values():
        if any(path.is_relative_to(folder) for folder in game_folders(game)):
            return game.name
    if not path.is_relative_to(ROOT):
        return None
    rel = path.relative_to(ROOT).as_posix()
    for part, prefixes in SHARED_PARTS.items():
        if any(rel == p or rel.startswith(p + "/") for p in prefixes):
            return part
    return None


def source_files(part: str) -> list[Path]:
    places = (game_folders(REGISTRY[part]) if part in REGISTRY else
              tuple(ROOT / prefix for prefix in SHARED_PARTS.get(part, ())))
    files = {p for place in places for pattern in ("*.py", TEMPLATES) for p in
             ([place] if place.suffix == ".py" else place.rglob(pattern))}
    return sorted(p for p in files if part_of(p) == part)


def _where(path: Path) -> str:
    return (path.relative_to(ROOT) if path.is_relative_to(ROOT) else path).as_posix()


def extract_part(part: str) -> list[Entry]:
    """Every text the part's code marks, in the order found, then its slash command texts."""
    entries: list[Entry] = []
    for path in source_files(part):
        where = _where(path)
        method = "jinja2.ext:babel_extract" if path.match(TEMPLATES) else "python"
        for lineno, message, _comments, context in extract_from_file(
                method, str(path), keywords=KEYWORDS):
            if isinstance(message, tuple):
                message = (message[0], message[1]) if message[1] else message[0]
            if message:
                entries.append((message, context, f"{where}:{lineno}"))
    return entries + [(text, context, COMMANDS_WHERE) for text, context in command_texts(part)]


def command_texts(part: str) -> list[tuple[str, str]]:
    """The part's slash command texts, (text, msgctxt): a game's own, or the shared ones."""
    return _command_texts_by_part(tuple(REGISTRY.values())).get(part, [])


@cache
def _command_texts_by_part(games: tuple[Game, ...]) -> dict[str, list[tuple[str, str]]]:
    """Every slash command text, by part: the bot is built offline (a throwaway database,
    no Discord) with the games registered and its commands walked as a sync would."""
    from bot.discord_app import TableBot
    from cogs.common.game_ui import SHARED_TOPICS, UIS
    from cogs.common.translation import command_texts_of

    async def collect(folder: str) -> list[CommandText]:
        bot = TableBot(database_path=str(Path(folder) / "commands.db"), sync_commands=False)
        try:
            await bot.open_store()
            await bot._open_tables()
            return await command_texts_of(bot.tree)
        finally:
            await bot.close()

    with tempfile.TemporaryDirectory() as folder:
        found = asyncio.run(collect(folder))
    given = {name: ui.given_texts() for name, ui in UIS.items()}
    titles = {game.name: game.kit.title for game in games}
    shared = [(topic, COMMAND_CONTEXT) for topic in SHARED_TOPICS]
    return attribute_command_texts(found, games, given, titles, shared)


def attribute_command_texts(found: Iterable[CommandText], games: Iterable[Game],
                            given: dict[str, set[tuple[str, str]]],
                            titles: dict[str, str], shared: Iterable[tuple[str, str]] = ()
                            ) -> dict[str, list[tuple[str, str]]]:
    """Which catalog holds each command text. A text of a command, group or option a
    game's module defines is that game's, and so is one the game gives the shared
    commands added to its group (`given`: its rule topics, its clocks;
    `GameUi.given_texts`) or one they word with its title (`titles`: "How to play Doge
    here"). The rest of what the shared code adds (`/<game>
    board`, `help`, …) is the shared code's own, with `shared` (texts it always owns):
    which other games are registered moves no text between catalogs."""
    games = tuple(games)

    def game_of(module: str) -> str | None:
        return next((game.name for game in games for package in
                     (game.rules, game.discord, game.drawing)
                     if module == package or module.startswith(package + ".")), None)

    parts: dict[str, dict[tuple[str, str], None]] = {}
    for text in found:
        key = (text.text, text.context)
        owner = game_of(text.module)
        title = titles.get(text.top)
        if owner is None and (key in given.get(text.top, ()) or title and re.search(
                rf"\b{re.escape(title)}\b", text.text)):
            owner = text.top
        parts.setdefault(owner or COMMANDS_PART, {})[key] = None
    for key in shared:
        parts.setdefault(COMMANDS_PART, {}).setdefault(key, None)
    return {part: list(keys) for part, keys in parts.items()}


def template(part: str) -> Catalog:
    catalog = Catalog(project="Table bot", locale=SOURCE_LANGUAGE, fuzzy=False)
    for message, context, where in extract_part(part):
        file, _, line = where.partition(":")
        catalog.add(message, None, locations=[(file, int(line or 0))], context=context)
    return catalog


def _read(path: Path, locale: str | None = None) -> Catalog:
    if not path.exists():
        return Catalog(locale=locale, fuzzy=False)
    with path.open("rb") as f:
        return read_po(f, locale=locale)


def _write(path: Path, catalog: Catalog) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as f:
        write_po(f, catalog, width=100, omit_header=False, ignore_obsolete=True,
                 sort_output=False)


def update(parts: Iterable[str] = ALL_PARTS) -> None:
    """Write each part's template from the code and carry it into every translation."""
    for part in parts:
        fresh = template(part)
        folder = locale_of(part)
        _write(folder / f"{part}.pot", fresh)
        for language in LANGUAGES:
            if language == SOURCE_LANGUAGE:
                continue
            path = folder / language / f"{part}.po"
            catalog = _read(path, language)
            catalog.update(fresh, no_fuzzy_matching=True)
            _write(path, catalog)
    reload_catalogs()  # this process translates with the catalogs just written


def _key(message) -> tuple[str | None, str]:
    msgid = message.id[0] if isinstance(message.id, tuple) else message.id
    return message.context, msgid


def check(parts: Iterable[str] = ALL_PARTS,
          extract: Callable[[str], list[Entry]] = extract_part,
          locale_dir: Path | None = None) -> list[str]:
    """One line per problem: a text of the code missing from its English template (or an
    entry the code no longer has), a text without Dutch, a placeholder that differs, a
    command name Discord would refuse, one text translated two ways (in any two
    catalogs). Each part's catalogs are read from its own folder unless `locale_dir`."""
    problems: list[str] = []
    seen: dict[tuple[str | None, str], tuple[str, object]] = {}
    for part in parts:
        folder = locale_dir or locale_of(part)
        in_code = {}
        for message, context, where in extract(part):
            msgid = message[0] if isinstance(message, tuple) else message
            in_code[(context, msgid)] = (message, where)
        pot = {_key(m): m for m in _read(folder / f"{part}.pot") if m.id}
        for key, (_message, where) in in_code.items():
            if key not in pot:
                problems.append(f"en/{part}: not in the template: {key[1]!r} ({where})")
        for key in pot.keys() - in_code.keys():
            problems.append(f"en/{part}: the code no longer has {key[1]!r}")
        for language in LANGUAGES:
            if language == SOURCE_LANGUAGE:
                continue
            translated = {_key(m): m for m in _read(folder / language / f"{part}.po")
                          if m.id}
            for key, (message, where) in in_code.items():
                problems += _check_one(f"{language}/{part}", key, message, where,
                                       translated.get(key))
                found = translated.get(key)
                if found is None or found.fuzzy:
                    continue
                earlier = seen.setdefault((key[0], f"{language}:{key[1]}"), (part, found.string))
                if earlier[1] != found.string:
                    problems.append(f"{language}/{part}: {key[1]!r} is translated otherwise "
                                    f"in {earlier[0]}")
    return problems


def _check_one(where_catalog: str, key: tuple[str | None, str], message, where: str,
               found) -> list[str]:
    context, msgid = key
    label = f"{where_catalog}: {msgid!r} ({where})"
    if found is None or not found.string or found.fuzzy or (
            isinstance(found.string, tuple) and not all(found.string)):
        return [f"{label}: no translation"]
    sources = list(message) if isinstance(message, tuple) else [message]
    forms = list(found.string) if isinstance(found.string, tuple) else [found.string]
    if len(sources) != len(forms) and len(sources) == 2:
        return [f"{label}: the plural forms are missing"]
    problems = []
    wanted = set().union(*(placeholders(s) for s in sources))
    for index, form in enumerate(forms):
        got = placeholders(form)
        # A singular may say "one" instead of {n}; every other placeholder must be there.
        allowed_missing = {"n"} if len(sources) == 2 and index == 0 else set()
        if got - wanted or (wanted - got) - allowed_missing:
            problems.append(f"{label}: placeholders {sorted(got)} instead of {sorted(wanted)}")
    if context == COMMAND_CONTEXT + "-name" and not all(
            COMMAND_NAME.match(f) and f == f.lower() for f in forms):
        problems.append(f"{label}: {forms[0]!r} is no valid command name (lowercase, no "
                        "spaces, at most 32)")
    return problems


def main(args: list[str]) -> int:
    unknown = [part for part in args[1:] if part not in ALL_PARTS]
    if unknown:
        print(f"no part {', '.join(unknown)}; parts: " + ", ".join(ALL_PARTS))
        return 2
    if args[:1] == ["update"]:
        update(args[1:] or ALL_PARTS)
        return 0
    if args[:1] == ["check"]:
        problems = check(args[1:] or ALL_PARTS)
        for line in problems:
            print(line)
        print(f"{len(problems)} missing or wrong" if problems else "catalogs complete")
        return 1 if problems else 0
    print("usage: python -m bot i18n update|check [part …]; parts: " + ", ".join(ALL_PARTS))
    return 2
