"""The text of a game's channel messages: a segment's story clipped to Discord's length,
the board's caption and alt text, and whom a message may ping (no Discord calls here)."""

from __future__ import annotations

import re
from collections.abc import Collection
from typing import TypeVar

import discord

from bot.games.wording import SUBTEXT, players_written
from bot.i18n import _
from bot.store import LoadedGame
from cogs.common.names import as_typed

MAX_CONTENT = 1900
Story = list[tuple[str, bool]]  # a message's lines, each with whether it is a note
T = TypeVar("T")  # where a note belongs: the place of a move
P = TypeVar("P")  # the place of a line in the game's log
# A command's clickable mention (`</clans me:123>`): on a board, the command as typed.
_COMMAND = re.compile(r"</([^:<>]+):\d+>")


def drawn(text: str) -> str:
    """A text written for Discord as a board draws it and its alt text says it: names as
    typed, a command's mention as the command ('/clans me'), no markup."""
    return as_typed(_COMMAND.sub(r"/\1", text))


def players_only(game: LoadedGame, *,
                 but: Collection[int] = ()) -> discord.AllowedMentions:
    """Pings go to the table's people alone (`but` some of them): a mention someone wrote
    into a name must not reach anyone else (Discord would notify every user a message's
    text names)."""
    return discord.AllowedMentions(everyone=False, roles=False, users=[
        discord.Object(s.user_id) for s in game.seats if s.user_id and s.user_id not in but])


def told_together(game: LoadedGame, lines: list[tuple[P, str, str, dict | None]]
                  ) -> list[tuple[P, str, str]]:
    """A segment's lines (each with its place, its event's type and the event it tells,
    if any) with the runs the game tells as one line joined (its engine's optional
    `describe_together`: a player's moves in one step, tied players who did alike). A
    joined line takes the place of its last move, so a note about any of its moves is
    said above it."""
    together = getattr(game.engine, "describe_together", None)
    out: list[tuple[P, str, str]] = []
    run: list[dict] = []
    players = players_written(game.shown_players) if together is not None else []
    for place, line, kind, event in lines:
        if together is not None and run and event is not None:
            joined = together([*run, event], players)
            if joined is not None:
                run.append(event)
                out[-1] = (place, joined, out[-1][2])
                continue
        out.append((place, line, kind))
        run = [event] if event is not None else []
    return out


def clip(lines: list[str], limit: int = MAX_CONTENT, keep: int = 0,
         pinned: Collection[int] = ()) -> str:
    """Join lines; when they do not all fit, keep the first `keep` and the `pinned` ones
    (what the table did for someone, which must be told) and the newest of the others,
    with "…" where lines were left out."""
    text = "\n".join(lines)
    if len(text) <= limit:
        return text
    must = set(range(keep)) | set(pinned)
    size = sum(len(lines[i]) + 3 for i in must) + 2  # each may be followed by a "…"
    kept = set(must)
    for i in reversed([i for i in range(len(lines)) if i not in must]):
        if size + len(lines[i]) + 1 > limit:
            break
        kept.add(i)
        size += len(lines[i]) + 1
    return "\n".join(line if i in kept else "…" for i, line in enumerate(lines)
                     if i in kept or i == 0 or i - 1 in kept)[:limit]  # one "…" a gap


def tell(story: Story, limit: int = MAX_CONTENT) -> str:
    """The story's text, clipped to `limit` but never losing a note."""
    return clip([line for line, _ in story], limit=limit,
                pinned=[i for i, (_, note) in enumerate(story) if note])


def compose(story: Story, prompt: str) -> str:
    """The segment's story, a blank line, then the prompt (which always fits whole)."""
    prompt = prompt[:MAX_CONTENT]
    room = MAX_CONTENT - len(prompt) - 2
    told = tell(story, limit=room) if story and room > 40 else ""
    return f"{told}\n\n{prompt}" if told and prompt else told or prompt


def notes_told(content: str, known: dict[str, T], after: T) -> list[tuple[T, str]]:
    """The table's notes a posted message tells, read back from its story (the text above
    the prompt, see `compose`): the lines no event tells (`known` maps those to the move
    they tell), each about the move whose lines follow it; those below every move's
    lines are about `after`."""
    told: list[tuple[T, str]] = []
    waiting: list[str] = []
    above = content.split("\n\n", 1)[0] if "\n\n" in content else ""
    for line in above.splitlines():  # (no blank line: the prompt alone)
        if line in known:
            told += [(known[line], note) for note in waiting]
            waiting = []
        elif line != "…":
            waiting.append(line)
    return told + [(after, note) for note in waiting]


def caption_of(story: Story) -> str:
    """What the board is drawn after: the last move told (a note tells no move, a
    footnote such as a stack's hash proves one). Names in it as typed: the board draws
    it, and its alt text repeats it, where nothing is markdown."""
    moves = [line for line, note in story if not note and not line.startswith(SUBTEXT)]
    return drawn(moves[-1] if moves else story[-1][0] if story else "")


def action_caption(game: LoadedGame, action: list[dict], scenes: Collection[str]
                   ) -> str | None:
    """The game's own caption of one action that made a move (not only a scene), its
    outcome first: the channel's board and the web page's step say the same. None where
    the game leaves it to the last line told, or the action made no move."""
    compose = getattr(game.engine, "caption", None)
    if compose is None or not any(e.get("type") not in scenes for e in action):
        return None
    told = compose(action, game.shown_players)
    return _COMMAND.sub(r"/\1", told) if told else told  # (its names are as typed)


def board_description(caption: str) -> str:
    """The image's alt text: what the board shows the state after."""
    return (_("The board after: {caption}", caption=caption)[:1000] if caption
            else _("The board"))
