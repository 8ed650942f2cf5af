"""How Doge shows itself in its channel and on its web page (cogs/common/show.py)."""

from __future__ import annotations

from cogs.common.show import Show
from cogs.doge.board import render_doge
from cogs.doge.channel import UNTOLD_KINDS, left_out
from cogs.doge.commands import secret_lines
from cogs.doge.prompts import DOGE_OPENERS, DOGE_SAID_BELOW, DOGE_SCENES, doge_callout, doge_prompt

SHOW = Show(prompt=doge_prompt, render=render_doge, openers=DOGE_OPENERS, scenes=DOGE_SCENES,
            said_below=DOGE_SAID_BELOW | UNTOLD_KINDS, callout=doge_callout, secrets=secret_lines,
            left_out=left_out)
