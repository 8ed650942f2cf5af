"""Posting for the tables the clock moves, outside the clock's loop: one table's posts
are made in a task of its own, one after another, so a channel whose posts Discord keeps
refusing (discord.py retries a 5xx for about 16 s) never holds up another table's
deadline. Each post has a bound in time, each table a bound on the posts waiting; a
table whose posts keep failing is told to its moderators once (`tell`: the server's audit
log and moderators' channel), and its posts are not tried again in a loop: the next step
tries once more, and shows the whole segment from the log (a step is never lost). The
first post that goes through again is told too (`recovered`)."""

from __future__ import annotations

import asyncio
import logging
from collections import deque
from collections.abc import Awaitable, Callable

from bot.store import LoadedGame

log = logging.getLogger(__name__)

POST_BOUND_S = 90.0  # one post, discord.py's retries of a failing request included
MAX_WAITING = 20  # a table's posts waiting behind the one being made
TELL_AFTER = 3  # posts failed in a row before the table's moderators are told

Post = Callable[[], Awaitable[bool]]  # True when it reached the channel
Tell = Callable[[LoadedGame, int], Awaitable[None]]
Recovered = Callable[[LoadedGame], Awaitable[None]]


class TablePosts:
    def __init__(self, tell: Tell, recovered: Recovered) -> None:
        self._tell = tell
        self._recovered = recovered
        self._waiting: dict[int, deque[Post]] = {}
        self._workers: dict[int, asyncio.Task[None]] = {}
        self._failed: dict[int, int] = {}  # posts failed in a row, by game
        self._told: set[int] = set()  # games whose moderators were told of it

    def submit(self, game: LoadedGame, post: Post) -> None:
        """Post for `game` soon, after its posts already waiting; never waits itself."""
        waiting = self._waiting.setdefault(game.id, deque())
        if len(waiting) >= MAX_WAITING:  # the newest show tells the segment anyway
            waiting.popleft()
            log.warning("game %s: a post left out, %d wait already", game.id, MAX_WAITING)
        waiting.append(post)
        worker = self._workers.get(game.id)
        if worker is None or worker.done():
            self._workers[game.id] = asyncio.create_task(self._work(game),
                                                         name=f"posts-{game.id}")

    async def _work(self, game: LoadedGame) -> None:
        waiting = self._waiting[game.id]
        while waiting:
            post = waiting.popleft()
            try:
                reached = await asyncio.wait_for(post(), POST_BOUND_S)
            except TimeoutError:
                log.warning("game %s: a post took over %g s: left", game.id, POST_BOUND_S)
                reached = False
            except Exception:  # one post's fault ends neither this table's nor another's
                log.exception("game %s: a post failed", game.id)
                reached = False
            await self._count(game, reached)
        self._waiting.pop(game.id, None)

    async def _count(self, game: LoadedGame, reached: bool) -> None:
        if reached:
            self._failed.pop(game.id, None)
            if game.id in self._told:  # failing again later is told again
                self._told.discard(game.id)
                await self._telling(self._recovered(game), game)
            return
        failed = self._failed[game.id] = self._failed.get(game.id, 0) + 1
        if failed >= TELL_AFTER and game.id not in self._told:
            self._told.add(game.id)
            await self._telling(self._tell(game, failed), game)

    @staticmethod
    async def _telling(telling: Awaitable[None], game: LoadedGame) -> None:
        try:
            await telling
        except Exception:  # the posts go on whatever the telling met
            log.exception("game %s: its moderators could not be told", game.id)

    def idle(self) -> bool:
        """Whether no table's posts wait or are being made."""
        return all(w.done() for w in self._workers.values())

    def failed(self, game_id: int) -> int:
        """The game's posts failed in a row, now."""
        return self._failed.get(game_id, 0)

    async def drain(self) -> None:
        """Wait for every table's posts (a stop, a test)."""
        while workers := [w for w in self._workers.values() if not w.done()]:
            await asyncio.gather(*workers, return_exceptions=True)
