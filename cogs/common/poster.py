"""Showing a table in its channel: one message per segment of the game (a Doge placement
round or election, a Clans move; see `cogs/common/segments.py`). The message carries the story
of its segment so far, the board as it stands, and the prompt saying who must act, with
the buttons to do it; it is edited as the segment goes on, then left as its record, and
the next segment gets a message of its own. So the channel gets about ten posts a Doge
year instead of a board and a prompt after every decision.

Each person is pinged when they must act: a new message mentions whoever it waits for
(and, in a Doge election, whoever decides later in it); someone asked later in the same
segment gets a short ping pointing to it. Edits never ping.

Commits happen before any of this, so a failed post never loses a step: `/doge board`
shows the table again, and the next post tells the whole segment from the action log.
"""

from __future__ import annotations

import asyncio
import io
import json
import logging
import re
from collections.abc import Awaitable, Callable

import discord

from bot.i18n import _, cmd, current_language, speaking
from bot.store import ACTIVE, LOBBY, LoadedGame
from bot.tables.languages import ServerLanguages
from bot.tables.service import Step, TableService
from cogs.common.delivery import PostingError, deliver, permission_hint
from cogs.common.segments import (
    LoggedEvent,
    Place,
    Segment,
    between,
    first_opening,
    last_opening,
    segments_of,
)

log = logging.getLogger(__name__)

MAX_CONTENT = 1900
LOOK_BACK = 100  # actions read to find the segment of a game that has no message yet
USER_MENTIONS = discord.AllowedMentions(users=True, roles=False, everyone=False)
MENTION = re.compile(r"<@!?(\d+)>")

PromptBuilder = Callable[[TableService, LoadedGame],
                         Awaitable[tuple[str, discord.ui.View | None]]]
Callout = Callable[[TableService, LoadedGame], "str | None"]
Recap = Callable[[TableService, LoadedGame], Awaitable["discord.File | None"]]


def clip(lines: list[str], limit: int = MAX_CONTENT, keep: int = 0) -> str:
    """Join lines; when they do not all fit, keep the first `keep` (what the table did for
    someone, which must be told) and the newest of the others."""
    text = "\n".join(lines)
    if len(text) <= limit:
        return text
    head = lines[:keep]
    size = sum(len(line) + 1 for line in head) + 2
    kept: list[str] = []
    for line in reversed(lines[keep:]):
        if size + len(line) + 1 > limit:
            break
        kept.append(line)
        size += len(line) + 1
    return "\n".join([*head, "…", *reversed(kept)])[:limit]


def compose(story: list[str], prompt: str, keep: int = 0) -> str:
    """The segment's story, a blank line, then the prompt (which always fits whole)."""
    prompt = prompt[:MAX_CONTENT]
    room = MAX_CONTENT - len(prompt) - 2
    told = clip(story, limit=room, keep=keep) if story and room > 40 else ""
    return f"{told}\n\n{prompt}" if told and prompt else told or prompt


def board_description(caption: str) -> str:
    """The image's alt text: what the board shows the state after."""
    return (_("The board after: {caption}", caption=caption)[:1000] if caption
            else _("The board"))


