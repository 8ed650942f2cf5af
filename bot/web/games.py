"""What the pages need of each game, from the game's own `SHOW` (cogs/<game>/show.py,
found through the registry): the board renderer of its channel, the events that open a
segment of its story and those that only set the scene, and what a player's private page
tells (the same as `/<game> me`)."""

from __future__ import annotations

from collections.abc import Iterator, Mapping

from bot.games.registry import GAMES, game
from cogs.common.show import Show


class _WebGames(Mapping[str, Show]):
    """Every registered game's `Show` by name, read from the registry on every use."""

    def __getitem__(self, name: str) -> Show:
        return game(name).show

    def __iter__(self) -> Iterator[str]:
        return iter(GAMES)

    def __len__(self) -> int:
        return len(GAMES)


WEB_GAMES: Mapping[str, Show] = _WebGames()
