"""Live updates at a cost that does not grow with the viewers: one watcher per web app
looks for changes of every game an open page follows and fans each change out to the
pages' event streams.

How it learns of a change: on PostgreSQL, the store's notices (LISTEN/NOTIFY), sent by
whichever process made the change, and a look at every followed game each `RECHECK_S`
in case a notice was lost; on SQLite, where no process tells another, one statement each
`poll_s` reads the stamps of every followed game at once (`store.web_pages.page_stamps`). Only a
game whose stamp moved is read again, once, however many pages follow it."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from bot.store import Store
from bot.store.web_pages import PageStamp

log = logging.getLogger(__name__)

RECHECK_S = 15.0  # with notices: every followed game looked at again this often
News = dict[str, Any]  # what a page's event says: its mark, the status, the newest step
Describe = Callable[[int], Awaitable[News]]


@dataclass(eq=False)
class Follower:
    """One open event stream of a game: woken when its news changes."""

    game_id: int
    woken: asyncio.Event = field(default_factory=asyncio.Event)


@dataclass(eq=False)
class Followed:
    stamp: PageStamp | None
    news: News | None  # None: the page is gone (its server's pages off, or no game)
    followers: set[Follower] = field(default_factory=set)


class Watcher:
    def __init__(self, store: Store, describe: Describe, *, poll_s: float) -> None:
        self.store = store
        self.describe = describe
        self.poll_s = poll_s
        self.games: dict[int, Followed] = {}
        self.looks = 0  # looks at the followed games so far (each one statement)
        self.timed_looks = 0  # of them, made because nothing was heard in time
        self._poke = asyncio.Event()
        self._due: set[int] | None = set()  # games a notice named; None: every game
        self._task: asyncio.Task | None = None
        self._started = False
        self.pushed = False  # the store tells of changes (PostgreSQL)

    @property
    def followers(self) -> int:
        return sum(len(f.followers) for f in self.games.values())

    def news(self, follower: Follower) -> News | None:
        followed = self.games.get(follower.game_id)
        return None if followed is None else followed.news

    @contextlib.asynccontextmanager
    async def follow(self, game_id: int) -> AsyncIterator[Follower]:
        """A page's stream follows the game while the block runs."""
        await self._start()
        followed = self.games.get(game_id)
        if followed is None:
            stamp = (await self.store.web_pages.page_stamps([game_id])).get(game_id)
            news = await self._news_of(game_id, stamp)
            # Another stream of the game may have begun meanwhile: one entry for both.
            followed = self.games.setdefault(game_id, Followed(stamp, news))
        follower = Follower(game_id)
        followed.followers.add(follower)
        try:
            yield follower
        finally:
            followed.followers.discard(follower)
            if not followed.followers and self.games.get(game_id) is followed:
                del self.games[game_id]

    async def close(self) -> None:
        """Ends every stream and the watcher."""
        for followed in self.games.values():
            followed.news = None
            for follower in followed.followers:
                follower.woken.set()
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task

    # ---- looking ----------------------------------------------------------------------

    async def _start(self) -> None:
        if self._started:
            return
        self._started = True
        self.pushed = await self.store.web_pages.watch_games(self._heard)
        if self.pushed:  # a server's pages turned off: its games' streams end
            await self.store.tables.watch_settings(lambda _guild: self._heard(None))
        self._task = asyncio.get_running_loop().create_task(self._run())

    def _heard(self, game_ids: set[int] | None) -> None:
        if game_ids is None or self._due is None:
            self._due = None
        else:
            self._due |= game_ids
        self._poke.set()

    async def _run(self) -> None:
        while True:
            looked_for = False  # nothing was heard in time: look at every game
            try:
                await asyncio.wait_for(self._poke.wait(),
                                       RECHECK_S if self.pushed else self.poll_s)
            except TimeoutError:
                looked_for = True
            self._poke.clear()
            due, self._due = self._due, set()
            ids = set(self.games) if looked_for or due is None else due & set(self.games)
            if not ids:
                continue
            self.timed_looks += looked_for
            try:
                await self._look(ids)
            except Exception:  # a database gone for a moment: the next look tries again
                log.warning("live updates: a look at %d games failed", len(ids),
                            exc_info=True)

    async def _look(self, ids: set[int]) -> None:
        self.looks += 1
        stamps = await self.store.web_pages.page_stamps(ids)
        for game_id in ids:
            followed = self.games.get(game_id)
            stamp = stamps.get(game_id)
            if followed is None or stamp == followed.stamp:
                continue
            followed.stamp = stamp
            news = await self._news_of(game_id, stamp)
            if news != followed.news:
                followed.news = news
                for follower in followed.followers:
                    follower.woken.set()

    async def _news_of(self, game_id: int, stamp: PageStamp | None) -> News | None:
        if stamp is None or not stamp.shown:
            return None
        return await self.describe(game_id)
