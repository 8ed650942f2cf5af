"""The board image of a Doge table's messages: the public view only, drawn off the event
loop."""

from __future__ import annotations

from dataclasses import replace

from bot.store import LoadedGame


async def render_doge(game: LoadedGame, caption: str, *, closed: bool = False) -> bytes:
    """`closed`: the board of a message that is over, as its record: no election asking
    anything, nobody waited for (the state drawn may already have opened the next)."""
    from rendering.doge.board import render_doge_board_async

    view = game.engine.public_view(game.state, None)  # nothing secret (D-10)
    if closed:
        view = replace(view, election=None, awaiting=())
    # Each seat under its holder's name; a seat the computer took over tagged as one.
    seats = {s.seat: s for s in game.seats}
    view = replace(view, players=tuple(
        replace(p, name=seats[p.seat].name, is_bot=seats[p.seat].is_bot)
        if p.seat in seats else p for p in view.players))
    return await render_doge_board_async(view, caption)
