"""The table's side of the games' kits: each game's kit (bot/games/<game>/kit.py, the
contract in bot/games/kit.py) found through the registry, and what the tables say of
seats and levels the same way for every game."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from bot.games.base import PlayerSpec
from bot.games.kit import (  # noqa: F401  (re-exported: the tables' names for them)
    AI_LEVELS,
    DEFAULT_LEVEL,
    END_GAME,
    SEARCH_LEVEL,
    GameKit,
    check_level,
    short_hash,
)
from bot.games.registry import GAMES, game
from bot.i18n import N_, _, command_text, current_language

# The shown names of the colours players pick in the lobby (the ids are data).
COLOUR_WORDS = {"red": N_("red"), "blue": N_("blue"), "green": N_("green"),
                "yellow": N_("yellow")}


def colour_word(colour: str) -> str:
    return _(COLOUR_WORDS[colour]) if colour in COLOUR_WORDS else colour


def option_word(word: str, *, name: bool = False) -> str:
    """A slash command's choice (a level, a standing order's value), or with `name` an
    option's name, as the reader types it: 'abstain' is 'onthouden' in Dutch."""
    return command_text(word, current_language(), name=name) or word


def seat_level(settings: dict[str, Any], seat: Any) -> str:
    """The level the computer plays `seat` (a store `Seat`) at: a computer player added in
    the lobby keeps the level it was added with; a seat on autopilot, or taken over by
    the computer, plays at the table's autopilot level."""
    level = settings.get("ai_levels", {}).get(seat.name) if seat.is_bot else None
    level = level or settings.get("autopilot_level", DEFAULT_LEVEL)
    return level if level in AI_LEVELS else DEFAULT_LEVEL


def get_kit(name: str) -> GameKit:
    """The registered game's kit (KeyError for a game not registered)."""
    return game(name).kit


def installed(name: str) -> bool:
    """Whether the game a stored table plays is registered on this bot."""
    return name in GAMES


def game_title(name: str) -> str:
    """A game's title; a game no longer installed (its code removed or renamed) by the
    name its tables keep, said to be so."""
    if installed(name):
        return get_kit(name).title
    return _("{name} (game not installed)", name=name)


class _Kits(Mapping[str, GameKit]):
    """Every registered game's kit by name, read from the registry on every use."""

    def __getitem__(self, name: str) -> GameKit:
        return get_kit(name)

    def __iter__(self) -> Iterator[str]:
        return iter(GAMES)

    def __len__(self) -> int:
        return len(GAMES)


KITS: Mapping[str, GameKit] = _Kits()


def names_of(players: list[PlayerSpec]) -> list[str]:
    return [p.name for p in players]
