"""The board image of a Doge table's messages: the public view only, drawn off the event
loop."""

from __future__ import annotations

from bot.store import LoadedGame


async def render_doge(game: LoadedGame, caption: str) -> bytes:
    from rendering.doge.board import render_doge_board_async

    view = game.engine.public_view(game.state, None)  # nothing secret (D-10)
    return await render_doge_board_async(view, caption)
