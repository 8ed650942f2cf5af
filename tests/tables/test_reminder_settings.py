"""The reminders a table's settings ask for: only stages that parse are taken (by the
command) or used (from the store), few of them, and none sent once its deadline passed."""

from __future__ import annotations

import logging
from types import SimpleNamespace
from typing import Any

import pytest

from bot.store import Store
from bot.tables import timing
from bot.tables.service import TableError, TableService
from bot.tables.timing import DAY, HOUR, timing_of
from cogs.common.table_commands import TableCommands
from tests.tables.test_clock import (
    OPEN_STORES,
    START,
    USERS,
    FakeTime,
    Recorder,
    ballot,
    close_stores,  # noqa: F401  (autouse fixture)
    make_table,
)

DISCORD_LIMIT = 2000  # characters in a message


class Response:
    """What `interaction.response` was asked to send."""

    def __init__(self) -> None:
        self.sent: list[tuple[str, bool]] = []

    def is_done(self) -> bool:
        return bool(self.sent)

    async def send_message(self, content: str, *, ephemeral: bool = False, **_: Any) -> None:
        self.sent.append((content, ephemeral))


async def settings_command(service: TableService, reminders: str) -> tuple[str, bool]:
    """`/doge settings reminders:<reminders>` by a moderator: (reply, ephemeral)."""
    interaction = SimpleNamespace(
        client=SimpleNamespace(tables=service), channel_id=500, guild_id=1,
        user=SimpleNamespace(id=USERS[0]), response=Response(),
        permissions=SimpleNamespace(manage_channels=True, manage_guild=False,
                                    administrator=False))
    async def redraw_prompt(*_: Any) -> None:  # no channel message here to redraw
        pass

    cog = SimpleNamespace(game="doge", redraw_prompt=redraw_prompt)
    await TableCommands.change_settings(cog, interaction, {"reminders": reminders})  # type: ignore[arg-type]
    [reply] = interaction.response.sent
    return reply


async def reminder_rows(service: TableService, gid: int) -> list[str]:
    return sorted(d.kind.split(":")[0] for d in await service.store.deadlines.get_deadlines(gid)
                  if d.kind.startswith("remind") and d.seat == 0)


# ---- parsing ------------------------------------------------------------------------


def test_only_half_and_ascii_hours_are_reminder_stages() -> None:
    assert timing.parse_reminders("half 1h 0.5h 12h") == ["half", "1h", "0.5h", "12h"]
    assert timing.parse_reminders("HALF 1.0H") == ["half", "1h"]
    assert timing.parse_reminders("") == []
    # Digits Python calls digits, but float() does not read (or ASCII does not have).
    for word in ("①h", "²h", "١h", "１h", "1e3h", "-1h", "+1h", "infh", "nanh", "1", "h",
                 "1.5.5h", "quarter", "1 h"):
        with pytest.raises(ValueError) as refused:
            timing.parse_reminders(f"half {word}")
        assert "\n" not in str(refused.value) and "`" in str(refused.value), word
    for word in ("0h", "0.0h", "721h", "1" * 400 + "h"):
        with pytest.raises(ValueError, match="between") as refused:
            timing.parse_reminders(word)
        assert len(str(refused.value)) < 200  # a long word is not echoed in full
    assert timing.parse_reminders("720h") == ["720h"]


def test_reminder_stages_are_deduplicated_and_capped() -> None:
    assert timing.parse_reminders("half half 1h 1.00h half") == ["half", "1h"]
    assert timing.parse_reminders(" ".join(["half"] * 1000)) == ["half"]
    assert len(timing.parse_reminders("half 1h 2h 3h")) == timing.MAX_REMINDERS == 4
    with pytest.raises(ValueError, match="At most 4 reminders"):
        timing.parse_reminders("half 1h 2h 3h 4h")


# ---- the command ----------------------------------------------------------------------


async def test_the_command_refuses_unicode_digits_and_changes_nothing(tmp_path) -> None:
    time = FakeTime(START)
    service, rec, gid = await make_table(tmp_path / "g.db", time)
    before = (await service.load(gid)).row.settings
    for word in ("①h", "²h", "half ③h"):
        text, ephemeral = await settings_command(service, word)
        assert ephemeral and "\n" not in text and "is not a reminder" in text
        assert (await service.load(gid)).row.settings == before
    # The table plays on: a move still commits and syncs its clocks.
    await ballot(service, gid, 101, "castello")
    text, ephemeral = await settings_command(service, "half 0.5h")
    assert not ephemeral and "halfway, 0.5 h before" in text
    assert (await service.load(gid)).row.settings["reminders"] == ["half", "0.5h"]


