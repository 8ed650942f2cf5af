"""Game records and `python -m bot replay` / `demo`."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from bot.cli import main
from bot.demo import play_demo
from bot.games.record import RECORD_VERSION, RecordError, replay


@pytest.fixture(scope="module")
def demo_record(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return play_demo(tmp_path_factory.mktemp("demo"), seed=11, images=False)


def test_demo_plays_a_complete_four_player_game(demo_record: Path) -> None:
    record = json.loads(demo_record.read_text())
    assert record["format"] == "colovini-game-record" and record["version"] == RECORD_VERSION
    assert len(record["players"]) == 4 and record["actions"]
    assert replay(record).state.phase == "over"


def test_replay_prints_the_public_state(demo_record: Path, capsys) -> None:
    assert main(["replay", str(demo_record)]) == 0
    view = json.loads(capsys.readouterr().out)
    assert view["phase"] == "over" and view["result"]["winners"]
    assert main(["replay", str(demo_record), "--at", "0"]) == 0
    start = json.loads(capsys.readouterr().out)
    assert start["year"] == 1 and start["phase"] == "placement"


def test_replay_events_narrate_the_game(demo_record: Path, capsys) -> None:
    assert main(["replay", str(demo_record), "--events"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("[0] ") and "Game over" in lines[-1]
    assert any("votes:" in line for line in lines)


def test_replay_refuses_an_illegal_action_naming_index_and_rule(demo_record: Path,
                                                                tmp_path: Path,
                                                                capsys) -> None:
    record = json.loads(demo_record.read_text())
    record["actions"][2] = {"seat": 0, "type": "ballot", "area": "castello",
                            "markers": [3, 3, 3]}
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(record))
    assert main(["replay", str(bad)]) == 1
    err = capsys.readouterr().err
    assert "action 2" in err and "D-3.2" in err
    with pytest.raises(RecordError, match="not a game record"):
        replay({"actions": []})
    with pytest.raises(RecordError, match="version 9"):
        replay({**record, "version": 9})


def test_python_dash_m_bot_replay_runs(demo_record: Path) -> None:
    out = subprocess.run([sys.executable, "-m", "bot", "replay", str(demo_record), "--at",
                          "5"], capture_output=True, text=True, check=True)
    assert json.loads(out.stdout)["year"] == 1


def test_make_run_without_token_says_what_to_do(tmp_path: Path) -> None:
    env = {"PATH": "/usr/bin:/bin", "HOME": str(tmp_path)}
    out = subprocess.run([sys.executable, "-m", "bot"], capture_output=True, text=True,
                         cwd=tmp_path, env=env)
    assert out.returncode == 2
    assert "copy .env.example to .env" in out.stderr and len(out.stderr.splitlines()) == 1
