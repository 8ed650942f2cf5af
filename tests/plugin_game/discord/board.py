"""The board image of a Bids table's messages: a spectator's view only (no bid before
its reveal, B-2.1), drawn off the event loop."""

from __future__ import annotations

from dataclasses import replace

from bot.store import LoadedGame


async def render_bids(game: LoadedGame, caption: str, *, closed: bool = False) -> bytes:
    """`closed` changes nothing: a reveal's message closes at the state after it."""
    from tests.plugin_game.drawing.board import render_bids_board_async

    view = game.engine.public_view(game.state, None)
    view = replace(view, players=tuple(p.name for p in game.shown_players))  # holders' names
    return await render_bids_board_async(view, caption.split("\n", 1)[0])
