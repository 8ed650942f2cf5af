"""The channel prompt most games share, as parts a game's prompt builder composes: the
lobby's, the result once the game is over, and while it runs a heading, the game's own
lines and one button that opens each awaited player's private question (with a reader:
whom the game waits for, `/<game> status`). A game whose prompt says more (Doge's
ballots, Clans' moves) builds its own from the same parts."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import discord

from bot.games.base import Event
from bot.games.wording import players_written
from bot.i18n import _, cmd
from bot.store import ACTIVE, LOBBY, LoadedGame
from bot.tables.service import TableService
from cogs.common.table_ui import lobby_prompt, status_line
from cogs.common.ui import GameButton, view_of

Due = dict[int, Any]  # each awaited seat's deadline, by seat
Prompt = tuple[str, discord.ui.View | None]


async def due_deadlines(service: TableService, game: LoadedGame) -> Due:
    """The deadlines of the decisions awaited now, by seat."""
    return {d.seat: d for d in await service.store.deadlines.get_deadlines(game.id)
            if d.kind.startswith("due:")}


def open_question_button(game: LoadedGame, label: str, emoji: str) -> GameButton:
    """The button that opens the clicker's own question in a private panel (the shared
    question handler then asks the kit's question step by step): for a secret answer, or
    a choice among cards only its holder may see."""
    return GameButton("dq", game.id, f"{game.version}..open", label=label, emoji=emoji,
                      style=discord.ButtonStyle.primary)


def result_text(game: LoadedGame, end: Event, command: str) -> str:
    """The result, told as the game's ending event `end`, then where its record is."""
    told = game.engine.describe(end, players_written(game.shown_players))
    return "\n".join(["🏁 " + told, _("The game record is attached; {command} gives it "
                                      "again.", command=cmd(command))])


async def standard_prompt(service: TableService, game: LoadedGame, *, reader: int | None,
                          heading: Callable[[Any], str],
                          lines: Callable[[Any, Due], list[str]],
                          button: Callable[[LoadedGame], discord.ui.Item],
                          result: Callable[[LoadedGame], str]) -> Prompt:
    """The lobby; `result(game)` once over; else `heading(view)` of the public view, then
    with `reader` a status line for each awaited seat, without it `lines(view, due)` and
    `button(game)`."""
    if game.row.status == LOBBY:
        return lobby_prompt(game)
    if game.row.status != ACTIVE or game.engine.is_over(game.state):
        return result(game), None
    view = game.engine.public_view(game.state, None)
    due = await due_deadlines(service, game)
    if reader is not None:
        turns = TableService.kit(game).play_order(game.state) is not None
        return "\n".join([heading(view), *(
            status_line(service, seat, reader, due.get(seat.seat), moving=turns)
            for seat in service.awaited_seats(game))]), None
    return "\n".join([heading(view), *lines(view, due)]), view_of(button(game))
