"""What a request to the table service did (`Step`) and how it refuses (`TableError`);
who a moderator is (`Moderator`) and what their request did (`ModResult`). Apart from the
service so that its parts (absence, computer seats, moderation) use them without
importing the service itself."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field

from bot.games.base import Event
from bot.i18n import Later
from bot.store import ACTIVE, LOBBY, LoadedGame
from bot.tables.kits import get_kit


class TableError(Exception):
    """A refusal to show the user: one line saying why; nothing was changed."""


class StaleStep(TableError):
    """A button of a step that is over. On the channel's newest message it means the
    channel missed a step (a crash before it was shown): the table is shown again."""


@dataclass
class Step:
    """What one request did: the game after it and every event, in order (including
    the computer players' moves it set off)."""

    game: LoadedGame
    events: list[Event] = field(default_factory=list)
    lines: list[str] = field(default_factory=list)  # one per event
    # What the table did, said first; lazy (`later`) when made before it is shown, so
    # the channel hears it in its own language: str() each where they are joined.
    notes: list[str | Later] = field(default_factory=list)
    duplicate: bool = False
    # The game's version before the step's first move, when `events` hold every event
    # since (its moves were made under the table's lock): narration then knows the new
    # events without reading them back from the log.
    since: int | None = None

    @property
    def board_changed(self) -> bool:
        quiet = get_kit(self.game.row.game).quiet_events  # no new board image for these
        return any(e["type"] not in quiet for e in self.events)

    @property
    def finished(self) -> bool:
        return self.game.row.status not in (LOBBY, ACTIVE)


@dataclass(frozen=True)
class Moderator:
    """Who asks, as Discord resolved them in the channel of the request."""

    user_id: int
    guild_id: int | None
    manage_channels: bool = False  # in this channel (Administrator implies it)
    # Manage Server, or Manage Channels in the whole server: from their roles, since a
    # channel's overwrite must not reach the other channels (the moderator role does).
    manage_guild: bool = False
    role_ids: frozenset[int] = frozenset()

    @property
    def mention(self) -> str:
        return f"<@{self.user_id}>"


@dataclass
class ModResult:
    line: str | Later  # what the channel is told (a private lookup's: lazy, see below)
    steps: list[Step] = field(default_factory=list)  # board changes still to be posted
    file: tuple[str, bytes] | None = None  # export: (file name, JSON)
    ping: list[int] = field(default_factory=list)  # users the announcement may notify
    board: bool = True  # post the steps' board; False: only refresh the prompt message
    private: bool = False  # a lookup that changed nothing: told to the asker alone
    # What the action sets off (moves made for seats), done once the line is told, so
    # the channel reads the moderator's line first; the steps it returns are posted.
    then: Callable[[], Awaitable[list[Step]]] | None = None
    lobby: LoadedGame | None = None  # a lobby it changed (or closed): its message redrawn
