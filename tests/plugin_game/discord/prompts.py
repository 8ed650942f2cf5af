"""What Bids's channel messages say and which buttons they carry: who has bid, never how
much (B-2.1); the engine decides what may be bid."""

from __future__ import annotations

import discord

from bot.games.wording import SUBTEXT, players_written, user_text
from bot.i18n import _, _n, cmd
from bot.store import ACTIVE, LOBBY, LoadedGame
from bot.tables.service import TableService
from bot.tables.timing import timing_of
from cogs.common.table_ui import called, deadline_text, lobby_prompt, status_line
from cogs.common.ui import GameButton, view_of

# Where a new channel message begins (cogs/common/segments.py): each lot's reveal, which
# puts the next lot up, and the end.
BIDS_OPENERS = frozenset({"lot_sold", "game_over"})
# The next lot put up sets the scene: never a board's caption, which names the sale.
BIDS_SCENES = frozenset({"lot_up"})
# The prompt's heading names the lot up: its line is left out of the story above it.
BIDS_SAID_BELOW = frozenset({"lot_up"})


async def bids_prompt(service: TableService, game: LoadedGame, *,
                      reader: int | None = None) -> tuple[str, discord.ui.View | None]:
    """The channel's prompt; with `reader`, the text of `/bids status` for that user."""
    if game.row.status == LOBBY:
        return lobby_prompt(game)
    view = game.engine.public_view(game.state, None)
    if game.row.status != ACTIVE or view.over:
        return final_text(game), None
    due = {d.seat: d for d in await service.store.deadlines.get_deadlines(game.id)
           if d.kind.startswith("due:")}
    header = "🪙 " + _n("**Bids · lot {lot} of {total}**, worth {n} point: bid in secret "
                       "(B-2.1).", "**Bids · lot {lot} of {total}**, worth {n} points: bid "
                       "in secret (B-2.1).", view.value, lot=view.lot + 1, total=view.lots)
    asked = service.awaited_seats(game)
    if reader is not None:
        return "\n".join([header, *(status_line(service, s, reader, due.get(s.seat))
                                    for s in asked)]), None
    lines = [header]
    for seat in game.seats:
        coins = _n("{n} coin", "{n} coins", view.coins[seat.seat])
        if view.has_bid[seat.seat]:
            state = _("✅ has bid")
        elif seat.played_by_ai and not seat.autopilot:
            state = _("⏳ (computer)")
        else:  # awaited: named by their mention, with their deadline
            state = "⏳" + service.absence_note(seat) + deadline_text(due.get(seat.seat))
        name = called(seat) if not view.has_bid[seat.seat] else user_text(seat.name)
        lines.append(f"{name} ({coins}): {state}")
    if due:  # what a deadline does (B-2.2)
        lines.append(SUBTEXT + (_("At a deadline the autopilot bids for whoever has not.")
                                if timing_of(game.row.settings).autopilot else
                                _("At a deadline, whoever has not bid bids 0 coins (B-2.2).")))
    button = GameButton("dq", game.id, f"{game.version}..open", label=_("Bid"), emoji="🪙",
                        style=discord.ButtonStyle.primary)
    return "\n".join(lines), view_of(button)


def final_text(game: LoadedGame) -> str:
    """The result, told as the game's last event: why it ended, then everyone by place."""
    view = game.engine.public_view(game.state, None)
    if not view.over:
        return _("This game has ended.")
    end = {"type": "game_over", "reason": view.reason, "points": list(view.points),
           "ranks": list(view.ranks)}
    players = players_written(game.shown_players)  # a seat handed on: its holder's name
    return "\n".join(["🏁 " + game.engine.describe(end, players),
                      _("The game record is attached; {command} gives it again.",
                        command=cmd("bids export"))])
