"""What the buttons every table shares do: the lobby, and answering a question step by
step. Game-specific components live with their game's cog."""

from __future__ import annotations

import logging
from typing import Any

import discord

from bot.background import DATABASE_FAULTS
from bot.games.base import MAX_NAME_CHARS
from bot.games.wording import user_text
from bot.i18n import _, cmd, speaking
from bot.store import LOBBY
from bot.tables.kits import short_hash
from bot.tables.service import Step, TableError, TableService
from bot.tables.steps import StaleStep
from cogs.common.poster import Poster, PostingError
from cogs.common.segments import segments_of
from cogs.common.table_ui import labels_for, lobby_prompt, question_view, step_text
from cogs.common.ui import channel_language, edit_answer, handler, refuse

log = logging.getLogger(__name__)


def tables(interaction: discord.Interaction) -> TableService:
    return interaction.client.tables  # type: ignore[attr-defined]


def poster(interaction: discord.Interaction, game: str) -> Poster:
    return interaction.client.posters[game]  # type: ignore[attr-defined]


def display_name(user: discord.abc.User) -> str:
    """The name a seat takes: as Discord shows the member, never longer than Discord
    allows (a seat's name is drawn on every board)."""
    return (getattr(user, "display_name", None) or user.name)[:MAX_NAME_CHARS]


async def publish(interaction: discord.Interaction, step: Step, *,
                  force_board: bool = False) -> None:
    """Show a committed step in the channel; tell the clicker if Discord or the database
    refused (the step stays saved)."""
    try:
        await poster(interaction, step.game.row.game).publish(  # the clicker is here: no ping
            interaction.channel, step, force_board=force_board,  # type: ignore[arg-type]
            here=frozenset({interaction.user.id}))
    except PostingError as exc:
        await refuse(interaction, str(exc))
    except DATABASE_FAULTS as exc:
        log.warning("game %s: showing a saved step failed: %s", step.game.id, exc)
        await refuse(interaction, _("Your move is saved, but showing it failed for a moment; "
                                    "{board} shows the table again.",
                                    board=cmd(f"{step.game.row.game} board")))


async def refuse_step(interaction: discord.Interaction, game_id: int, exc: TableError) -> None:
    """Refuse a click. A button of an earlier step on the game's newest message means the
    channel missed a step (a crash between its commit and its post): the table is shown
    again, with the current buttons, rather than the clicker sent to a newer message that
    does not exist."""
    clicked = interaction.message
    if isinstance(exc, StaleStep) and clicked is not None and not clicked.flags.ephemeral:
        service = tables(interaction)
        segments = segments_of(await service.store.messages.list_messages(game_id))
        if segments and segments[-1].message_id == clicked.id:
            game = await service.load(game_id)
            try:
                await poster(interaction, game.row.game).show_again(
                    interaction.channel, game)  # type: ignore[arg-type]
            except PostingError as failed:
                return await refuse(interaction, str(failed))
            return await refuse(interaction, _(
                "That step was already played; the table now shows the current one: "
                "answer there."))
    await refuse(interaction, str(exc))


# ---- lobby ---------------------------------------------------------------------------


def lobby_message(game) -> tuple[str, discord.ui.View | None]:
    """The lobby as it stands, or the line that it is closed (in the channel's language:
    speak it around this)."""
    if game.row.status == LOBBY:
        return lobby_prompt(game)
    kit = TableService.kit(game)
    return _("{emoji} The {title} table is closed.", emoji=kit.emoji, title=kit.title), None


async def redraw_lobby(channel: discord.abc.Messageable, service: TableService,
                       game) -> bool:
    """Redraw the lobby's message where it is, after a change made elsewhere (a computer
    seated, a moderator's kick): its names and buttons must not stay as they were, nor
    may the channel show two lobbies. False when there is no such message to edit."""
    stored = await service.store.messages.get_message(game.id, "lobby")
    if stored is None or stored.channel_id != getattr(channel, "id", None):
        return False
    content, view = lobby_message(game)
    try:
        await channel.get_partial_message(stored.message_id).edit(  # type: ignore[attr-defined]
            content=content, view=view, allowed_mentions=discord.AllowedMentions.none())
    except discord.NotFound:
        return False  # deleted by someone
    return True


async def _lobby_change(interaction: discord.Interaction, change) -> None:
    """Apply a lobby change (a coroutine of the table service) and redraw the lobby."""
    try:
        game = await change
    except TableError as exc:
        return await refuse(interaction, str(exc))
    with speaking(await channel_language(interaction)):  # the lobby is the channel's
        if game.row.status == LOBBY:
            content, view = lobby_prompt(game)
        else:  # the last person left: the table is closed
            kit = TableService.kit(game)
            content, view = _("{emoji} The {title} table is closed: everyone left.",
                              emoji=kit.emoji, title=kit.title), None
    await interaction.response.edit_message(content=content, view=view)


@handler("join")
async def on_join(interaction: discord.Interaction, game_id: int, arg: str,
                  values: list[str]) -> None:
    await _lobby_change(interaction, tables(interaction).join(
        game_id, interaction.user.id, display_name(interaction.user)))


@handler("leave")
async def on_leave(interaction: discord.Interaction, game_id: int, arg: str,
                   values: list[str]) -> None:
    await _lobby_change(interaction, tables(interaction).leave(game_id, interaction.user.id))


