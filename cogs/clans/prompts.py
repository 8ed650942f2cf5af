"""What Clans' messages say and which components they carry (the engine decides what may
be chosen; nothing here knows a player's colour before the end, C-7.2)."""

from __future__ import annotations

from dataclasses import replace

import discord

from bot.games.clans.questions import move_reminder_helps, region_label
from bot.games.clans.views import ClansPublicView
from bot.games.question import Question
from bot.games.wording import players_written, user_text
from bot.i18n import _, _n, cmd
from bot.store import ACTIVE, LOBBY, Deadline, LoadedGame
from bot.tables.service import TableService
from bot.tables.timing import moves_at_once
from cogs.common.table_ui import (
    awaited,
    default_note,
    lobby_prompt,
    question_view,
    status_line,
)
from cogs.common.ui import GameButton, view_of

EPOCHS = ("I", "II", "III", "IV", "V")
# Where a new channel message begins (cogs/common/segments.py): each move, with its villages.
CLANS_OPENERS = frozenset({"move", "game_end"})
CLANS_SCENES = frozenset({"epoch"})  # set the scene; never a board's caption


async def clans_prompt(service: TableService, game: LoadedGame, *,
                       reader: int | None = None) -> tuple[str, discord.ui.View | None]:
    """The channel's prompt; with `reader`, the text of `/clans status` for that user,
    who is told whom the game waits for, or that it is their move (no buttons there)."""
    if game.row.status == LOBBY:
        return lobby_prompt(game)
    view = game.engine.public_view(game.state, None)
    if game.row.status != ACTIVE or view.result is not None:
        return final_text(game), None
    due = {d.seat: d for d in await service.store.deadlines.get_deadlines(game.id)
           if d.kind.startswith("due:")}
    header = "🛖 " + _n("**Clans · turn {turn} · epoch {epoch}** ({n} chip left in this epoch)",
                        "**Clans · turn {turn} · epoch {epoch}** ({n} chips left in this epoch)",
                        view.chips_left_in_epoch, turn=view.turn + 1,
                        epoch=EPOCHS[view.epoch - 1])
    asked = service.awaited_seats(game)
    mine = GameButton("clans.me", game.id, "", label=_("My clan"), emoji="🔒")
    if not asked:
        return header, view_of(mine)
    seat = asked[0]
    names = [user_text(s.name) for s in game.seats]
    names[seat.seat] = awaited(service, seat)  # the question speaks to them by their mention
    question = service.kit(game).question(game.state, seat.seat, names)
    deadline = due.get(seat.seat)
    # A seat on autopilot that waits for its deadline (nobody else plays their own seat)
    # is asked like any other: its player may still answer, which ends the autopilot.
    if question is None or moves_at_once(game, seat.seat):
        # A person's seat the autopilot plays is theirs, marked so; not "a computer".
        name = user_text(seat.name)
        moving = f"{name}{service.absence_note(seat)}" if seat.autopilot else \
            _("{name} (computer) is moving.", name=name)
        return f"{header}\n⏳ {moving}", view_of(mine)
    if reader is not None:
        return "\n".join([header, status_line(service, seat, reader, deadline,
                                                moving=question.kind == "move")]), None
    if question.kind == "move":
        text = move_prompt(game, view, question, awaited(service, seat), header, deadline)
    else:  # the order of villages (C-4.7)
        text = "\n".join([header, question.prompt, default_note(game, question, deadline)])
    buttons = question_view(game, question, ())
    mine.row = min(len(buttons.children) // 5 + 1, 4)  # below the choices, not among them
    buttons.add_item(mine)
    return text, buttons


def move_prompt(game: LoadedGame, view: ClansPublicView, question: Question, mover: str,
                header: str, deadline: Deadline | None) -> str:
    """Whose move and how to make it, what the table plays at the deadline, and the rule
    only where it helps: a move's rule is the same every turn (C-3.1 to C-3.3)."""
    first = question.options[0] if question.options else None
    by_region = first is not None and first.path[0].startswith(region_label(first.action["from"]))
    # What the buttons below are: regions while many territories could be left (C-1.1).
    values = {"player": mover, "command": cmd("clans move")}
    lines = [header, _("{player}, your move: pick a region below, or type {command}.", **values)
             if by_region else _("{player}, your move: pick the territory to leave below, or "
                                 "type {command}.", **values)]
    # The whole default move, without its region: its territories name it (C-1.3).
    whole = question.whole_default or question.default_path
    default = question.action_for(question.default_path)
    if default is not None and whole[:1] == (region_label(default["from"]),):
        whole = whole[1:]
    short = replace(question, default_path=whole)
    lines.append(default_note(game, short, deadline))
    if move_reminder_helps(view, game.engine.legal_actions(game.state, question.seat)):
        lines.append(f"-# {question.prompt}")
    return "\n".join(lines)


def final_text(game: LoadedGame) -> str:
    view = game.engine.public_view(game.state, None)
    result = view.result
    if result is None:
        return _("This game has ended.")
    # The game's last event opens the result, told whole: why it ended, then every clan
    # revealed with its player, best first (C-6.1 to C-6.3). Its lines are the story's
    # own, which the message then leaves out above, so the ranking is told once.
    end = {"type": "game_end", "reason": result.reason, "colours": list(result.colours),
           "chips": list(view.chips), "totals": list(result.totals),
           "ranks": list(result.ranks)}
    players = players_written(game.shown_players)  # a seat handed on: its holder's name
    return "\n".join(["🏁 " + game.engine.describe(end, players),
                      _("The game record is attached; {command} gives it again.",
                        command=cmd("clans export"))])
