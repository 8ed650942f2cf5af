"""Bids for the ratings, stats and recaps (bot/games/community.py): places by points
(B-4.1), lots won counted by their worth, a recap scene after each lot revealed."""

from __future__ import annotations

from collections import Counter
from typing import Any

from bot.games.community import Community, Finish, Moment
from bot.i18n import N_, N_n, _
from tests.plugin_game.rules.engine import sale_line, winner_of


def finish(view: Any) -> Finish:
    if not view.over:
        raise ValueError("the Bids game is not over")
    tallies: list[Counter[str]] = [Counter() for _ in view.players]
    for value, bids in zip(view.lot_values, view.sales, strict=False):
        winner = winner_of(bids)
        if winner is not None:
            tallies[winner][str(value)] += 1
    return Finish(tuple(view.ranks), view.reason == "moderator",
                  tuple(dict(t) for t in tallies))


def captions(moments: list[Moment]) -> list[tuple[Any, str]]:
    """What each lot went for, as the channel told it."""
    return [(view, sale_line(event, list(view.players))) for view, event in moments]


def tally_name(key: str) -> str:
    """The lots a player won of one worth: '5-point lots'."""
    return _("{points}-point lots", points=key)


COMMUNITY = Community(
    finish=finish, favourite_label=N_("won most often"),
    favourite_line=N_("{games}, {wins}, average place {average}, won most often: "
                      "{favourite}."),
    scene_events=("lot_sold",), scene_made_by="lot_sold", captions=captions,
    recap_text=N_n("{title} game {game}: the board after each lot, {n} in all",
                   "{title} game {game}: the board after each lot, {n} in all"),
    tally_name=tally_name)
