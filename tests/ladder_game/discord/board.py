"""The board image of a Ladder table's messages: a spectator's view only (no hand,
L-1.2), with the seats under their holders' names, drawn off the event loop."""

from __future__ import annotations

from dataclasses import replace

from bot.store import LoadedGame


async def render_ladder(game: LoadedGame, caption: str, *, closed: bool = False) -> bytes:
    from tests.ladder_game.drawing.board import render_ladder_board_async

    view = replace(game.engine.public_view(game.state, None),
                   players=tuple(p.name for p in game.shown_players))
    return await render_ladder_board_async(view, caption.split("\n", 1)[0])
