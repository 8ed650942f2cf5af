"""How Ladder shows itself in its channel and on its web page (cogs/common/show.py)."""

from __future__ import annotations

from cogs.common.show import Show
from tests.ladder_game.discord.board import render_ladder
from tests.ladder_game.discord.commands import hand_line
from tests.ladder_game.discord.prompts import ladder_prompt

# A new channel message at the end only: each card laid edits the running one.
SHOW = Show(prompt=ladder_prompt, render=render_ladder, openers=frozenset({"game_over"}),
            secrets=lambda game, seat: [hand_line(game, seat)])
