"""Work that follows a committed step, kept until it is done (migration 0014).

A step's own transaction commits what the step is; everything that follows it is a named
after-commit handler, registered here, of one of three kinds by where its record of what
is owed lives:

- an owed row (`register`): a row of `owed_work`, written in the step's transaction, or,
  for work that talks to Discord, committed just before it talks (`owing`);
- behind (`register_behind`): the step itself is the record; a mark of the handler's own
  trails the game's version until the work is done;
- told (`register_told`): the step itself (the game's row it moved) is all there is; the
  handler only hurries readers that look again by themselves.

Owed rows and marks behind are done right after the commit by whoever committed, and again
at start-up and at every tick of the table clock (bot/tables/clock.py) until done. An owed
row's handler removes the row in the same transaction that does the work (`settle`), and
a behind handler moves its mark in the transaction (or after the post) that does it, so
the work counts once however often it is tried: it is either still owed, or done.

The handlers (README "After a commit" lists them with who registers each):
- `rate` (owed row, the store): a finished game's ratings (bot/store/ratings.py);
- `keep-post` (owed row, the Discord side): the row of a 🔔 line or ⏳ reminder Discord
  accepted (cogs/common/owed_posts.py);
- `deadlines` (behind `deadlines_in_step`, the table clock): the deadlines and reminder
  stages of the decisions the step awaits (bot/tables/clock.py);
- `show-step` (behind `channel_shown`, the Discord side): the step shown in its channel,
  the pings of its turn kept (cogs/common/catch_up.py);
- `web-notice` (told, the store): the pages of every process hear of the step; each
  page's watcher also looks at the games' stamps by itself (bot/web/live.py).

A process runs the work whose handler it has (the store registers its own, the Discord
side those that need Discord). Nothing takes a claim: doing a piece of work twice at once
(two processes, or a redo while a first try is still on its way) has the effect of doing
it once, since each handler's work finds what is already done.
"""

from __future__ import annotations

import json
import logging
from collections.abc import AsyncIterator, Awaitable, Callable, Collection
from contextlib import asynccontextmanager
from dataclasses import dataclass
from typing import Any

from bot.store.backends.sql import Conn, Database, fetch_all, fetch_one

log = logging.getLogger(__name__)

RATE = "rate"  # a finished game to rate (bot/store/ratings.py)
SHOW_STEP = "show-step"  # a step shown in its channel (cogs/common/catch_up.py)
DEADLINES = "deadlines"  # a step's deadlines and reminders set (bot/tables/clock.py)
WEB_NOTICE = "web-notice"  # the pages of every process told of a changed game
BATCH = 100
_ROWS = "SELECT id, kind, game_id, detail, created_at FROM owed_work"


@dataclass(frozen=True)
class Owed:
    """A row of owed work: what it is (`kind`, the handler's name), the game it is
    about and what its handler needs to know (`detail`)."""

    id: int
    kind: str
    game_id: int | None
    detail: dict[str, Any]
    created_at: float


# Does the work and settles the row; False: not this process's to do (the row stays).
Handler = Callable[[Owed], Awaitable[bool]]
# The games a behind handler still owes work to, and its work for one of them (False: not
# this process's to do, or not now).
Pending = Callable[[], Awaitable[list[int]]]
BehindHandler = Callable[[int], Awaitable[bool]]
# Told right after a game's commit; must not raise or wait.
Told = Callable[[int], None]


async def owe(conn: Conn, kind: str, game_id: int | None, now: float,
              detail: dict[str, Any] | None = None) -> int:
    """Record work as owed, inside the caller's transaction; the row's id."""
    row = await fetch_one(
        conn, "INSERT INTO owed_work (kind, game_id, detail, created_at) "
              "VALUES (?, ?, ?, ?) RETURNING id",
        (kind, game_id, json.dumps(detail or {}, sort_keys=True), now))
    assert row is not None
    return int(row["id"])


async def settle(conn: Conn, owed_id: int) -> None:
    """The work is done: inside the transaction that did it."""
    await conn.execute("DELETE FROM owed_work WHERE id = ?", (owed_id,))


