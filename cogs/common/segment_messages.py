"""The messages of a game's segments: each one's story read back from the action log,
the board's caption, and posting, editing and closing them in the channel. `Poster`
(cogs/common/poster.py) decides which of these a step needs."""

from __future__ import annotations

import dataclasses
import io
import json
import logging
from collections.abc import Awaitable, Callable
from itertools import groupby

import discord

from bot.store import ACTIVE, LOBBY, LoadedGame
from bot.tables.game_locks import GameLocks
from bot.tables.languages import ServerLanguages
from bot.tables.service import TableService
from bot.tables.web_links import WebLinks
from cogs.common import outbox
from cogs.common.bells import Bells
from cogs.common.delivery import deliver
from cogs.common.reminder_posts import ReminderPosts
from cogs.common.segments import (
    LoggedEvent,
    Place,
    Segment,
    between,
)
from cogs.common.story import (
    Story,
    action_caption,
    board_description,
    caption_of,
    compose,
    notes_told,
    players_only,
    tell,
    told_together,
)
from cogs.common.web_buttons import page_view

log = logging.getLogger(__name__)

LOOK_BACK = 100  # actions read to find the segment of a game that has no message yet

PromptBuilder = Callable[[TableService, LoadedGame],
                         Awaitable[tuple[str, discord.ui.View | None]]]
Callout = Callable[[TableService, LoadedGame], "str | None"]
Recap = Callable[[TableService, LoadedGame], Awaitable["discord.File | None"]]
Note = tuple[Place | None, str]  # a note and the move it is about (None: said first)


