"""`python -m bot verify RECORD.json`: an honest record checks; a changed value, salt or
hash, a missing or invented commitment is caught; version 1 records still replay."""

from __future__ import annotations

import copy
import json
import random
import re
from pathlib import Path
from typing import Any

import pytest

from bot.cli import main
from bot.games.record import replay
from bot.games.sealing import verify_record
from tests.commitments.play import OPENED, open_table, play_on


@pytest.fixture(scope="module")
def record(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """The record of a finished game, as `/doge export` hands it out."""
    import asyncio

    async def play() -> dict[str, Any]:
        played = await open_table(tmp_path_factory.mktemp("verify") / "games.db", seed=4)
        await play_on(played, random.Random(4))
        exported = await played.store.records.export_game(played.game_id)
        await played.store.close()
        OPENED.remove(played.store)  # closed here, in this event loop
        return json.loads(json.dumps(exported))

    return asyncio.run(play())


def stack(record: dict[str, Any], markers: int = 2) -> dict[str, Any]:
    """A committed stack of `markers` markers or more, to tamper with."""
    return next(s for s in record["commitments"]["stacks"] if len(s["markers"]) >= markers)


def test_an_honest_record_checks(record: dict[str, Any], tmp_path: Path, capsys) -> None:
    stacks = record["commitments"]["stacks"]
    assert record["version"] == 2 and len(stacks) >= 7
    result = verify_record(record)
    assert result.ok and result.lines() == [f"all {len(stacks)} commitments check"]
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record))
    assert main(["verify", str(path)]) == 0
    assert capsys.readouterr().out == f"all {len(stacks)} commitments check\n"


def test_seals_recomputed_from_the_record(record: dict[str, Any], tmp_path: Path,
                                          capsys) -> None:
    """`--seals`: each revealed round's seal, the hash over its stacks' hashes in the
    order the reveal names them, to compare with the channel's 🔒 line."""
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record))
    assert main(["verify", str(path), "--seals"]) == 0
    first, *seals = capsys.readouterr().out.splitlines()
    assert first.endswith("commitments check") and seals
    # One a round: three players place in four rounds a year (D-3.1), here one year.
    assert len(seals) == 4
    assert all(re.fullmatch(r"year 1, round \d sealed · [0-9a-f]{16}…", line) for line in seals)


def test_a_changed_value_is_caught(record: dict[str, Any]) -> None:
    tampered = copy.deepcopy(record)
    entry = stack(tampered)
    entry["markers"][0] = (entry["markers"][0] + 1) % 4
    problems = verify_record(tampered).problems
    assert any("the sha256 does not match" in p for p in problems), problems
    assert any("are not the" in p and "the game dealt" in p for p in problems), problems


def test_a_value_changed_with_a_new_hash_is_still_caught_by_the_replay(
        record: dict[str, Any]) -> None:
    """Someone recomputing the hash for a changed value: the game dealt another."""
    from bot.games.doge.sealing import digest

    tampered = copy.deepcopy(record)
    entry = stack(tampered)
    entry["markers"] = sorted([(m + 1) % 4 for m in entry["markers"]], reverse=True)
    entry["sha256"] = digest(tampered["commitments"]["game_id"], entry["year"],
                             entry["area"], entry["seat"], entry["markers"], entry["salt"])
    [problem] = verify_record(tampered).problems
    assert problem.startswith(f"year {entry['year']}, ") and "the game dealt" in problem


def test_a_changed_salt_or_hash_is_caught(record: dict[str, Any]) -> None:
    for field in ("salt", "sha256"):
        tampered = copy.deepcopy(record)
        entry = stack(tampered, 1)
        entry[field] = ("0" if entry[field][0] != "0" else "1") + entry[field][1:]
        [problem] = verify_record(tampered).problems
        assert "the sha256 does not match" in problem, (field, problem)


def test_a_missing_or_invented_commitment_is_caught(record: dict[str, Any]) -> None:
    tampered = copy.deepcopy(record)
    gone = tampered["commitments"]["stacks"].pop(0)
    [problem] = verify_record(tampered).problems
    assert "no commitment" in problem and f"year {gone['year']}" in problem
    tampered["commitments"]["stacks"] += [gone, dict(gone, seat=5)]
    problems = verify_record(tampered).problems
    assert len(problems) == 2 and "never dealt" in " ".join(problems), problems


def test_malformed_commitments_get_one_line_each(record: dict[str, Any]) -> None:
    tampered = copy.deepcopy(record)
    tampered["commitments"]["stacks"][0]["salt"] = "not hex"
    tampered["commitments"]["stacks"][1]["area"] = "rialto"
    problems = verify_record(tampered).problems
    assert problems[0].startswith("commitment 0: \"salt\" must be 32 lowercase hex")
    assert problems[1] == "commitment 1: there is no area \"rialto\""
    assert all("\n" not in p for p in problems)


def test_the_cli_says_one_line_per_problem(record: dict[str, Any], tmp_path: Path,
                                           capsys) -> None:
    tampered = copy.deepcopy(record)
    stack(tampered, 1)["salt"] = "0" * 32
    path = tmp_path / "game.json"
    path.write_text(json.dumps(tampered))
    assert main(["verify", str(path)]) == 1
    out = capsys.readouterr().out.splitlines()
    assert len(out) == 1 and "the sha256 does not match" in out[0]
    path.write_text("{")
    assert main(["verify", str(path)]) == 2
    assert capsys.readouterr().err.startswith(f"cannot read {path}: not JSON")


def test_version_1_records_still_replay(record: dict[str, Any], tmp_path: Path,
                                        capsys) -> None:
    old = {k: v for k, v in record.items() if k != "commitments"} | {"version": 1}
    assert replay(old).state.phase == "over"
    assert replay(old).state == replay(record).state
    result = verify_record(old)
    assert not result.ok and result.lines() == [
        "this record (version 1) holds no commitments: records before version 2 carry none"]
    path = tmp_path / "old.json"
    path.write_text(json.dumps(old))
    assert main(["replay", str(path)]) == 0
    capsys.readouterr()
    assert main(["verify", str(path)]) == 1


def test_a_clans_record_has_nothing_to_check() -> None:
    from bot.games.base import PlayerSpec
    from bot.games.record import make_record

    clans = make_record("clans", 3, [PlayerSpec("A"), PlayerSpec("B")], {}, [])
    assert verify_record(clans).lines() == [
        "a Clans record has no hidden ballots, so no commitments to check"]
