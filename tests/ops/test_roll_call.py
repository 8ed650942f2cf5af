"""The roll call of bot processes: a running process answers it and leaves it when it
stops; the doctor names a shard held by no running process, a shard held twice,
processes that disagree on SHARD_COUNT, and two processes on one SQLite file."""

from __future__ import annotations

import asyncio
import logging
import os
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from bot.discord_app import TableBot
from bot.ops.findings import NOTE, OK, PROBLEM, Finding
from bot.ops.roll_call import GONE_AFTER_S, RollCall, check_processes
from bot.store import BotProcess, Store
from tests.discord_emulator import DiscordEmulator
from tests.discord_emulator.fixtures import discord_emulator  # noqa: F401  (fixture)
from tests.postgres import fresh_database
from tests.shards.players import poll

NOW = 1_800_000_000.0


def running(name: str, count: int | None, shards: list[int], ago: float = 10.0) -> BotProcess:
    return BotProcess(f"elsewhere:{name}", count, tuple(shards), NOW - 3600, NOW - ago)


def levels(found: list[Finding]) -> list[str]:
    return [f.level for f in found]


def test_all_shards_held_once_is_well() -> None:
    found = check_processes([running("1", 4, [0, 1]), running("2", 4, [2, 3])], NOW,
                            shared=True)
    assert levels(found) == [OK]
    assert "2 bot processes running" in found[0].text and "all 4 shards" in found[0].text


def test_a_shard_nobody_holds_is_named_with_the_setting_that_fixes_it() -> None:
    """The process holding shards 2 and 3 stopped answering (killed): its servers go
    unanswered, said as a problem, and its stale row as a note."""
    found = check_processes([running("1", 4, [0, 1]),
                             running("2", 4, [2, 3], ago=GONE_AFTER_S + 60)], NOW, shared=True)
    assert levels(found) == [NOTE, PROBLEM]
    assert "elsewhere:2 last answered 4 minutes ago" in found[0].text
    assert "shards 2, 3 of 4 are held by no running process" in found[1].text
    assert "SHARD_IDS=2,3" in found[1].text


def test_a_shard_held_twice_and_counts_that_disagree_are_problems() -> None:
    twice = check_processes([running("1", 2, [0, 1]), running("2", 2, [1])], NOW, shared=True)
    assert levels(twice) == [PROBLEM] and "shard 1 is held by more than one" in twice[0].text
    apart = check_processes([running("1", 2, [0, 1]), running("2", 4, [2, 3])], NOW,
                            shared=True)
    assert levels(apart) == [PROBLEM] and "disagree on SHARD_COUNT" in apart[0].text


def test_still_connecting_and_nobody_running_are_notes() -> None:
    assert levels(check_processes([running("1", None, [])], NOW, shared=True)) == [NOTE]
    assert "still connecting" in check_processes([running("1", None, [])], NOW,
                                                 shared=True)[0].text
    assert [f.text for f in check_processes([], NOW, shared=True)] == [
        "no bot process is running on this database"]


def test_two_processes_on_one_sqlite_file_is_a_problem() -> None:
    assert levels(check_processes([running("1", 1, [0])], NOW, shared=False)) == [OK]
    found = check_processes([running("1", 1, [0]), running("2", 1, [0])], NOW, shared=False)
    assert levels(found) == [PROBLEM] and "SQLite file is for one process" in found[0].text


def test_a_process_of_this_machine_that_is_gone_is_not_counted_as_running() -> None:
    """Killed a moment ago: its row is still fresh, but its pid is gone from this machine."""
    gone = subprocess.Popen([sys.executable, "-c", "pass"])
    gone.wait()
    here = socket.gethostname()
    processes = [BotProcess(f"{here}:{os.getpid()}:a1", 2, (0,), NOW - 60, NOW - 5),
                 BotProcess(f"{here}:{gone.pid}:b2", 2, (1,), NOW - 60, NOW - 5)]
    found = check_processes(processes, NOW, shared=True)
    assert levels(found) == [NOTE, PROBLEM]
    assert "shard 1 of 2 is held by no running process" in found[1].text


async def test_two_bots_in_one_process_answer_apart(tmp_path: Path) -> None:
    """Two bots on one SQLite file, even in one process, are two names on the roll call
    (the doctor says so), and one leaving does not take the other's row."""
    store = await Store.open(tmp_path / "games.db")
    try:
        calls = [RollCall(store, lambda: (1, [0]), interval=60) for _ in range(2)]
        for call in calls:
            await call.answer()
        found = check_processes(await store.processes.bot_processes(), time.time(), shared=False)
        assert levels(found) == [PROBLEM] and "2 bots use this SQLite file" in \
            found[0].text
        calls[0].start()
        await calls[0].stop()
        assert [p.name for p in await store.processes.bot_processes()] == [calls[1].name]
    finally:
        await store.close()


