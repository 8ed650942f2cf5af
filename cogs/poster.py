"""Posting a table's state: the board after each step and one prompt message that always
says what the game waits for. Commits happen before any of this, so a failed post never
loses a step: `/doge board` shows it again. `PostingError` is re-exported from
`cogs.delivery` for the callers that catch it."""

from __future__ import annotations

import io
import json
import logging
from collections.abc import Awaitable, Callable

import discord

from bot.store import LoadedGame
from bot.tables.service import Step, TableService
from cogs.delivery import PostingError, deliver, permission_hint

log = logging.getLogger(__name__)

MAX_CONTENT = 1900

PromptBuilder = Callable[[TableService, LoadedGame],
                         Awaitable[tuple[str, discord.ui.View | None]]]
BoardRenderer = Callable[[LoadedGame, str], "bytes"]


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


class Poster:
    def __init__(self, service: TableService, prompt: PromptBuilder,
                 render: Callable[[LoadedGame, str], object]) -> None:
        self.service = service
        self.prompt = prompt
        self.render = render  # coroutine function: (game, caption) -> PNG bytes

    async def publish(self, channel: discord.abc.Messageable, step: Step,
                      *, force_board: bool = False) -> None:
        """After a committed step: the board (when it changed) and a fresh prompt."""
        game = step.game
        lines = step.notes + [line for line, ev in zip(step.lines, step.events, strict=True)
                              if ev["type"] not in ("ballot_set", "ballot_changed",
                                                    "build_chosen")]
        try:
            if step.board_changed or force_board:
                await self.send_board(channel, game, lines, keep=len(step.notes))
                await self.replace_prompt(channel, game)
            else:
                await self.edit_prompt(channel, game)
        except discord.Forbidden as exc:
            raise PostingError(permission_hint(channel)) from exc
        except discord.HTTPException as exc:
            log.warning("game %s: posting failed: %s", game.id, exc)
            raise PostingError("Your move is saved, but Discord failed to show it; "
                               f"`/{game.row.game} board` shows the table again.") from exc

    async def send_board(self, channel: discord.abc.Messageable, game: LoadedGame,
                         lines: list[str], keep: int = 0) -> discord.Message:
        caption = lines[-1] if lines else ""
        png = await self.render(game, caption)  # type: ignore[misc]
        title = f"**{game.row.game.capitalize()}** — the board."
        content = clip(lines, keep=keep) if lines else title
        message = await deliver(channel, lambda: channel.send(
            content=content, allowed_mentions=discord.AllowedMentions.none(),
            file=discord.File(io.BytesIO(png), filename=f"{game.row.game}-board.png")))
        await self.service.store.set_message(game.id, "board", channel_id=message.channel.id,
                                             message_id=message.id)
        return message

    async def replace_prompt(self, channel: discord.abc.Messageable,
                             game: LoadedGame) -> discord.Message:
        """Post the prompt anew below the board; the previous one is removed."""
        old = await self.service.store.get_message(game.id, "prompt")
        content, view = await self.prompt(self.service, game)
        kwargs: dict = {"view": view} if view is not None else {}
        record: bytes | None = None
        if game.row.status in ("finished", "ended"):
            # The game is over: its record (every secret now revealed) goes with the result.
            record = json.dumps(await self.service.store.export_game(game.id),
                                indent=1).encode()

        def send() -> Awaitable[discord.Message]:
            files = {} if record is None else {"file": discord.File(
                io.BytesIO(record), filename=f"{game.row.game}-game-{game.id}.json")}
            return channel.send(content=content, **kwargs, **files)

        message = await deliver(channel, send)
        await self.service.store.set_message(game.id, "prompt", channel_id=message.channel.id,
                                             message_id=message.id)
        if old is not None:
            try:
                await channel.get_partial_message(old.message_id).delete()  # type: ignore[attr-defined]
            except discord.HTTPException:
                pass  # already gone, or no permission: the new prompt stands anyway
        return message

    async def edit_prompt(self, channel: discord.abc.Messageable, game: LoadedGame) -> None:
        """Update the prompt in place (who has chosen): no new message, no spam."""
        old = await self.service.store.get_message(game.id, "prompt")
        if old is None:
            await self.replace_prompt(channel, game)
            return
        content, view = await self.prompt(self.service, game)
        prompt = channel.get_partial_message(old.message_id)  # type: ignore[attr-defined]
        try:
            await deliver(channel, lambda: prompt.edit(content=content, view=view))
        except discord.NotFound:
            await self.replace_prompt(channel, game)
