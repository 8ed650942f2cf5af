"""What `/metrics` tells Prometheus: every metric the bot keeps, in one registry of its
own (not prometheus_client's global one, which other libraries may fill).

The code that does the work counts with one call each: a committed step (the store), a
click received and answered (cogs/common/ui.py and the bot's HTTP trace), a deadline
claimed by the clock, a search entering or leaving the computer players' pool, a post
Discord refused (cogs/common/delivery.py). The games running are read from the store
when Prometheus scrapes (bot/web/health.py)."""

from __future__ import annotations

import re
import time
from collections.abc import Iterable, Mapping
from types import SimpleNamespace

import aiohttp
from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram, generate_latest

from bot.games.registry import GAMES

NAMESPACE = "dogeclans"
REGISTRY = CollectorRegistry(auto_describe=True)

GAMES_RUNNING = Gauge("games_running", "Games being played now (started, not over), by game",
                      ["game"], namespace=NAMESPACE, registry=REGISTRY)
STEPS = Counter("steps", "Actions committed to games' logs (players, the table, computer "
                "players), by game", ["game"], namespace=NAMESPACE, registry=REGISTRY)
CLICKS = Counter("clicks", "Buttons and menus of a game clicked, by game", ["game"],
                 namespace=NAMESPACE, registry=REGISTRY)
CLICK_ANSWER = Histogram(
    "click_answer_seconds", "From a click's arrival to Discord accepting its answer or "
    "deferral (Discord allows 3 s)", namespace=NAMESPACE, registry=REGISTRY,
    buckets=(0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.0, 3.0, 5.0))
DEADLINES = Counter("deadlines_claimed", "Deadlines and reminders the clock claimed as due",
                    namespace=NAMESPACE, registry=REGISTRY)
DEADLINE_LATENESS = Histogram(
    "deadline_lateness_seconds", "How long after falling due the clock claimed a deadline",
    namespace=NAMESPACE, registry=REGISTRY,
    buckets=(0.1, 0.5, 1.0, 2.0, 5.0, 15.0, 60.0, 300.0, 900.0, 3600.0))
AI_SEARCHES = Gauge("ai_searches", "Computer players' searches running or waiting for a "
                    "worker process", namespace=NAMESPACE, registry=REGISTRY)
AI_QUEUE = Gauge("ai_queue_depth", "Computer players' searches waiting for a worker process",
                 namespace=NAMESPACE, registry=REGISTRY)
POSTING_FAILURES = Counter("posting_failures", "Posts and edits in a game's channel that "
                           "Discord refused or that failed, by reason", ["reason"],
                           namespace=NAMESPACE, registry=REGISTRY)

# Every game's and every reason's count is there from the start, at 0: a rate over a
# series that appears only with its first event would miss that event.
POSTING_REASONS = ("forbidden", "not_found", "thread_locked", "rate_limited",
                   "discord_error", "refused", "network")
for _game in GAMES:
    STEPS.labels(_game)
    CLICKS.labels(_game)
for _reason in POSTING_REASONS:
    POSTING_FAILURES.labels(_reason)

# A click's arrival, by interaction id, until its answer's request ends.
_received: dict[int, float] = {}
MAX_WAITING_CLICKS = 10_000  # a bound, should answers never be seen (a click that failed)
_CALLBACK = re.compile(r"/interactions/(\d+)/[^/]+/callback$")


def step(game: str) -> None:
    STEPS.labels(game).inc()


def click(game: str) -> None:
    CLICKS.labels(game).inc()


def click_received(interaction_id: int) -> None:
    if len(_received) >= MAX_WAITING_CLICKS:
        _received.clear()
    _received[interaction_id] = time.perf_counter()


def click_done(interaction_id: int) -> None:
    """Forget a click once handled (its answer, if any, was measured by then)."""
    _received.pop(interaction_id, None)


def answer_sent(path: str) -> None:
    """An HTTP request ended: if it answered a click being timed, its latency."""
    found = _CALLBACK.search(path)
    if found is None:
        return
    started = _received.pop(int(found[1]), None)
    if started is not None:
        CLICK_ANSWER.observe(time.perf_counter() - started)


def answer_trace() -> aiohttp.TraceConfig:
    """The bot's HTTP trace (discord.py's `http_trace`): it sees when Discord accepted an
    interaction's answer, whichever handler sent it."""

    async def ended(_session: aiohttp.ClientSession, _context: SimpleNamespace,
                    params: aiohttp.TraceRequestEndParams) -> None:
        answer_sent(params.url.path)

    trace = aiohttp.TraceConfig()
    trace.on_request_end.append(ended)
    return trace


def deadlines_claimed(now: float, due_at: Iterable[float | None]) -> None:
    for due in due_at:
        DEADLINES.inc()
        DEADLINE_LATENESS.observe(max(0.0, now - due) if due is not None else 0.0)


def ai_searching(searching: int, processes: int) -> None:
    AI_SEARCHES.set(searching)
    AI_QUEUE.set(max(0, searching - processes))


def posting_failed(reason: str) -> None:
    POSTING_FAILURES.labels(reason).inc()


def games_running(counts: Mapping[str, int], games: Iterable[str]) -> None:
    """Set the running games of every game (`games`: each known game, 0 when none run)."""
    for game in {*games, *counts}:
        GAMES_RUNNING.labels(game).set(counts.get(game, 0))


def exposition() -> bytes:
    """Every metric in Prometheus' text format."""
    return generate_latest(REGISTRY)
