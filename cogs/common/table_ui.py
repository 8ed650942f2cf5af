"""Messages and components every game's table shares: colour marks, deadlines, the
lobby, and step-by-step questions (no rules here)."""

from __future__ import annotations

import discord

from bot.games.question import Question
from bot.store import LoadedGame
from bot.tables.kits import seat_level, short_hash
from bot.tables.service import TableService
from cogs.common.ui import GameButton, GameSelect, view_of

COLOUR_MARKS = {"red": "🔴", "blue": "🔵", "green": "🟢", "yellow": "🟡", "black": "⚫"}
PLACE_MEDALS = {1: "🥇", 2: "🥈", 3: "🥉"}


def mark(colour: str | None) -> str:
    return COLOUR_MARKS.get(colour or "", "⚪")


def who(seat) -> str:
    return f"<@{seat.user_id}>" if seat.user_id else seat.name


def deadline_text(deadline) -> str:
    if deadline is None:
        return ""
    if deadline.due_at is None:
        return " (clock paused)"
    return f" (deadline <t:{int(deadline.due_at)}:R>)"


def computer_levels(game: LoadedGame) -> str:
    """Who the computer plays and at which level: 'Doge Bot Dandolo (strong), Ann
    (autopilot, normal)'; empty when it plays no seat."""
    return ", ".join(
        f"{s.name} ({'' if s.is_bot else 'autopilot, '}{seat_level(game.row.settings, s)})"
        for s in game.seats if s.played_by_ai)


def lobby_prompt(game: LoadedGame) -> tuple[str, discord.ui.View]:
    kit = TableService.kit(game)
    size = game.row.settings.get("seats", kit.max_players)
    pick = ", pick a colour" if kit.colours else ""
    lines = [f"{kit.emoji} **{kit.title}** — a table for {size} "
             f"({game.row.settings.get('timing', 'live')} play). Join{pick}, then any seated "
             f"player starts ({kit.min_players} or more).", ""]
    for s in game.seats:
        level = f", {seat_level(game.row.settings, s)}" if s.is_bot else ""
        lines.append(f"{mark(s.colour)} {s.name}" + (f" (computer{level})" if s.is_bot else ""))
    lines += ["▫️ (free seat)"] * (size - len(game.seats))
    lines.append(f"Fill empty seats with computer players: `/{kit.name} addbot`.")
    gid = game.id
    items: list[discord.ui.Item] = [
        GameButton("join", gid, label="Join", style=discord.ButtonStyle.success, row=0),
        GameButton("leave", gid, label="Leave", row=0),
        GameButton("start", gid, label="Start", style=discord.ButtonStyle.primary, row=0),
    ]
    taken = {s.colour for s in game.seats}
    free = [c for c in kit.colours if c not in taken]
    if free:
        items.append(GameSelect("colour", gid, placeholder="Pick your colour",
                                options=[discord.SelectOption(label=c.capitalize(), value=c,
                                                              emoji=COLOUR_MARKS[c])
                                         for c in free], row=1))
    return "\n".join(lines), view_of(*items)


def question_view(game: LoadedGame, question: Question, picked: tuple[str, ...],
                  ) -> discord.ui.View:
    """Buttons for the next step of `question` after the labels `picked`."""
    labels = question.labels_after(picked)
    indexes = _indexes(question, picked)
    dk = short_hash(TableService.kit(game).decision_key(game.state, question.seat))
    items = []
    for i, label in enumerate(labels):
        default = question.default_path[: len(picked) + 1] == (*picked, label)
        path = "-".join(str(n) for n in (*indexes, i))
        items.append(GameButton(
            "dq", game.id, f"{game.version}.{dk}.{path}", label=label[:80],
            style=discord.ButtonStyle.primary if default else discord.ButtonStyle.secondary,
            row=min(i // 5, 4)))
    return view_of(*items)


def _indexes(question: Question, picked: tuple[str, ...]) -> list[int]:
    out = []
    for depth, label in enumerate(picked):
        out.append(question.labels_after(picked[:depth]).index(label))
    return out


def labels_for(question: Question, indexes: list[int]) -> tuple[str, ...] | None:
    picked: tuple[str, ...] = ()
    for i in indexes:
        labels = question.labels_after(picked)
        if not 0 <= i < len(labels):
            return None
        picked = (*picked, labels[i])
    return picked


