"""Showing a table in its channel: one message per segment of the game (a Doge placement
round or election, a Clans move; see `cogs/common/segments.py`). The message carries the story
of its segment so far, the board as it stands, and the prompt saying who must act, with
the buttons to do it; it is edited as the segment goes on, then left as its record, and
the next segment gets a message of its own. So the channel gets about ten posts a Doge
year instead of a board and a prompt after every decision. What the table did for someone
(at a deadline, for a moderator) is a note just above the lines of the move it made.

Each person is pinged when they must act: a new message mentions whoever it waits for
(and, in a Doge election, whoever decides later in it, as a heads-up); anyone asked later
in the same segment gets a short ping pointing to it when their turn comes, deleted once
they have answered (`cogs/common/bells.py`). Edits never ping.

Commits happen before any of this, so a failed post never loses a step: `/doge board`
shows the table again, and the next post tells the whole segment from the action log.
"""

from __future__ import annotations

import logging

import discord

from bot.i18n import _, cmd, current_language, speaking
from bot.store import ACTIVE, LOBBY, BotMessage, LoadedGame
from bot.tables.service import Step
from cogs.common import outbox
from cogs.common.delivery import PostingError, permission_hint
from cogs.common.segment_messages import LOOK_BACK, Note, SegmentMessages
from cogs.common.segments import (
    LoggedEvent,
    Place,
    Segment,
    first_opening,
    last_opening,
    segments_of,
)

log = logging.getLogger(__name__)

