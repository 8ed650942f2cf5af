"""`make demo`: a game of each kind between computer players, its record as
docs/record-format.md describes it, and its boards."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest

from bot import demo
from bot.cli import main
from bot.demo import demo_game, demo_players, play_demo, step_caption
from bot.games.record import replay
from bot.games.registry import GAMES, unregister
from bot.games.registry import game as registered_game
from bot.games.sealing import sealing_of
from bot.tables.kits import KITS
from tests.kept_games import kept_games, registered
from tests.plugin_game.register import BIDS

# The product's games and the test suite's own (tests/kept_games.py), registered while
# the tests that name them run.
EVERY_GAME = (*GAMES, *(kept.name for kept in kept_games()))


@pytest.fixture(autouse=True)
def with_the_kept_games() -> Iterator[None]:
    with registered():
        yield


def final_view(record: dict) -> object:
    result = replay(record)
    return result.engine.public_view(result.state, None)


def winners_of(game: str, record: dict) -> list[str]:
    places = registered_game(game).community.finish(final_view(record)).places
    return [p["name"] for p, place in zip(record["players"], places, strict=True)
            if place == 1]


@pytest.mark.parametrize("game", EVERY_GAME)
def test_a_demo_record_says_who_played_with_what(tmp_path: Path, game: str) -> None:
    """Four computer seats, with the lobby's colours in order when the game's players
    pick theirs (Doge), none when it deals them in secret (Clans, C-2.3); the settings
    a table opened with `/<game> new` alone would have (D-1.1, D-9.3, D-9.4)."""
    kit = KITS[game]
    record = json.loads(play_demo(tmp_path, seed=3, images=False, game=game).read_text())
    assert record["game"] == game and record["seed"] == 3
    assert [p["is_bot"] for p in record["players"]] == [True] * 4
    assert [p["colour"] for p in record["players"]] == (list(kit.colours[:4]) or [None] * 4)
    assert record["settings"] == kit.settings_for({})
    assert replay(record).engine.is_over(replay(record).state)


def test_the_demo_seats_the_lobby_colours_and_the_default_settings() -> None:
    assert [p.colour for p in demo_players(KITS["doge"])] == ["red", "blue", "green",
                                                               "yellow"]
    assert KITS["doge"].settings_for({}) == {"year_limit": None, "stalemate_years": 5}
    assert [p.colour for p in demo_players(KITS["clans"])] == [None] * 4  # C-2.3


@pytest.mark.parametrize("game", EVERY_GAME)
def test_the_seed_decides_the_game(tmp_path: Path, game: str) -> None:
    first = play_demo(tmp_path / "a", seed=7, images=False, game=game).read_text()
    again = play_demo(tmp_path / "b", seed=7, images=False, game=game).read_text()
    other = play_demo(tmp_path / "c", seed=8, images=False, game=game).read_text()
    assert first == again and first != other


@pytest.mark.parametrize("game", EVERY_GAME)
def test_the_demo_command_plays_a_game_with_its_boards(tmp_path: Path, capsys, game: str,
                                                       monkeypatch) -> None:
    """A board per step, the opening one first (counted here: drawing them all takes
    half a minute for some games; the next test draws real ones)."""
    drawn: list[int] = []
    monkeypatch.setattr(demo, "board_writer",
                        lambda out, game: lambda state, step, caption: drawn.append(step))
    assert main(["demo", "--out", str(tmp_path), "--seed", "7", "--game", game]) == 0
    path = tmp_path / f"{game}-demo-record.json"
    record = json.loads(path.read_text())
    assert drawn == list(range(len(record["actions"]) + 1))
    assert capsys.readouterr().out == (
        f"{game} demo game written to {path}: {' and '.join(winners_of(game, record))} "
        f"won after {len(record['actions'])} steps, {len(drawn)} boards\n")
    assert record["seed"] == 7


@pytest.mark.parametrize("game", EVERY_GAME)
def test_each_game_draws_its_demo_boards(tmp_path: Path, game: str) -> None:
    kit = KITS[game]
    state = kit.engine.new_game(demo_players(kit), kit.settings_for({}), random.Random(1))
    draw = demo.board_writer(tmp_path, game)
    assert draw is not None, demo.missing_board(game)
    draw(state, 0, str(kit.opening_note))
    assert (tmp_path / f"{game}-step-0000.png").read_bytes().startswith(b"\x89PNG")


@pytest.mark.parametrize("every", ["all", "both"])  # `both`: its name in older scripts
def test_the_demo_command_plays_every_registered_game(tmp_path: Path, capsys,
                                                      every: str) -> None:
    assert main(["demo", "--out", str(tmp_path), "--no-images", "--game", every]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert [line.split()[0] for line in lines] == list(GAMES)
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(
        f"{game}-demo-record.json" for game in GAMES)


@pytest.mark.parametrize("game", EVERY_GAME)
def test_the_last_board_of_a_demo_is_captioned_with_the_result(game: str) -> None:
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
    places = registered_game(game).community.finish(engine.public_view(state, None)).places
    assert players[places.index(1)].name in caption, (  # the game's own caption names them
        f"{game}: its engine's caption of the last step names no winner: begin it with them")


def test_the_doge_demo_is_sealed_like_a_game_played_in_discord(tmp_path: Path,
                                                               capsys) -> None:
    """Its record carries a commitment for every stack revealed (D-3.3, D-4.2), which
    `python -m bot verify` checks; the command's last line per game says who won, after
    how many steps, and how many boards it drew."""
    assert main(["demo", "--out", str(tmp_path), "--seed", "4", "--game", "doge",
                 "--no-images"]) == 0
    path = tmp_path / "doge-demo-record.json"
    record = json.loads(path.read_text())
    assert capsys.readouterr().out.endswith(
        f"won after {len(record['actions'])} steps, no boards\n")
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


def test_a_game_without_a_board_writer_is_told_why_it_has_no_boards(tmp_path: Path) -> None:
    """The demo draws with the board module's write_png(path, view, caption); a game
    without one gets its record and a line saying what to add, not silence."""
    unregister(BIDS.name)  # taken back in, its board the one its Discord side draws
    with registered(replace(BIDS, drawing="tests.plugin_game.discord")) as (bids,):
        made = demo_game(tmp_path, seed=1, game=bids.name)
    assert made.boards == 0 and made.record.is_file()
    assert made.line().endswith(
        "no boards (tests.plugin_game.discord.board has no write_png(path, view, caption))")
