"""`python -m bot replay` on bad records: one line saying what is wrong, a non-zero exit,
never a traceback; fuzzed over mutated records of every registered game."""

from __future__ import annotations

import contextlib
import io
import json
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.cli import main
from bot.demo import play_demo
from bot.games.record import (
    MAX_RECORD_BYTES,
    RECORD_FORMAT,
    RECORD_VERSION,
    RecordError,
    check_record,
)
from bot.games.registry import GAMES, Game, register, unregister


@pytest.fixture(scope="module")
def records(tmp_path_factory: pytest.TempPathFactory) -> dict[str, dict[str, Any]]:
    out = tmp_path_factory.mktemp("demo")
    return {game: json.loads(play_demo(out, seed=5, images=False, game=game).read_text())
            for game in GAMES}


@pytest.fixture(scope="module")
def scratch(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("records")


def run_replay(path: Path, *options: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(["replay", str(path), *options])
    return code, out.getvalue(), err.getvalue()


def assert_one_line_refusal(code: int, out: str, err: str) -> None:
    assert code != 0 and out == ""
    assert len(err.splitlines()) == 1 and err.strip(), err


def write(scratch: Path, record: Any, name: str = "record.json") -> Path:
    path = scratch / name
    path.write_text(json.dumps(record), encoding="utf-8")
    return path


def changed(record: dict[str, Any], change: Callable[[dict[str, Any]], None]) -> dict:
    copy = json.loads(json.dumps(record))
    change(copy)
    return copy


def _set(path: tuple, value: Any) -> Callable[[dict[str, Any]], None]:
    def change(record: dict[str, Any]) -> None:
        target = record
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = value
    return change


def _delete(key: str) -> Callable[[dict[str, Any]], None]:
    return lambda record: record.pop(key)


REFUSALS = [
    ("doge", _delete("version"), "the record has no version"),
    ("clans", _set(("version",), "1"), "the record's version must be a whole number, "
                                       "not \"1\""),
    ("doge", _set(("game",), "clans"), "this is a Doge record, but it says \"game\": "
                                       "\"clans\""),
    ("clans", _set(("game",), "doge"), "this is a Clans record, but it says \"game\": "
                                       "\"doge\""),
    ("doge", _set(("game",), "chess"), f"unknown game \"chess\" (this bot plays "
                                       f"{' and '.join(GAMES)})"),
    ("doge", _set(("players",), ["Anna", "Bernd", "Claudia", "Daniel"]),
     "the player at seat 0 must be an object like {\"name\": \"Anna\"}, not \"Anna\""),
    ("doge", _set(("seed",), True), "the seed must be a whole number, not true"),
    ("doge", _delete("seed"), "the record has no seed"),
    ("doge", _set(("settings",), None), "the settings must be an object, not null"),
    ("clans", _delete("settings"), "the record has no settings ({} when the game has none)"),
    ("doge", _set(("players", 1, "name"), None), "the player at seat 1 has no name"),
    ("clans", _set(("players", 2, "name"), "  "), "the name at seat 2 is empty"),
    ("doge", _set(("players", 0, "name"), "An\nna"),
     "the name at seat 0 holds characters that are not text: \"An\\nna\""),
    ("clans", _set(("players", 1, "name"), "B" * 1000),
     "the name at seat 1 has more than 32 characters: \"BBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB…"),
    ("doge", _set(("players", 0, "is_bot"), "yes"),
     "\"is_bot\" at seat 0 must be true or false, not \"yes\""),
    ("clans", lambda r: r.update(players=r["players"][:1]),
     "cannot set up the game: Clans is for 2 to 4 players (C-2.1)"),
    ("doge", _set(("settings",), {"year_limit": "ten"}),
     "cannot set up the game: the year limit must be a whole number of years, 1 or more "
     "(D-9.3)"),
    ("doge", _set(("actions", 3), [1, 2]), "action 3 must be an object, not [1, 2]"),
    ("clans", _set(("actions", 0, "seat"), "0"),
     "action 0's seat must be a seat number or null, not \"0\""),
    ("clans", lambda r: r["actions"][1].pop("type"), "action 1 has no \"type\""),
    ("doge", _set(("actions", 0, "markers"), [9]),
     "action 0 is illegal: there is no marker of value 9: markers are 0, 1, 2 and 3 (D-1.2)"),
]


@pytest.mark.parametrize(("game", "change", "message"), REFUSALS,
                         ids=[message[:40] for _, _, message in REFUSALS])
def test_a_bad_record_is_refused_in_one_line_naming_the_fault(
        records, scratch: Path, game: str, change, message: str) -> None:
    code, out, err = run_replay(write(scratch, changed(records[game], change)))
    assert_one_line_refusal(code, out, err)
    assert err == f"refused: {message}\n"


def test_unreadable_files_are_refused_in_one_line(scratch: Path) -> None:
    cases = {
        "latin1.json": ("{\"name\": \"Zo\xeb\"}".encode("latin-1"),
                        "not UTF-8 text (byte 0xeb at offset 12)"),
        "broken.json": (b"{\"format\": ", "not JSON: Expecting value (line 1, column 12)"),
        "deep.json": (b"[" * 100_000, "not JSON this reader accepts"),
    }
    for name, (data, reason) in cases.items():
        path = scratch / name
        path.write_bytes(data)
        code, out, err = run_replay(path)
        assert_one_line_refusal(code, out, err)
        assert err.startswith(f"cannot read {path}: {reason}")
    code, out, err = run_replay(scratch / "missing.json")
    assert_one_line_refusal(code, out, err)
    assert err == f"cannot read {scratch / 'missing.json'}: No such file or directory\n"


def test_a_byte_order_mark_is_accepted(records, scratch: Path) -> None:
    path = scratch / "bom.json"
    path.write_bytes(b"\xef\xbb\xbf" + json.dumps(records["clans"]).encode())
    assert run_replay(path)[0] == 0


def test_at_out_of_range_is_refused(records, scratch: Path) -> None:
    path = write(scratch, records["clans"])
    code, out, err = run_replay(path, "--at", "999")
    assert_one_line_refusal(code, out, err)
    assert err == f"refused: --at must be between 0 and {len(records['clans']['actions'])}\n"


@pytest.mark.parametrize("game", GAMES)
def test_the_real_command_prints_no_traceback(records, scratch: Path, game: str) -> None:
    """The two reported crashes, through `python -m bot` itself."""
    latin = scratch / "latin.json"
    latin.write_bytes(json.dumps(records[game]).replace("Anna", "Zo\xeb").encode("latin-1"))
    lonely = write(scratch, changed(records[game], lambda r: r.update(
        players=r["players"][:1])), f"lonely-{game}.json")
    for path in (latin, lonely):
        done = subprocess.run([sys.executable, "-m", "bot", "replay", str(path)],
                              capture_output=True, text=True)
        assert done.returncode != 0 and "Traceback" not in done.stderr
        assert len(done.stderr.splitlines()) == 1


def test_a_closed_pipe_is_no_traceback(records, scratch: Path) -> None:
    """`replay --events | head` closes the pipe early."""
    path = write(scratch, records["doge"], "piped.json")
    child = subprocess.Popen([sys.executable, "-m", "bot", "replay", str(path), "--events"],
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert child.stdout is not None and child.stderr is not None
    child.stdout.close()  # before the child has written a line
    err = child.stderr.read().decode()
    child.wait(timeout=120)
    child.stderr.close()
    assert "Traceback" not in err and child.returncode == 0


# ---- fuzzing -----------------------------------------------------------------------------

JUNK = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**70), 2**70) | st.floats(allow_nan=False)
    | st.text(max_size=6),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=4), inner,
                                                                max_size=3),
    max_leaves=6,
)


