"""The reader's language: locales, the context it is set in, plurals, texts kept until
shown, command references."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

import bot.i18n as i18n
from bot.i18n import (
    _,
    _n,
    cmd,
    current_language,
    language_of_locale,
    later,
    set_language,
    speaking,
)

DUTCH = '''msgid ""
msgstr ""
"Content-Type: text/plain; charset=UTF-8\\n"

msgid "{name} wins"
msgstr "{name} wint"

msgid "{n} house"
msgid_plural "{n} houses"
msgstr[0] "één huis"
msgstr[1] "{n} huizen"

msgctxt "command-name"
msgid "away"
msgstr "afwezig"

msgctxt "command-name"
msgid "days"
msgstr "dagen"

#, fuzzy
msgid "Not sure yet"
msgstr "Nog niet zeker"
'''


@pytest.fixture
def catalog(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    (tmp_path / "nl").mkdir()
    (tmp_path / "nl" / "demo.po").write_text(DUTCH, encoding="utf-8")
    monkeypatch.setattr(i18n, "LOCALE_DIR", tmp_path)
    i18n.reload_catalogs()
    yield
    i18n.reload_catalogs()


def test_discord_locales_map_to_our_languages() -> None:
    assert language_of_locale("nl") == "nl"
    assert language_of_locale("en-US") == language_of_locale("en-GB") == "en"
    assert language_of_locale("de") == "en"  # anything else reads English
    assert language_of_locale(None) == "en"


def test_texts_follow_the_language_of_the_moment(catalog) -> None:
    assert _("{name} wins", name="Anke") == "Anke wins"
    with speaking("nl"):
        assert _("{name} wins", name="Anke") == "Anke wint"
        assert _("Untranslated") == "Untranslated"  # shown in English, never lost
        assert _("Not sure yet") == "Not sure yet"  # a fuzzy entry is not trusted
    assert current_language() == "en"


def test_plurals_in_both_languages(catalog) -> None:
    assert [_n("{n} house", "{n} houses", k) for k in (1, 2)] == ["1 house", "2 houses"]
    with speaking("nl"):
        assert [_n("{n} house", "{n} houses", k) for k in (1, 0, 3)] == [
            "één huis", "0 huizen", "3 huizen"]


def test_a_later_text_speaks_the_language_it_is_shown_in(catalog) -> None:
    note = later("{name} wins", name="Bernd")
    with speaking("nl"):
        assert str(note) == "Bernd wint"
        assert f"⏰ {note}" == "⏰ Bernd wint"
    assert str(note) == "Bernd wins"


def test_command_references_name_the_command_as_every_reader_types_it(catalog) -> None:
    assert cmd("doge away days:3") == "`/doge away days:3`"
    with speaking("nl"):
        assert cmd("doge away days:3") == "`/doge away dagen:3`"


async def test_each_interaction_task_keeps_its_own_language(catalog) -> None:
    async def answer(locale: str) -> str:
        set_language(language_of_locale(locale))
        await asyncio.sleep(0)
        return _("{name} wins", name="Claudia")

    assert await asyncio.gather(answer("nl"), answer("en-US")) == [
        "Claudia wint", "Claudia wins"]
    assert current_language() == "en"
