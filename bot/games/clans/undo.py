"""What makes a Clans step impossible to take back (`/table-admin undo`,
bot/tables/undo_rules.py): Clans reveals nothing until its final scoring (C-7)."""

from __future__ import annotations

from bot.i18n import N_

REVEALING_EVENTS = {"game_end": N_("it revealed the clans' colours")}
REVEALING_ONLY_WITH: dict[str, str] = {}
SECRET_ACTIONS: dict[str, str] = {}
