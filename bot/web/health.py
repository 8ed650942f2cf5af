"""The host's two addresses: `/healthz` (is this process well?) and `/metrics` (Prometheus'
text format, bot/ops/metrics.py).

`add_health_routes` adds them to an aiohttp application: the pages' app
(bot/web/app.py) has them, on WEB_PORT in the bot, and in `python -m bot web`, which has
no connection to Discord to check."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from typing import Protocol

from aiohttp import web
from prometheus_client.exposition import CONTENT_TYPE_PLAIN_0_0_4

from bot.games.registry import GAMES
from bot.ops import metrics
from bot.ops.logs import describe_error

log = logging.getLogger(__name__)

ANSWER_WITHIN_S = 5.0  # a database slower than this to answer is not well
GatewayProblem = Callable[[], str | None]


class RunningGames(Protocol):
    async def running(self) -> dict[str, int]: ...


class Pingable(Protocol):
    """What the health check needs of the store (bot/store/store.py): its games."""

    @property
    def games(self) -> RunningGames: ...


def no_gateway() -> str | None:
    """The gateway check of a process that has no Discord connection (`python -m bot
    web`): nothing to be wrong."""
    return None


async def health_problem(store: Pingable, gateway_problem: GatewayProblem) -> str | None:
    """What is wrong with this process, in one line; None when the database answers a
    read of its games and the connection to Discord is up. A read of a table, not
    `SELECT 1`, which an SQLite file overwritten or cut short under the process still
    answers while every page fails."""
    try:
        await asyncio.wait_for(store.games.running(), ANSWER_WITHIN_S)
    except TimeoutError:
        return f"database: no answer within {ANSWER_WITHIN_S:g} s"
    except Exception as exc:  # closed, unreachable, refusing: all say the same
        return f"database: {describe_error(exc)}"
    gateway = gateway_problem()
    return None if gateway is None else f"discord: {gateway}"


async def read_running_games(store: Pingable) -> None:
    """The games being played now, read as Prometheus scrapes; when the database does not
    answer they are left out (a stale count would look current)."""
    try:
        counts = await asyncio.wait_for(store.games.running(), ANSWER_WITHIN_S)
    except Exception as exc:
        log.warning("metrics: the running games could not be read: %s", describe_error(exc))
        metrics.GAMES_RUNNING.clear()
        return
    metrics.games_running(counts, GAMES)


def add_health_routes(app: web.Application, *, store: Pingable,
                      gateway_problem: GatewayProblem) -> None:
    """Add `/healthz` and `/metrics` to `app`. `gateway_problem()` says what is wrong
    with the connection to Discord (None: connected; `no_gateway` where there is none)."""

    async def healthz(_request: web.Request) -> web.Response:
        problem = await health_problem(store, gateway_problem)
        if problem is None:
            return web.Response(text="ok\n")
        return web.Response(status=503, text=problem + "\n")

    async def metrics_page(_request: web.Request) -> web.Response:
        await read_running_games(store)
        return web.Response(body=metrics.exposition(),
                            headers={"Content-Type": CONTENT_TYPE_PLAIN_0_0_4})

    app.router.add_get("/healthz", healthz)
    app.router.add_get("/metrics", metrics_page)
