"""What Ladder's channel messages say and which button they carry: the row's last card,
whose turn it is, each player's rungs and how many cards they hold, never which (L-1.2).
Built from the shared prompt's parts (cogs/common/prompts.py)."""

from __future__ import annotations

import discord

from bot.games.wording import SUBTEXT, user_text
from bot.i18n import _, _n
from bot.store import LoadedGame
from bot.tables.service import TableService
from cogs.common.prompts import (
    Due,
    Prompt,
    open_question_button,
    result_text,
    standard_prompt,
)
from cogs.common.table_ui import called, deadline_text
from tests.ladder_game.rules.engine import LadderView


def heading(view: LadderView) -> str:
    top = view.row[-1][1] if view.row else None
    return "🪜 " + (_("**Ladder** · the row ends with {card}: a higher card climbs a rung "
                      "(L-2.2).", card=top) if top is not None else
                    _("**Ladder** · the row is empty: its first card climbs a rung (L-2.2)."))


def seat_lines(service: TableService, game: LoadedGame):
    def lines(view: LadderView, due: Due) -> list[str]:
        out = []
        for seat in game.seats:
            held = _n("{n} rung, {cards} held", "{n} rungs, {cards} held", view.points[seat.seat],
                      cards=_n("{n} card", "{n} cards", view.held[seat.seat]))
            if seat.seat == view.to_lay:  # awaited: named by their mention
                waits = "⏳" + service.absence_note(seat) + deadline_text(due.get(seat.seat))
                out.append(f"{called(seat)} ({held}): {waits}")
            else:
                out.append(f"{user_text(seat.name)} ({held})")
        return out + [SUBTEXT + _("At a deadline the table lays the lowest card (L-2.3).")]
    return lines


def lay_button(game: LoadedGame) -> discord.ui.Item:
    return open_question_button(game, _("Lay a card"), "🪜")


def final_text(game: LoadedGame) -> str:
    view = game.engine.public_view(game.state, None)
    end = {"type": "game_over", **game.engine.result(game.state)}
    return result_text(game, end, "ladder export") if view.over else _("This game has ended.")


async def ladder_prompt(service: TableService, game: LoadedGame, *,
                        reader: int | None = None) -> Prompt:
    """The channel's prompt; with `reader`, the text of `/ladder status` for that user."""
    return await standard_prompt(service, game, reader=reader, heading=heading,
                                 lines=seat_lines(service, game), button=lay_button,
                                 result=final_text)
