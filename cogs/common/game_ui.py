"""What a game's Discord module tells the shared commands (`cogs/common/shared_commands.py`):
its help, rule topics, how a player sees their secrets and its clocks. Kept apart from
the extension that uses it, so that every bot loading the extensions reads the same
registry."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.games.registry import GAMES
from bot.i18n import COMMAND_CONTEXT, _, cmd
from bot.tables.kits import get_kit

# Rule topic names the shared catalog carries: a game whose `/<game> rules` has a topic of
# one of these sorts names it so and shares its translation; any other topic's name is the
# game's own text (its catalog's). What a topic says is always the game's.
SHARED_TOPICS = ("end", "secrets")


@dataclass(frozen=True)
class Clock:
    option: str  # the settings option, e.g. "placement_hours"
    setting: str  # the table setting it sets, in seconds: "placement_s" or "decision_s"
    description: str


@dataclass(frozen=True)
class GameUi:
    game: str
    help_text: Callable[[], str]
    rule_topics: dict[str, str]
    show_secrets: Callable[[discord.Interaction, int | None], Awaitable[None]]
    secrets_description: str  # what `/<game> me` shows, for its description
    clocks: tuple[Clock, ...]  # one or two

    def given_texts(self) -> set[tuple[str, str]]:
        """The slash command texts (text, msgctxt) this game gives the shared commands:
        its rule topics' names (but the shared ones), `me`'s description and its clocks'
        options. They are the game's catalog's, whatever other games are registered, as
        is every text the shared code words with the game's title (`How to play Doge
        here`); the rest of the shared commands is the shared catalog's."""
        names = {clock.option for clock in self.clocks}
        texts = {self.secrets_description,
                 *(clock.description for clock in self.clocks),
                 *(topic for topic in self.rule_topics if topic not in SHARED_TOPICS)}
        return ({(name, COMMAND_CONTEXT + "-name") for name in names}
                | {(text, COMMAND_CONTEXT) for text in texts})


def game_help(game: str, lines: Callable[[], list[str]]) -> Callable[[], str]:
    """A `help_text` most games can give: the game's emoji and title, how a table opens
    (`new`, **Join** and **Start**, `addbot`, with the kit's number of seats), then the
    game's own `lines`, all in the reader's language."""

    def help_text() -> str:
        kit = get_kit(game)
        return "\n".join([
            f"{kit.emoji} " + _("**{title} in Discord**", title=kit.title),
            _("{new} opens a table ({low} to {high} players); press **Join** and **Start**; "
              "{addbot} adds computer players.", new=cmd(f"{game} new"),
              addbot=cmd(f"{game} addbot"), low=kit.min_players, high=kit.max_players),
            *lines()])

    return help_text


UIS: dict[str, GameUi] = {}


def register(ui: GameUi) -> GameUi:
    UIS[ui.game] = ui
    return ui


class GameGroupsCog(commands.Cog):
    """Adds commands to every game's group (`/<game>`): load it after the games."""

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot
        self.added: list[tuple[app_commands.Group, str]] = []

    def commands_for(self, game: str) -> list[app_commands.Command[Any, ..., Any]]:
        raise NotImplementedError

    async def cog_load(self) -> None:
        for game in GAMES:
            group = self.bot.tree.get_command(game)
            if not isinstance(group, app_commands.Group):
                raise RuntimeError(f"load the /{game} commands before {type(self).__module__}")
            for command in self.commands_for(game):
                group.add_command(command)
                self.added.append((group, command.name))

    async def cog_unload(self) -> None:
        for group, name in self.added:
            group.remove_command(name)
        self.added.clear()
