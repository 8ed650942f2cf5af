"""Every game, the product's and the test suite's own, has every piece a game has
(`Game.missing`: its engine, kit, community, commands, show, board writer and recap
drawing, catalogs and rules document); a game that lacks one is told, a line each, its
name and what to add where."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from bot.games.registry import GAMES, game
from tests.kept_games import kept_games, registered
from tests.ladder_game.register import GAME

EVERY_GAME = (*GAMES, *(kept.name for kept in kept_games()))


@pytest.mark.parametrize("name", EVERY_GAME)
def test_every_game_has_every_piece(name: str) -> None:
    with registered():
        assert game(name).missing() == []


def test_a_game_without_a_piece_is_told_in_one_line_its_name_and_what_to_add(
        tmp_path: Path) -> None:
    """Drawn by its Discord side's board module (no writer, no recap drawing), with no
    catalogs and no rules document."""
    dice = replace(GAME, name="dice", drawing=GAME.discord, locale=tmp_path,
                   rules_doc="docs/rules-dice.md")
    board = f"{GAME.discord}.board"
    assert dice.missing() == [
        f"dice: add write_png to {board}: the demo's boards (rendering/common/boards.py's "
        "palette_board gives it)",
        f"dice: add RECAP_DRAWING to {board}: the recap's drawing (palette_board's recap)",
        f"dice: add its catalog dice.pot in {tmp_path}: `python -m bot i18n update dice`, "
        "then translate it",
        f"dice: add its catalog nl/dice.po in {tmp_path}: `python -m bot i18n update dice`, "
        "then translate it",
        "dice: add its rules document docs/rules-dice.md: a '- X-n.m …' paragraph for each "
        "rule id its code cites"]
    package = replace(dice, rules="tests.no_such_game.rules")
    assert package.missing()[0] == ("dice: add ENGINE to tests.no_such_game.rules: its "
                                    "engine (bot/games/base.py's GameEngine)")
