"""The slash commands in Dutch: the payload the bot syncs to Discord, built the way
discord.py builds it with the bot's own Translator, carries a Dutch name and description
for every command, group and option and a Dutch name for every choice, all within
Discord's rules, and Discord's OpenAPI description accepts it."""

from __future__ import annotations

import asyncio
import re
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from bot.i18n import cmd, speaking
from cogs.common.translation import CatalogTranslator
from tests.discord_emulator.limits import request_problems

# Discord's rule for command and option names (lowercase where a letter has a case).
NAME = re.compile(r"^[-_\w]{1,32}$")
SUBCOMMANDS = (1, 2)  # option types SUB_COMMAND and SUB_COMMAND_GROUP
Payload = dict[str, Any]


def synced_payload() -> list[Payload]:
    """What `tree.sync()` would send, from the bot built offline (no Discord)."""
    from bot.discord_app import TableBot

    async def build(folder: str) -> list[Payload]:
        bot = TableBot(database_path=str(Path(folder) / "commands.db"), sync_commands=False)
        try:
            await bot.open_store()
            await bot._open_tables()
            translator = CatalogTranslator()
            return [await command.get_translated_payload(bot.tree, translator)
                    for command in bot.tree.get_commands()]
        finally:
            await bot.close()

    with tempfile.TemporaryDirectory() as folder:
        return asyncio.run(build(folder))


@pytest.fixture(scope="module")
def payload() -> list[Payload]:
    return synced_payload()


def nodes(entries: list[Payload], path: str = "") -> Iterator[tuple[str, Payload]]:
    """Every command, group, subcommand and option, with its English path."""
    for entry in entries:
        where = f"{path} {entry['name']}".strip()
        yield where, entry
        yield from nodes(entry.get("options") or [], where)


def dutch(entry: Payload, field: str) -> str | None:
    return (entry.get(field) or {}).get("nl")


def test_the_tree_has_commands(payload: list[Payload]) -> None:
    names = {entry["name"] for entry in payload}
    assert {"doge", "clans", "table-admin"} <= names
    assert sum(1 for _ in nodes(payload)) > 100


def test_every_name_is_dutch_and_valid(payload: list[Payload]) -> None:
    wrong = []
    for where, entry in nodes(payload):
        name = dutch(entry, "name_localizations")
        if name is None or not NAME.match(name) or name != name.lower():
            wrong.append(f"{where}: {name!r}")
    assert wrong == []


def test_every_description_is_dutch_and_fits(payload: list[Payload]) -> None:
    wrong = []
    for where, entry in nodes(payload):
        if "description" not in entry:  # a context menu has none
            continue
        text = dutch(entry, "description_localizations")
        if text is None or not 1 <= len(text) <= 100:
            wrong.append(f"{where}: {text!r}")
    assert wrong == []


def test_dutch_names_are_unique_among_siblings(payload: list[Payload]) -> None:
    families = [("(top level)", payload)] + [
        (where, entry.get("options") or []) for where, entry in nodes(payload)]
    clashes = []
    for where, children in families:
        names = [dutch(child, "name_localizations") for child in children]
        clashes += [f"{where}: {name}" for name in set(names) if names.count(name) > 1]
    assert clashes == []


def test_every_choice_has_a_dutch_name(payload: list[Payload]) -> None:
    wrong, choices = [], 0
    for where, entry in nodes(payload):
        for choice in entry.get("choices") or []:
            choices += 1
            name = dutch(choice, "name_localizations")
            if name is None or not 1 <= len(name) <= 100:
                wrong.append(f"{where} {choice['name']}: {name!r}")
    assert choices > 20
    assert wrong == []


def test_only_dutch_is_added(payload: list[Payload]) -> None:
    """English is the source: no other locale gets a translation."""
    for where, entry in nodes(payload):
        assert set(entry.get("name_localizations") or {}) <= {"nl"}, where
        assert set(entry.get("description_localizations") or {}) <= {"nl"}, where


def test_known_commands_read_in_dutch(payload: list[Payload]) -> None:
    found = {where: entry for where, entry in nodes(payload)}
    assert dutch(found["doge"], "name_localizations") == "doge"
    assert dutch(found["clans"], "name_localizations") == "clans"
    assert dutch(found["doge away"], "name_localizations") == "afwezig"
    assert dutch(found["doge away days"], "name_localizations") == "dagen"
    assert dutch(found["clans new"], "description_localizations") == (
        "Open een Clans-tafel in dit kanaal")
    levels = {c["name"]: dutch(c, "name_localizations")
              for c in found["doge addbot level"]["choices"]}
    assert levels == {"easy": "makkelijk", "normal": "normaal", "strong": "sterk"}


def test_texts_name_the_commands_as_every_reader_types_them() -> None:
    """Without the commands' ids (no sync yet) a text names a command in English, which
    every Discord accepts; its options are named in the text's language."""
    with speaking("nl"):
        assert cmd("doge away days:3") == "`/doge away dagen:3`"
        assert cmd("table-admin undo") == "`/table-admin undo`"
    assert cmd("doge away days:3") == "`/doge away days:3`"


def test_discord_accepts_the_payload(payload: list[Payload]) -> None:
    route, problems = request_problems("PUT", "/applications/1/commands", payload, [])
    assert route == "/applications/{application_id}/commands"
    assert [str(p) for p in problems] == []