async def test_a_running_process_answers_and_leaves_when_it_stops(tmp_path: Path) -> None:
    store = await Store.open(tmp_path / "games.db")
    try:
        shards = [(None, [])]
        roll_call = RollCall(store, lambda: shards[-1], name="here:1", interval=0.01)
        roll_call.start()

        async def answered() -> bool:
            return bool(await store.processes.bot_processes())

        await poll(answered, 20, "the first answer")
        assert [(p.name, p.shard_count)
                for p in await store.processes.bot_processes()] == [("here:1", None)]
        shards.append((2, [1, 0]))  # connected: Discord told the count

        async def told_the_shards() -> bool:
            return (await store.processes.bot_processes())[0].shard_ids == (0, 1)

        await poll(told_the_shards, 20, "the answer naming the shards")
        await roll_call.stop()
        assert await store.processes.bot_processes() == []
    finally:
        await store.close()


async def start_and_look(store: Store, count: int, shards: list[int]) -> RollCall:
    """A process starting on `store`, once it has looked for others holding its shards."""
    roll_call = RollCall(store, lambda: (count, shards), interval=60)
    roll_call.start()
    await asyncio.wait_for(roll_call.looked_for_rivals.wait(), 30)
    return roll_call


def warnings(caplog: pytest.LogCaptureFixture) -> list[str]:
    return [r.getMessage() for r in caplog.records
            if r.name == "bot.ops.roll_call" and r.levelno == logging.WARNING]


async def test_a_second_process_for_a_held_shard_warns_at_start_and_the_doctor_names_both(
        caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.WARNING, logger="bot.ops.roll_call")
    async with fresh_database("roll_call") as url:
        store = await Store.open(url)
        try:
            first = RollCall(store, lambda: (2, [0, 1]), name="elsewhere:41:aa")
            await first.answer()
            apart = await start_and_look(store, 4, [3])  # another count: nothing shared
            assert warnings(caplog) == []
            await apart.stop()
            second = await start_and_look(store, 2, [1])
            [said] = warnings(caplog)
            assert said.startswith("shard 1 of 2 is also held by elsewhere:41:aa (running "
                                   "since "), said
            assert said.endswith("give each process SHARD_IDS of its own")
            await first.answer()  # a minute on, both still answer the roll call
            found = check_processes(await store.processes.bot_processes(), time.time(), shared=True)
            assert levels(found) == [PROBLEM]
            assert found[0].text.startswith("shard 1 is held by more than one process "
                                            f"(elsewhere:41:aa, {second.name})"), found
            await second.stop()
        finally:
            await store.close()


@pytest.mark.parametrize(("ago", "warned"), [(0.0, True), (GONE_AFTER_S + 60, False)])
async def test_a_second_bot_on_an_sqlite_file_warns_at_start_unless_the_first_is_gone(
        tmp_path: Path, caplog: pytest.LogCaptureFixture, ago: float, warned: bool) -> None:
    """The other bot answered just now, or long ago (killed: its stale row is no rival)."""
    caplog.set_level(logging.WARNING, logger="bot.ops.roll_call")
    then = await Store.open(tmp_path / "games.db", clock=lambda: time.time() - ago)
    await RollCall(then, lambda: (1, [0]), name="elsewhere:7:bb").answer()
    await then.close()
    store = await Store.open(tmp_path / "games.db")
    try:
        await (await start_and_look(store, 1, [0])).stop()
    finally:
        await store.close()
    said = warnings(caplog)
    assert len(said) == warned, said
    assert all(s.startswith("another bot uses this SQLite file: elsewhere:7:bb") for s in said)


async def test_the_bot_warns_at_start_when_its_file_is_in_use(
        discord_emulator: DiscordEmulator, tmp_path: Path,  # noqa: F811
        caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.WARNING, logger="bot.ops.roll_call")
    db = tmp_path / "games.db"
    store = await Store.open(db)
    await RollCall(store, lambda: (1, [0]), name="elsewhere:9:dd").answer()
    await store.close()
    bot = TableBot(database_path=str(db))
    async with discord_emulator.running(bot):
        await discord_emulator.wait_until(lambda: bot.roll_call is not None)
        assert bot.roll_call is not None
        await asyncio.wait_for(bot.roll_call.looked_for_rivals.wait(), 30)
    [said] = warnings(caplog)
    assert said.startswith("another bot uses this SQLite file: elsewhere:9:dd"), said