class Poster:
    def __init__(self, service: TableService, prompt: PromptBuilder,
                 render: Callable[[LoadedGame, str], object], *,
                 openers: frozenset[str], callout: Callout | None = None,
                 recap: Recap | None = None,
                 languages: ServerLanguages | None = None) -> None:
        self.service = service
        self.prompt = prompt
        self.render = render  # coroutine function: (game, caption) -> PNG bytes
        self.openers = openers  # the events that begin a segment of this game
        self.callout = callout  # who else to ping when a segment's message is posted
        self.recap = recap  # the animated recap a finished game's result carries
        self.languages = languages  # what each server's channel messages speak
        self._locks: dict[int, asyncio.Lock] = {}
        # Per message: what the table did for someone (said first; not in the log),
        # and who has been pinged for it. Lost at a restart, which costs at most a
        # note in an old message's text or a ping (the clock's reminders still come).
        self._notes: dict[int, list[str]] = {}
        self._pinged: dict[int, set[int]] = {}

    async def publish(self, channel: discord.abc.Messageable, step: Step,
                      *, force_board: bool = False) -> None:
        """After a committed step: the live message edited, or a new segment's posted."""
        await self._guarded(channel, step.game, step.notes,
                            board=step.board_changed or force_board)

    async def edit_prompt(self, channel: discord.abc.Messageable, game: LoadedGame) -> None:
        """The prompt changed without a step (deadlines moved): edit it in place."""
        await self._guarded(channel, game, [], board=False)

    async def _guarded(self, channel: discord.abc.Messageable, game: LoadedGame,
                       notes: list[str], *, board: bool) -> None:
        lock = self._locks.setdefault(game.id, asyncio.Lock())
        try:
            async with lock:  # one message decision per game at a time, in order
                with speaking(await self._language(game)):  # the channel's, not the clicker's
                    await self._show(channel, game.id, [str(n) for n in notes], board)
        except discord.Forbidden as exc:
            raise PostingError(permission_hint(channel)) from exc
        except discord.HTTPException as exc:
            log.warning("game %s: posting failed: %s", game.id, exc)
            raise PostingError(_("Your move is saved, but Discord failed to show it; "
                                 "`{board}` shows the table again.",
                                 board=cmd(f"{game.row.game} board"))) from exc

    async def _language(self, game: LoadedGame) -> str:
        if self.languages is None:
            return current_language()
        return await self.languages.of(game.row.guild_id)

    # ---- deciding: edit the live message or post a new one ------------------------------

    async def _show(self, channel: discord.abc.Messageable, game_id: int,
                    notes: list[str], board: bool) -> None:
        # The newest state, not the step's: steps may reach here out of order.
        game = await self.service.load(game_id)
        if game.state is None:
            return
        live = await self._live_segment(game)
        events = await self._log(game, live.start.version if live else None)
        over = game.row.status not in (LOBBY, ACTIVE)
        opening = first_opening(events, self.openers, live.posted_at) if live else None
        final_pending = over and live is not None and live.posted_at < game.version
        if live is not None and opening is None and not final_pending:
            try:
                await self._edit_live(channel, game, live, events, notes, board and not over)
                return
            except discord.NotFound:  # deleted by someone: tell the segment anew
                await self.service.store.delete_message(game.id, live.kind)
                live = None
        if live is None:
            start = last_opening(events, self.openers) or (
                events[0].place if events else Place(game.version + 1, 0))
        else:
            start = opening or Place(live.posted_at + 1, 0)
        message = await self._post(channel, game, start, events, notes)
        if live is not None:
            await self._close(channel, game, live, events, start)
        await self._drop_old_prompt(channel, game)
        log.debug("game %s: segment message %s", game.id, message.id)

    async def _live_segment(self, game: LoadedGame) -> Segment | None:
        """The newest segment message; rows of an undone future are dropped."""
        segments = segments_of(await self.service.store.list_messages(game.id))
        for void in [s for s in segments if s.posted_at > game.version]:
            await self.service.store.delete_message(game.id, void.kind)
            segments.remove(void)
        return segments[-1] if segments else None

    async def _log(self, game: LoadedGame, since: int | None) -> list[LoggedEvent]:
        after = since - 1 if since is not None else max(0, game.version - LOOK_BACK)
        entries = await self.service.store.list_actions(game.id, after_version=max(0, after))
        return [LoggedEvent(Place(entry.version, i), event)
                for entry in entries for i, event in enumerate(entry.events)]

    # ---- the messages ------------------------------------------------------------------

    async def _post(self, channel: discord.abc.Messageable, game: LoadedGame, start: Place,
                    events: list[LoggedEvent], notes: list[str]) -> discord.Message:
        story = notes + await self.service.narration(game, between(events, start))
        prompt, view = await self.prompt(self.service, game)
        callout = self.callout(self.service, game) if self.callout else None
        if callout:
            prompt = f"{prompt}\n{callout}"
        if game.row.status not in (LOBBY, ACTIVE):  # the result says the last line again
            story = [line for line in story if line not in prompt]
        content = compose(story, prompt, keep=len(notes))
        caption = story[-1] if story else ""
        png = await self.render(game, caption)  # type: ignore[misc]
        record: bytes | None = None
        recap: discord.File | None = None
        if game.row.status not in (LOBBY, ACTIVE):
            # The game is over: its record (every secret now revealed) goes with the
            # result, and the recap of its boards when it finished by play.
            record = json.dumps(await self.service.store.export_game(game.id),
                                indent=1).encode()
            recap = await self._recap(game)
        recap_data = recap.fp.read() if recap is not None else b""
        extra = {"view": view} if view is not None else {}

        def send() -> Awaitable[discord.Message]:
            files = [self._board_file(game, png, caption)]
            if record is not None:
                files.append(discord.File(io.BytesIO(record),
                                          filename=f"{game.row.game}-game-{game.id}.json"))
            if recap is not None:  # made anew: a refused upload has read it
                files.append(discord.File(io.BytesIO(recap_data), filename=recap.filename,
                                          description=recap.description))
            return channel.send(content=content, files=files, allowed_mentions=USER_MENTIONS,
                                **extra)

        message = await deliver(channel, send)
        segment = Segment(start, game.version, message.channel.id, message.id)
        await self.service.store.set_message(game.id, segment.kind,
                                             channel_id=segment.channel_id,
                                             message_id=segment.message_id)
        self._notes[message.id] = list(notes)
        self._pinged[message.id] = {int(m) for m in MENTION.findall(content)}
        return message

    async def _edit_live(self, channel: discord.abc.Messageable, game: LoadedGame,
                         live: Segment, events: list[LoggedEvent], notes: list[str],
                         board: bool) -> None:
        narrative = await self.service.narration(game, between(events, live.start))
        told = await self._told(channel, live, narrative)
        told += notes
        story = told + narrative
        prompt, view = await self.prompt(self.service, game)
        content = compose(story, prompt, keep=len(told))
        kwargs: dict = {"content": content, "view": view,
                        "allowed_mentions": discord.AllowedMentions.none()}
        caption = story[-1] if story else ""
        png = await self.render(game, caption) if board else None  # type: ignore[misc]
        message = channel.get_partial_message(live.message_id)  # type: ignore[attr-defined]

        def edit() -> Awaitable[discord.Message]:
            if png is None:
                return message.edit(**kwargs)
            return message.edit(**kwargs, attachments=[self._board_file(game, png, caption)])

        await deliver(channel, edit)
        await self._ping_newcomers(channel, game, live)

    async def _close(self, channel: discord.abc.Messageable, game: LoadedGame,
                     live: Segment, events: list[LoggedEvent], stop: Place) -> None:
        """The old segment's message keeps its whole story, and no buttons."""
        narrative = await self.service.narration(game, between(events, live.start, stop))
        story = await self._told(channel, live, narrative) + narrative
        self._notes.pop(live.message_id, None)
        self._pinged.pop(live.message_id, None)
        message = channel.get_partial_message(live.message_id)  # type: ignore[attr-defined]
        try:
            await deliver(channel, lambda: message.edit(
                content=clip(story) or "…", view=None,
                allowed_mentions=discord.AllowedMentions.none()))
        except discord.NotFound:
            pass  # deleted: the new message tells the table anyway

    async def _told(self, channel: discord.abc.Messageable, live: Segment,
                    narrative: list[str]) -> list[str]:
        """The table's notes told in the live message so far. After a restart they are
        read back from the message: the lines above its story (see `compose`)."""
        told = self._notes.get(live.message_id)
        if told is not None:
            return told
        told = self._notes[live.message_id] = []
        try:
            message = await channel.fetch_message(live.message_id)  # type: ignore[attr-defined]
        except discord.HTTPException:
            return told
        if "\n\n" not in message.content:
            return told  # the prompt alone
        known = set(narrative)
        for line in message.content.split("\n\n", 1)[0].splitlines():
            if line in known or line == "…":
                break
            told.append(line)
        return told

    async def _ping_newcomers(self, channel: discord.abc.Messageable, game: LoadedGame,
                              live: Segment) -> None:
        """Someone asked to act in the live segment who was not pinged for it yet."""
        awaited = {s.user_id for s in self.service.awaited_seats(game)
                   if s.user_id is not None and not s.played_by_ai}
        pinged = self._pinged.get(live.message_id)
        if pinged is None:  # not known after a restart: assume those waited for were
            self._pinged[live.message_id] = awaited
            return
        newcomers = sorted(awaited - pinged)
        if not newcomers:
            return
        pinged.update(newcomers)
        link = (f"https://discord.com/channels/{game.row.guild_id or '@me'}/"
                f"{live.channel_id}/{live.message_id}")
        mentions = " ".join(f"<@{u}>" for u in newcomers)
        await deliver(channel, lambda: channel.send(
            _("🔔 {mentions} — your turn in the {game} game: {link}", mentions=mentions,
              game=game.row.game.capitalize(), link=link),
            allowed_mentions=USER_MENTIONS))

    async def _drop_old_prompt(self, channel: discord.abc.Messageable,
                               game: LoadedGame) -> None:
        """A game started before segment messages had a separate prompt: remove it."""
        old = await self.service.store.get_message(game.id, "prompt")
        if old is None:
            return
        await self.service.store.delete_message(game.id, "prompt")
        try:
            await channel.get_partial_message(old.message_id).delete()  # type: ignore[attr-defined]
        except discord.HTTPException:
            pass  # already gone, or no permission: the new message stands anyway

    async def _recap(self, game: LoadedGame) -> discord.File | None:
        if self.recap is None:
            return None
        try:
            return await self.recap(self.service, game)
        except Exception:  # the result must be shown even if its recap cannot be drawn
            log.exception("game %s: the recap could not be drawn", game.id)
            return None

    @staticmethod
    def _board_file(game: LoadedGame, png: bytes, caption: str) -> discord.File:
        return discord.File(io.BytesIO(png), filename=f"{game.row.game}-board.png",
                            description=board_description(caption))
