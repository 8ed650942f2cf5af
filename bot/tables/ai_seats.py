"""Computer seats that search think in the background. Part of the table service (mixed
into `TableService`).

A searching seat's move is worked out in the AI pool without holding the game's lock:
the step that made it the seat's turn is committed and shown at once, people keep
clicking (at this table in simultaneous placement, and at every other), and the move is
committed and posted when it is ready, provided the seat still faces the same decision
(else it thinks again). Nothing is stored while it thinks, so a restart loses nothing:
at start-up every game whose computer seats are awaited is set going again, and the
table clock's `think:` row has another process take the seat up when the one thinking
is gone (bot/tables/clock.py)."""

from __future__ import annotations

import asyncio
import logging
from typing import Any

from bot.games.base import IllegalAction
from bot.store import ACTIVE, LoadedGame, StoreError
from bot.tables.ai_pool import AiPool
from bot.tables.kits import SEARCH_LEVEL, get_kit, seat_level
from bot.tables.steps import Step
from bot.tables.timing import moves_at_once

log = logging.getLogger(__name__)
MAX_FAILED_MOVES = 3  # refused moves in a row before a table's thinking gives up


class AiSeatsMixin:
    """Uses the service's store, clock, lock(), load(), _run_ai() and publish()."""

    ai: AiPool
    _thinking: dict[int, asyncio.Task]

    def searching_seat(self, game: LoadedGame) -> int | None:
        """The first awaited seat the computer plays at the searching level."""
        if game.row.status != ACTIVE:
            return None
        for seat in game.engine.pending(game.state):
            s = game.seats[seat]
            if moves_at_once(game, seat) and seat_level(game.row.settings, s) == SEARCH_LEVEL:
                return seat
        return None

    def think_later(self, game_id: int) -> None:
        """Let the game's searching seats think (once: a table thinks in one task)."""
        task = self._thinking.get(game_id)
        if task is None or task.done():
            self._thinking[game_id] = asyncio.create_task(self._think(game_id),
                                                          name=f"ai-game-{game_id}")

    async def idle(self) -> None:
        """Wait until no table is thinking (tests, shutdown)."""
        while tasks := [t for t in self._thinking.values() if not t.done()]:
            await asyncio.gather(*tasks, return_exceptions=True)

    async def stop_ai(self) -> None:
        """At shutdown: stop thinking and the worker processes. Nothing is lost: a seat
        that was thinking thinks again when the bot is back (`resume_ai`)."""
        tasks = [t for t in self._thinking.values() if not t.done()]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        self._thinking.clear()
        self.ai.close()

    async def resume_ai(self, game: LoadedGame) -> None:
        """At start-up: computer seats awaited in a running game move, or think again."""
        if game.row.status != ACTIVE or not any(
                moves_at_once(game, s) for s in game.engine.pending(game.state)):
            return  # people are awaited: nothing to do (most games, at start-up)
        async with self.lock(game.id):
            step = Step(await self.load(game.id))
            await self._run_ai(step)
            if step.events:
                await self.clock.sync(step.game)
        if step.events:
            await self._publish_quietly(step)

    async def _think(self, game_id: int) -> None:
        failures = 0
        while failures < MAX_FAILED_MOVES:
            try:
                moved = await self._think_once(game_id)
            except (IllegalAction, StoreError) as exc:
                log.warning("game %s: a computer move was refused: %s", game_id, exc)
                failures += 1
                continue
            except Exception:
                log.exception("game %s: a computer seat failed to think", game_id)
                failures += 1
                continue
            if moved is None:
                return
            failures = 0
        log.error("game %s: the computer stopped thinking after %d refused moves", game_id,
                  failures)
        self._thinking.pop(game_id, None)

    async def _think_once(self, game_id: int) -> bool | None:
        """Think about one decision and commit it; None when nobody is left to think."""
        async with self.lock(game_id):
            game: LoadedGame = await self.load(game_id)
            seat = self.searching_seat(game)
            if seat is None:
                self._thinking.pop(game_id, None)  # under the lock: later steps start anew
                return None
        kit = get_kit(game.row.game)
        decision = kit.decision_key(game.state, seat)
        seed = f"{game.row.seed}:{game.version}:{seat}"
        action = await self.ai.choose(kit, game.state, seat, seed, SEARCH_LEVEL)
        async with self.lock(game_id):
            game = await self.load(game_id)
            if self.searching_seat(game) != seat or \
                    kit.decision_key(game.state, seat) != decision:
                return False  # the game moved on meanwhile: think again
            result = await self.store.actions.submit(
                game_id, action, expected_version=game.version)
            log.info("game %s v%s: computer seat %s %s", game_id, result.version, seat,
                     action.get("type"))
            step = Step(await self.load(game_id), list(result.events), since=game.version)
            await self._run_ai(step)
            await self.clock.sync(step.game)
        await self._publish_quietly(step)
        return True

    async def _publish_quietly(self, step: Any) -> None:
        """The move is committed whatever happens here; a failed post is only logged
        (`/doge board` shows the table again)."""
        try:
            await self.publish(step)
        except Exception:
            log.exception("game %s: could not show a computer move", step.game.id)
