"""The games the bot plays, by name: one `register(Game(...))` line per game, and every
game-agnostic part (store, tables, commands, help, demo, records, web page, catalogs)
finds a game's pieces here by the conventions below, never by a list of its own.

A game's pieces live in its own folders, one per floor: its rules (`bot/games/<name>/`:
`ENGINE` in the package, `KIT` in `kit.py`, `COMMUNITY` in `community.py`, optional
`undo.py` and `sealing.py`), its Discord side (`cogs/<name>/`: `commands.py` loaded as an
extension, `SHOW` in `show.py`), its board (`rendering/<name>/board.py`) and its
translations (`<locale>/<name>.pot`, `<locale>/nl/<name>.po`)."""

from __future__ import annotations

import importlib
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import Any, overload

from bot.games.base import GameEngine

ROOT = Path(__file__).resolve().parents[2]
PRODUCT_LOCALE = ROOT / "bot" / "locale"


@dataclass(frozen=True)
class Game:
    """Where a game's pieces are: by default the product's folders named after it; a game
    kept elsewhere (the test suite's own) names its packages and catalog folder."""

    name: str
    rules: str = ""  # the engine's package (default bot.games.<name>)
    discord: str = ""  # the Discord side's package (default cogs.<name>)
    drawing: str = ""  # the board's package (default rendering.<name>)
    locale: Path = PRODUCT_LOCALE  # where its catalogs are: <name>.pot, nl/<name>.po
    # Its rules as players read them, one `- X-n.m …` paragraph for each rule id the code
    # cites (default docs/rules-<name>.md), relative to the project.
    rules_doc: str = ""

    def __post_init__(self) -> None:
        if not self.name.isidentifier() or self.name != self.name.lower():
            raise ValueError(f"a game's name is a lowercase identifier, not {self.name!r}")
        for floor, default in (("rules", "bot.games"), ("discord", "cogs"),
                               ("drawing", "rendering")):
            if not getattr(self, floor):
                object.__setattr__(self, floor, f"{default}.{self.name}")
        if not self.rules_doc:
            object.__setattr__(self, "rules_doc", f"docs/rules-{self.name}.md")

    def module(self, floor: str, part: str = "") -> ModuleType:
        """One of the game's modules: `module("rules", "kit")` is its kit module."""
        package = getattr(self, floor)
        return importlib.import_module(f"{package}.{part}" if part else package)

    def optional(self, floor: str, part: str) -> ModuleType | None:
        """A module the game may leave out (`undo`, `sealing`): None when it has none."""
        try:
            return self.module(floor, part)
        except ModuleNotFoundError as exc:
            if exc.name != f"{getattr(self, floor)}.{part}":
                raise  # the module is there but imports something missing
            return None

    def missing(self) -> list[str]:
        """What the game lacks of what every game has, a line each naming the game and
        what to add where (docs/adding-a-game.md); empty when it has it all."""
        lines = []
        for floor, part, name, what in PIECES:
            where = f"{getattr(self, floor)}.{part}" if part else getattr(self, floor)
            try:
                module = importlib.import_module(where)
            except ModuleNotFoundError as exc:
                if not where.startswith(str(exc.name)):
                    raise  # the module is there but imports something missing
                module = None
            if not hasattr(module, name):
                lines.append(f"{self.name}: add {name} to {where}: {what}")
        for catalog in (f"{self.name}.pot", f"nl/{self.name}.po"):
            if not (self.locale / catalog).is_file():
                lines.append(f"{self.name}: add its catalog {catalog} in {self.locale}: "
                             f"`python -m bot i18n update {self.name}`, then translate it")
        if not (ROOT / self.rules_doc).is_file():
            lines.append(f"{self.name}: add its rules document {self.rules_doc}: a "
                         "'- X-n.m …' paragraph for each rule id its code cites")
        return lines

    @property
    def engine(self) -> GameEngine:
        return self.module("rules").ENGINE

    @property
    def kit(self) -> Any:  # bot.games.kit.GameKit
        return self.module("rules", "kit").KIT

    @property
    def community(self) -> Any:  # bot.games.community.Community
        return self.module("rules", "community").COMMUNITY

    @property
    def extension(self) -> str:
        """The Discord extension that adds the `/<name>` commands."""
        return f"{self.discord}.commands"

    @property
    def show(self) -> Any:  # cogs.common.show.Show
        return self.module("discord", "show").SHOW

    @property
    def folders(self) -> tuple[str, ...]:
        """The game's packages as folders relative to the project (empty for none there)."""
        found = []
        for package in (self.rules, self.discord, self.drawing):
            path = ROOT.joinpath(*package.split("."))
            if path.is_dir():
                found.append(path.relative_to(ROOT).as_posix())
        return tuple(found)


