"""Board images for the table messages: the public view only, drawn off the event loop."""

from __future__ import annotations

from bot.store import LoadedGame


async def render_doge(game: LoadedGame, caption: str) -> bytes:
    from rendering.doge_board import render_doge_board_async

    view = game.engine.public_view(game.state, None)  # nothing secret (D-10)
    return await render_doge_board_async(view, caption)


async def render_clans(game: LoadedGame, caption: str) -> bytes:
    from rendering.clans_board import render_clans_board_async

    view = game.engine.public_view(game.state, None)  # no player's colour (C-7.2)
    return await render_clans_board_async(view, caption)
