"""`/table-admin language`: the server's language for its channel messages, kept in the
guild settings; moderators only, refusals change nothing."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from bot.i18n import cmd, speaking
from bot.store import Store
from bot.tables.languages import ServerLanguages, language_choice, set_language
from bot.tables.steps import TableError
from tests.admin.helpers import (
    CHANNEL,
    GUILD,
    MOD,
    PLAYER,
    SERVER_MOD,
    db_rows,
    make_table,
    refused,
)
from tests.postgres import fresh_database
from tests.shards.players import poll
from tests.tables.test_shared_clock import change_a_deadline, lose_listener


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
        await refused(set_language(table.mod, languages, MOD, "nl"),  # this channel only
                      contains="acts on the whole server")
        result = await set_language(table.mod, languages, SERVER_MOD, "nl")
        assert "Nederlands" in result.line and "<@900>" in result.line
        assert "taal" in result.line  # announced in the new language
        assert await languages.of(GUILD) == "nl"
        # Another process's cache reads it from the store.
        assert await ServerLanguages(table.store).of(GUILD) == "nl"
        assert await languages.of(None) == "en"  # outside a server (DMs): English
        audit = await table.store.moderation.list_audit(guild_id=GUILD)
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
        await refused(set_language(table.mod, languages, SERVER_MOD, "klingon"),
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
        # A command named in a refusal is named so that every reader can type it: the
        # same in both languages (its English name, without the command's id), while the
        # text around it follows the reader.
        await table.mod.pause(MOD, CHANNEL)
        with speaking("nl"), pytest.raises(TableError) as caught:
            await table.mod.pause(MOD, CHANNEL)
        english = str(caught.value)
        with speaking("nl"):
            dutch = str(caught.value)
        assert english != dutch
        assert cmd("table-admin resume") == "`/table-admin resume`"
        assert "`/table-admin resume`" in english and "`/table-admin resume`" in dutch
    finally:
        await table.close()


async def _set_without_notice(store: Store, guild_id: int, language: str) -> None:
    """The server's language written behind the store's back: no notice is sent."""
    async with store._db.transaction() as conn:  # type: ignore[attr-defined]
        await conn.execute("INSERT INTO guild_settings (guild_id, extra, updated_at) "
                           "VALUES (?, ?, 0)", (guild_id, f'{{"language": "{language}"}}'))


async def test_a_change_in_another_process_is_seen_at_once_on_postgresql() -> None:
    """Two processes on one PostgreSQL: the one that did not make the change drops what it
    held of the server's language on the change's notice, long before its time runs out
    (here the clock never moves), and keeps what it holds of other servers."""
    async with fresh_database("language") as url:
        stores = [await Store.open(url) for _ in range(2)]
        try:
            frozen = [ServerLanguages(store, clock=lambda: 0.0) for store in stores]
            here, elsewhere = frozen
            await here.watch()
            assert await here.of(GUILD) == "en" and await here.of(GUILD + 1) == "en"
            await elsewhere.set(GUILD, "nl")

            async def seen() -> bool:
                return await here.of(GUILD) == "nl"

            await poll(seen, 30, "the change to be seen")
            # The other server's entry was kept: a change there, made behind the store's
            # back (no notice), is not seen while the clock stands still.
            await _set_without_notice(stores[1], GUILD + 1, "nl")
            await asyncio.sleep(0.2)
            assert await here.of(GUILD + 1) == "en"
        finally:
            for store in stores:
                await store.close()


async def test_after_a_lost_listener_every_held_language_is_read_again() -> None:
    """Notices sent while the listening connection was down are lost: once it is back,
    every server's language is read again."""
    async with fresh_database("language") as url:
        stores = [await Store.open(url) for _ in range(2)]
        try:
            here = ServerLanguages(stores[0], clock=lambda: 0.0)
            await here.watch()
            woke = asyncio.Event()
            await stores[0].deadlines.watch(woke.set)  # on the same listening connection
            assert await here.of(GUILD) == "en"
            await _set_without_notice(stores[1], GUILD, "nl")
            assert await here.of(GUILD) == "en"  # no notice: still held
            listener, lost_pid = await lose_listener(stores[0], via=stores[1])

            async def seen() -> bool:
                return await here.of(GUILD) == "nl"

            await poll(seen, 10, "every language to be read again")
            assert listener.raw.get_server_pid() != lost_pid
            # Connected again, it listens on both channels it shared: the next settings
            # change and the next deadline change are heard.
            woke.clear()
            await ServerLanguages(stores[1]).set(GUILD, "en")

            async def english_again() -> bool:
                return await here.of(GUILD) == "en"

            await poll(english_again, 30, "the next change to be heard")
            await change_a_deadline(stores[1], GUILD, CHANNEL)
            await asyncio.wait_for(woke.wait(), 30)
        finally:
            for store in stores:
                await store.close()


class SlowSettings:
    """A real store whose settings reads are held after reading, until `go`: a change and
    its notice can come in between, as they can when another process makes them."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.tables = self  # the store's settings part, as the languages ask for it
        self.read = asyncio.Event()
        self.go = asyncio.Event()

    async def get_guild_settings(self, guild_id: int):  # noqa: ANN201 (the store's type)
        found = await self.store.tables.get_guild_settings(guild_id)
        self.read.set()
        await self.go.wait()
        return found


async def test_a_read_overtaken_by_a_notice_is_not_kept(tmp_path: Path) -> None:
    """The notice of a change arrives while the language is being read: the value read
    (from before the change) answers that once, but is not held."""
    table = await make_table(tmp_path)
    try:
        slow = SlowSettings(table.store)
        here = ServerLanguages(slow, clock=lambda: 0.0)  # type: ignore[arg-type]
        reading = asyncio.create_task(here.of(GUILD))
        await slow.read.wait()
        await ServerLanguages(table.store).set(GUILD, "nl")  # another process's change
        here.forget(GUILD)  # and its notice
        slow.go.set()
        assert await reading == "en"
        assert await here.of(GUILD) == "nl"
    finally:
        await table.close()
