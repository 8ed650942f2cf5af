"""A game's page and what it loads: its steps' boards and stories, the event stream that
tells it a step happened, the record and recap of a finished game, and a seat's private
page. Everything public here comes from public views and the channel's own story."""

from __future__ import annotations

import asyncio
import json
import re
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import aiohttp_jinja2
from aiohttp import web

from bot.games.wording import writing_user_text
from bot.i18n import _, speaking
from bot.store import ACTIVE, FINISHED, LOBBY, LoadedGame, Seat, StoreError, UnknownGame
from bot.tables.kits import colour_word, get_kit
from bot.tables.languages import ServerLanguages
from bot.tables.not_installed import NotInstalled
from bot.tables.service import TableService
from bot.tables.steps import TableError
from bot.tables.web_links import WebLinks
from bot.web.games import WEB_GAMES
from bot.web.history import History, Steps
from bot.web.live import Follower, News, Watcher
from bot.web.text import line_html, marked, plain
from cogs.common.story import board_description

_COLOUR_ID = re.compile(r"[a-z]{1,20}")  # a colour's id, as the page's classes name it
FOREVER = "public, max-age=31536000, immutable"  # a step's board at its own address
FRESH = "no-cache"  # asked again each time: the game moves on
PRIVATE = "private, no-store"
HEARTBEAT_S = 15.0  # a comment on a quiet event stream, so proxies keep it open
RECAPS = 8  # recaps kept drawn


@dataclass(frozen=True)
class PlayerRow:
    seat: int
    name: str
    colour: str | None  # only where colours are public (`shown_colours`)
    colour_name: str
    computer: bool
    autopilot: bool
    awaited: bool
    deadline: float | None
    paused: bool
    away_until: float | None


TOKENS_KEPT = 10_000  # game pages whose token -> game is remembered
# A server's pages, found on by a page's reading, are taken to be on this long by a
# board served from the cache without reading (turned off, they are gone within it).
SHOWN_FOR_S = 1.0


