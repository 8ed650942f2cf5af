"""Which part of a game each channel message tells: a segment.

A game's channel shows one message per segment (a Doge placement round or election, a
Clans move), edited while the segment lasts and then left as its record. A segment
begins at an *opening* event (each game names its own) and its message is posted when a
published step holds the first opening event after the version the live message was
posted at; everything from there on is told in the new message, everything before it
closes the old one.

The segments live in the store's message table, one row each, named
`seg:<version>:<index>:<posted_at>`: the action (version) and the place in its events
where the segment begins, and the game's version when its message was posted. That is
all the poster needs to rebuild any message's story from the action log, after a restart
too, and to tell a step that continues the live segment from one that opens a new one.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from bot.store import BotMessage

KIND_PREFIX = "seg:"


@dataclass(frozen=True, order=True)
class Place:
    """An event's place in the log: the version of its action, its index there."""

    version: int
    index: int


@dataclass(frozen=True)
class Segment:
    start: Place
    posted_at: int  # the game's version when the message was posted
    channel_id: int
    message_id: int

    @property
    def kind(self) -> str:
        return f"{KIND_PREFIX}{self.start.version}:{self.start.index}:{self.posted_at}"

    def link(self, guild_id: int | None) -> str:
        """The message's jump link (a DM has no server: `@me`)."""
        return (f"https://discord.com/channels/{guild_id or '@me'}/"
                f"{self.channel_id}/{self.message_id}")

    @classmethod
    def from_message(cls, row: BotMessage) -> Segment | None:
        if not row.kind.startswith(KIND_PREFIX):
            return None
        try:
            version, index, posted = (int(p) for p in row.kind[len(KIND_PREFIX):].split(":"))
        except ValueError:
            return None
        return cls(Place(version, index), posted, row.channel_id, row.message_id)


@dataclass(frozen=True)
class LoggedEvent:
    place: Place
    event: dict[str, Any]


def segments_of(rows: Iterable[BotMessage]) -> list[Segment]:
    """The game's segment messages, oldest first."""
    found = [s for row in rows if (s := Segment.from_message(row)) is not None]
    return sorted(found, key=lambda s: (s.posted_at, s.start))


def first_opening(events: list[LoggedEvent], openers: frozenset[str],
                  after_version: int) -> Place | None:
    """The first opening event of an action newer than `after_version`."""
    for logged in events:
        if logged.place.version > after_version and logged.event.get("type") in openers:
            return logged.place
    return None


def last_opening(events: list[LoggedEvent], openers: frozenset[str]) -> Place | None:
    for logged in reversed(events):
        if logged.event.get("type") in openers:
            return logged.place
    return None


def between(events: list[LoggedEvent], start: Place | None,
            stop: Place | None = None, *, quiet: frozenset[str]) -> list[dict[str, Any]]:
    """The events from `start` (included) up to `stop` (excluded), leaving out the game's
    `quiet` ones, that change nothing a person can see (their effect shows in the
    prompt)."""
    return [e.event for e in events
            if (start is None or e.place >= start) and (stop is None or e.place < stop)
            and e.event.get("type") not in quiet]
