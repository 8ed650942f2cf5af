"""Doge for the ratings, stats and recaps (bot/games/community.py): places from the
final ranking (D-9.2, shared on a tie), palaces counted by district, a recap scene after
each election."""

from __future__ import annotations

from dataclasses import fields
from typing import Any

from bot.games.base import Action, Outcome
from bot.games.community import Community, Finish, Moment, tallied
from bot.games.doge.caption import election_outcome, naming
from bot.games.doge.constants import area_name
from bot.games.doge.engine import apply_in_place
from bot.games.doge.state import DogeState
from bot.games.doge.view import PublicView, public_view
from bot.games.wording import facts
from bot.i18n import N_, N_n, _


def finish(view: Any) -> Finish:
    result = view.result
    if not result or not result.get("ranking"):
        raise ValueError("the Doge game is not over")
    seats = len(view.players)
    places = [0] * seats
    for row in result["ranking"]:  # D-9.2: places already shared on a tie
        places[row["seat"]] = int(row["place"])
    palaces = ((owner, district) for district, owners in view.palaces.items()
               for owner in owners if owner is not None and 0 <= owner < seats)
    return Finish(tuple(places), result.get("reason") == "moderator", tallied(seats, palaces))


class _Watched(DogeState):
    """A state that notes its public view the moment an election is over: its last
    decision made and its stacks gone (D-4.7, D-11.3), the next one not begun. The engine
    runs on into the next election within the same action, so the state after the action
    shows that one (its stacks face up, its advisors made neutral), not this one's end."""

    settled: list[PublicView]

    def __setattr__(self, name: str, value: Any) -> None:
        over = name == "elections_done" and value == getattr(self, name, value) + 1
        super().__setattr__(name, value)
        if over:  # finish_election counts it last (bot/games/doge/election.py)
            self.settled.append(public_view(self, []))


def scene_views(before: DogeState, action: Action, outcome: Outcome) -> list[PublicView]:
    """The board right after each election the action ended, in order (the recap,
    bot/community/recap.py). Played again on a watched copy of the state before it."""
    copy = before.clone()
    watched = _Watched(**{f.name: getattr(copy, f.name) for f in fields(DogeState)})
    watched.settled = []
    apply_in_place(watched, action)
    views = watched.settled
    if views and outcome.state.phase == "over":
        # The game ended with the year (D-9): the last frame shows the final result too;
        # the year's end moves no piece.
        views[-1] = public_view(outcome.state, [])
    return views


def captions(moments: list[Moment]) -> list[tuple[Any, str]]:
    """Who won each vote first (D-4.4), then which election it was."""
    total = sum(1 for _view, e in moments if e["type"] == "election_done")
    year, out, vote = 1, [], None
    for view, e in moments:
        if e["type"] == "elections_begin":
            year = e["year"]
        elif e["type"] == "election":
            vote = e
        elif e["type"] == "election_done" and view is not None:
            who = naming([p.name for p in view.players])
            outcome = election_outcome(vote, who) if vote else ""
            which = _("Year {year} — election {n} of {total}: {area}", year=year,
                      n=len(out) + 1, total=total, area=area_name(e["area"]))
            out.append((view, facts(outcome, which)))
    return out


COMMUNITY = Community(
    finish=finish, favourite_label=N_("favourite district"),
    scene_events=("elections_begin", "election", "election_done"), captions=captions,
    recap_text=N_n("{title} game {game}: the board after each election, {n} in all",
                   "{title} game {game}: the board after each election, {n} in all"),
    tally_name=area_name)  # a district's name is its own in every language
