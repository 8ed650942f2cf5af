"""A player's reminder preferences are checked by the table, not by a cog: an unknown time
zone and half a quiet-hours window (while none is set) are refused and change nothing;
once a window is set either end may change alone; a digest starts a day from now."""

from __future__ import annotations

import pytest

from bot.store import Store
from bot.tables.reminder_prefs import set_reminder_prefs
from bot.tables.steps import TableError
from bot.tables.timing import DAY

NOW = 1_800_000_000.0
USER = 101


@pytest.fixture
async def store(tmp_path):
    opened = await Store.open(tmp_path / "g.db")
    yield opened
    await opened.close()


async def test_bad_changes_are_refused_in_one_line_and_change_nothing(store) -> None:
    before = await store.tables.get_user_prefs(USER)
    for changes, said in (({"tz": "Mars/Olympus", "notify": "dm"}, "Unknown time zone"),
                          ({"quiet_start": 22, "notify": "dm"}, "Quiet hours need a start")):
        with pytest.raises(TableError) as refused:
            await set_reminder_prefs(store, USER, changes, now=NOW, game="doge")
        assert str(refused.value).startswith(said) and "\n" not in str(refused.value)
        assert "`/doge notify quiet_start:22 quiet_end:7`" in str(refused.value) or \
            said == "Unknown time zone"
        assert await store.tables.get_user_prefs(USER) == before


async def test_a_window_once_set_changes_one_end_at_a_time(store) -> None:
    prefs = await set_reminder_prefs(store, USER, {"quiet_start": 22, "quiet_end": 7,
                                                   "tz": "Europe/Amsterdam"},
                                     now=NOW, game="clans")
    assert prefs.quiet == (22, 7) and prefs.tz == "Europe/Amsterdam"
    prefs = await set_reminder_prefs(store, USER, {"quiet_end": 8}, now=NOW, game="clans")
    assert prefs.quiet == (22, 8)


async def test_a_digest_starts_a_day_from_now(store) -> None:
    prefs = await set_reminder_prefs(store, USER, {"digest": True}, now=NOW, game="doge")
    assert prefs.digest and prefs.digest_next == NOW + DAY