class GamePages:
    def __init__(self, service: TableService, history: History, languages: ServerLanguages,
                 links: WebLinks, *, poll_s: float,
                 clock: Callable[[], float] = time.time) -> None:
        self.service = service
        self.store = service.store
        self.history = history
        self.languages = languages
        self.links = links
        self.poll_s = poll_s
        self.clock = clock
        self._recaps: dict[int, bytes | None] = {}
        # A token names its game (and the game its server) for good: tokens are never
        # changed or reused, so once found, a request needs no database read to know
        # them. Unknown tokens are not kept, so a link made later works at once.
        self._game_of_token: dict[str, tuple[int, int | None]] = {}
        self._shown_at: dict[int, float] = {}  # server -> when its pages were last on
        self.closing = asyncio.Event()  # set at shutdown: the event streams end
        self.watcher = Watcher(self.store, self.describe, poll_s=poll_s)

    async def close_streams(self, _app: web.Application) -> None:
        self.closing.set()
        await self.watcher.close()  # wakes every stream, which then ends

    # ---- finding the game -------------------------------------------------------------

    async def _game(self, request: web.Request) -> LoadedGame:
        """The game a page's token names, while its server shows pages; else 404."""
        token = request.match_info["token"]
        known = self._game_of_token.get(token)
        game_id = known[0] if known is not None \
            else await self.store.web_pages.page_of("game", token)
        if game_id is None:
            raise web.HTTPNotFound(text="no such page")
        try:
            game = await self.service.load(game_id)
        except NotInstalled:  # its rows are kept, its engine is gone: nothing to draw
            raise web.HTTPNotFound(text="this game is not installed here any more") from None
        except (UnknownGame, StoreError, TableError):
            raise web.HTTPNotFound(text="no such page") from None
        guild_id = game.row.guild_id
        if not await self.store.web_pages.pages_shown(guild_id):
            self._shown_at.pop(guild_id or 0, None)
            raise web.HTTPNotFound(text="no such page")
        self._shown_at[guild_id or 0] = self.clock()
        if known is None:
            if len(self._game_of_token) >= TOKENS_KEPT:
                self._game_of_token.clear()  # a bound, not an LRU: refilled as pages are read
            self._game_of_token[token] = (game_id, guild_id)
        return game

    def _cached_board(self, request: web.Request) -> web.Response | None:
        """A step's board at the address its page gives (which names the game's version
        in its tag), served from the cache without reading the database; None when it
        is not there or the server's pages were not seen on within `SHOWN_FOR_S`."""
        tag, known = request.query.get("t"), self._game_of_token.get(request.match_info["token"])
        if tag is None or known is None:
            return None
        game_id, guild_id = known
        shown_at = self._shown_at.get(guild_id or 0)
        if shown_at is None or not 0 <= self.clock() - shown_at < SHOWN_FOR_S:
            return None
        png = self.history.cached_image(game_id, int(request.match_info["step"]), tag)
        if png is None:
            return None
        if request.headers.get("If-None-Match") == f'"{tag}"':
            return web.Response(status=304, headers={"ETag": f'"{tag}"'})
        return web.Response(body=png, content_type="image/png",
                            headers={"Cache-Control": FOREVER, "ETag": f'"{tag}"'})

    async def _steps(self, game: LoadedGame) -> Steps | None:
        return None if game.state is None else await self.history.steps(game)

    def _step_of(self, request: web.Request, steps: Steps | None) -> int:
        """The step a path names (ASCII digits, the route says), if the game has it."""
        step = int(request.match_info["step"])
        if steps is None or step > steps.last:
            raise web.HTTPNotFound(text="no such step")
        return step

    def _image_url(self, game: LoadedGame, steps: Steps, step: int, language: str,
                   token: str) -> str:
        tag = self.history.image_tag(game, steps, step, language)
        return f"/g/{token}/step/{step}.png?t={tag}"

    # ---- the page ---------------------------------------------------------------------

    async def page(self, request: web.Request) -> web.Response:
        return await self._render(request, "game.html")

    async def live(self, request: web.Request) -> web.Response:
        """The part of the page that changes with each step (players, story, result)."""
        return await self._render(request, "game_live.html")

    async def _render(self, request: web.Request, template: str) -> web.Response:
        """`template` filled with the game's page context, in its server's language."""
        game = await self._game(request)
        language = await self.languages.of(game.row.guild_id)
        with speaking(language):
            context = await self._context(request, game, language)
            response = aiohttp_jinja2.render_template(template, request, context)
        response.headers["Cache-Control"] = FRESH
        return response

    async def _context(self, request: web.Request, game: LoadedGame,
                       language: str) -> dict[str, Any]:
        token = request.match_info["token"]
        steps = await self._steps(game)
        kit = get_kit(game.row.game)
        over = game.row.status not in (LOBBY, ACTIVE)
        step = None
        if steps is not None:
            lines, caption = await self.history.step_told(game, steps.versions[steps.last])
            step = {"number": steps.last, "last": steps.last, "lines": [li for _k, li in lines],
                    "alt": board_description(caption),
                    "image": self._image_url(game, steps, steps.last, language, token)}
        return {
            "token": token, "game": game, "title": kit.title, "kit": kit,
            "status": status_text(game), "over": over, "steps": steps, "step": step,
            "players": await self._players(game),
            "story": await self.history.story(game) if game.state is not None else [],
            "mark": await self.mark(game),
            "finished": game.row.status == FINISHED, "lang": language,
        }

    async def _players(self, game: LoadedGame) -> list[PlayerRow]:
        kit = get_kit(game.row.game)
        awaited = {s.seat for s in self.service.awaited_seats(game)} \
            if game.state is not None else set()
        deadlines = {d.seat: d for d in await self.store.deadlines.get_deadlines(game.id)
                     if d.seat is not None}
        colours = shown_colours(game)
        rows = []
        for seat in game.seats:
            deadline = deadlines.get(seat.seat) if seat.seat in awaited else None
            colour = colours.get(seat.seat)
            rows.append(PlayerRow(
                seat=seat.seat + 1, name=seat.name, colour=colour,
                colour_name="" if colour is None else
                colour_word(colour) if colour in kit.colours else _(colour),
                computer=seat.is_bot, autopilot=seat.autopilot and not seat.is_bot,
                awaited=seat.seat in awaited,
                deadline=deadline.due_at if deadline is not None else None,
                paused=deadline is not None and deadline.paused,
                away_until=seat.away_until))
        return rows

    # ---- steps ------------------------------------------------------------------------

    async def step_image(self, request: web.Request) -> web.Response:
        cached = self._cached_board(request)
        if cached is not None:
            return cached
        game = await self._game(request)
        steps = await self._steps(game)
        step = self._step_of(request, steps)
        assert steps is not None
        language = await self.languages.of(game.row.guild_id)
        tag = self.history.image_tag(game, steps, step, language)
        if request.headers.get("If-None-Match") == f'"{tag}"':
            return web.Response(status=304, headers={"ETag": f'"{tag}"'})
        png = await self.history.image(game, steps, step, language)
        # At the address the page gives (with its tag) a step's board never changes.
        cache = FOREVER if request.query.get("t") == tag else FRESH
        return web.Response(body=png, content_type="image/png",
                            headers={"Cache-Control": cache, "ETag": f'"{tag}"'})

    async def step_json(self, request: web.Request) -> web.Response:
        """A step for the slider: its board's address and the lines its action told."""
        game = await self._game(request)
        steps = await self._steps(game)
        step = self._step_of(request, steps)
        assert steps is not None
        language = await self.languages.of(game.row.guild_id)
        with speaking(language):
            lines, caption = await self.history.step_told(game, steps.versions[step])
            label = _("Step {step} of {last}", step=step, last=steps.last)
            alt = board_description(caption)
        body = {"step": step, "last": steps.last, "label": label, "caption": caption,
                "alt": alt,
                "lines": [plain(line) for _kind, line in lines],
                "html": [str(line_html(line)) for _kind, line in lines],
                "image": self._image_url(game, steps, step, language,
                                         request.match_info["token"])}
        return web.json_response(body, headers={"Cache-Control": FRESH})

    # ---- live updates -----------------------------------------------------------------

    async def mark(self, game: LoadedGame) -> str:
        """What a reader can see change: the newest public step, the status and who is
        awaited. Not the game's version, which a secret ballot changed again moves on
        (the channel never tells that one was changed, D-10)."""
        steps = await self._steps(game)
        awaited = ",".join(str(s.seat) for s in self.service.awaited_seats(game)) \
            if game.state is not None else ""
        return f"{steps.last if steps is not None else ''}:{game.row.status}:{awaited}"

    async def describe(self, game_id: int) -> News:
        """What a page's event says of the game now (the watcher asks once a change)."""
        game = await self.service.load(game_id)
        steps = await self._steps(game)
        return {"mark": await self.mark(game), "status": game.row.status,
                "last": steps.last if steps is not None else None}

    async def events(self, request: web.Request) -> web.StreamResponse:
        """Server-sent events: one at once, then one whenever what the page shows changes
        (the app's one watcher tells every stream of the game: bot/web/live.py). A
        stream whose reader is gone ends at its next write, a heartbeat at the latest."""
        game = await self._game(request)
        response = web.StreamResponse(headers={
            "Content-Type": "text/event-stream", "Cache-Control": "no-cache",
            "X-Accel-Buffering": "no"})  # nginx passes each event on at once
        await response.prepare(request)
        seen: str | None = None
        try:
            async with self.watcher.follow(game.id) as follower:
                while not self.closing.is_set():
                    follower.woken.clear()  # before reading: a change from now on wakes
                    news = self.watcher.news(follower)
                    if news is None:  # pages off, or the game gone
                        break
                    if news["mark"] != seen:
                        seen = news["mark"]
                        await response.write(f"event: step\ndata: {json.dumps(news)}\n\n"
                                             .encode())
                    if not await self._woken(follower):
                        await response.write(b": still here\n\n")
        except ConnectionResetError:  # the reader went away (aiohttp's own is one too)
            pass
        return response

    async def _woken(self, follower: Follower) -> bool:
        """Waits until the game's news changes or a heartbeat is due (False)."""
        try:
            await asyncio.wait_for(follower.woken.wait(), HEARTBEAT_S)
        except TimeoutError:
            return False
        return True

    # ---- a finished game --------------------------------------------------------------

    async def record(self, request: web.Request) -> web.Response:
        """The game record the bot exports, once the game is over (its secrets then)."""
        game = await self._game(request)
        if game.row.status in (LOBBY, ACTIVE):
            raise web.HTTPNotFound(text="the record is given once the game is over")
        data = json.dumps(await self.store.records.export_game(game.id), indent=1)
        name = f"{game.row.game}-game-{game.id}.json"
        return web.Response(text=data, content_type="application/json", headers={
            "Content-Disposition": f'attachment; filename="{name}"',
            "Cache-Control": "public, max-age=3600"})

    async def recap(self, request: web.Request) -> web.Response:
        from cogs.common.community import recap_scenes
        from rendering.common.recap import render_recap_async

        game = await self._game(request)
        if game.row.status != FINISHED:
            raise web.HTTPNotFound(text="no recap")
        if game.id not in self._recaps:
            with speaking(await self.languages.of(game.row.guild_id)):
                found = await recap_scenes(self.service, game)
                self._recaps[game.id] = None if found is None else \
                    await render_recap_async(game.row.game, found[1])
            while len(self._recaps) > RECAPS:
                self._recaps.pop(next(iter(self._recaps)))
        gif = self._recaps[game.id]
        if gif is None:
            raise web.HTTPNotFound(text="no recap")
        return web.Response(body=gif, content_type="image/gif",
                            headers={"Cache-Control": "public, max-age=3600"})

    # ---- a seat's private page --------------------------------------------------------

    async def private(self, request: web.Request) -> web.Response:
        game = await self._game(request)
        found = await self.links.read(game.id, request.match_info["signed"])
        seat = game.seats[found.seat] if found and 0 <= found.seat < len(game.seats) else None
        if seat is None or found is None or seat.user_id != found.user_id:
            raise web.HTTPNotFound(text="this link is not valid (any more)")
        language = await self.languages.of(game.row.guild_id)
        with speaking(language):
            lines = private_lines(game, seat)
            response = aiohttp_jinja2.render_template("private.html", request, {
                "token": request.match_info["token"], "title": get_kit(game.row.game).title,
                "game": game, "seat": seat, "lines": lines, "expires": found.expires,
                "lang": language})
        response.headers["Cache-Control"] = PRIVATE
        response.headers["Referrer-Policy"] = "no-referrer"
        response.headers["X-Robots-Tag"] = "noindex"
        return response


