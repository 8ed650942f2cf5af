"""What Doge's own components do: the secret ballot panel (D-3)."""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

import discord

from bot.games.doge.constants import AREAS, area_name
from bot.i18n import _
from bot.tables.service import TableError
from bot.tables.steps import StaleStep
from cogs.common.table_components import refuse_step, submit, tables
from cogs.common.ui import game_handler, refuse
from cogs.doge.prompts import ballot_panel

log = logging.getLogger(__name__)


# ---- the secret ballot ------------------------------------------------------------------
# Each handler also answers to its name from before games named their own (`cast`): the
# buttons posted until then carry it.


def _round_key(game) -> str:
    return f"{game.state.year}-{game.state.round}"


async def _ballot_game(interaction: discord.Interaction, game_id: int, key: str):
    """The game and the clicker's seat, if their ballot panel still applies."""
    service = tables(interaction)
    game = await service.load(game_id)
    if game.row.game != "doge":  # a crafted id: the panel is Doge's
        raise TableError(_("That button is not valid."))
    seat = service.seat_of(game, interaction.user.id)
    if seat is None:
        raise TableError(_("You are not playing in this game."))
    if game.row.status != "active":
        raise TableError(_("This game is over."))
    if game.state.phase != "placement":  # a button of a round that is over
        raise StaleStep(_("Ballots are cast only in the placement phase (D-3.2)."))
    if key != _round_key(game):
        raise StaleStep(_("That ballot panel is from an earlier round; press {button} on "
                          "the newest message.", button=_("Cast ballot")))
    if not game.state.players[seat.seat].markers:
        raise TableError(_("You have no markers left and sit out this round (D-3.4)."))
    return game, seat


@game_handler("doge", "cast", aliases=("cast",))
async def on_cast(interaction: discord.Interaction, game_id: int, arg: str,
                  values: list[str]) -> None:
    try:
        game, seat = await _ballot_game(interaction, game_id, arg)
    except TableError as exc:  # on the newest message a stale button shows the table again
        return await refuse_step(interaction, game_id, exc)
    current = game.state.ballots.get(seat.seat)
    area, mask = None, 0
    if current:
        area = AREAS.index(current.area)
        held = sorted(game.state.players[seat.seat].markers, reverse=True)
        for m in current.markers:
            i = next(i for i, v in enumerate(held) if v == m and not mask >> i & 1)
            mask |= 1 << i
    content, view = ballot_panel(game, seat.seat, area, mask)
    await interaction.response.send_message(content, view=view, ephemeral=True)


def _index(text: str, count: int) -> int:
    """A select's value, or a panel's argument, as the index of one of `count` choices.
    ValueError for anything else: the bot made the value, but a crafted one must not
    reach a shift or an allocation (`1 << 10**9`)."""
    if not (text.isascii() and text.isdigit() and len(text) <= 2) or int(text) >= count:
        raise ValueError(text)
    return int(text)


def _mask(text: str, count: int) -> int:
    """The markers picked so far, one bit per marker in hand ("" when none): up to 127
    with 7 markers (D-1.2), so 3 digits (the three lowest of 3 3 2 2 1 1 0 are 112)."""
    if text == "":
        return 0
    if not (text.isascii() and text.isdigit() and len(text) <= 3) or int(text) >> count:
        raise ValueError(text)
    return int(text)


def _held(game, seat) -> list[int]:
    return sorted(game.state.players[seat.seat].markers, reverse=True)


async def _ballot_redrawn(interaction: discord.Interaction, game_id: int, key: str,
                          chosen: Callable[[Any, Any], tuple[int | None, int]]) -> None:
    """The ballot panel drawn again with the area and markers `chosen(game, seat)` says,
    or a one-line refusal (a choice that is not one of the panel's)."""
    try:
        game, seat = await _ballot_game(interaction, game_id, key)
        area, mask = chosen(game, seat)
        content, view = ballot_panel(game, seat.seat, area, mask)
    except (TableError, ValueError) as exc:
        return await refuse(interaction, str(exc) if isinstance(exc, TableError)
                            else _("That choice is not valid."))
    await interaction.response.edit_message(content=content, view=view)


@game_handler("doge", "bpa", aliases=("bpa",))
async def on_ballot_area(interaction: discord.Interaction, game_id: int, arg: str,
                         values: list[str]) -> None:
    key, _dot, mask_arg = arg.partition(".")

    def chosen(game: Any, seat: Any) -> tuple[int | None, int]:
        [area_value] = values
        return _index(area_value, len(AREAS)), _mask(mask_arg, len(_held(game, seat)))

    await _ballot_redrawn(interaction, game_id, key, chosen)


@game_handler("doge", "bpm", aliases=("bpm",))
async def on_ballot_markers(interaction: discord.Interaction, game_id: int, arg: str,
                            values: list[str]) -> None:
    key, _dot, area_arg = arg.partition(".")

    def chosen(game: Any, seat: Any) -> tuple[int | None, int]:
        held = _held(game, seat)
        if not 1 <= len(values) <= min(4, len(held)):  # D-3.2: 1 to 4 markers
            raise ValueError(values)
        mask = 0
        for value in values:
            mask |= 1 << _index(value, len(held))
        return (None if area_arg == "x" else _index(area_arg, len(AREAS))), mask

    await _ballot_redrawn(interaction, game_id, key, chosen)


@game_handler("doge", "bpc", aliases=("bpc",))
async def on_ballot_confirm(interaction: discord.Interaction, game_id: int, arg: str,
                            values: list[str]) -> None:
    try:
        key, area_arg, mask_arg = arg.split(".")
        game, seat = await _ballot_game(interaction, game_id, key)
        held = _held(game, seat)
        mask = _mask(mask_arg, len(held))
        markers = [held[i] for i in range(len(held)) if mask >> i & 1]
        if not markers:
            raise ValueError(mask_arg)
        action = {"type": "ballot", "area": AREAS[_index(area_arg, len(AREAS))],
                  "markers": markers}
    except TableError as exc:
        return await refuse(interaction, str(exc))
    except ValueError:
        return await refuse(interaction, _("Pick an area and 1 to 4 markers first."))
    # Checked against the round the panel was checked in, under the table's lock.
    await submit(interaction, game_id, action, state=game.state, key=f"i{interaction.id}",
                 version=game.version,
                 decision=tables(interaction).decision_of(game, interaction.user.id),
                 confirm=ballot_done(action))


def ballot_done(action: dict) -> str:
    values = " + ".join(str(m) for m in action["markers"])
    return _("✅ Your ballot: {area} with {markers} (secret). You may change it with "
             "{button} until everyone has chosen.", area=area_name(action["area"]),
             markers=values, button=_("Cast ballot"))


