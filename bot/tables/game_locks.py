"""A lock per game within one process, kept only while someone holds it or waits for it:
a process that runs for months keeps no lock for games long over. (Across processes a
game is serialized by the store's game lock; this one orders the work of one process.)"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager


class GameLocks:
    def __init__(self) -> None:
        # Per game: its lock, and how many hold it or wait for it.
        self._games: dict[int, tuple[asyncio.Lock, int]] = {}

    @asynccontextmanager
    async def hold(self, game_id: int) -> AsyncIterator[None]:
        """The game's lock, taken in the order asked for."""
        lock, users = self._games.get(game_id, (None, 0))
        if lock is None:
            lock = asyncio.Lock()
        self._games[game_id] = (lock, users + 1)
        try:
            async with lock:
                yield
        finally:
            lock, users = self._games[game_id]
            if users == 1:
                del self._games[game_id]
            else:
                self._games[game_id] = (lock, users - 1)

    def waiting(self, game_id: int) -> int:
        """How many wait for the game's lock (its holder not counted)."""
        lock, users = self._games.get(game_id, (None, 0))
        return users - 1 if lock is not None and lock.locked() else users

    def __len__(self) -> int:
        """How many games have a lock now."""
        return len(self._games)