def private_lines(game: LoadedGame, seat: Seat) -> list[str]:
    if game.state is None:
        return [_("The game has not started: nothing is secret yet.")]
    with writing_user_text(marked):
        return WEB_GAMES[game.row.game].secrets(game, seat)


def shown_colours(game: LoadedGame) -> dict[int, str]:
    """Each seat's colour where a page may show it: picked in the lobby (public from the
    start), or, in a game over, as the rules reveal it: its public view's result names
    every seat's colour (Clans, C-6.2). Before that a dealt colour is secret."""
    kit = get_kit(game.row.game)
    picked = {s.seat: s.colour for s in game.seats if s.colour in kit.colours}
    if picked or game.state is None or game.row.status in (LOBBY, ACTIVE):
        return picked
    view = game.engine.public_view(game.state, None).to_json()
    result = view.get("result") if isinstance(view, dict) else None
    revealed = result.get("colours") if isinstance(result, dict) else None
    if not isinstance(revealed, list):
        return {}
    return {seat: colour for seat, colour in enumerate(revealed)
            if isinstance(colour, str) and _COLOUR_ID.fullmatch(colour)}


def status_text(game: LoadedGame) -> str:
    return {LOBBY: _("Waiting in the lobby"), ACTIVE: _("Being played"),
            FINISHED: _("Finished")}.get(game.row.status, _("Ended by a moderator"))