async def test_the_command_deduplicates_caps_and_answers_briefly(tmp_path) -> None:
    time = FakeTime(START)
    service, rec, gid = await make_table(tmp_path / "g.db", time)
    text, ephemeral = await settings_command(service, " ".join(["half"] * 1000))
    assert not ephemeral and len(text) < 300
    assert (await service.load(gid)).row.settings["reminders"] == ["half"]
    text, ephemeral = await settings_command(service, "half 1h 2h 3h 4h 5h")
    assert ephemeral and "\n" not in text and "At most 4 reminders" in text
    assert (await service.load(gid)).row.settings["reminders"] == ["half"]  # unchanged


# ---- what the store holds ---------------------------------------------------------------


async def test_a_stored_stage_that_does_not_parse_is_ignored_with_one_warning(
        tmp_path, caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch) -> None:
    """An old database may hold what the command refuses now: the clocks run on."""
    monkeypatch.setattr(timing, "_WARNED", set())  # as in a fresh process
    caplog.set_level(logging.WARNING, logger="bot.tables.timing")
    time = FakeTime(START)
    service, rec, gid = await make_table(tmp_path / "g.db", time,
                                         reminders=["①h", "half", 7, "²h", "1h"])
    assert await reminder_rows(service, gid) == ["remind0", "remind1"]  # half and 1h
    await ballot(service, gid, 101, "castello")  # the move commits and syncs
    # A restart reschedules every game.
    store = await Store.open(tmp_path / "g.db")
    OPEN_STORES.append(store)
    restarted = TableService(store, clock=time)
    restarted.clock.notifier = Recorder()
    assert await restarted.clock.reschedule_all() == 1
    time.now = START + DAY / 2 + 1
    await restarted.clock.tick()
    assert restarted.clock.notifier.reminders  # the stages that parse still remind
    warned = [r for r in caplog.records if r.levelno == logging.WARNING]
    assert len([r for r in warned if "①h" in r.getMessage()]) == 1
    assert len([r for r in warned if "²h" in r.getMessage()]) == 1


async def test_too_many_stored_stages_are_cut_to_the_limit(tmp_path) -> None:
    time = FakeTime(START)
    service, rec, gid = await make_table(
        tmp_path / "g.db", time, reminders=["half"] * 1000 + [f"{h}h" for h in range(1, 9)])
    assert timing_of((await service.load(gid)).row.settings).reminders == (
        "half", "1h", "2h", "3h")
    assert len(await reminder_rows(service, gid)) == 4
    # Changing another setting answers in a few words, not with every stored stage.
    text = await service.update_timing(gid, {"decision_s": 2 * HOUR})
    assert len(text) < DISCORD_LIMIT // 4
    # The service itself stores no stage the clock cannot read, whoever calls it.
    before = (await service.load(gid)).row.settings
    with pytest.raises(TableError, match="is not a reminder"):
        await service.update_timing(gid, {"reminders": ["half", "①h"]})
    assert (await service.load(gid)).row.settings == before


# ---- late reminders ---------------------------------------------------------------------


async def test_no_reminder_is_sent_once_its_deadline_passed(tmp_path) -> None:
    """After downtime the clock catches up: the deadline applies, its reminders go."""
    time = FakeTime(START)
    service, rec, gid = await make_table(tmp_path / "g.db", time)
    time.now = START + DAY + 1  # halfway, one hour before and the deadline all passed
    assert await service.clock.tick() >= 1
    assert rec.reminders == []
    assert any("ran out of time" in line for step in rec.steps for line in step.notes)
    assert all(not d.kind.startswith("remind") or d.due_at > time.now
               for d in await service.store.deadlines.get_deadlines(gid))


async def test_a_late_reminder_before_its_deadline_is_still_sent_once(tmp_path) -> None:
    time = FakeTime(START)
    service, rec, gid = await make_table(tmp_path / "g.db", time)
    time.now = START + DAY - 30 * 60  # downtime past both stages, not past the deadline
    await service.clock.tick()
    await service.clock.tick()
    assert sorted(s for _, s, _ in rec.reminders) == [0, 0, 1, 1, 2, 2]
    assert {due for _, _, due in rec.reminders} == {START + DAY}
    time.now = START + DAY + 1
    await service.clock.tick()
    assert len(rec.reminders) == 6  # none late, none twice
