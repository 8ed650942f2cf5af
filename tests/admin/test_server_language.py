"""`/table-admin language`: the server's language for its channel messages, kept in the
guild settings; moderators only, refusals change nothing."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.i18n import cmd, speaking
from bot.tables.languages import ServerLanguages, language_choice, set_language
from bot.tables.steps import TableError
from tests.admin.helpers import CHANNEL, GUILD, MOD, PLAYER, db_rows, make_table, refused


def test_language_names_and_codes_are_understood() -> None:
    assert language_choice("nl") == language_choice("Nederlands") == "nl"
    assert language_choice(" Dutch ") == "nl"
    assert language_choice("English") == language_choice("en") == "en"
    assert language_choice("Deutsch") is None


async def test_a_moderator_sets_the_language_and_every_process_sees_it(tmp_path: Path) -> None:
    table = await make_table(tmp_path)
    try:
        languages = ServerLanguages(table.store)
        assert await languages.of(GUILD) == "en"  # the default
        result = await set_language(table.mod, languages, MOD, "nl")
        assert "Nederlands" in result.line and "<@900>" in result.line
        assert "taal" in result.line  # announced in the new language
        assert await languages.of(GUILD) == "nl"
        # Another process's cache reads it from the store.
        assert await ServerLanguages(table.store).of(GUILD) == "nl"
        assert await languages.of(None) == "en"  # outside a server (DMs): English
        audit = await table.store.list_audit(guild_id=GUILD)
        assert audit[0].action == "language" and audit[0].detail == {"language": "nl"}
        asked = await set_language(table.mod, languages, PLAYER, None)  # anyone may ask
        assert "Nederlands" in str(asked.line) and asked.private  # told to the asker alone
    finally:
        await table.close()


async def test_a_stale_cache_is_refreshed_after_its_time(tmp_path: Path) -> None:
    table = await make_table(tmp_path)
    try:
        now = [0.0]
        here = ServerLanguages(table.store, clock=lambda: now[0])
        elsewhere = ServerLanguages(table.store)
        assert await here.of(GUILD) == "en"
        await elsewhere.set(GUILD, "nl")
        assert await here.of(GUILD) == "en"  # held for a short while
        now[0] = 31.0
        assert await here.of(GUILD) == "nl"
    finally:
        await table.close()


async def test_refusals_change_nothing(tmp_path: Path) -> None:
    table = await make_table(tmp_path)
    try:
        languages = ServerLanguages(table.store)
        before = db_rows(table.path)
        await refused(set_language(table.mod, languages, PLAYER, "nl"))
        await refused(set_language(table.mod, languages, MOD, "klingon"),
                      contains="English, Nederlands")
        assert db_rows(table.path) == before
        assert await languages.of(GUILD) == "en"
    finally:
        await table.close()


async def test_a_refusal_speaks_the_language_of_whoever_reads_it(tmp_path: Path) -> None:
    """A moderator operation runs in the server's language (what the channel is told is
    made while it runs), but its refusal is private: it is worded where it is shown, in
    the language of the moderator reading it."""
    table = await make_table(tmp_path)
    try:
        with speaking("nl"), pytest.raises(TableError) as caught:
            await table.mod.resume(MOD, CHANNEL)  # the game is not paused
        assert str(caught.value) == "The game is not paused."
        with speaking("nl"):
            assert str(caught.value) == "Het spel is niet gepauzeerd."
        # A command named in a refusal is named in the reader's language too.
        await table.mod.pause(MOD, CHANNEL)
        with speaking("nl"), pytest.raises(TableError) as caught:
            await table.mod.pause(MOD, CHANNEL)
        english = cmd("table-admin resume")
        with speaking("nl"):
            dutch = cmd("table-admin resume")
            assert dutch in str(caught.value)
        assert english != dutch and english in str(caught.value)
    finally:
        await table.close()
