"""Slash commands in Dutch: discord.py asks a Translator for every command, group and
option name, description and choice when the commands are synced; ours answers from the
catalogs (names in msgctxt `command-name`, the rest in `command`): the shared commands'
in the `commands` catalog, a game's own in that game's catalog."""

from __future__ import annotations

from typing import NamedTuple

import discord
from discord import app_commands
from discord.app_commands import TranslationContextLocation as Where

from bot.i18n import COMMAND_CONTEXT, SOURCE_LANGUAGE, command_text, language_of_locale

NAMES = (Where.command_name, Where.group_name, Where.parameter_name)


class CatalogTranslator(app_commands.Translator):
    async def translate(self, string: app_commands.locale_str, locale: discord.Locale,
                        context: app_commands.TranslationContext) -> str | None:
        language = language_of_locale(locale)
        if language == SOURCE_LANGUAGE or locale.value.split("-")[0] != language:
            return None
        return command_text(string.message, language, name=context.location in NAMES)


class CommandText(NamedTuple):
    """A text of a slash command, with where it comes from: the module defining the
    command, group or option it belongs to, and the top-level command it is under."""

    text: str
    context: str  # its msgctxt
    module: str
    top: str


class _Recorder(app_commands.Translator):
    """Notes every text the sync would ask to translate, with its command."""

    def __init__(self) -> None:
        self.seen: dict[CommandText, None] = {}
        self.command: app_commands.Command | app_commands.Group | None = None

    async def translate(self, string: app_commands.locale_str, locale: discord.Locale,
                        context: app_commands.TranslationContext) -> str | None:
        data = context.data
        if isinstance(data, app_commands.Parameter):
            data = data.command
        if isinstance(data, app_commands.Command | app_commands.Group):
            self.command = data  # a choice is asked for right after its option
        assert self.command is not None, "a choice before any command"
        kind = COMMAND_CONTEXT + ("-name" if context.location in NAMES else "")
        top = self.command.root_parent or self.command
        self.seen[CommandText(string.message, kind, self.command.module or "", top.name)] = None
        return None


async def command_texts_of(tree: app_commands.CommandTree) -> list[CommandText]:
    """Every text of the tree's commands, in the order Discord would get them; a text
    used by several commands comes once for each module and top-level command."""
    recorder = _Recorder()
    for command in tree.get_commands():
        await command.get_translated_payload(tree, recorder)
    return list(recorder.seen)
