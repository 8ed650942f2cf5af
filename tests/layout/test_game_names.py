"""The shared floors name no game. A game lives in its own folders (its rules, Discord and
drawing packages, `bot/games/registry.py`'s `Game`); the code of `bot/`, `cogs/` and
`rendering/` outside them, besides the registry's one line per game, names no registered
game and none of any game's event or action types: it asks the game through the
registry, the kit, the community description and the show (docs/adding-a-game.md).
Comments and docstrings may mention a game; code may not. The test suite's own game
(tests/kept_games.py) are registered while this runs, so their names count too."""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from bot.games.kit import END_GAME
from bot.games.registry import GAMES, ROOT, game
from tests.kept_games import kept_games, registered

FLOORS = ("bot", "cogs", "rendering")
REGISTRY = "bot/games/registry.py"
REGISTRATION = re.compile(r'^register\(Game\("(\w+)"\)\)$')
# The one action the shared code itself makes of every engine (a moderator's end).
SHARED_TYPES = frozenset({END_GAME["type"]})
# Words the shared code uses in its own sense that a game also uses as a type, and the
# rare text naming a game that is no branch by game, each with why.
OWN_SENSE = {"order": "a standing order, how the tables answer at a deadline"}
KEPT = {("cogs/common/admin.py", "doge-admin"): "the admin commands' old name, answered "
                                                "for a release"}


@pytest.fixture(autouse=True)
def with_the_test_games() -> Iterator[None]:
    with registered():
        yield


def game_folders() -> dict[str, tuple[Path, ...]]:
    """Each registered game's own folders, where its packages are."""
    return {name: tuple(ROOT.joinpath(*getattr(game(name), floor).split("."))
                        for floor in ("rules", "discord", "drawing")) for name in GAMES}


def python_files(folder: Path) -> list[Path]:
    return sorted(folder.rglob("*.py")) if folder.is_dir() else []


def docstrings(tree: ast.AST) -> set[int]:
    """The ids of the string nodes that are docstrings (prose, like comments)."""
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant) \
                    and isinstance(body[0].value.value, str):
                found.add(id(body[0].value))
    return found


def keys(tree: ast.AST) -> set[int]:
    """The ids of the strings that are keys (`row["place"]`, `{"place": 1}`): a field's
    name, not an event's."""
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Subscript) and isinstance(node.slice, ast.Constant):
            found.add(id(node.slice))
        elif isinstance(node, ast.Dict):
            found.update(id(k) for k in node.keys if isinstance(k, ast.Constant))
    return found


def type_names(folders: tuple[Path, ...]) -> set[str]:
    """A game's event and action types: the values of "type" keys in its dict literals."""
    names = set()
    for path in (p for folder in folders for p in python_files(folder)):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Dict):
                for key, value in zip(node.keys, node.values, strict=True):
                    if isinstance(key, ast.Constant) and key.value == "type" and \
                            isinstance(value, ast.Constant) and isinstance(value.value, str):
                        names.add(value.value)
    return names - SHARED_TYPES


def identifiers(node: ast.AST) -> list[str]:
    """The names a node gives or uses in code: variables, attributes, functions, classes,
    arguments, imported modules."""
    if isinstance(node, ast.Name):
        return [node.id]
    if isinstance(node, ast.Attribute):
        return [node.attr]
    if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
        return [node.name]
    if isinstance(node, ast.arg):
        return [node.arg]
    if isinstance(node, ast.alias):
        return [node.name, node.asname or ""]
    if isinstance(node, ast.ImportFrom):
        return [node.module or ""]
    return []


def shared_files() -> list[Path]:
    own = tuple(p for folders in game_folders().values() for p in folders)
    return [p for floor in FLOORS for p in python_files(ROOT / floor)
            if not any(p.is_relative_to(folder) for folder in own)]


def mentions(text: str, where: str, games: set[str], types: set[str]) -> list[str]:
    """Where the code `text` of the file `where` names a game or a game's event or action
    type."""
    if where == REGISTRY:  # its registrations are its purpose
        text = "\n".join(line for line in text.splitlines() if not REGISTRATION.match(line))
    tree = ast.parse(text)
    prose = docstrings(tree) | keys(tree)
    word = re.compile(rf"(?i)(?<![a-z])({'|'.join(sorted(games))})(?![a-z])")
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in prose:
            if node.value in types and node.value not in OWN_SENSE:
                found.append(f"{node.lineno}: the type {node.value!r}")
            elif word.search(node.value) and (where, node.value) not in KEPT:
                found.append(f"{node.lineno}: {node.value[:60]!r}")
        for name in identifiers(node):
            if word.search(name.replace("_", " ").replace(".", " ")):
                found.append(f"{getattr(node, 'lineno', '?')}: the name {name}")
    return found


def test_the_shared_floors_name_no_game_and_no_games_event() -> None:
    folders = game_folders()
    assert all(type_names(f) for f in folders.values())  # each game's, the test games' too
    types = set().union(*(type_names(f) for f in folders.values()))
    found = {}
    for path in shared_files():
        where = path.relative_to(ROOT).as_posix()
        if named := mentions(path.read_text(encoding="utf-8"), where, set(GAMES), types):
            found[where] = named
    assert found == {}, "shared code names a game: ask it through the registry instead"


def test_each_game_has_its_folders_and_the_product_registers_its_own() -> None:
    for name, folders in game_folders().items():
        assert all((folder / "__init__.py").is_file() for folder in folders), name
    lines = (ROOT / REGISTRY).read_text(encoding="utf-8").splitlines()
    in_product = [m.group(1) for line in lines if (m := REGISTRATION.match(line))]
    kept = {game.name for game in kept_games()}
    assert in_product == [name for name in GAMES if name not in kept]


def test_the_check_can_fail() -> None:
    """A name in code is caught; the same name in a comment or a docstring is not."""
    code = ('"""Doge and Dice."""\n# doge\nif e["type"] == "die_rolled":\n'
            '    render_doge(game, "dice")\n')
    found = mentions(code, "cogs/common/x.py", {"doge", "dice"}, {"die_rolled"})
    assert found == ["3: the type 'die_rolled'", "4: the name render_doge", "4: 'dice'"]
