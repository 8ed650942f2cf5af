"""A moderator's import is held to what typed commands allow: a crafted record whose
settings no command makes (a list as the timing, "soon" as a clock) once was stored and
then stopped every start of the bot. Each is refused in one line and nothing changes;
a record with every setting a table can have is still imported, and the bot restarts
with it. The same finished record imported again does not count for the ratings again."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from bot.store import Store
from bot.store.ratings import RatingPolicy
from bot.tables.moderation import Moderator
from bot.tables.service import TableService
from tests.admin.helpers import CHANNEL, GUILD, MOD, db_rows, make_table, refused

GOOD_SETTINGS = {"seats": 3, "timing": "async", "year_limit": None, "placement_s": 7200.0,
                 "decision_s": 72, "reminders": ["half", "1h"], "autopilot": True,
                 "autopilot_level": "strong", "ai_levels": {"C": "easy"}, "paused": False}


async def running_record(tmp_path: Path) -> tuple[Any, dict[str, Any]]:
    table = await make_table(tmp_path, bots=1)
    await table.ballot(101)
    return table, await table.store.records.export_game(table.game_id)


def with_settings(record: dict[str, Any], **settings: Any) -> bytes:
    return json.dumps({**record, "settings": {**record["settings"], **settings}}).encode()


@pytest.mark.parametrize(("setting", "value", "why"), [
    ("timing", ["live"], 'the setting "timing" must be "live" or "async", not ["live"]'),
    ("placement_s", "soon", 'the setting "placement_s" must be seconds from 72 to 1209600, '
                            'not "soon"'),
    ("decision_s", 0, 'the setting "decision_s" must be seconds from 72 to 1209600, not 0'),
    ("decision_s", 1e300, "not 1e+300"),
    ("placement_s", True, "not true"),
    ("seats", 9, 'the setting "seats" must be 3 to 4, not 9'),
    ("seats", "4", 'not "4"'),
    ("year_limit", 0, 'the setting "year_limit" must be null or 1 to 50 years (D-9.3), not 0'),
    ("year_limit", 10**40, "not " + "1" + "0" * 38 + "…"),
    ("stalemate_years", 1, 'the setting "stalemate_years" must be null or 2 to 20 years '
                           '(D-9.4), not 1'),
    ("stalemate_years", "5", 'not "5"'),
    ("reminders", "half", 'the setting "reminders" must be a list of stages'),
    ("reminders", ["99999h"], 'not ["99999h"]'),
    ("autopilot", "yes", 'the setting "autopilot" must be true or false, not "yes"'),
    ("paused", 1, 'the setting "paused" must be true or false, not 1'),
    ("autopilot_level", "godlike", 'the setting "autopilot_level" must be one of easy, '
                                   'normal, strong, not "godlike"'),
    ("ai_levels", {"C": "godlike"}, 'the setting "ai_levels" must give seats\' names a level'),
    ("ai_levels", ["C"], 'not ["C"]'),
    ("target", 200, 'unknown setting "target" (a table of Doge has seats, timing,'),
])
async def test_a_setting_no_command_makes_is_refused_and_nothing_changes(
        tmp_path: Path, setting: str, value: Any, why: str) -> None:
    table, record = await running_record(tmp_path)
    before = db_rows(table.path)
    said = await refused(table.mod.import_record(MOD, 600, GUILD,
                                                 with_settings(record, **{setting: value})))
    assert said.startswith("Cannot import: ") and why in said, said
    assert db_rows(table.path) == before
    await table.close()


async def test_names_longer_than_discord_allows_are_refused(tmp_path: Path) -> None:
    table, record = await running_record(tmp_path)
    record["players"][1]["name"] = "B" * 33
    before = db_rows(table.path)
    await refused(table.mod.import_record(MOD, 600, GUILD, json.dumps(record).encode()),
                  contains="Cannot import: the name at seat 1 has more than 32 characters.")
    assert db_rows(table.path) == before
    for name in ("B\nB", " ", "B\u2028B"):  # a line break, nothing, a line separator
        record["players"][1]["name"] = name
        await refused(table.mod.import_record(MOD, 600, GUILD, json.dumps(record).encode()),
                      contains="Cannot import: the name at seat 1 is empty or not on one line.")
    assert db_rows(table.path) == before
    record["players"][1]["name"] = "B" * 32  # as long as Discord's: taken
    await table.mod.import_record(MOD, 600, GUILD, json.dumps(record).encode())
    await table.close()


async def test_every_setting_a_table_can_have_is_imported_and_the_bot_restarts(
        tmp_path: Path) -> None:
    table, record = await running_record(tmp_path)
    result = await table.mod.import_record(MOD, 600, GUILD,
                                           with_settings(record, **GOOD_SETTINGS))
    assert "restored a running game" in result.line
    restored = await table.service.game_in_channel(600)
    assert restored.row.settings == GOOD_SETTINGS
    await table.close()
    # A new process on the same database: every running game's clock is set up again.
    store = await Store.open(table.path)
    service = TableService(store, clock=table.time)
    assert await service.clock.reschedule_all() >= 2
    await store.close()


async def test_a_finished_record_imported_again_does_not_count_again(tmp_path: Path) -> None:
    """Four imports of one finished record, the same people seated each time: their
    game counts once in a server, not four times (3.0 became 11.25 that way); in the
    server where it was played, a copy never counts."""
    table = await make_table(tmp_path)
    other = Moderator(900, 2, manage_channels=True)  # a moderator of another server
    for guild in (GUILD, 2):  # games a moderator ended count there
        await table.store.ratings.set_policy(guild, RatingPolicy(moderated=True))
    await table.mod.end(MOD, CHANNEL)
    record = json.dumps(await table.store.records.export_game(table.game_id)).encode()
    for channel in (600, 601, 602, 603):
        await table.mod.import_record(other, channel, 2, record, [901, 902, 903])
    await table.mod.import_record(MOD, 700, GUILD, record, [901, 902, 903])
    with sqlite3.connect(table.path) as conn:
        counted = conn.execute("SELECT g.guild_id, g.channel_id, r.rated, r.reason FROM "
                               "rated_games AS r JOIN games AS g ON g.id = r.game_id "
                               "ORDER BY g.id").fetchall()
        games = dict(conn.execute("SELECT guild_id * 1000 + user_id, games FROM ratings"))
    copy = "the same game is in this server already"
    assert counted == [(GUILD, CHANNEL, 1, None), (2, 600, 1, None), (2, 601, 0, copy),
                       (2, 602, 0, copy), (2, 603, 0, copy), (GUILD, 700, 0, copy)]
    assert {games[2000 + u] for u in (901, 902, 903)} == {1}
    assert 1901 not in games  # the copy in the first server counted for nobody
    report = await table.store.ratings.rebuild()  # decisions kept through a rebuild
    assert report.changed == []
    await table.close()