class Poster(SegmentMessages):
    """What each step needs: the live message edited, a new segment posted, or what
    the channel is owed shown (see the module's docstring)."""

    async def publish(self, channel: discord.abc.Messageable, step: Step,
                      *, force_board: bool = False, here: frozenset[int] = frozenset()) -> None:
        """After a committed step: the live message edited, or a new segment's posted.
        Those `here` (who made the step, or were just pinged about it) are not pinged
        by it again."""
        # A step's notes are about its first move (a deadline's or a skip's); a step that
        # does not say where it began (the start) has them said first.
        about = Place(step.since + 1, 0) if step.since is not None else None
        await self._guarded(channel, step.game, [(about, n) for n in step.notes],
                            board=step.board_changed or force_board, skippable=not force_board,
                            here=here)

    async def edit_prompt(self, channel: discord.abc.Messageable, game: LoadedGame) -> None:
        """The prompt changed without a step (deadlines moved): edit it in place."""
        await self._guarded(channel, game, [], board=False)

    async def show_again(self, channel: discord.abc.Messageable, game: LoadedGame, *,
                         move: bool = False) -> None:
        """What the channel is owed shown, board drawn anew (after a restart, for a stale
        button on the newest message); `move`: the live message then posted again below,
        its old copy removed (the board command: the buttons at the bottom of the channel)."""
        await self._guarded(channel, game, [], board=True, move=move)

    async def _guarded(self, channel: discord.abc.Messageable, game: LoadedGame,
                       notes: list[tuple[Place | None, object]], *, board: bool,
                       skippable: bool = False, here: frozenset[int] = frozenset(),
                       move: bool = False) -> None:
        # One message decision per game at a time, in order.
        async with self._games.hold(game.id):
            await self._decide(channel, game, notes, board=board, skippable=skippable,
                               here=here, move=move)

    async def _decide(self, channel: discord.abc.Messageable, game: LoadedGame,
                      notes: list[tuple[Place | None, object]], *, board: bool,
                      skippable: bool, here: frozenset[int], move: bool = False) -> None:
        try:
            if skippable and not notes and self._games.waiting(game.id):
                # A show waits behind this one: it loads the newest state, which holds this
                # step too. A burst of clicks costs one edit, not one each.
                self._board_owed[game.id] = self._board_owed.get(game.id, False) or board
                return
            board = self._board_owed.pop(game.id, False) or board
            # The channel's language, not the clicker's; one process at a time shows it.
            with speaking(await self._language(game)):
                async with self.service.store.show_lock(game.id):
                    await self._show(channel, game.id, [(a, str(n)) for a, n in notes],
                                     board, here)
                    if move:
                        await self._move_live(channel, game.id)
        except discord.Forbidden as exc:
            raise PostingError(permission_hint(channel)) from exc
        except discord.HTTPException as exc:
            log.warning("game %s: posting failed: %s", game.id, exc)
            raise PostingError(_("Your move is saved, but Discord failed to show it; "
                                 "{board} shows the table again.",
                                 board=cmd(f"{game.row.game} board"))) from exc

    async def _language(self, game: LoadedGame) -> str:
        if self.languages is None:
            return current_language()
        return await self.languages.of(game.row.guild_id)

    # ---- deciding: edit the live message or post a new one ------------------------------

    async def _show(self, channel: discord.abc.Messageable, game_id: int,
                    notes: list[Note], board: bool, here: frozenset[int] = frozenset()) -> None:
        # The newest state, not the step's: steps may reach here out of order.
        game = await self.service.load(game_id)
        if game.state is None:
            return
        # The game's messages, read once: its segments, and its 🔔 lines (one rung by
        # this update pings someone awaited now, so it would not be swept anyway).
        rows = await self.service.store.messages.list_messages(game.id)
        if await self._finish_close(channel, game, rows):
            rows = await self.service.store.messages.list_messages(game.id)
        await self._update(channel, game, rows, notes, board, here)
        await self.bells.sweep(channel, game, rows)  # 🔔 lines whose people all acted since
        await self.reminders.sweep(channel, game, rows)  # ⏳ ones whose moment has passed
        # Shown: from here on a restart owes the channel nothing for this version.
        await self.service.store.shown.set_shown(game.id, game.version)

    async def _update(self, channel: discord.abc.Messageable, game: LoadedGame,
                      rows: list[BotMessage], notes: list[Note], board: bool,
                      here: frozenset[int]) -> None:
        live = await self._live_segment(game, rows)
        events = await self._log(game, live.start.version if live else None)
        over = game.row.status not in (LOBBY, ACTIVE)
        opening = first_opening(events, self.openers, live.posted_at) if live else None
        final_pending = over and live is not None and live.posted_at < game.version
        start = None
        if live is not None and opening is None and not final_pending:
            if over:
                return  # the result's message is final: a late show changes nothing in it
            try:
                await self._edit_live(channel, game, live, events, notes, board, here)
                return
            except discord.NotFound:  # deleted by someone: tell its segment anew
                await self.service.store.messages.delete_message(game.id, live.kind)
                start, live = live.start, None
        if live is not None:
            start = opening or Place(live.posted_at + 1, 0)
        start = start or self._first_start(game, events, over)
        # Notes about moves before the new segment go with them, in the message closed.
        earlier = [n for n in notes if live is not None and n[0] is not None and n[0] < start]
        message = await self._post(channel, game, start, events,
                                   [n for n in notes if n not in earlier], here)
        if live is not None:
            await self._close(channel, game, live, events, start, earlier)
        await outbox.sent(self.service.store, game.id)  # posted, and the old one closed
        await outbox.drop_old_prompt(self.service.store, channel, game.id)
        log.debug("game %s: segment message %s", game.id, message.id)
        if over:  # the result's message: nothing more is told in it, nobody pinged for it
            self._notes.pop(message.id, None)
            self._drawn.pop(message.id, None)
            await self.bells.closed(game.id)

    async def _finish_close(self, channel: discord.abc.Messageable, game: LoadedGame,
                            rows: list[BotMessage]) -> bool:
        """A segment's message posted, but the process died before it closed the message
        before it (whose buttons and story then stop short): that message closed now."""
        segments = segments_of(rows)
        if len(segments) < 2 or segments[-1].start not in outbox.pending(rows):
            return False
        previous, newest = segments[-2], segments[-1]
        events = await self._log(game, previous.start.version)
        await self._close(channel, game, previous, events, newest.start, [])
        await outbox.sent(self.service.store, game.id)
        return True

    def _first_start(self, game: LoadedGame, events: list[LoggedEvent], over: bool) -> Place:
        """Where a game's first message begins: at its first move, so that moves made
        before anyone saw the game (computer players at the start) are told too; a
        finished game, or one with a longer log than is read, at its newest segment."""
        newest = last_opening(events, self.openers)
        if newest is not None and (over or game.version > LOOK_BACK):
            return newest
        return events[0].place if events else Place(game.version + 1, 0)

    async def _live_segment(self, game: LoadedGame, rows: list[BotMessage]) -> Segment | None:
        """The newest segment message among the game's `rows`; rows of an undone future
        are dropped."""
        segments = segments_of(rows)
        for void in [s for s in segments if s.posted_at > game.version]:
            await self.service.store.messages.delete_message(game.id, void.kind)
            await self.bells.closed(game.id, void.message_id)
            segments.remove(void)
        return segments[-1] if segments else None

    async def _move_live(self, channel: discord.abc.Messageable, game_id: int) -> None:
        """The live message posted again as the channel's newest, the old one removed;
        nothing when it is the newest already or the game is over. Nobody is pinged."""
        game = await self.service.load(game_id)
        kept = await self.service.store.messages.list_messages(game_id)
        live = await self._live_segment(game, kept)
        if (live is None or game.row.status not in (LOBBY, ACTIVE)
                or getattr(channel, "last_message_id", None) == live.message_id):
            return
        events = await self._log(game, live.start.version)
        told = await self._told(channel, game, live, events)
        everyone = frozenset(s.user_id for s in game.seats if s.user_id is not None)
        await self.bells.closed(game.id, live.message_id)
        message = await self._post(channel, game, live.start, events, told, everyone)
        await outbox.sent(self.service.store, game.id)
        if message.id == live.message_id:
            return
        if live.posted_at != game.version:  # else the new row took the old one's place
            await self.service.store.messages.delete_message(game.id, live.kind)
        try:
            await channel.get_partial_message(live.message_id).delete()  # type: ignore[attr-defined]
        except discord.HTTPException:  # no right to delete: at least no buttons there
            await self._close(channel, game, live, events, Place(game.version + 1, 0), told)
