"""Persistent components: every button and select carries its game id (and what it
answers) in its custom_id, so clicks keep working after a restart.

Custom ids look like `g:<op>:<game id>:<arg>` (buttons) and `s:<op>:<game id>:<arg>`
(selects); `op` names the handler, `arg` is the handler's own state. The handlers every
table shares have plain names (`join`, `dq`); a game's own are named within the game
(`<game>.<name>`, e.g. `doge.cast`, by `game_handler`), so two games cannot take the same
name. A handler may also answer older names (`cast`, before games had their own), so the
buttons already posted in channels keep working."""

from __future__ import annotations

import logging
import re
from collections.abc import Awaitable, Callable

import discord
from discord import ui

from bot.background import is_database_fault
from bot.i18n import SOURCE_LANGUAGE, _, language_of_locale, set_language
from bot.ops import metrics
from bot.store.errors import UnknownGame
from bot.tables.kits import installed
from bot.tables.not_installed import not_installed_line

log = logging.getLogger(__name__)

Handler = Callable[[discord.Interaction, int, str, list[str]], Awaitable[None]]
HANDLERS: dict[str, Handler] = {}
MAX_CUSTOM_ID = 100
MAX_GAME_ID = 2**63 - 1  # the largest id a database row can have
PLAIN_OP = re.compile(r"[a-z][a-z0-9_]*")  # a shared handler's name, or an older name


def handler(op: str) -> Callable[[Handler], Handler]:
    """Register the coroutine that answers the components every table shares, of kind
    `op` (a game's own register with `game_handler`)."""
    if not PLAIN_OP.fullmatch(op):
        raise ValueError(f"a shared handler's name is a plain word, not {op!r}")
    return _registering((op,))


def game_op(game: str, name: str) -> str:
    """The op of a game's own component: `doge.cast`."""
    if not (PLAIN_OP.fullmatch(game) and PLAIN_OP.fullmatch(name)):
        raise ValueError(f"a game's handler is named by two plain words, not {game!r}, "
                         f"{name!r}")
    return f"{game}.{name}"


def game_handler(game: str, name: str, *,
                 aliases: tuple[str, ...] = ()) -> Callable[[Handler], Handler]:
    """Register a game's own handler as `<game>.<name>`; `aliases` are plain names it
    answered to before, which components already posted in channels still carry."""
    for alias in aliases:
        if not PLAIN_OP.fullmatch(alias):
            raise ValueError(f"an older handler name is a plain word, not {alias!r}")
    return _registering((game_op(game, name), *aliases))


def _registering(names: tuple[str, ...]) -> Callable[[Handler], Handler]:
    """Registers a handler under `names`; a name another handler has is refused, as it
    would take that handler's components over."""

    def register(fn: Handler) -> Handler:
        for name in names:
            taken = HANDLERS.get(name)
            if taken is not None and not _same_definition(taken, fn):
                raise ValueError(f"the component handler name {name!r} is taken by "
                                 f"{taken.__module__}.{taken.__qualname__}")
        for name in names:
            HANDLERS[name] = fn
        return fn

    return register


def _same_definition(old: Handler, new: Handler) -> bool:
    """Whether `new` is `old` defined again: discord.py runs an extension's module afresh
    for every bot that loads it, so its handlers register once per bot."""
    return (old.__module__, old.__qualname__) == (new.__module__, new.__qualname__)


async def dispatch(interaction: discord.Interaction, op: str, game_id: int, arg: str,
                   values: list[str]) -> None:
    set_language(language_of_locale(interaction.locale))  # answers speak the clicker's
    fn = HANDLERS.get(op)
    if not 0 < game_id <= MAX_GAME_ID:  # a custom id the bot never made
        await interaction.response.send_message(_("That button is not valid."), ephemeral=True)
        return
    if fn is None:
        await interaction.response.send_message(_("This button is no longer in use."),
                                                ephemeral=True)
        return
    client = interaction.client
    client.in_flight = getattr(client, "in_flight", 0) + 1  # type: ignore[attr-defined]
    metrics.click_received(interaction.id)  # timed until its answer is sent
    try:
        refusal = await out_of_place(interaction, op, game_id)
        if refusal is not None:
            return await interaction.response.send_message(refusal, ephemeral=True)
        await fn(interaction, game_id, arg, values)
    except Exception as exc:  # answered in one line, never left without an answer
        log.error("component %s of game %s failed", op, game_id, exc_info=exc)
        await answer_failure(interaction, exc)
    finally:
        metrics.click_done(interaction.id)
        await count_click(client, game_id)
        client.in_flight -= 1  # type: ignore[attr-defined]


# A moderator's confirmation acts on any table, one of a game no longer installed too
# (its end is all that is left to do there).
ANY_GAME = frozenset({"modok", "modno"})


async def out_of_place(interaction: discord.Interaction, op: str, game_id: int) -> str | None:
    """Why a component may not act here, if so: its table is another channel's (a forged
    click would open and post that table's panels and rounds here), or its game is no
    longer installed on this bot. A game the store does not know is the handler's to
    refuse."""
    store = getattr(interaction.client, "store", None)
    if store is None:
        return None
    try:
        row = await store.games.get_game(game_id)
    except UnknownGame:
        return None
    if row.channel_id != interaction.channel_id:
        return _("That button belongs to a table in another channel.")
    if not installed(row.game) and op not in ANY_GAME:
        return not_installed_line()
    return None


async def count_click(client: object, game_id: int) -> None:
    """Count a click by its game's kind (a game the store does not know is not counted)."""
    store = getattr(client, "store", None)
    if store is None:
        return
    try:
        metrics.click(await store.games.game_kind(game_id))
    except Exception as exc:  # counting never fails a click
        log.debug("click of game %s not counted: %s", game_id, exc)


