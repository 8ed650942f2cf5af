"""A game kept outside the product, its catalogs in a folder of its own: `update` writes
its template and Dutch catalog there, `check` reads them, and `_()` speaks its Dutch."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from babel.messages.pofile import read_po, write_po

import bot.i18n_catalogs as catalogs
from bot.games.registry import Game, register, unregister
from bot.i18n import _, reload_catalogs, speaking

NAME = "dice"
PACKAGE = "throwaway_dice"
TEXT = "The dice are cast"
DUTCH = "De teerling is geworpen"


@pytest.fixture
def dice(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Game]:
    """A throwaway game: one rules package with one text, registered with its catalog
    folder; no Discord side, so it has no slash commands of its own."""
    rules = tmp_path / PACKAGE / "rules"
    rules.mkdir(parents=True)
    (tmp_path / PACKAGE / "__init__.py").write_text("", encoding="utf-8")
    (rules / "__init__.py").write_text(
        f"from bot.i18n import _\n\n\ndef cast() -> str:\n    return _({TEXT!r})\n",
        encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setattr(catalogs, "command_texts", lambda part: [])  # no bot to build
    game = register(Game(NAME, rules=f"{PACKAGE}.rules", discord=f"{PACKAGE}.discord",
                         drawing=f"{PACKAGE}.drawing", locale=tmp_path / "locale"))
    try:
        yield game
    finally:
        unregister(NAME)
        for module in [m for m in sys.modules if m.split(".")[0] == PACKAGE]:
            del sys.modules[module]
        reload_catalogs()


def _translate(path: Path, dutch: dict[str, str]) -> None:
    with path.open("rb") as f:
        catalog = read_po(f, locale="nl")
    for message in catalog:
        if message.id in dutch:
            message.string = dutch[message.id]
    with path.open("wb") as f:
        write_po(f, catalog)
    reload_catalogs()


def test_a_game_elsewhere_is_a_part_with_its_catalogs_in_its_own_folder(dice: Game) -> None:
    assert NAME in catalogs.ALL_PARTS
    assert [entry[0] for entry in catalogs.extract_part(NAME)] == [TEXT]
    catalogs.update([NAME])
    assert (dice.locale / f"{NAME}.pot").exists()
    problems = catalogs.check([NAME])
    assert len(problems) == 1 and "no translation" in problems[0], problems

    _translate(dice.locale / "nl" / f"{NAME}.po", {TEXT: DUTCH})
    assert catalogs.check([NAME]) == []
    from throwaway_dice.rules import cast  # type: ignore[import-not-found]

    with speaking("nl"):
        assert cast() == _(TEXT) == DUTCH
    assert cast() == TEXT


def test_a_game_registered_after_the_first_text_is_read(dice: Game) -> None:
    with speaking("nl"):
        assert _(TEXT) == TEXT  # no catalog yet
    catalogs.update([NAME])
    _translate(dice.locale / "nl" / f"{NAME}.po", {TEXT: DUTCH})
    with speaking("nl"):
        assert _(TEXT) == DUTCH
    unregister(NAME)
    with speaking("nl"):
        assert _(TEXT) == TEXT  # its catalog goes with it
