"""What the table tells the channel: a 🔒 line per new stack at a round's reveal, a 🔓
line with the salt at the area's election, and nothing secret before it (D-10.2)."""

from __future__ import annotations

import hashlib
import random
import re
from pathlib import Path

import pytest

from bot.games.doge.sealing import SHOWN_HEX
from bot.tables.commitments import CommitmentBook
from bot.tables.service import TableError
from tests.commitments.play import PERSON, open_table, play_on

LOCK = re.compile(r"^-# 🔒 ([A-Za-z ]+), (\w+)'s stack of [1-4] markers?: sha256 ([0-9a-f]{16})…$")
OPEN = re.compile(r"^-# 🔓 ([A-Za-z ]+), (\w+): sha256 of `([^`]+)` is ([0-9a-f]{16})…$")


async def test_every_stack_is_locked_at_its_reveal_and_opened_at_its_election(
        tmp_path: Path) -> None:
    played = await open_table(tmp_path / "games.db")
    await play_on(played, random.Random(3))
    game = await played.service.load(played.game_id)
    assert game.row.status == "finished"
    rows = await played.store.actions.commitments(played.game_id)
    assert len(rows) >= 7  # every seat placed stacks in year 1
    locked: dict[str, str] = {}  # short hash -> the step it was shown in
    opened: set[str] = set()
    for index, step in enumerate(played.steps):
        assert len(step.lines) == len(step.events)  # the poster pairs them
        for event, line in zip(step.events, step.lines, strict=True):
            if event["type"] == "commitment":
                match = LOCK.match(line)
                assert match, line
                assert match.group(3) == event["sha256"][:SHOWN_HEX]
                locked[match.group(3)] = str(index)
            elif event["type"] == "commitment_opened":
                match = OPEN.match(line)
                assert match, line
                text, short = match.group(3), match.group(4)
                # Anyone can check: the text shown hashes to the hash shown at the reveal.
                assert hashlib.sha256(text.encode()).hexdigest().startswith(short)
                assert short in locked, "opened a stack that was never locked"
                opened.add(short)
    assert set(locked) == {c.sha256[:SHOWN_HEX] for c in rows} == opened
    # The 🔓 lines follow their election's votes, the 🔒 ones the round's reveal: what
    # happened reads first, its proof after it, in small print.
    for step in played.steps:
        kinds = [e["type"] for e in step.events]
        for i, kind in enumerate(kinds):
            if kind == "commitment_opened":
                assert kinds[i - 1] in ("election", "commitment_opened")
            if kind == "commitment":
                assert kinds[i - 1] in ("round_revealed", "commitment")
            if kind in ("commitment", "commitment_opened"):
                assert step.lines[i].startswith("-# ")


async def test_no_salt_reaches_a_line_before_its_election(tmp_path: Path) -> None:
    played = await open_table(tmp_path / "games.db", seed=8)
    await play_on(played, random.Random(8))
    rows = await played.store.actions.commitments(played.game_id)
    for c in rows:
        said = [i for i, step in enumerate(played.steps)
                if any(c.salt in line for line in step.lines)]
        assert said, "a salt was never shown"
        elected = next(i for i, step in enumerate(played.steps) if any(
            e["type"] == "election" and e["area"] == c.area for e in step.events))
        assert said[0] == elected  # D-10.2: first shown with its election, never before
        values = ",".join(map(str, c.markers))
        for step in played.steps[:elected]:
            for line in step.lines:
                assert f"|{c.area}|{c.seat}|{values}|" not in line


