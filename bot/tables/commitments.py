"""Ballots anyone can verify, for the games that seal hidden values (bot/games/sealing.py).

`seal` is the store's sealer, called inside the transaction of the revealing action: each
stack gets a fresh salt from `secrets` (never the game's seeded generator: a salt must
not be predictable from the seed). `CommitmentBook.annotate` adds the sealing's own
events next to the engine events they belong to whenever the table narrates (a step, or
a message told again from the action log), and `describe` gives them one line each.
"""

from __future__ import annotations

import secrets
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Any

from bot.games.base import Action, Event, PlayerSpec
from bot.games.sealing import Commitment, Key, sealing_of
from bot.store import LoadedGame, Store

SALT_BYTES = 16  # 128 bits: the few possible stacks cannot be tried against the hash


def _fresh_salt() -> str:
    return secrets.token_hex(SALT_BYTES)


def seal(game: str, game_id: int, before: Any, action: Action,
         events: list[Event]) -> list[Commitment]:
    """The store's sealer: a commitment with a fresh salt for every stack revealed."""
    sealing = sealing_of(game)
    if sealing is None:
        return []
    return sealing.seal(game_id, before, action, events, _fresh_salt)


@dataclass
class _Held:
    """What the book knows of one game, up to `version` of its log."""

    memory: Any
    version: int = 0
    rows: dict[Key, Commitment] = field(default_factory=dict)


class CommitmentBook:
    """The commitments of the games in play, kept for narration, which is not async.
    `refresh` (before a game is narrated) learns what is new in its log (all of it the
    first time, or after an undo) and reads its commitments after a reveal; `annotate`
    then works from memory."""

    def __init__(self, store: Store, size: int = 4096) -> None:
        self.store = store
        self.size = size
        self._games: OrderedDict[int, _Held] = OrderedDict()

    async def refresh(self, game: LoadedGame, since: int | None = None,
                      events: list[Event] | None = None) -> None:
        """Up to `game`'s version. `events`, when given, are every event of the versions
        after `since` (a step's own moves): if the book stands at `since`, they are what
        it would read from the log."""
        sealing = sealing_of(game.row.game)
        if sealing is None:
            return
        held = self._games.get(game.id)
        if held is None or game.version < held.version:
            held = _Held(sealing.new_memory())
        if game.version != held.version:
            revealed = not held.version
            if since == held.version and events is not None:
                news = [(game.version, events)]
            else:
                news = [(entry.version, entry.events) for entry in
                        await self.store.actions.log(game.id, after_version=held.version)]
            for version, told in news:
                revealed = sealing.remember(held.memory, told) or revealed
                held.version = max(held.version, version)
            if revealed:
                held.rows = {(c.year, c.area, c.seat): c
                             for c in await self.store.actions.commitments(game.id)}
        self._games[game.id] = held
        self._games.move_to_end(game.id)
        while len(self._games) > self.size:
            self._games.popitem(last=False)

    def annotate(self, game: LoadedGame, events: list[Event]) -> list[Event]:
        """The events with the sealing's own events next to those they belong to. Safe on
        its own result."""
        sealing = sealing_of(game.row.game)
        if sealing is None:
            return events
        events = [e for e in events if e.get("type") not in sealing.own_events]
        held = self._games.get(game.id)
        if held is None or not held.rows:
            return events
        return sealing.annotate(held.memory, held.rows, game.id, events)


def describe(game: str, event: Event, players: list[PlayerSpec]) -> str | None:
    """The channel line of one of the sealing's own events; None for any other event."""
    sealing = sealing_of(game)
    return None if sealing is None else sealing.describe(event, players)
