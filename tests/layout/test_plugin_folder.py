"""A new game is its own folders plus one registration: adding each of the test suite's
games (tests/kept_games.py) needed no file outside its folder. No shared file of the
project names one or its own event and action types, except the tests that play it
(which import it) and the guide that walks through them (docs/adding-a-game.md) and the
README that points to them; a product game's own files (and another kept game's) may use
the same words for their own things."""

from __future__ import annotations

import re
import subprocess

import pytest

from bot.games.registry import GAMES, ROOT, Game, game
from tests.kept_games import kept_games, registered
from tests.layout.test_game_names import SHARED_TYPES, game_folders, type_names

GUIDE = "docs/adding-a-game.md"
DOCS = (GUIDE, "README.md")  # documentation that names them as the examples
KEPT = kept_games()


def folder_of(kept: Game) -> str:
    return kept.rules.rpartition(".")[0].replace(".", "/") + "/"


def uses_it(kept: Game) -> re.Pattern[str]:
    package = re.escape(kept.rules.rpartition(".")[0])
    return re.compile(rf"^\s*from {package}[.\w]* import ", re.MULTILINE)


def project_files() -> list[str]:
    """The files git knows of, and new ones it does not ignore."""
    listed = subprocess.run(["git", "ls-files", "--cached", "--others", "--exclude-standard"],
                            cwd=ROOT, capture_output=True, text=True, check=True).stdout
    return [f for f in listed.splitlines() if (ROOT / f).is_file()]


def its_own_names(kept: Game) -> set[str]:
    """Its name and the event and action types no other game has (another game's
    `game_over` is that game's too)."""
    with registered():
        folders = game_folders()
        others = set().union(*(type_names(f) for name, f in folders.items() if name != kept.name))
        return {kept.name, *type_names(folders[kept.name]) - others - SHARED_TYPES}


@pytest.mark.parametrize("kept", KEPT, ids=lambda g: g.name)
def test_the_test_game_is_not_registered_in_the_product(kept: Game) -> None:
    assert kept.name not in GAMES


def another_games_own(name: str, kept: Game) -> bool:
    """Whether a file is a product game's own (its folders, tests, rules and catalogs) or
    another kept game's, where that game's words are its own business: a game may well
    have an action another game has too."""
    if any(name.startswith(folder_of(other)) for other in KEPT if other != kept):
        return True
    for other in GAMES:
        found = game(other)
        own = (*(f"{folder}/" for folder in found.folders), f"tests/{other}/")
        catalogs = (f"bot/locale/{other}.pot", f"bot/locale/nl/{other}.po")
        if name.startswith(own) or name in (found.rules_doc, *catalogs):
            return True
    return False


@pytest.mark.parametrize("kept", KEPT, ids=lambda g: g.name)
def test_no_shared_file_names_the_test_game(kept: Game) -> None:
    """Shared code, shared tests and shared docs: no word of the test game's own."""
    names = its_own_names(kept)
    assert kept.name in names and len(names) > 1, names
    word = re.compile(rf"(?i)(?<![a-z_])({'|'.join(sorted(names))})(?![a-z_])")
    found = {}
    for name in project_files():
        if name.startswith(folder_of(kept)) or name in DOCS or another_games_own(name, kept):
            continue
        try:
            text = (ROOT / name).read_text(encoding="utf-8")
        except UnicodeDecodeError:
            continue  # an image, a font
        if name.endswith(".py") and uses_it(kept).search(text):
            continue  # a test that plays it
        if hits := sorted(set(word.findall(text))):
            found[name] = hits
    assert found == {}, f"{kept.name} is named outside {folder_of(kept)}"


@pytest.mark.parametrize("kept", KEPT, ids=lambda g: g.name)
def test_its_folders_are_the_ones_it_registers(kept: Game) -> None:
    folder = folder_of(kept)
    with registered(kept):
        folders = [p.relative_to(ROOT).as_posix() for p in game_folders()[kept.name]]
    assert folders == [folder + "rules", folder + "discord", folder + "drawing"]
    assert kept.locale == ROOT / folder / "locale"
    assert (kept.locale / f"{kept.name}.pot").is_file()
    assert (kept.locale / "nl" / f"{kept.name}.po").is_file()

