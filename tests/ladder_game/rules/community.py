"""Ladder for the ratings, stats and recaps (bot/games/community.py): places by rungs
(L-3.1), the cards that climbed a rung counted as low (1 to 12) or high, a recap scene per card."""

from __future__ import annotations

from typing import Any

from bot.games.community import Community, Finish, tallied
from bot.i18n import N_, N_n, _
from tests.ladder_game.rules.engine import climbs, laid_line


def finish(view: Any) -> Finish:
    if not view.over:
        raise ValueError("the Ladder game is not over")
    return Finish(tuple(view.ranks), view.reason == "moderator",
                  tallied(len(view.players), ((seat, "high" if card > 12 else "low")
                                              for i, (seat, card) in enumerate(view.row)
                                              if climbs(view.row[:i], card))))


COMMUNITY = Community(
    finish=finish, favourite_label=N_("climbed most with"),
    scene_events=("card_laid",),
    captions=lambda moments: [(view, laid_line(event, list(view.players)))
                              for view, event in moments],
    recap_text=N_n("{title} game {game}: the row after each card, {n} in all",
                   "{title} game {game}: the row after each card, {n} in all"),
    tally_name=lambda key: {"low": _("low cards"), "high": _("high cards")}[key])
