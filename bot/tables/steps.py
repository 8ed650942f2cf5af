"""What a request to the table service did (`Step`) and how it refuses (`TableError`).
Apart from the service so that its parts (absence, computer seats, moderation) use them
without importing the service itself."""

from __future__ import annotations

from dataclasses import dataclass, field

from bot.games.base import Event
from bot.store import ACTIVE, LOBBY, LoadedGame

# Events that change nothing on the board: no new board image for them.
QUIET_EVENTS = {"ballot_set", "ballot_changed", "build_chosen"}


class TableError(Exception):
    """A refusal to show the user: one line saying why; nothing was changed."""


@dataclass
class Step:
    """What one request did: the game after it and every event, in order (including
    the computer players' moves it set off)."""

    game: LoadedGame
    events: list[Event] = field(default_factory=list)
    lines: list[str] = field(default_factory=list)  # one per event
    notes: list[str] = field(default_factory=list)  # what the table did, said first
    duplicate: bool = False

    @property
    def board_changed(self) -> bool:
        return any(e["type"] not in QUIET_EVENTS for e in self.events)

    @property
    def finished(self) -> bool:
        return self.game.row.status not in (LOBBY, ACTIVE)
