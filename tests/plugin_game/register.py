"""The one registration that adds Bids (`GAME`), for the tests that play it: `with
bids_game():` (or the `bids` fixture) registers it and takes it off again, so the
product's registry never holds it and other tests are unaffected."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from bot.games.registry import Game
from tests.kept_games import game_fixture, registered

BIDS = Game("bids", rules="tests.plugin_game.rules", discord="tests.plugin_game.discord",
            drawing="tests.plugin_game.drawing", locale=Path(__file__).parent / "locale",
            rules_doc="tests/plugin_game/README.md")
GAME = BIDS


@contextmanager
def bids_game() -> Iterator[Game]:
    with registered(BIDS):
        yield BIDS


bids = game_fixture(BIDS)