async def test_a_double_click_makes_no_second_salt(tmp_path: Path) -> None:
    played = await open_table(tmp_path / "games.db")
    game = await played.service.load(played.game_id)
    legal = game.engine.legal_actions(game.state, 0)
    action = {k: v for k, v in legal[0].items() if k != "seat"}
    first = await played.service.act(played.game_id, PERSON, action, version=game.version,
                                     key="ballot-1")
    locks = [line for line in first.lines if line.startswith("-# 🔒") and "stack" in line]
    assert len(locks) == 3  # the person's ballot revealed the round: three stacks
    assert sum("round sealed" in line for line in first.lines) == 1  # and one seal
    before = await played.store.actions.commitments(played.game_id)
    with pytest.raises(TableError, match="earlier step"):
        await played.service.act(played.game_id, PERSON, action, version=game.version,
                                 key="ballot-1")
    assert await played.store.actions.commitments(played.game_id) == before


async def test_messages_told_again_from_the_log_keep_their_lines(tmp_path: Path) -> None:
    """The poster tells a message again from the action log, often after the game has
    moved into the next year: each action's events still get their own stacks' lines."""
    played = await open_table(tmp_path / "games.db", seed=2, year_limit=2)
    await play_on(played, random.Random(2))
    service = played.service
    game = await service.load(played.game_id)
    await service.commitments.refresh(game)
    assert game.row.status == "finished" and game.state.year == 2
    rows = await played.store.actions.commitments(played.game_id)
    assert {c.year for c in rows} == {1, 2}
    locked, opened = [], []
    for entry in await played.store.actions.log(played.game_id):
        for line in service.narrate(game, entry.events):
            if match := LOCK.match(line):
                locked.append(match.group(3))
            elif match := OPEN.match(line):
                opened.append(match.group(3))
    assert sorted(locked) == sorted(c.sha256[:SHOWN_HEX] for c in rows)
    texts = {f"doge-stack-v1|{game.id}|{c.year}|{c.area}|{c.seat}|"
             f"{','.join(map(str, c.markers))}|{c.salt}" for c in rows}
    assert sorted(opened) == sorted(texts)  # each in its own year, with its own salt


async def test_an_election_repeated_in_a_later_year_is_told_with_its_own_year(
        tmp_path: Path) -> None:
    """Narration gets bare events. With seed 1 San Polo votes the same way in years 2
    and 3 (bernd's lone 2,2): the events around it say which year it was; alone it is
    taken for the latest, as in a message told again (which only the newest are)."""
    played = await open_table(tmp_path / "games.db", seed=1, year_limit=3)
    await play_on(played, random.Random(1))
    service = played.service
    game = await service.load(played.game_id)
    await service.commitments.refresh(game)
    election = {"type": "election", "area": "san_polo", "stacks": [
        {"seat": 1, "markers": [2, 2]}], "advisors": [], "votes": {"1": 4},
        "winners": [1], "runners_up": []}
    rows = {c.year: c for c in await played.store.actions.commitments(played.game_id)
            if c.area == "san_polo" and c.seat == 1}
    assert rows[2].markers == rows[3].markers == (2, 2)
    for year in (2, 3):
        lines = service.narrate(game, [{"type": "elections_begin", "year": year}, election])
        assert any(rows[year].salt in line for line in lines), year
        assert not any(rows[5 - year].salt in line for line in lines)
    [_, opened] = service.narrate(game, [election])
    assert rows[3].salt in opened


async def test_a_click_knows_its_own_events_without_reading_the_log(tmp_path: Path) -> None:
    """After the first step a click's narration learns the new events from the step
    itself (its moves were made under the table's lock): no read of the log, and the
    book holds what a book reading the whole log would."""
    played = await open_table(tmp_path / "games.db", seed=2, year_limit=2)
    service = played.service
    reads: list[int] = []
    plain = played.store.actions.log

    async def counted(game_id: int, **kwargs: object) -> object:
        reads.append(game_id)
        return await plain(game_id, **kwargs)

    played.store.actions.log = counted  # type: ignore[method-assign]
    await play_on(played, random.Random(2))
    game = await service.load(played.game_id)
    assert game.row.status == "finished" and game.state.year == 2
    assert reads == []
    fresh = CommitmentBook(played.store)
    await fresh.refresh(game)
    assert fresh._games[game.id] == service.commitments._games[game.id]
    assert reads == [game.id]