@handler("colour")
async def on_colour(interaction: discord.Interaction, game_id: int, arg: str,
                    values: list[str]) -> None:
    await _lobby_change(interaction, tables(interaction).pick_colour(
        game_id, interaction.user.id, values[0] if values else ""))


@handler("start")
async def on_start(interaction: discord.Interaction, game_id: int, arg: str,
                   values: list[str]) -> None:
    try:
        step = await tables(interaction).start(game_id, interaction.user.id)
    except TableError as exc:
        return await refuse(interaction, str(exc))
    kit = TableService.kit(step.game)
    order = kit.play_order(step.game.state)
    seats = step.game.seats if order is None else [step.game.seats[s] for s in order]
    names = ", ".join(user_text(s.name) for s in seats)
    with speaking(await channel_language(interaction)):
        content = (_("{emoji} **{title}** has started: {names}.", emoji=kit.emoji,
                     title=kit.title, names=names) if order is None else
                   _("{emoji} **{title}** has started; the order of play: {names}.",
                     emoji=kit.emoji, title=kit.title, names=names))
    await interaction.response.edit_message(content=content, view=None)
    step.notes.insert(0, kit.opening_note)  # told in the channel's language
    await publish(interaction, step, force_board=True)


async def submit(interaction: discord.Interaction, game_id: int, action: dict, *,
                 state: Any, version: int | None = None, decision: str | None = None,
                 key: str | None = None, confirm: str | None = None) -> None:
    """Apply the clicker's action, answered in `state`, then show the outcome in the
    channel; a private panel says `confirm`, else the kit's confirmation."""
    await interaction.response.defer()  # commit and render may take longer than 3 s
    try:
        step = await tables(interaction).act(game_id, interaction.user.id, action,
                                             version=version, decision=decision, key=key)
    except TableError as exc:
        return await refuse_step(interaction, game_id, exc)
    private = interaction.message is not None and interaction.message.flags.ephemeral
    if confirm is None and private:  # the game's own line for the answer, or the shared one
        confirm = TableService.kit(step.game).answered(state, action) or _("✅ Done.")
    if confirm is not None:  # the private panel the click came from says what happened
        await edit_answer(interaction, content=confirm, view=None)
    await publish(interaction, step)


# ---- election decisions -----------------------------------------------------------------


def _question_asked(service: TableService, game, user_id: int, version: int, dk: str):
    """The question the clicker faces now, if a button of `version` and decision `dk`
    may still answer it; else a one-line refusal."""
    seat = service.seat_of(game, user_id)
    if seat is None:
        raise TableError(_("You are not playing in this game: not your decision."))
    if game.row.status != "active":
        raise TableError(_("This game is over."))
    question = service.kit(game).question(game.state, seat.seat,
                                               [user_text(s.name) for s in game.seats])
    if question is None:
        if version != game.version:  # their own button of a step that is over, often
            raise StaleStep(_("That button is from an earlier step; use the newest message."))
        raise TableError(service.not_your_turn(game))
    current_dk = short_hash(service.kit(game).decision_key(game.state, seat.seat))
    if version != game.version and dk != current_dk:
        raise StaleStep(_("That button is from an earlier step; use the newest message."))
    return question


async def _show_step(interaction: discord.Interaction, game, question, picked) -> None:
    """The step after `picked`, privately: in the clicked panel, or a new one."""
    text, view = step_text(question, picked), question_view(game, question, picked)
    if interaction.message is not None and interaction.message.flags.ephemeral:
        return await interaction.response.edit_message(content=text, view=view)
    return await interaction.response.send_message(text, view=view, ephemeral=True)


@handler("dq")
async def on_decision(interaction: discord.Interaction, game_id: int, arg: str,
                      values: list[str]) -> None:
    await _step(interaction, game_id, arg, back=False)


@handler("dqb")
async def on_back(interaction: discord.Interaction, game_id: int, arg: str,
                  values: list[str]) -> None:
    """↩ Back: the step before, drawn again; nothing is answered."""
    await _step(interaction, game_id, arg, back=True)


async def _step(interaction: discord.Interaction, game_id: int, arg: str, *,
                back: bool) -> None:
    """A step's button: the panel opened ("open"), the next step shown, the answer
    submitted once the path names one, or (`back`) the step before shown again."""
    service = tables(interaction)
    try:
        version_text, dk, path = arg.split(".", 2)
        game = await service.load(game_id)
        if path == "open":  # the panel of a question whose first step is private
            question = _question_asked(service, game, interaction.user.id, game.version, dk)
            return await _show_step(interaction, game, question, ())
        question = _question_asked(service, game, interaction.user.id, int(version_text), dk)
        picked = labels_for(question, [int(i) for i in path.split("-") if i or not back])
        if picked is None:
            raise TableError(_("That choice is no longer offered."))
        action = question.action_for(picked)
        if back and action is not None:  # a Back never names a whole answer
            raise ValueError(path)
    except TableError as exc:
        return await refuse_step(interaction, game_id, exc)
    except ValueError:
        return await refuse(interaction, _("That button is not valid."))
    if action is None:  # more to choose (or back): the step, privately
        return await _show_step(interaction, game, question, picked)
    body = {k: v for k, v in action.items() if k != "seat"}
    await submit(interaction, game_id, body, state=game.state, version=int(version_text),
                 decision=dk, key=f"i{interaction.id}")
