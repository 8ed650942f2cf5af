"""How Bids shows itself in its channel and on its web page (cogs/common/show.py)."""

from __future__ import annotations

from cogs.common.show import Show
from tests.plugin_game.discord.board import render_bids
from tests.plugin_game.discord.commands import secret_line
from tests.plugin_game.discord.prompts import (
    BIDS_OPENERS,
    BIDS_SAID_BELOW,
    BIDS_SCENES,
    bids_prompt,
)

SHOW = Show(prompt=bids_prompt, render=render_bids, openers=BIDS_OPENERS,
            scenes=BIDS_SCENES, said_below=BIDS_SAID_BELOW,
            secrets=lambda game, seat: [secret_line(game, seat)])
