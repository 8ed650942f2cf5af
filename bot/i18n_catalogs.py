"""Keeping the catalogs: extract the English texts from the code into one template per part
of the bot (`bot/locale/<part>.pot`), carry them into the Dutch catalogs
(`bot/locale/nl/<part>.po`, translations kept), and list what is missing.

`python -m bot i18n update [part]` and `python -m bot i18n check`; the tests and
`make bench` (`i18n_missing`) run the same check."""

from __future__ import annotations

import asyncio
import re
import tempfile
from collections.abc import Callable, Iterable
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_file
from babel.messages.pofile import read_po, write_po

from bot.games.registry import GAMES
from bot.i18n import COMMAND_CONTEXT, LANGUAGES, LOCALE_DIR, SOURCE_LANGUAGE, placeholders

ROOT = Path(__file__).resolve().parent.parent
KEYWORDS = {"_": None, "N_": None, "later": None, "_n": (1, 2), "later_n": (1, 2)}
# Each part of the bot keeps its own catalog; a file belongs to the first part that
# names its folder (or itself).
PARTS: dict[str, tuple[str, ...]] = {
    **{game: (f"bot/games/{game}", f"cogs/{game}") for game in GAMES},  # one part per game
    "boards": ("rendering",),
    "tables": ("bot/games", "bot/tables", "bot/community", "bot/store"),
    "discord": ("cogs/common", "bot/discord_app.py"),
    "web": ("bot/web",),  # its Python and its page templates (TEMPLATES)
}
TEMPLATES = "*.html"  # Jinja2 templates, read with Jinja2's own extractor
COMMANDS_PART = "commands"  # slash command names, options and descriptions
ALL_PARTS = (*PARTS, COMMANDS_PART)
# Discord's rule for command and option names (the OpenAPI description's pattern).
COMMAND_NAME = re.compile(r"^[-_\w]{1,32}$")

Entry = tuple[str | tuple[str, str], str | None, str]  # id (or singular, plural), context, where


def part_of(path: Path) -> str | None:
    rel = path.relative_to(ROOT).as_posix()
    for part, prefixes in PARTS.items():
        if any(rel == p or rel.startswith(p + "/") for p in prefixes):
            return part
    return None


def source_files(part: str) -> list[Path]:
    files = {p for prefix in PARTS[part] for pattern in ("*.py", TEMPLATES) for p in
             ([ROOT / prefix] if prefix.endswith(".py") else (ROOT / prefix).rglob(pattern))}
    return sorted(p for p in files if part_of(p) == part)


def extract_part(part: str) -> list[Entry]:
    """Every text the part's code marks, in the order found."""
    if part == COMMANDS_PART:
        return [(text, context, "slash commands") for text, context in command_texts()]
    entries: list[Entry] = []
    for path in source_files(part):
        where = path.relative_to(ROOT).as_posix()
        method = "jinja2.ext:babel_extract" if path.match(TEMPLATES) else "python"
        for lineno, message, _comments, context in extract_from_file(
                method, str(path), keywords=KEYWORDS):
            if isinstance(message, tuple):
                message = (message[0], message[1]) if message[1] else message[0]
            if message:
                entries.append((message, context, f"{where}:{lineno}"))
    return entries


def command_texts() -> list[tuple[str, str]]:
    """The bot's slash command texts: the bot is built offline (a throwaway database, no
    Discord) and its commands walked as a sync would."""
    from bot.discord_app import TableBot
    from cogs.common.translation import command_texts_of

    async def collect(folder: str) -> list[tuple[str, str]]:
        bot = TableBot(database_path=str(Path(folder) / "commands.db"), sync_commands=False)
        try:
            await bot.open_store()
            await bot._open_tables()
            return await command_texts_of(bot.tree)
        finally:
            await bot.close()

    with tempfile.TemporaryDirectory() as folder:
        return asyncio.run(collect(folder))


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
        _write(LOCALE_DIR / f"{part}.pot", fresh)
        for language in LANGUAGES:
            if language == SOURCE_LANGUAGE:
                continue
            path = LOCALE_DIR / language / f"{part}.po"
            catalog = _read(path, language)
            catalog.update(fresh, no_fuzzy_matching=True)
            _write(path, catalog)


def _key(message) -> tuple[str | None, str]:
    msgid = message.id[0] if isinstance(message.id, tuple) else message.id
    return message.context, msgid


def check(parts: Iterable[str] = ALL_PARTS,
          extract: Callable[[str], list[Entry]] = extract_part,
          locale_dir: Path = LOCALE_DIR) -> list[str]:
    """One line per problem: a text of the code missing from its English template (or an
    entry the code no longer has), a text without Dutch, a placeholder that differs, a
    command name Discord would refuse, one text translated two ways."""
    problems: list[str] = []
    seen: dict[tuple[str | None, str], tuple[str, object]] = {}
    for part in parts:
        in_code = {}
        for message, context, where in extract(part):
            msgid = message[0] if isinstance(message, tuple) else message
            in_code[(context, msgid)] = (message, where)
        pot = {_key(m): m for m in _read(locale_dir / f"{part}.pot") if m.id}
        for key, (_message, where) in in_code.items():
            if key not in pot:
                problems.append(f"en/{part}: not in the template: {key[1]!r} ({where})")
        for key in pot.keys() - in_code.keys():
            problems.append(f"en/{part}: the code no longer has {key[1]!r}")
        for language in LANGUAGES:
            if language == SOURCE_LANGUAGE:
                continue
            translated = {_key(m): m for m in _read(locale_dir / language / f"{part}.po")
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
