"""A game may not take a shared part's name: `Game("common")` would take `cogs/common`
and `rendering/common` as its own folders, `Game("tables")` the shared catalog
`bot/locale/tables.pot`. The registry refuses them, and its list is whole: every shared
package, module and catalog where a game's own go is on it."""

from __future__ import annotations

import pytest

from bot.games.registry import GAMES, PRODUCT_LOCALE, REGISTRY, ROOT, SHARED_NAMES, Game, register
from bot.i18n_catalogs import COMMANDS_PART, SHARED_PARTS

WHERE_GAMES_GO = ("bot/games", "cogs", "rendering")  # a game's default folders' parents


def shared_entries() -> set[str]:
    """The names of the shared packages and modules beside the games' own folders, and
    of the shared catalogs."""
    names = {path.stem for parent in WHERE_GAMES_GO for path in (ROOT / parent).iterdir()
             if not path.name.startswith(("_", ".")) and (path.is_dir() or path.suffix == ".py")}
    names |= {path.stem for path in PRODUCT_LOCALE.glob("*.pot")}
    return names - set(GAMES)


@pytest.mark.parametrize("name", ["common", "tables", "web", "boards", "commands", "kit",
                                  "search", "discord"])
def test_a_shared_parts_name_is_refused(name: str) -> None:
    with pytest.raises(ValueError, match="shared part"):
        register(Game(name))
    assert name not in REGISTRY


def test_the_list_names_every_shared_part() -> None:
    assert shared_entries() - SHARED_NAMES == set()
    assert {*SHARED_PARTS, COMMANDS_PART} <= SHARED_NAMES
    assert "common" in shared_entries()  # the check reads the folders it means to


def test_a_game_of_its_own_name_still_registers() -> None:
    game = Game("lanterns")
    try:
        assert register(game) is game
    finally:
        REGISTRY.pop("lanterns", None)
