"""What Doge's buttons and selects do: lobby, the secret ballot panel, and decisions."""

from __future__ import annotations

import logging

import discord

from bot.games.doge.constants import AREAS
from bot.tables.kits import short_hash
from bot.tables.service import Step, TableError, TableService
from cogs.doge_prompts import ballot_panel, labels_for, lobby_prompt, question_view
from cogs.poster import Poster, PostingError
from cogs.ui import handler, refuse

log = logging.getLogger(__name__)


def tables(interaction: discord.Interaction) -> TableService:
    return interaction.client.tables  # type: ignore[attr-defined]


def poster(interaction: discord.Interaction) -> Poster:
    return interaction.client.posters["doge"]  # type: ignore[attr-defined]


def display_name(user: discord.abc.User) -> str:
    return getattr(user, "display_name", None) or user.name


async def publish(interaction: discord.Interaction, step: Step, *,
                  force_board: bool = False) -> None:
    """Show a committed step in the channel; tell the clicker if Discord refused."""
    try:
        await poster(interaction).publish(interaction.channel, step,  # type: ignore[arg-type]
                                          force_board=force_board)
    except PostingError as exc:
        await refuse(interaction, str(exc))


# ---- lobby ---------------------------------------------------------------------------


async def _lobby_update(interaction: discord.Interaction, game) -> None:
    content, view = lobby_prompt(game)
    await interaction.response.edit_message(content=content, view=view)


@handler("join")
async def on_join(interaction: discord.Interaction, game_id: int, arg: str,
                  values: list[str]) -> None:
    try:
        game = await tables(interaction).join(game_id, interaction.user.id,
                                              display_name(interaction.user))
    except TableError as exc:
        return await refuse(interaction, str(exc))
    await _lobby_update(interaction, game)


@handler("leave")
async def on_leave(interaction: discord.Interaction, game_id: int, arg: str,
                   values: list[str]) -> None:
    try:
        game = await tables(interaction).leave(game_id, interaction.user.id)
    except TableError as exc:
        return await refuse(interaction, str(exc))
    await _lobby_update(interaction, game)


@handler("colour")
async def on_colour(interaction: discord.Interaction, game_id: int, arg: str,
                    values: list[str]) -> None:
    try:
        game = await tables(interaction).pick_colour(game_id, interaction.user.id,
                                                     values[0] if values else "")
    except TableError as exc:
        return await refuse(interaction, str(exc))
    await _lobby_update(interaction, game)


@handler("start")
async def on_start(interaction: discord.Interaction, game_id: int, arg: str,
                   values: list[str]) -> None:
    try:
        step = await tables(interaction).start(game_id, interaction.user.id)
    except TableError as exc:
        return await refuse(interaction, str(exc))
    names = ", ".join(s.name for s in step.game.seats)
    await interaction.response.edit_message(
        content=f"🎭 **Doge** has started: {names}.", view=None)
    step.lines.insert(0, "A new game of Doge begins. Year 1: choose your areas in secret.")
    await publish(interaction, step, force_board=True)


# ---- the secret ballot ------------------------------------------------------------------


def _round_key(game) -> str:
    return f"{game.state.year}-{game.state.round}"


async def _ballot_game(interaction: discord.Interaction, game_id: int, key: str):
    """The game and the clicker's seat, if their ballot panel still applies."""
    service = tables(interaction)
    game = await service.load(game_id)
    seat = service.seat_of(game, interaction.user.id)
    if seat is None:
        raise TableError("You are not playing in this game.")
    if game.row.status != "active" or game.state.phase != "placement":
        raise TableError("Ballots are cast only in the placement phase (D-3.2).")
    if key != _round_key(game):
        raise TableError("That ballot panel is from an earlier round; press Cast ballot "
                         "on the newest message.")
    if not game.state.players[seat.seat].markers:
        raise TableError("You have no markers left and sit out this round (D-3.4).")
    return game, seat


@handler("cast")
async def on_cast(interaction: discord.Interaction, game_id: int, arg: str,
                  values: list[str]) -> None:
    try:
        game, seat = await _ballot_game(interaction, game_id, arg)
    except TableError as exc:
        return await refuse(interaction, str(exc))
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


@handler("bpa")
async def on_ballot_area(interaction: discord.Interaction, game_id: int, arg: str,
                         values: list[str]) -> None:
    key, _, mask = arg.partition(".")
    try:
        game, seat = await _ballot_game(interaction, game_id, key)
        area = int(values[0])
        content, view = ballot_panel(game, seat.seat, area, int(mask or 0))
    except (TableError, ValueError, IndexError) as exc:
        return await refuse(interaction, str(exc) if isinstance(exc, TableError)
                            else "That choice is not valid.")
    await interaction.response.edit_message(content=content, view=view)


