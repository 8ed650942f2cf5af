"""Where the computer players think: the searching level in worker processes, so a search
never holds up the event loop and with it every other table's clicks.

A worker is handed only the seat's view and its legal actions, never the game's state.
At most `processes` searches run at once; up to `queue` more wait their turn, and a
decision arriving when that many wait is played at the `normal` level instead (a busy
bot stays responsive). `AI_PROCESSES` (default: one per core less one, at least one) and
`AI_QUEUE` (default: four per process) in the environment set the two."""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import os
import random
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from bot.games.base import Action
from bot.ops import metrics
from bot.tables.kits import DEFAULT_LEVEL, SEARCH_LEVEL, GameKit, get_kit

log = logging.getLogger(__name__)


def default_processes() -> int:
    """One process per core less one (the event loop's), and at least one."""
    return max(1, (os.cpu_count() or 1) - 1)


def setting(name: str, default: int) -> int:
    """A positive whole number from the environment; anything else keeps the default
    (and says so once)."""
    text = os.environ.get(name, "").strip()
    if not text:
        return default
    if text.isdigit() and int(text) > 0:
        return int(text)
    log.warning("%s=%r is not a positive whole number: using %d", name, text, default)
    return default


def think(game: str, view: Any, legal: list[Action], seed: str) -> Action:
    """In a worker process: the search's choice for the seat that sees `view`."""
    return get_kit(game).search_action(view, legal, random.Random(seed))


class AiPool:
    def __init__(self, processes: int | None = None, queue: int | None = None) -> None:
        self.processes = processes or setting("AI_PROCESSES", default_processes())
        self.queue = queue if queue is not None else setting("AI_QUEUE", 4 * self.processes)
        self._executor: ProcessPoolExecutor | None = None
        self.searching = 0  # searches running or waiting now

    def executor(self) -> ProcessPoolExecutor:
        if self._executor is None:
            # Fresh interpreters, not forks of a process running an event loop and threads.
            self._executor = ProcessPoolExecutor(
                self.processes, mp_context=multiprocessing.get_context("spawn"))
        return self._executor

    async def choose(self, kit: GameKit, state: Any, seat: int, seed: str,
                     level: str) -> Action:
        """The computer's action for `seat` at `level`. The same seed gives the same
        action whether it is computed here or in a worker."""
        if level == SEARCH_LEVEL and self.searching >= self.processes + self.queue:
            log.warning("%d searches waiting: a %s move is played at the %s level",
                        self.searching, kit.name, DEFAULT_LEVEL)
            level = DEFAULT_LEVEL
        if level != SEARCH_LEVEL:
            return kit.ai_action(state, seat, random.Random(seed), level)
        view = kit.engine.public_view(state, seat)
        legal = kit.engine.legal_actions(state, seat)
        self.searching += 1
        metrics.ai_searching(self.searching, self.processes)
        try:
            loop = asyncio.get_running_loop()
            return await loop.run_in_executor(self.executor(), think, kit.name, view,
                                              legal, seed)
        except BrokenProcessPool:
            # A worker died (killed, out of memory): a new pool next time, this move
            # at the normal level so the table goes on.
            log.error("an AI worker process died: a %s move is played at the %s level",
                      kit.name, DEFAULT_LEVEL)
            self._executor = None
        except Exception:
            log.exception("a %s search failed: the move is played at the %s level",
                          kit.name, DEFAULT_LEVEL)
        finally:
            self.searching -= 1
            metrics.ai_searching(self.searching, self.processes)
        return kit.ai_action(state, seat, random.Random(seed), DEFAULT_LEVEL)

    def close(self) -> None:
        """Stop the workers: waiting searches are dropped (their seats think again after
        a restart); one still running is not waited for."""
        if self._executor is not None:
            self._executor.shutdown(wait=False, cancel_futures=True)
            self._executor = None