def random_path(draw: st.DrawFn, record: dict[str, Any]) -> tuple:
    """A walk down from the top, stopping at each level with chance 1/3, so the few top
    fields are hit as often as the many fields of actions."""
    path: tuple = ()
    node: Any = record
    while isinstance(node, dict | list) and node:
        key = draw(st.sampled_from(list(node) if isinstance(node, dict) else range(len(node))))
        path, node = (*path, key), node[key]
        if draw(st.integers(0, 2)) == 0:
            break
    return path


@st.composite
def mutated_record(draw: st.DrawFn, record: dict[str, Any]) -> bytes:
    """A valid record with a few keys deleted or values replaced, then perhaps junk bytes."""
    copy = json.loads(json.dumps(record))
    for _ in range(draw(st.integers(1, 3))):
        path = random_path(draw, copy)
        if not path:
            break
        parent = copy
        for key in path[:-1]:
            parent = parent[key]
        if draw(st.booleans()):
            del parent[path[-1]]
        else:
            parent[path[-1]] = draw(JUNK)
    data = json.dumps(copy, ensure_ascii=draw(st.booleans())).encode()
    if draw(st.integers(0, 3)) == 0:
        at = draw(st.integers(0, len(data)))
        data = data[:at] + draw(st.binary(min_size=1, max_size=4)) + data[at:]
    return data


