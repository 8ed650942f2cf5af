"""The board image of a Clans table's messages: the public view only, drawn off the event
loop."""

from __future__ import annotations

from dataclasses import replace

from bot.store import LoadedGame


async def render_clans(game: LoadedGame, caption: str, *, closed: bool = False) -> bytes:
    """`closed` changes nothing: a move's message closes at the state after that move."""
    from rendering.clans.board import render_clans_board_async

    view = game.engine.public_view(game.state, None)  # no player's colour (C-7.2)
    view = replace(view, players=tuple(p.name for p in game.shown_players))  # holders' names
    # The end's caption is its first line, why the game ended: its player lines rank
    # everyone (C-6.3), which the board's own player panel does.
    return await render_clans_board_async(view, caption.split("\n", 1)[0])