def _template(prefix: str) -> str:
    """What a component's custom id is matched by; its op plain or `<game>.<name>`."""
    return rf"{prefix}:(?P<op>[a-z0-9_.]+):(?P<gid>\d+):(?P<arg>.*)"


def _custom_id(prefix: str, op: str, game_id: int, arg: str) -> str:
    custom_id = f"{prefix}:{op}:{game_id}:{arg}"
    if len(custom_id) > MAX_CUSTOM_ID:
        raise ValueError(f"custom_id too long: {custom_id!r}")
    return custom_id


class GameButton(ui.DynamicItem[ui.Button], template=_template("g")):
    def __init__(self, op: str, game_id: int, arg: str = "", *, label: str | None = None,
                 style: discord.ButtonStyle = discord.ButtonStyle.secondary,
                 emoji: str | None = None, disabled: bool = False,
                 row: int | None = None) -> None:
        super().__init__(ui.Button(label=label, style=style, emoji=emoji, disabled=disabled,
                                   custom_id=_custom_id("g", op, game_id, arg)), row=row)
        self.op, self.game_id, self.arg = op, game_id, arg

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: ui.Button,
                             match: re.Match[str]) -> GameButton:
        return cls(match["op"], int(match["gid"]), match["arg"])

    async def callback(self, interaction: discord.Interaction) -> None:
        await dispatch(interaction, self.op, self.game_id, self.arg, [])


class GameSelect(ui.DynamicItem[ui.Select], template=_template("s")):
    def __init__(self, op: str, game_id: int, arg: str = "", *,
                 options: list[discord.SelectOption] | None = None,
                 placeholder: str | None = None, min_values: int = 1, max_values: int = 1,
                 row: int | None = None) -> None:
        select: ui.Select = ui.Select(custom_id=_custom_id("s", op, game_id, arg),
                                      options=options or [discord.SelectOption(label="-")],
                                      placeholder=placeholder, min_values=min_values,
                                      max_values=max_values)
        super().__init__(select, row=row)
        self.op, self.game_id, self.arg = op, game_id, arg

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: ui.Select,
                             match: re.Match[str]) -> GameSelect:
        return cls(match["op"], int(match["gid"]), match["arg"])

    async def callback(self, interaction: discord.Interaction) -> None:
        values = list((interaction.data or {}).get("values", []))  # type: ignore[union-attr]
        await dispatch(interaction, self.op, self.game_id, self.arg, values)


async def channel_language(interaction: discord.Interaction) -> str:
    """The language of the interaction's server, for what it says in the channel."""
    languages = getattr(interaction.client, "languages", None)
    return SOURCE_LANGUAGE if languages is None else await languages.of(interaction.guild_id)


def view_of(*items: ui.Item) -> ui.View:
    view = ui.View(timeout=None)
    for item in items:
        view.add_item(item)
    return view


# An interaction's token lasts 15 minutes: after that Discord answers followups and edits
# with 401 Invalid Webhook Token (50027), or Unknown Webhook (10015).
EXPIRED_TOKEN_CODES = (50027, 10015)


def token_expired(exc: discord.HTTPException) -> bool:
    return exc.status == 401 or exc.code in EXPIRED_TOKEN_CODES


async def tell(interaction: discord.Interaction, content: str, *, ephemeral: bool = True,
               **kwargs) -> bool:
    """A followup to an answered interaction. If its token has expired, a public one is
    posted in the channel instead; a private one is dropped (the player sees their
    secrets again with `/<game> me`, the game with `/<game> status`) and False returned."""
    try:
        await interaction.followup.send(content, ephemeral=ephemeral, **kwargs)
        return True
    except discord.HTTPException as exc:
        if not token_expired(exc):
            raise
    if ephemeral or interaction.channel is None:
        log.info("interaction %s: token expired, a private answer was not sent",
                 interaction.id)
        return False
    if isinstance(kwargs.get("file"), discord.File):
        kwargs["file"].reset()  # the refused followup has read it
    await interaction.channel.send(content, **kwargs)  # type: ignore[union-attr]
    return True


async def edit_answer(interaction: discord.Interaction, **kwargs) -> bool:
    """Edit the interaction's own answer (a private panel); False if its token expired."""
    try:
        await interaction.edit_original_response(**kwargs)
        return True
    except discord.HTTPException as exc:
        if not token_expired(exc):
            raise
        log.info("interaction %s: token expired, the answer was not edited", interaction.id)
        return False


REFUSAL_CHARS = 1000  # a refusal may quote what was typed: never up to Discord's 2000


async def refuse(interaction: discord.Interaction, message: str) -> None:
    """A one-line ephemeral refusal, whether or not the interaction was answered yet."""
    if len(message) > REFUSAL_CHARS:
        message = message[:REFUSAL_CHARS - 1] + "…"
    if interaction.response.is_done():
        await tell(interaction, message)
    else:
        await interaction.response.send_message(message, ephemeral=True)


def failure_line(exc: BaseException) -> str:
    """What a user is told when handling their command or click failed unexpectedly."""
    if is_database_fault(exc):
        return _("⚠️ That could not be saved: the bot's database refused it for a moment. "
                 "Nothing changed; try again in a minute.")
    return _("⚠️ Something went wrong on my side with this command; it is logged for the "
             "bot's host. What was already saved stays saved.")


async def answer_failure(interaction: discord.Interaction, exc: BaseException) -> None:
    """Answer an interaction whose handling failed (`exc`, already logged) in one line,
    deferred or not; an interaction that cannot be answered any more is left."""
    try:
        await refuse(interaction, failure_line(exc))
    except discord.HTTPException:
        pass  # the interaction is gone: the log has it
