"""The web application: `create_web_app(store, base_url=...)` gives an aiohttp
application serving every game's page (`/g/<token>`), each server's (`/s/<token>`) and a
player's private page (`/g/<token>/me/<signed>`), from the same database the bot uses. The
bot starts it when `WEB_PORT` is set; `python -m bot web` runs it alone (`serve_web`)."""

from __future__ import annotations

import asyncio
import logging
import sqlite3
import time
from collections.abc import Callable
from pathlib import Path

import aiohttp_jinja2
import jinja2
from aiohttp import web

from bot.i18n import _, _n
from bot.ops.logs import describe_error
from bot.store import Store, StoreError
from bot.store.backends.postgres import is_postgres_url
from bot.tables.languages import ServerLanguages
from bot.tables.service import TableService
from bot.tables.web_links import WebLinks
from bot.web.game_pages import GamePages
from bot.web.headers import add_headers
from bot.web.health import GatewayProblem, add_health_routes, no_gateway
from bot.web.history import History
from bot.web.server_page import ServerPage
from bot.web.text import line_html, marked, name_html, names_html, when

__all__ = ["PAGES", "create_web_app", "line_html", "run_web_alone", "serve_web", "when"]

log = logging.getLogger(__name__)

HERE = Path(__file__).resolve().parent
PAGES = web.AppKey("pages", GamePages)  # the game pages' handlers (the tests look in)
POLL_S = 1.0  # on SQLite, how often the live updates look for new steps (bot/web/live.py)
# A step's number: ASCII digits only, and few (a game has no more steps than this holds).
STEP = "{step:[0-9]{1,9}}"
SIGNED = "{signed:[0-9A-Za-z._-]{1,200}}"  # a private link's seat, user, expiry, signature


def create_web_app(store: Store, *, base_url: str, secret: str | None = None,
                   clock: Callable[[], float] = time.time, poll_s: float = POLL_S,
                   service: TableService | None = None,
                   languages: ServerLanguages | None = None,
                   gateway_problem: GatewayProblem = no_gateway) -> web.Application:
    """The pages of the games in `store`. `base_url`: the address they are reached at
    (behind the host's reverse proxy); `secret`: the key of the private links (default:
    one made once and kept in the database); `clock`: when a private link expires;
    `gateway_problem`: what `/healthz` says of the connection to Discord (none in a
    process that has none)."""
    app = web.Application()
    add_headers(app)
    env = aiohttp_jinja2.setup(
        app, loader=jinja2.FileSystemLoader(HERE / "templates"), autoescape=True,
        undefined=jinja2.StrictUndefined)
    env.globals.update(_=_, _n=_n)
    env.filters.update(line=line_html, when=when, name=name_html, names=names_html,
                       marked=marked)
    service = service or TableService(store, clock=clock)
    languages = languages or ServerLanguages(store)
    links = WebLinks(store, base_url, secret=secret, clock=clock)
    history = History(service)
    games = GamePages(service, history, languages, links, poll_s=poll_s, clock=clock)
    server = ServerPage(store, languages)
    app[PAGES] = games
    app.on_shutdown.append(games.close_streams)
    app.router.add_get("/g/{token}", games.page)
    app.router.add_get("/g/{token}/live", games.live)
    app.router.add_get(f"/g/{{token}}/step/{STEP}.png", games.step_image)
    app.router.add_get(f"/g/{{token}}/step/{STEP}.json", games.step_json)
    app.router.add_get("/g/{token}/events", games.events)
    app.router.add_get("/g/{token}/record.json", games.record)
    app.router.add_get("/g/{token}/recap.gif", games.recap)
    app.router.add_get(f"/g/{{token}}/me/{SIGNED}", games.private)
    app.router.add_get("/s/{token}", server.page)
    app.router.add_static("/static/", HERE / "static")
    add_health_routes(app, store=store, gateway_problem=gateway_problem)
    return app


async def serve_web(store: Store, *, port: int, base_url: str, host: str = "127.0.0.1",
                    secret: str | None = None, **options: object) -> web.AppRunner:
    """The pages served on `host:port` until the runner is cleaned up."""
    runner = web.AppRunner(create_web_app(store, base_url=base_url, secret=secret,
                                          **options),  # type: ignore[arg-type]
                           access_log=None)
    await runner.setup()
    try:
        await web.TCPSite(runner, host, port).start()
    except BaseException:  # the port is taken: nothing left open
        await runner.cleanup()
        raise
    log.info("web pages served on %s:%d for %s", host, port, base_url)
    return runner


class WebStartError(Exception):
    """`python -m bot web` cannot start: why, in one line."""


async def run_web_alone(database: str, *, port: int, base_url: str, host: str,
                        secret: str | None) -> None:
    """`python -m bot web`: the pages alone, on the bot's database, until stopped. A
    database that cannot be opened, or a port that cannot be had, is a WebStartError."""
    name = "the PostgreSQL database" if is_postgres_url(database) else database
    folder = Path(database).parent
    if not is_postgres_url(database) and not folder.is_dir():
        # Looked at first: SQLite's own refusal leaves a thread to complain at exit.
        raise WebStartError(f"cannot open {name}: the folder {folder} does not exist")
    try:
        store = await Store.open(database)
    except (StoreError, OSError, sqlite3.Error) as exc:
        raise WebStartError(f"cannot open {name}: {describe_error(exc)}") from None
    async with store:
        try:
            runner = await serve_web(store, port=port, base_url=base_url, host=host,
                                     secret=secret)
        except OSError as exc:
            raise WebStartError(f"cannot serve on {host}:{port}: {describe_error(exc)}") \
                from None
        try:
            await asyncio.Event().wait()
        finally:
            await runner.cleanup()
