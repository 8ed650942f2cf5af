"""How a game shows itself: its channel messages (prompt, board, which events open a
segment), its web page and its private lines. Each game's Discord folder holds one `SHOW`
in `show.py`; the bot's posters and the web pages are built from it through the
registry, so shared code lists no game."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

from bot.store import LoadedGame, Seat

# (service, game, *, reader=None) -> the prompt message's text and view (cogs/common/poster.py)
PromptBuilder = Callable[..., Awaitable[Any]]
# (game, caption, *, closed=False) -> PNG bytes: the public view drawn, off the event loop
BoardRenderer = Callable[..., Awaitable[bytes]]


@dataclass(frozen=True)
class Show:
    prompt: PromptBuilder
    render: BoardRenderer
    openers: frozenset[str]  # events that begin a new segment (a new channel message)
    # Events that set the scene rather than make a move (a new epoch, year or round):
    # never a board's caption, which names the move the board shows.
    scenes: frozenset[str] = frozenset()
    # Events the prompt below the story says again (a new round in its heading): left
    # out of the channel's story.
    said_below: frozenset[str] = frozenset()
    # Events the channel leaves to the web page and the record (a choice to do nothing, a
    # proof the channel sums up): never told in a channel message. None: all are told.
    left_out: Callable[[dict[str, Any]], bool] | None = None
    # Who else to ping when a segment's message is posted (a heads-up); None: nobody.
    callout: Callable[..., Any] | None = None
    # What a seat's private web page tells it (as `/<game> me`): one line each.
    secrets: Callable[[LoadedGame, Seat], list[str]] = lambda game, seat: []
