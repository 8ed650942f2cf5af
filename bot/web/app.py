"""The web application: `create_web_app(store, base_url=...)` gives an aiohttp
application serving every game's page (`/g/<token>`), each server's (`/s/<token>`) and a
player's private page (`/g/<token>/me/<signed>`), from the same database the bot uses. The
bot starts it when `WEB_PORT` is set; `python -m bot web` runs it alone (`serve_web`)."""

from __future__ import annotations

import asyncio
import logging
import re
import time
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path

import aiohttp_jinja2
import jinja2
from aiohttp import web
from markupsafe import Markup, escape

from bot.games.wording import SUBTEXT
from bot.i18n import _, _n
from bot.store import Store
from bot.tables.languages import ServerLanguages
from bot.tables.service import TableService
from bot.tables.web_links import WebLinks
from bot.web.game_pages import GamePages
from bot.web.health import GatewayProblem, add_health_routes, no_gateway
from bot.web.history import History
from bot.web.server_page import ServerPage

log = logging.getLogger(__name__)

HERE = Path(__file__).resolve().parent
PAGES = web.AppKey("pages", GamePages)  # the game pages' handlers (the tests look in)
POLL_S = 1.0  # how often a page's event stream looks for a new step
_BOLD = re.compile(r"\*\*(.+?)\*\*")
_STAMP = re.compile(r"&lt;t:(\d+):[a-zA-Z]&gt;")


def when(seconds: float | None) -> str:
    """A moment as the pages write it (UTC: the reader's own zone is unknown)."""
    if seconds is None:
        return ""
    return datetime.fromtimestamp(seconds, UTC).strftime("%Y-%m-%d %H:%M UTC")


def line_html(line: str) -> Markup:
    """A line of the bot's story as HTML: escaped, with its bold kept, a footnote small
    and a Discord timestamp written out (a line may hold several, one under the other)."""
    parts = []
    for part in line.split("\n"):
        small = part.startswith(SUBTEXT)
        text = str(escape(part[len(SUBTEXT):] if small else part))
        text = _BOLD.sub(r"<strong>\1</strong>", text)
        text = _STAMP.sub(lambda m: when(int(m.group(1))), text)
        parts.append(f"<small>{text}</small>" if small else text)
    return Markup("\n".join(parts))


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
    env = aiohttp_jinja2.setup(
        app, loader=jinja2.FileSystemLoader(HERE / "templates"), autoescape=True,
        undefined=jinja2.StrictUndefined)
    env.globals.update(_=_, _n=_n)
    env.filters.update(line=line_html, when=when)
    service = service or TableService(store, clock=clock)
    languages = languages or ServerLanguages(store)
    links = WebLinks(store, base_url, secret=secret, clock=clock)
    history = History(service)
    games = GamePages(service, history, languages, links, poll_s=poll_s)
    server = ServerPage(store, languages)
    app[PAGES] = games
    app.on_shutdown.append(games.close_streams)
    app.router.add_get("/g/{token}", games.page)
    app.router.add_get("/g/{token}/live", games.live)
    app.router.add_get("/g/{token}/step/{step:\\d+}.png", games.step_image)
    app.router.add_get("/g/{token}/step/{step:\\d+}.json", games.step_json)
    app.router.add_get("/g/{token}/events", games.events)
    app.router.add_get("/g/{token}/record.json", games.record)
    app.router.add_get("/g/{token}/recap.gif", games.recap)
    app.router.add_get("/g/{token}/me/{signed}", games.private)
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


async def run_web_alone(database: str, *, port: int, base_url: str, host: str,
                        secret: str | None) -> None:
    """`python -m bot web`: the pages alone, on the bot's database, until stopped."""
    async with await Store.open(database) as store:
        runner = await serve_web(store, port=port, base_url=base_url, host=host,
                                 secret=secret)
        try:
            await asyncio.Event().wait()
        finally:
            await runner.cleanup()
