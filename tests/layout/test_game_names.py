"""Where the code names a game. A game lives in its own folders (`bot/games/<game>/`,
`cogs/<game>/`, `rendering/<game>/`); everywhere else a game's name is either a place a
new game registers itself (docs/adding-a-game.md lists them) or a mention in a comment.
This test lists every such place with its count of mentions, so a new one outside the
game's folders fails: put the code in the game's folder, or, if it is a registration,
add it to docs/adding-a-game.md and to the list below."""

from __future__ import annotations

import re
from pathlib import Path

from bot.games.registry import GAMES

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("bot", "cogs", "rendering")

# Registrations (R) and places that still branch by game (B) besides mentions in comments.
KNOWN = {
    "bot/community/outcome.py": 2,
    "bot/community/recap.py": 4,
    "bot/games/base.py": 2,
    "bot/games/record.py": 1,
    "bot/games/kit.py": 2,
    "bot/games/registry.py": 2,  # R: one line per game
    "bot/store/backends/postgres.py": 1,
    "bot/tables/ai_seats.py": 1,
    "bot/tables/service.py": 1,
    "bot/tables/timing.py": 1,
    "cogs/common/community.py": 4,
    "cogs/common/poster.py": 5,
    "cogs/common/segments.py": 2,
    "cogs/common/shared_commands.py": 2,
    "cogs/common/table_commands.py": 2,
    "cogs/common/table_ui.py": 1,
    "cogs/common/ui.py": 2,
    "rendering/common/drawing.py": 3,
    "rendering/common/palette.py": 1,
    "rendering/common/recap.py": 3,
}


def game_folders() -> tuple[str, ...]:
    return tuple(f"{where}/{game}/" for game in GAMES
                 for where in ("bot/games", "cogs", "rendering"))


def mentions() -> dict[str, int]:
    names = "|".join(GAMES)
    pattern = re.compile(rf"(?i)(?<![a-z])({names})(?![a-z])")
    own = game_folders()
    found: dict[str, int] = {}
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            where = path.relative_to(ROOT).as_posix()
            if where.startswith(own):
                continue
            count = len(pattern.findall(path.read_text(encoding="utf-8")))
            if count:
                found[where] = count
    return found


def test_every_place_outside_a_game_that_names_one_is_known() -> None:
    found = mentions()
    new = {where: n for where, n in found.items() if where not in KNOWN}
    assert new == {}, "a game is named outside its folders (see this test's docstring)"
    changed = {where: (KNOWN[where], n) for where, n in found.items() if KNOWN[where] != n}
    assert changed == {}, "(listed, found): update the list, or move the code to the game"
    gone = set(KNOWN) - set(found)
    assert gone == set(), "no longer names a game: take it off the list"


def test_each_game_has_its_folders_and_registrations() -> None:
    for folder in game_folders():
        assert (ROOT / folder / "__init__.py").is_file(), folder
    registry = (ROOT / "bot/games/registry.py").read_text(encoding="utf-8")
    for game in GAMES:
        assert f'register(Game("{game}"))' in registry
