"""`/doge-admin`: `/table-admin` as it was called while the bot played Doge alone. Kept
for a release: it works the same, and every answer tells the moderator the new name."""

from __future__ import annotations

from discord.ext import commands

from cogs.common.admin import NAME, AdminCog, ModeratorCommands

OLD_NAME = "doge-admin"


class OldAdminName(AdminCog):
    def __init__(self, bot: commands.Bot) -> None:
        super().__init__(bot, ModeratorCommands(OLD_NAME, renamed_to=NAME))