# What every game has, where (floor, module, name) and what it is; `Game.missing` says
# what a game lacks of it.
PIECES = (
    ("rules", "", "ENGINE", "its engine (bot/games/base.py's GameEngine)"),
    ("rules", "kit", "KIT", "its kit (bot/games/kit.py's TableKit)"),
    ("rules", "community", "COMMUNITY", "its ratings, stats and recaps "
                                        "(bot/games/community.py's Community)"),
    ("discord", "commands", "setup", "its /<game> commands (cogs/common/table_commands.py's "
                                     "extension)"),
    ("discord", "show", "SHOW", "how its channel shows it (cogs/common/show.py's Show)"),
    ("drawing", "board", "write_png", "the demo's boards (rendering/common/boards.py's "
                                      "palette_board gives it)"),
    ("drawing", "board", "RECAP_DRAWING", "the recap's drawing (palette_board's recap)"),
)

REGISTRY: dict[str, Game] = {}
# Names a game may not take, as they are shared parts' already: the shared packages and
# modules where a game's own folders go (`cogs/common`, `bot/games/kit.py`), the shared
# catalogs (`bot/locale/tables.pot`) and the bot's own packages. A game named so would
# take their folders, catalogs or commands (tests/layout checks the list is whole).
SHARED_NAMES = frozenset({
    "common", "search", "base", "community", "kit", "question", "record", "registry",
    "sealing", "wording", "games",  # folders and modules where games' folders are
    "boards", "tables", "discord", "web", "commands",  # the shared catalogs
    "store", "ops", "locale", "i18n", "app", "cli", "demo",  # the bot's own parts
})


def register(game: Game) -> Game:
    """Adds a game; registering a name twice is refused (it would hide the first), and
    so is a shared part's name."""
    if game.name in SHARED_NAMES:
        raise ValueError(f"{game.name!r} names a shared part of the bot, not a game")
    if game.name in REGISTRY and REGISTRY[game.name] != game:
        raise ValueError(f"a game named {game.name!r} is registered already")
    REGISTRY[game.name] = game
    return game


def unregister(name: str) -> None:
    """Takes a game off (a test that registered its own game puts things back)."""
    REGISTRY.pop(name, None)


def game(name: str) -> Game:
    """The registered game; KeyError naming the ones there are for any other name."""
    try:
        return REGISTRY[name]
    except KeyError:
        raise KeyError(f"unknown game {name!r}; there are: {', '.join(REGISTRY)}") from None


def get_engine(name: str) -> GameEngine:
    return game(name).engine


class _Names(Sequence[str]):
    """The registered games' names in the order registered, read afresh on every use, so
    a game registered later (a test's) is seen by code that imported the name early."""

    @overload
    def __getitem__(self, index: int) -> str: ...
    @overload
    def __getitem__(self, index: slice) -> Sequence[str]: ...

    def __getitem__(self, index: int | slice) -> str | Sequence[str]:
        return tuple(REGISTRY)[index]

    def __len__(self) -> int:
        return len(REGISTRY)

    def __iter__(self) -> Iterator[str]:
        return iter(tuple(REGISTRY))

    def __contains__(self, name: object) -> bool:
        return isinstance(name, str) and name in REGISTRY  # a record may hold anything

    def __repr__(self) -> str:
        return repr(tuple(REGISTRY))


GAMES: Sequence[str] = _Names()

# The product's games: one line each.
register(Game("doge"))
register(Game("clans"))