class AfterCommit:
    """The named after-commit handlers and the rows of work owed to them."""

    def __init__(self, db: Database, clock: Callable[[], float]) -> None:
        self._db = db
        self._clock = clock
        self._handlers: dict[str, Handler] = {}
        self._whole: set[str] = set()  # kinds whose handler does every row at once
        self._behind: dict[str, tuple[Pending, BehindHandler]] = {}
        self._told_hooks: dict[str, Told] = {}
        self._doing: set[int] = set()  # rows this process is doing right now
        self._traced: set[int] = set()  # rows whose failure was logged with its trace

    def register(self, kind: str, handler: Handler, *, all_at_once: bool = False) -> None:
        """`handler` does the rows of `kind` from now on (a later one replaces it); with
        `all_at_once`, one call does every row of the kind (it is called once a run)."""
        self._handlers[kind] = handler
        if all_at_once:
            self._whole.add(kind)

    def register_behind(self, kind: str, pending: Pending, handler: BehindHandler) -> None:
        """`handler(game_id)` does the work of `kind` for each game `pending()` lists (a
        game whose mark trails its version); it moves the mark itself once done."""
        self._behind[kind] = (pending, handler)

    def register_told(self, kind: str, told: Told) -> None:
        """`told(game_id)` is called right after each commit that changed the game."""
        self._told_hooks[kind] = told

    def kinds(self) -> dict[str, str]:
        """Every registered handler's name and kind ("owed row", "behind", "told")."""
        return {**{k: "owed row" for k in self._handlers},
                **{k: "behind" for k in self._behind},
                **{k: "told" for k in self._told_hooks}}

    async def committed(self, game_id: int, owed: Collection[str] = ()) -> None:
        """Right after a commit that changed the game: the told handlers hear of it, then
        the owed rows of `owed` (what its transaction recorded) are done now. Never
        raises: the step is committed whatever happens here, and what fails is done by a
        later run."""
        for kind, told in self._told_hooks.items():
            try:
                told(game_id)
            except Exception as exc:  # its readers look again by themselves
                log.warning("%s for game %s not told: %r", kind, game_id, exc)
        if owed:
            try:
                await self.run(owed)
            except Exception as exc:
                log.warning("owed %s work not done yet; tried again later: %r",
                            ", ".join(owed), exc)

    @asynccontextmanager
    async def owing(self, kind: str, game_id: int | None,
                    detail: dict[str, Any]) -> AsyncIterator[Owed]:
        """Record work as owed, committed, before doing it in the block: a failure or a
        crash in the block leaves the row to the redo (never this process's own while
        the block runs). The block settles the row (`settle`) in the transaction that
        finishes the work."""
        now = self._clock()
        async with self._db.transaction() as conn:
            owed_id = await owe(conn, kind, game_id, now, detail)
        self._doing.add(owed_id)
        try:
            yield Owed(owed_id, kind, game_id, detail, now)
        finally:
            self._doing.discard(owed_id)

    async def settle(self, owed_id: int) -> None:
        """A row done with no other write to make (its work left nothing to store)."""
        async with self._db.transaction() as conn:
            await settle(conn, owed_id)

    async def owed(self) -> list[Owed]:
        """Every row still owed, oldest first."""
        async with self._db.reading_each() as conn:
            rows = await fetch_all(conn, f"{_ROWS} ORDER BY id")
        return [_owed(r) for r in rows]

    async def run(self, kinds: Collection[str] | None = None) -> int:
        """Do the owed work whose handler this process has (of `kinds`, default all): the
        owed rows oldest first, then each behind handler's games; how many were done. A
        handler that fails leaves its work for the next run, logged; reading what is
        owed may raise (the database refuses)."""
        done = await self._run_rows([k for k in (self._handlers if kinds is None else kinds)
                                     if k in self._handlers])
        for kind, (pending, handler) in self._behind.items():
            if kinds is None or kind in kinds:
                done += await self._run_behind(kind, pending, handler)
        return done

    async def _run_behind(self, kind: str, pending: Pending, handler: BehindHandler) -> int:
        done = 0
        for game_id in await pending():
            try:
                done += bool(await handler(game_id))
            except Exception as exc:  # the mark stays behind: the next run tries again
                log.warning("%s work for game %s failed; tried again later: %r",
                            kind, game_id, exc)
        return done

    async def _run_rows(self, wanted: list[str]) -> int:
        if not wanted:
            return 0
        async with self._db.reading_each() as conn:
            rows = await fetch_all(
                conn, f"{_ROWS} WHERE kind IN ({', '.join('?' * len(wanted))}) "
                      f"ORDER BY id LIMIT ?",
                (*wanted, BATCH))
        done = 0
        called: set[str] = set()
        for row in rows:
            owed = _owed(row)
            if owed.id in self._doing or owed.kind in called & self._whole:
                continue
            called.add(owed.kind)
            self._doing.add(owed.id)
            try:
                if await self._handlers[owed.kind](owed):
                    done += 1
                    self._traced.discard(owed.id)
            except Exception as exc:  # the row stays: the next run tries again
                first = owed.id not in self._traced
                self._traced.add(owed.id)
                log.warning("owed %s work %s (game %s) failed; tried again later: %r",
                            owed.kind, owed.id, owed.game_id, exc, exc_info=first)
            finally:
                self._doing.discard(owed.id)
        return done


def _owed(row: Any) -> Owed:
    return Owed(int(row["id"]), str(row["kind"]), row["game_id"], json.loads(row["detail"]),
                float(row["created_at"]))
