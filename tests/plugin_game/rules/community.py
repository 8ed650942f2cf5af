"""Bids for the ratings, stats and recaps (bot/games/community.py): places by points
(B-4.1), lots won counted by their worth, a recap scene after each lot revealed."""

from __future__ import annotations

from typing import Any

from bot.games.community import Community, Finish, Moment, tallied
from bot.i18n import N_, N_n, _
from tests.plugin_game.rules.engine import sale_line, winner_of


def finish(view: Any) -> Finish:
    if not view.over:
        raise ValueError("the Bids game is not over")
    sold = ((winner_of(bids), str(value))
            for value, bids in zip(view.lot_values, view.sales, strict=False))
    won = ((seat, worth) for seat, worth in sold if seat is not None)  # a tie: nobody's
    return Finish(tuple(view.ranks), view.reason == "moderator",
                  tallied(len(view.players), won))


def captions(moments: list[Moment]) -> list[tuple[Any, str]]:
    """What each lot went for, as the channel told it."""
    return [(view, sale_line(event, list(view.players))) for view, event in moments]


def tally_name(key: str) -> str:
    """The lots a player won of one worth: '5-point lots'."""
    return _("{points}-point lots", points=key)


COMMUNITY = Community(
    finish=finish, favourite_label=N_("won most often"), tally_name=tally_name,
    scene_events=("lot_sold",), captions=captions,
    recap_text=N_n("{title} game {game}: the board after each lot, {n} in all",
                   "{title} game {game}: the board after each lot, {n} in all"))
