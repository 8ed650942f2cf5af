"""The games the test suite keeps in its own folders: each is a folder of
tests/ with a `register.py` whose `GAME` is its one registration, registered only while
a test needs it. Shared tests cover every one of them with `kept_games()` and
`registered(...)`, so a new one is covered without editing them."""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from bot.games.registry import Game, register, unregister

TESTS = Path(__file__).resolve().parent


def kept_games() -> tuple[Game, ...]:
    """Every `GAME` of a tests/<folder>/register.py, by folder name."""
    found = []
    for path in sorted(TESTS.glob("*/register.py")):
        module = importlib.import_module(f"tests.{path.parent.name}.register")
        if isinstance(getattr(module, "GAME", None), Game):
            found.append(module.GAME)
    return tuple(found)


@contextmanager
def registered(*games: Game) -> Iterator[tuple[Game, ...]]:
    """The games registered while the block runs (every kept game without any), and
    taken off again after it."""
    games = games or kept_games()
    for game in games:
        register(game)
    try:
        yield games
    finally:
        for game in games:
            unregister(game.name)


def game_fixture(game: Game) -> Callable[[], Iterator[Game]]:
    """A fixture that registers `game` for the test using it."""

    @pytest.fixture(name=game.name)
    def fixture() -> Iterator[Game]:
        with registered(game):
            yield game

    return fixture
