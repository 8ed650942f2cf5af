"""How Clans shows itself in its channel and on its web page (cogs/common/show.py)."""

from __future__ import annotations

from cogs.clans.board import render_clans
from cogs.clans.commands import clan_line
from cogs.clans.prompts import CLANS_OPENERS, CLANS_SCENES, clans_prompt
from cogs.common.show import Show

SHOW = Show(prompt=clans_prompt, render=render_clans, openers=CLANS_OPENERS,
            scenes=CLANS_SCENES, secrets=lambda game, seat: [clan_line(game, seat)])