class SegmentMessages:
    """Making, editing and closing the segment messages of one kind of game."""

    def __init__(self, service: TableService, prompt: PromptBuilder,
                 render: Callable[[LoadedGame, str], object], *,
                 openers: frozenset[str], callout: Callout | None = None,
                 recap: Recap | None = None,
                 languages: ServerLanguages | None = None,
                 context: frozenset[str] = frozenset(),
                 said_below: frozenset[str] = frozenset(),
                 left_out: Callable[[dict], bool] | None = None) -> None:
        self.service = service
        self.prompt = prompt
        # Coroutine function: (game, caption) -> PNG bytes; with closed=True, the board of
        # a message that is over (its game's live questions and whom it waits for left out).
        self.render = render
        self.openers = openers  # the events that begin a segment of this game
        # Events that set the scene (a new epoch) rather than make a move: their lines
        # are never a board's caption, which names the move the board shows.
        self.context = context
        # Events the prompt below the story tells again (a new round in its heading): their
        # lines are left out of the story, which would say the same just above it.
        self.said_below = said_below
        self.left_out = left_out  # events never told in the channel (cogs/common/show.py)
        self.callout = callout  # who else to ping when a segment's message is posted
        self.recap = recap  # the animated recap a finished game's result carries
        self.languages = languages  # what each server's channel messages speak
        self._games = GameLocks()  # per game: shows in order, and how many wait
        # Per message: what the table did for someone (not in the log) and the version its
        # board was drawn at. Lost at a restart, or to another process showing the next
        # step, which costs at most a board drawn again (notes are read back from the
        # text). Who has been pinged for it is stored (`bells`).
        self._notes: dict[int, list[Note]] = {}
        self.bells = Bells(service)
        self.reminders = ReminderPosts(service)
        self._drawn: dict[int, int] = {}
        self._captions: dict[int, str] = {}  # per message: the caption its board has
        # Per game: whether a show skipped for one waiting behind it owes a new board.
        self._board_owed: dict[int, bool] = {}
        self.links: WebLinks | None = None  # the web pages, when the bot links to them

    async def _log(self, game: LoadedGame, since: int | None) -> list[LoggedEvent]:
        after = since - 1 if since is not None else max(0, game.version - LOOK_BACK)
        entries = await self.service.store.actions.log(game.id, after_version=max(0, after))
        return [LoggedEvent(Place(entry.version, i), event)
                for entry in entries for i, event in enumerate(entry.events)]

    # ---- the story ---------------------------------------------------------------------

    async def _lines(self, game: LoadedGame, events: list[LoggedEvent], start: Place,
                     stop: Place | None = None, *, every: bool = False,
                     untold: bool = False, joined: bool = True
                     ) -> list[tuple[Place, str, str]]:
        """The lines of the events from `start` up to `stop`, each with the place of its
        action's first move (where a note about that action goes) and its event's type;
        without those the prompt says below the story, unless `every`, nor those the
        channel leaves out, unless `every` or `untold`; runs the game tells as one line
        joined (`told_together`), unless `every` or not `joined`."""
        inside = [e for e in events if e.place >= start and (stop is None or e.place < stop)]
        lines: list[tuple[Place, str, str, dict | None]] = []
        for version, action in groupby(inside, key=lambda e: e.place.version):
            shown = [e for e in between(list(action), None,
                                        quiet=TableService.kit(game).quiet_events)
                     if every or untold or self.left_out is None or not self.left_out(e)]
            told = await self.service.narration_kinds(game, shown)
            lines += [(Place(version, 0), line, kind, event)
                      for (kind, line), event in zip(told, _events_of(told, shown), strict=True)
                      if every or kind not in self.said_below]
        if every or not joined:  # each line as its event tells it
            return [(place, line, kind) for place, line, kind, _e in lines]
        return told_together(game, lines)

    async def _story(self, game: LoadedGame, events: list[LoggedEvent], start: Place,
                     stop: Place | None, notes: list[Note], *, whole: bool = False
                     ) -> tuple[Story, str]:
        """The segment's lines with each note just above the lines of the move it is
        about (at the end when that move shows nothing: a secret ballot), and the board's
        caption: the last line that tells a move, not a note, a footnote or a scene; the
        game's own caption of the last action, or with `whole` of the whole segment (a
        closed message's board, its record)."""
        waiting = sorted(notes, key=lambda n: (n[0] is not None, n[0] or start))
        story: Story = []
        scenes: set[str] = set()
        for place, line, kind in await self._lines(game, events, start, stop):
            while waiting and (waiting[0][0] is None or waiting[0][0] <= place):
                story.append((waiting.pop(0)[1], True))
            story.append((line, False))
            if kind in self.context:
                scenes.add(line)
        story += [(text, True) for _, text in waiting]
        moves = [(line, note) for line, note in story if line not in scenes]
        caption = self._caption(game, events, start, stop, whole=whole)
        if caption is None and self.left_out is not None:
            # The board names the last move as the web page's step does, one the story
            # leaves out included (a choice to do nothing).
            told = [(line, False) for _p, line, kind in
                    await self._lines(game, events, start, stop, untold=True,
                                      joined=whole)
                    if kind not in self.context]
            caption = caption_of(told) if told else None
        return story, caption or caption_of(moves or story)

    def _caption(self, game: LoadedGame, events: list[LoggedEvent], start: Place,
                 stop: Place | None, *, whole: bool = False) -> str | None:
        """The game's own caption of the last action that made a move (not a scene), or
        with `whole` of all the segment's: its outcome first, then what changed on the
        board (the web page's step says the same of one action); None where the game
        leaves it to the last line told."""
        inside = [e for e in events if e.place >= start and (stop is None or e.place < stop)]
        quiet = TableService.kit(game).quiet_events
        actions = [between(list(action), None, quiet=quiet)
                   for _v, action in groupby(inside, key=lambda e: e.place.version)]
        moved = [a for a in actions if any(e.get("type") not in self.context for e in a)]
        if not moved:
            return None
        return action_caption(game, [e for a in moved for e in a] if whole else moved[-1],
                              self.context)

    # ---- the messages ------------------------------------------------------------------

    async def _linked(self, game: LoadedGame, start: Place, view: discord.ui.View | None,
                      *, closing: bool = False) -> discord.ui.View | None:
        """The game's first message (when it closes too) and its result carry a button
        to the game's web page."""
        if start.version > 1 and (closing or game.row.status in (LOBBY, ACTIVE)):
            return view
        return await page_view(self.links, game, view)

    async def _post(self, channel: discord.abc.Messageable, game: LoadedGame, start: Place,
                    events: list[LoggedEvent], notes: list[Note],
                    here: frozenset[int] = frozenset()) -> discord.Message:
        story, caption = await self._story(game, events, start, None, notes)
        prompt, view = await self.prompt(self.service, game)
        view = await self._linked(game, start, view)
        callout = self.callout(self.service, game) if self.callout else None
        if callout:
            prompt = f"{prompt}\n{callout}"
        if game.row.status not in (LOBBY, ACTIVE):  # the result says the last line again
            story = [(line, note) for line, note in story if line not in prompt]
            # Everyone who played is told it is over: in a game of days, not all watch.
            people = " ".join(f"<@{s.user_id}>" for s in game.seats if s.user_id is not None)
            if people:
                prompt = f"{prompt}\n-# {people}"
        content = compose(story, prompt)
        png = await self.render(game, caption)  # type: ignore[misc]
        record: bytes | None = None
        recap: discord.File | None = None
        if game.row.status not in (LOBBY, ACTIVE):
            # The game is over: its record (every secret now revealed) goes with the
            # result, and the recap of its boards when it finished by play.
            record = json.dumps(await self.service.store.records.export_game(game.id),
                                indent=1).encode()
            recap = await self._recap(game)
        recap_data = recap.fp.read() if recap is not None else b""
        # The same post tried again after a crash is the same message (Discord's nonce).
        nonce, again = await outbox.nonce(self.service.store, game.id, start,
                                          game.row.channel_id)
        extra = {"view": view} if view is not None else {}

        def send_files() -> list[discord.File]:  # made anew: a refused upload has read them
            files = [self._board_file(game, png, caption)]
            if record is not None:
                files.append(discord.File(io.BytesIO(record),
                                          filename=f"{game.row.game}-game-{game.id}.json"))
            if recap is not None:
                files.append(discord.File(io.BytesIO(recap_data), filename=recap.filename,
                                          description=recap.description))
            return files

        def send() -> Awaitable[discord.Message]:
            return channel.send(content=content, files=send_files(), nonce=nonce,
                                allowed_mentions=players_only(game, but=here), **extra)

        message = await deliver(channel, send)
        if again:  # Discord may have returned the message of the first try, as it was then
            await deliver(channel, lambda: message.edit(
                content=content, attachments=send_files(), view=view,
                allowed_mentions=discord.AllowedMentions.none()))
        segment = Segment(start, game.version, message.channel.id, message.id)
        await self.service.store.messages.set_message(game.id, segment.kind,
                                                      channel_id=segment.channel_id,
                                                      message_id=segment.message_id)
        self._notes[message.id] = list(notes)
        await self.bells.posted(game, message.id, content)
        self._drawn[message.id] = game.version
        if game.row.status in (LOBBY, ACTIVE):  # (a result is never closed)
            self._captions[message.id] = caption
        return message

    async def _edit_live(self, channel: discord.abc.Messageable, game: LoadedGame,
                         live: Segment, events: list[LoggedEvent], notes: list[Note],
                         board: bool, here: frozenset[int] = frozenset()) -> None:
        told = await self._told(channel, game, live, events)
        # A late step's notes about moves before this segment: said first here.
        told += [(a if a is None or a >= live.start else None, n) for a, n in notes]
        story, caption = await self._story(game, events, live.start, None, told)
        prompt, view = await self.prompt(self.service, game)
        view = await self._linked(game, live.start, view)
        content = compose(story, prompt)
        kwargs: dict = {"content": content, "view": view,
                        "allowed_mentions": discord.AllowedMentions.none()}
        png = await self.render(game, caption) if board else None  # type: ignore[misc]
        message = channel.get_partial_message(live.message_id)  # type: ignore[attr-defined]

        def edit() -> Awaitable[discord.Message]:  # the file made anew for each attempt
            drawn = {} if png is None else {"attachments": [self._board_file(game, png, caption)]}
            return message.edit(**kwargs, **drawn)

        await deliver(channel, edit)
        if png is not None:
            self._drawn[live.message_id] = game.version
            self._captions[live.message_id] = caption
        await self.bells.ring(channel, game, live, here)

    async def _close(self, channel: discord.abc.Messageable, game: LoadedGame,
                     live: Segment, events: list[LoggedEvent], stop: Place,
                     notes: list[Note]) -> None:
        """The old segment's message keeps its whole story, with the notes about its
        moves, and no buttons; its board is drawn again if its story went on since."""
        told = await self._told(channel, game, live, events) + notes
        story, caption = await self._story(game, events, live.start, stop, told, whole=True)
        self._notes.pop(live.message_id, None)
        await self.bells.closed(game.id, live.message_id)
        # Drawn again after the newest action it tells, if it was drawn before: an action
        # that ends this segment and opens the next shows both (no state in between).
        drawn = self._drawn.pop(live.message_id, live.posted_at)
        # Drawn again too when its record's caption, the whole segment's news (who won,
        # what was built), says more than the last move's did.
        recaptioned = self._captions.pop(live.message_id, caption) != caption
        quiet = TableService.kit(game).quiet_events
        newest = max((e.place.version for e in events if live.start <= e.place < stop
                      and e.event.get("type") not in quiet), default=drawn)
        png = None
        if newest > drawn or recaptioned:
            state = game.state if newest == game.version else \
                await self.service.store.actions.state_at(game.id, newest)
            # The state may already hold the next segment's question (an election's last
            # answer opens the next): a record shows none, nor whom the table waits for.
            png = await self.render(dataclasses.replace(game, state=state), caption,  # type: ignore[misc]
                                    closed=True)
        message = channel.get_partial_message(live.message_id)  # type: ignore[attr-defined]
        view = await self._linked(game, live.start, None, closing=True)  # no buttons

        def edit() -> Awaitable[discord.Message]:  # the file made anew for each attempt
            drawn = {} if png is None else {"attachments": [self._board_file(game, png, caption)]}
            return message.edit(content=tell(story) or "…", view=view,
                                allowed_mentions=discord.AllowedMentions.none(), **drawn)

        try:
            await deliver(channel, edit)
        except discord.NotFound:
            pass  # deleted: the new message tells the table anyway

    async def _told(self, channel: discord.abc.Messageable, game: LoadedGame, live: Segment,
                    events: list[LoggedEvent]) -> list[Note]:
        """The table's notes told in the live message so far; after a restart, read back
        from its text (`notes_told`)."""
        told = self._notes.get(live.message_id)
        if told is not None:
            return told
        told = self._notes[live.message_id] = []
        try:
            message = await channel.fetch_message(live.message_id)  # type: ignore[attr-defined]
        except discord.HTTPException:
            return told
        # Every event's line: a message posted by an older release may tell one the prompt
        # now says below the story, which is no note of the table's.
        known = {line: place for place, line, _ in await self._lines(game, events, live.start,
                                                                     every=True)}
        # and the lines the story tells together (cogs/common/story.py `told_together`),
        # as they read after each of its actions: the message may have been shown
        # before the last ones joined its line.
        for version in sorted({e.place.version for e in events if e.place >= live.start}):
            known.update({line: place for place, line, _ in
                          await self._lines(game, events, live.start, Place(version + 1, 0))})
        told += notes_told(message.content, known, Place(game.version + 1, 0))
        return told

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


def _events_of(told: list[tuple[str, str]], events: list[dict]) -> list[dict | None]:
    """The event each told line tells, where it is one of `events` (in order): the
    sealing's own lines, added to the narration, tell none of them."""
    out: list[dict | None] = []
    rest = iter(events)
    pending = next(rest, None)
    for kind, _line in told:
        if pending is not None and pending.get("type") == kind:
            out.append(pending)
            pending = next(rest, None)
        else:
            out.append(None)
    return out
