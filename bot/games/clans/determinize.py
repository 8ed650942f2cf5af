"""A full Clans state built from one seat's view: the board, villages, scores and moves as
they are; the other players' clans, hidden from the seat until the end (C-7.2), dealt at
random among the colours it does not hold. So `public_view(determinize(view, rng), seat)
== view`, and searching such states never reads a colour the seat could not know."""

from __future__ import annotations

import random

from bot.games.clans.board import COLOURS
from bot.games.clans.rules import ClansState
from bot.games.clans.views import ClansPlayerView, shadow_state


def determinize(view: ClansPlayerView, rng: random.Random) -> ClansState:
    public = view.public
    state = shadow_state(view)
    if public.result is not None:  # the game is over: every colour is public
        state.colours = tuple(COLOURS.index(c) for c in public.result.colours)
    else:
        mine = COLOURS.index(view.colour)
        others = rng.sample([c for c in range(len(COLOURS)) if c != mine],
                            len(public.players) - 1)
        state.colours = tuple(others[: view.seat] + [mine] + others[view.seat:])
    state.log = [{"seat": m.seat, "type": "move", "from": m.territories[0],
                  "to": m.territories[1]} if m.type == "move"
                 else {"seat": m.seat, "type": "order", "villages": list(m.territories)}
                 for m in public.moves]
    return state