@handler("bpm")
async def on_ballot_markers(interaction: discord.Interaction, game_id: int, arg: str,
                            values: list[str]) -> None:
    key, _, area_arg = arg.partition(".")
    try:
        game, seat = await _ballot_game(interaction, game_id, key)
        mask = 0
        for v in values:
            mask |= 1 << int(v)
        area = None if area_arg == "x" else int(area_arg)
        content, view = ballot_panel(game, seat.seat, area, mask)
    except (TableError, ValueError) as exc:
        return await refuse(interaction, str(exc) if isinstance(exc, TableError)
                            else "That choice is not valid.")
    await interaction.response.edit_message(content=content, view=view)


@handler("bpc")
async def on_ballot_confirm(interaction: discord.Interaction, game_id: int, arg: str,
                            values: list[str]) -> None:
    try:
        key, area_arg, mask_arg = arg.split(".")
        game, seat = await _ballot_game(interaction, game_id, key)
        held = sorted(game.state.players[seat.seat].markers, reverse=True)
        mask = int(mask_arg)
        markers = [held[i] for i in range(len(held)) if mask >> i & 1]
        action = {"type": "ballot", "area": AREAS[int(area_arg)], "markers": markers}
    except TableError as exc:
        return await refuse(interaction, str(exc))
    except (ValueError, IndexError):
        return await refuse(interaction, "Pick an area and 1 to 4 markers first.")
    await submit(interaction, game_id, action, key=f"i{interaction.id}",
                 confirm_ephemeral=True)


async def submit(interaction: discord.Interaction, game_id: int, action: dict, *,
                 version: int | None = None, decision: str | None = None,
                 key: str | None = None, confirm_ephemeral: bool = False) -> None:
    """Apply the clicker's action, then show the outcome in the channel."""
    await interaction.response.defer()  # commit and render may take longer than 3 s
    try:
        step = await tables(interaction).act(game_id, interaction.user.id, action,
                                             version=version, decision=decision, key=key)
    except TableError as exc:
        return await refuse(interaction, str(exc))
    if confirm_ephemeral:
        await interaction.edit_original_response(content=_ballot_done(action), view=None)
    elif interaction.message is not None and interaction.message.flags.ephemeral:
        await interaction.edit_original_response(content="✅ Done.", view=None)
    await publish(interaction, step)


def _ballot_done(action: dict) -> str:
    from bot.games.doge.constants import area_name

    values = " + ".join(str(m) for m in action["markers"])
    return (f"✅ Your ballot: {area_name(action['area'])} with {values} (secret). You may "
            "change it with Cast ballot until everyone has chosen.")


# ---- election decisions -----------------------------------------------------------------


@handler("dq")
async def on_decision(interaction: discord.Interaction, game_id: int, arg: str,
                      values: list[str]) -> None:
    service = tables(interaction)
    try:
        version_text, dk, path = arg.split(".", 2)
        game = await service.load(game_id)
        seat = service.seat_of(game, interaction.user.id)
        if seat is None:
            raise TableError("You are not playing in this game: not your decision.")
        if game.row.status != "active":
            raise TableError("This game is over.")
        question = service.kit(game).question(game.state, seat.seat,
                                              [s.name for s in game.seats])
        if question is None:
            raise TableError("Not your decision: " + service.waiting_line(game))
        current_dk = short_hash(service.kit(game).decision_key(game.state, seat.seat))
        if path == "open":
            content = f"🔒 {question.prompt}"
            return await interaction.response.send_message(
                content, view=question_view(game, question, ()), ephemeral=True)
        if int(version_text) != game.version and dk != current_dk:
            raise TableError("That button is from an earlier step; use the newest message.")
        picked = labels_for(question, [int(i) for i in path.split("-")])
        if picked is None:
            raise TableError("That choice is no longer offered.")
    except TableError as exc:
        return await refuse(interaction, str(exc))
    except ValueError:
        return await refuse(interaction, "That button is not valid.")
    action = question.action_for(picked)
    if action is None:  # more to choose: ask the next step, privately
        view = question_view(game, question, picked)
        text = f"🔒 {' › '.join(picked)} — {question.title_for(len(picked))}:"
        if interaction.message is not None and interaction.message.flags.ephemeral:
            return await interaction.response.edit_message(content=text, view=view)
        return await interaction.response.send_message(text, view=view, ephemeral=True)
    body = {k: v for k, v in action.items() if k != "seat"}
    await submit(interaction, game_id, body, version=int(version_text), decision=dk,
                 key=f"i{interaction.id}")
