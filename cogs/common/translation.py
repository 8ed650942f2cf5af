"""Slash commands in Dutch: discord.py asks a Translator for every command, group and
option name, description and choice when the commands are synced; ours answers from the
`commands` catalog (names in msgctxt `command-name`, the rest in `command`)."""

from __future__ import annotations

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


class _Recorder(app_commands.Translator):
    """Notes every text the sync would ask to translate."""

    def __init__(self) -> None:
        self.seen: dict[tuple[str, str], None] = {}

    async def translate(self, string: app_commands.locale_str, locale: discord.Locale,
                        context: app_commands.TranslationContext) -> str | None:
        kind = COMMAND_CONTEXT + ("-name" if context.location in NAMES else "")
        self.seen[(string.message, kind)] = None
        return None


async def command_texts_of(tree: app_commands.CommandTree) -> list[tuple[str, str]]:
    """(text, msgctxt) of every command of the tree, in the order Discord would get them."""
    recorder = _Recorder()
    for command in tree.get_commands():
        await command.get_translated_payload(tree, recorder)
    return list(recorder.seen)
