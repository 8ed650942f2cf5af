"""`make demo`: a game of each kind between computer players, its record as
docs/record-format.md describes it, and its boards."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from bot.cli import main
from bot.demo import demo_players, play_demo, step_caption
from bot.games.record import replay
from bot.games.sealing import sealing_of
from bot.tables.kits import KITS


def final_view(record: dict) -> object:
    result = replay(record)
    return result.engine.public_view(result.state, None)


@pytest.mark.parametrize(("game", "colours", "settings"), [
    ("doge", ["red", "blue", "green", "yellow"],
     {"year_limit": None, "stalemate_years": 5}),  # D-1.1, D-9.3, D-9.4
    ("clans", [None] * 4, {}),  # colours are dealt in secret (C-2.3)
])
def test_a_demo_record_says_who_played_with_what(tmp_path: Path, game: str,
                                                  colours: list, settings: dict) -> None:
    record = json.loads(play_demo(tmp_path, seed=3, images=False, game=game).read_text())
    assert record["game"] == game and record["seed"] == 3
    assert [p["is_bot"] for p in record["players"]] == [True] * 4
    assert [p["colour"] for p in record["players"]] == colours
    assert record["settings"] == settings
    assert replay(record).engine.is_over(replay(record).state)


def test_the_seed_decides_the_game(tmp_path: Path) -> None:
    first = play_demo(tmp_path / "a", seed=7, images=False, game="clans").read_text()
    again = play_demo(tmp_path / "b", seed=7, images=False, game="clans").read_text()
    other = play_demo(tmp_path / "c", seed=8, images=False, game="clans").read_text()
    assert first == again and first != other


def test_the_demo_command_plays_clans_with_its_boards(tmp_path: Path, capsys) -> None:
    assert main(["demo", "--out", str(tmp_path), "--seed", "7", "--game", "clans"]) == 0
    record = json.loads((tmp_path / "clans-demo-record.json").read_text())
    boards = sorted(tmp_path.glob("clans-step-*.png"))
    assert len(boards) == len(record["actions"]) + 1  # the opening board, then every step
    view = final_view(record)
    winners = [p["name"] for p, rank in zip(record["players"], view.result.ranks, strict=True)
               if rank == 1]
    assert capsys.readouterr().out == (
        f"clans demo game written to {tmp_path / 'clans-demo-record.json'}: "
        f"{' and '.join(winners)} won after {view.turn} turns, epoch {view.epoch}, "
        f"{len(boards)} boards\n")
    assert boards[0].read_bytes().startswith(b"\x89PNG")
    assert record["seed"] == 7


@pytest.mark.parametrize(("game", "end"), [("doge", "game_over"), ("clans", "game_end")])
def test_the_last_board_of_a_demo_is_captioned_with_the_result(game: str, end: str) -> None:
    """Each board tells the game's own caption of the step (its outcome first), else the
    step's last two events; the final one the winner first, so a long last move cannot
    push the winner out of the caption."""
    kit = KITS[game]
    engine, players = kit.engine, demo_players(kit)
    state = engine.new_game(players, kit.settings_for({}), random.Random(3))
    choices = random.Random(3)
    while True:
        outcome = engine.apply(state, kit.ai_action(state, choices.choice(
            engine.pending(state)), choices))
        state = outcome.state
        caption = step_caption(engine, state, outcome.events, players)
        if engine.is_over(state):
            break
        assert caption == (engine.caption(outcome.events, players) or " ".join(
            engine.describe(e, players) for e in outcome.events[-2:]))
    assert len(outcome.events) >= 2  # the final move and the game's end
    assert caption == engine.caption(outcome.events, players)
    assert outcome.events[-1]["type"] == end
    winners = [s for s, r in enumerate(_ranks(outcome.events[-1])) if r == 1]
    assert caption.startswith(players[winners[0]].name)


def _ranks(end: dict) -> list[int]:
    """Each seat's place from a game's last event (Doge: its result's ranking)."""
    if "ranks" in end:
        return list(end["ranks"])
    places = {row["seat"]: row["place"] for row in end["result"]["ranking"]}
    return [places[s] for s in sorted(places)]




def test_the_doge_demo_is_sealed_like_a_game_played_in_discord(tmp_path: Path,
                                                               capsys) -> None:
    """Its record carries a commitment for every stack revealed (D-3.3, D-4.2), which
    `python -m bot verify` checks; the command's last line per game says who won, after
    how many years, and how many boards it drew."""
    assert main(["demo", "--out", str(tmp_path), "--seed", "4", "--game", "doge",
                 "--no-images"]) == 0
    path = tmp_path / "doge-demo-record.json"
    record = json.loads(path.read_text())
    view = final_view(record)
    assert capsys.readouterr().out.endswith(
        f"won after {view.year} years, no boards\n")
    stacks = record["commitments"]["stacks"]
    assert record["commitments"]["scheme"] == sealing_of("doge").scheme and stacks
    assert main(["verify", str(path)]) == 0
    assert capsys.readouterr().out == f"all {len(stacks)} commitments check\n"
    stacks[0]["markers"] = [9]  # a changed stack is caught
    path.write_text(json.dumps(record))
    assert main(["verify", str(path)]) == 1


def test_the_same_seed_seals_with_the_same_salts(tmp_path: Path) -> None:
    first = play_demo(tmp_path / "a", seed=5, images=False).read_text()
    assert play_demo(tmp_path / "b", seed=5, images=False).read_text() == first
