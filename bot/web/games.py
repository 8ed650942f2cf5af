"""What the pages need of each game: the board renderer of its channel, the events that
open a segment of its story and those that only set the scene, and what a player's
private page tells (the same as `/<game> me`). R: a new game registers here too."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass

from bot.store import LoadedGame, Seat
from cogs.clans.board import render_clans
from cogs.clans.commands import clan_line
from cogs.clans.prompts import CLANS_OPENERS, CLANS_SCENES
from cogs.doge.board import render_doge
from cogs.doge.commands import secret_lines
from cogs.doge.prompts import DOGE_OPENERS, DOGE_SCENES


@dataclass(frozen=True)
class WebGame:
    render: Callable[[LoadedGame, str], Awaitable[bytes]]  # the public view drawn
    openers: frozenset[str]
    scenes: frozenset[str]
    secrets: Callable[[LoadedGame, Seat], list[str]]  # the seat's own, for its private page


WEB_GAMES = {
    "doge": WebGame(render_doge, DOGE_OPENERS, DOGE_SCENES, secret_lines),
    "clans": WebGame(render_clans, CLANS_OPENERS, CLANS_SCENES,
                     lambda game, seat: [clan_line(game, seat)]),
}
