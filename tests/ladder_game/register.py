"""The one registration that adds Ladder (`GAME`), for the tests that play it: the
`ladder` fixture (or `with registered(GAME):`, tests/kept_games.py) registers it and
takes it off again, so the product's registry never holds it."""

from __future__ import annotations

from pathlib import Path

from bot.games.registry import Game
from tests.kept_games import game_fixture

GAME = Game("ladder", rules="tests.ladder_game.rules", discord="tests.ladder_game.discord",
            drawing="tests.ladder_game.drawing", locale=Path(__file__).parent / "locale",
            rules_doc="tests/ladder_game/README.md")

ladder = game_fixture(GAME)
