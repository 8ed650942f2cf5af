"""The board image of a Clans table's messages: the public view only, drawn off the event
loop."""

from __future__ import annotations

from dataclasses import replace

from bot.store import LoadedGame


async def render_clans(game: LoadedGame, caption: str) -> bytes:
    from rendering.clans.board import render_clans_board_async

    view = game.engine.public_view(game.state, None)  # no player's colour (C-7.2)
    view = replace(view, players=tuple(p.name for p in game.shown_players))  # holders' names
    return await render_clans_board_async(view, caption)