@pytest.mark.parametrize("game", GAMES)
def test_fuzzed_records_never_crash_the_replay(records, scratch: Path, game: str) -> None:
    record = dict(records[game])
    record["actions"] = record["actions"][:120]  # long enough to reach the elections
    path = scratch / f"fuzz-{game}.json"

    @settings(max_examples=120, deadline=None,
              suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
    @given(mutated_record(record), st.booleans())
    def check(data: bytes, events: bool) -> None:
        path.write_bytes(data)
        code, out, err = run_replay(path, *(["--events"] if events else []))
        if code == 0:
            assert out and err == ""
        else:
            assert_one_line_refusal(code, out, err)

    check()


def test_verify_refuses_what_is_no_regular_file_and_bounds_what_it_reads(
        scratch: Path) -> None:
    """A FIFO would block the reader for ever and /dev/zero never ends: both are refused
    in one line without reading, and a regular file is read only up to the size a record
    may have."""
    fifo = scratch / "record.fifo"
    os.mkfifo(fifo)
    # A subprocess, so that a reader blocked on the FIFO fails the test instead of
    # hanging it (the timeout is a safety net, not a measurement).
    done = subprocess.run([sys.executable, "-m", "bot", "verify", str(fifo)],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr == f"cannot read {fifo}: not a regular file\n"
    huge = scratch / "huge.json"
    with huge.open("wb") as file:  # sparse: no disk used
        file.truncate(MAX_RECORD_BYTES + 1)
    for path, reason in ((huge, "larger than a game record may be (5 MiB)"),
                         (Path("/dev/zero"), "not a regular file"),
                         (scratch, "not a regular file")):
        for command in ("verify", "replay"):
            out, err = io.StringIO(), io.StringIO()
            with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
                code = main([command, str(path)])
            assert_one_line_refusal(code, out.getvalue(), err.getvalue())
            assert err.getvalue() == f"cannot read {path}: {reason}\n"


def test_an_unknown_game_is_refused_naming_every_game_played() -> None:
    record = {"format": RECORD_FORMAT, "version": RECORD_VERSION, "game": "chess"}
    register(Game("draughts"))  # its packages are never imported here
    try:
        with pytest.raises(RecordError, match=r"\(this bot plays [^)]*draughts\)$") as refused:
            check_record(record)
        assert all(name in str(refused.value) for name in GAMES)
    finally:
        unregister("draughts")
    with pytest.raises(RecordError, match=r"\(this bot plays [^)]+\)$") as refused:
        check_record(record)
    assert all(name in str(refused.value) for name in GAMES)
    assert "draughts" not in str(refused.value)
