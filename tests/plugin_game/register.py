"""The one registration that adds Bids, for the tests that play it: `with bids_game():`
(or the `bids` fixture) registers it and takes it off again, so the product's registry
never holds it and other tests are unaffected."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from bot.games.registry import Game, register, unregister

BIDS = Game("bids", rules="tests.plugin_game.rules", discord="tests.plugin_game.discord",
            drawing="tests.plugin_game.drawing", locale=Path(__file__).parent / "locale",
            rules_doc="tests/plugin_game/README.md")


@contextmanager
def bids_game() -> Iterator[Game]:
    register(BIDS)
    try:
        yield BIDS
    finally:
        unregister(BIDS.name)


@pytest.fixture
def bids() -> Iterator[Game]:
    with bids_game() as game:
        yield game
