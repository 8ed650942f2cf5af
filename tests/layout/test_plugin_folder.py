"""A new game is its own folders plus one registration: adding the test suite's game,
Bids, needed no file outside tests/plugin_game/. No shared file of the project names it
or its own event and action types, except the tests that play it (which import it) and
the guide that walks through it (docs/adding-a-game.md) and the README that points to it;
a product game's own files may use the same words for its own things."""

from __future__ import annotations

import re
import subprocess

from bot.games.registry import GAMES, ROOT, game
from tests.layout.test_game_names import SHARED_TYPES, game_folders, type_names
from tests.plugin_game.register import BIDS, bids_game

FOLDER = "tests/plugin_game/"
GUIDE = "docs/adding-a-game.md"
DOCS = (GUIDE, "README.md")  # documentation that names it as the example
USES_IT = re.compile(r"^\s*from tests\.plugin_game[.\w]* import ", re.MULTILINE)


def project_files() -> list[str]:
    """The files git knows of, and new ones it does not ignore."""
    listed = subprocess.run(["git", "ls-files", "--cached", "--others", "--exclude-standard"],
                            cwd=ROOT, capture_output=True, text=True, check=True).stdout
    return [f for f in listed.splitlines() if (ROOT / f).is_file()]


def its_own_names() -> set[str]:
    """Its name and the event and action types no other game has (another game's
    `game_over` is that game's too)."""
    with bids_game():
        folders = game_folders()
        others = set().union(*(type_names(f) for name, f in folders.items() if name != BIDS.name))
        return {BIDS.name, *type_names(folders[BIDS.name]) - others - SHARED_TYPES}


def test_the_test_game_is_not_registered_in_the_product() -> None:
    assert BIDS.name not in GAMES


def product_games_own(name: str) -> bool:
    """Whether a file is a product game's own (its folders, tests, rules and catalogs),
    where that game's words are its own business: a game may well have a `bid`."""
    for other in GAMES:
        found = game(other)
        own = (*(f"{folder}/" for folder in found.folders), f"tests/{other}/")
        catalogs = (f"bot/locale/{other}.pot", f"bot/locale/nl/{other}.po")
        if name.startswith(own) or name in (found.rules_doc, *catalogs):
            return True
    return False


def test_no_shared_file_names_the_test_game() -> None:
    """Shared code, shared tests and shared docs: no word of the test game's own."""
    names = its_own_names()
    assert {"bids", "bid", "lot_sold", "bid_placed"} <= names
    word = re.compile(rf"(?i)(?<![a-z_])({'|'.join(sorted(names))})(?![a-z_])")
    found = {}
    for name in project_files():
        if name.startswith(FOLDER) or name in DOCS or product_games_own(name):
            continue
        try:
            text = (ROOT / name).read_text(encoding="utf-8")
        except UnicodeDecodeError:
            continue  # an image, a font
        if name.endswith(".py") and USES_IT.search(text):
            continue  # a test that plays it
        if hits := sorted(set(word.findall(text))):
            found[name] = hits
    assert found == {}, "the test game is named outside tests/plugin_game/"


def test_its_folders_are_the_ones_it_registers() -> None:
    with bids_game():
        folders = [p.relative_to(ROOT).as_posix() for p in game_folders()[BIDS.name]]
    assert folders == [FOLDER + "rules", FOLDER + "discord", FOLDER + "drawing"]
    assert BIDS.locale == ROOT / FOLDER / "locale"
    assert (BIDS.locale / "bids.pot").is_file() and (BIDS.locale / "nl" / "bids.po").is_file()
