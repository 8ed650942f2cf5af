"""A property: no record a moderator can import makes the import raise anything but a
one-line refusal, and whatever was imported leaves the bot able to start (every running
game's clock set up again). Records are a real one with any field replaced by any JSON
value, or with names, settings and actions of any shape."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.tables.service import TableError
from tests.admin.helpers import GUILD, MOD, make_table

JSON = st.recursive(
    st.none() | st.booleans() | st.integers(min_value=-(10**30), max_value=10**30)
    | st.floats(allow_nan=True) | st.text(max_size=40),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=12), inner,
                                                                max_size=4),
    max_leaves=12)
SETTING_KEYS = st.sampled_from(["seats", "timing", "placement_s", "decision_s", "reminders",
                                "autopilot", "autopilot_level", "ai_levels", "paused",
                                "year_limit", "target"])
FIELDS = st.sampled_from(["format", "version", "game", "seed", "players", "settings",
                          "actions", "commitments"])


@st.composite
def crafted(draw: st.DrawFn, record: dict[str, Any]) -> dict[str, Any]:
    """The record with one of its parts changed as a hostile moderator might."""
    copy = json.loads(json.dumps(record))
    how = draw(st.sampled_from(["field", "setting", "name", "action"]))
    if how == "field":
        copy[draw(FIELDS)] = draw(JSON)
    elif how == "setting":
        copy["settings"][draw(SETTING_KEYS)] = draw(JSON)
    elif how == "name":
        seat = draw(st.integers(0, len(copy["players"]) - 1))
        copy["players"][seat]["name"] = draw(st.text(max_size=1200) | JSON)
    else:
        index = draw(st.integers(0, len(copy["actions"]) - 1))
        action = copy["actions"][index]
        action[draw(st.sampled_from([*action, "seat", "type"]))] = draw(JSON)
    return copy


def test_no_imported_record_makes_the_import_raise(tmp_path: Path) -> None:
    loop = asyncio.new_event_loop()
    table = loop.run_until_complete(make_table(tmp_path, bots=1))
    loop.run_until_complete(table.ballot(101))
    record = loop.run_until_complete(table.store.records.export_game(table.game_id))
    channels = iter(range(10_000, 20_000))

    async def try_import(data: bytes) -> None:
        try:
            await table.mod.import_record(MOD, next(channels), GUILD, data, [301])
        except TableError as exc:
            assert "\n" not in str(exc) and str(exc).startswith(("Cannot import", "That")), exc
        # Whatever was stored, a start sets up every running game's clock again.
        await table.service.clock.reschedule_all()

    @settings(max_examples=50, deadline=None, database=None,
              suppress_health_check=[HealthCheck.too_slow])
    @given(crafted(record))
    def imports(changed: dict[str, Any]) -> None:
        loop.run_until_complete(try_import(json.dumps(changed).encode()))

    try:
        imports()
    finally:
        loop.run_until_complete(table.close())
        loop.close()
