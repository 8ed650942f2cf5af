"""Clans for the ratings, stats and recaps (bot/games/community.py): places from the final
ranks (C-6.3), villages counted by the terrain of whoever founded them (C-4.2), a recap
scene after each village."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from bot.games.base import Action, Event, Outcome, PlayerSpec
from bot.games.clans.caption import village_outcome
from bot.games.clans.engine import ClansEngine
from bot.games.clans.events import terrain_name
from bot.games.clans.rules import ClansState
from bot.games.clans.views import ClansPublicView, spectator_view
from bot.games.community import Community, Finish, Moment, tallied
from bot.games.wording import facts
from bot.i18n import N_, N_n, _


def finish(view: Any) -> Finish:
    result = view.result
    if result is None:
        raise ValueError("the Clans game is not over")
    return Finish(tuple(int(r) for r in result.ranks), result.reason == "moderator",
                  tallied(len(view.players), ((v.founder, v.terrain)  # its chip (C-4.2)
                                              for v in view.villages)))


class _Noting(list[Event]):
    """The action's events, noting the board as each village is founded (C-4.2)."""

    def __init__(self, state: ClansState, order: list[str]) -> None:
        super().__init__()
        self.state, self.order, self.views = state, order, []

    def append(self, event: Event) -> None:
        super().append(event)
        if event.get("type") == "village":
            view = spectator_view(self.state)
            # Villages of the same order not founded yet still wait for it (C-4.7).
            later = self.order[self.order.index(event["territory"]) + 1:] if (
                event["territory"] in self.order) else []
            self.views.append(replace(view, villages_to_order=tuple(later)))


def scene_views(before: ClansState, action: Action, outcome: Outcome) -> list[ClansPublicView]:
    """The board right after each village the action founded, in order (the recap,
    bot/community/recap.py). A move founds at most one; an order (C-4.7) founds several
    in one action, each its own scene. After the last only the turn or the game ends, so
    it gets the board after the action."""
    order = list(action.get("villages") or []) if action.get("type") == "order" else []
    noting = _Noting(before.clone(), order)
    ClansEngine().apply_in_place(noting.state, action, noting)
    views = noting.views
    if views:
        views[-1] = spectator_view(outcome.state)
    return views


def captions(moments: list[Moment]) -> list[tuple[Any, str]]:
    """Who founded each village and who scored first, then which village it is."""
    total = len(moments)
    return [(view, facts(village_outcome(e, [PlayerSpec(name) for name in view.players]),
                         _("Epoch {epoch} — village {n} of {total}: {territory} ({terrain})",
                           epoch=e["epoch"], n=i, total=total, territory=e["territory"],
                           terrain=terrain_name(e["terrain"]))))
            for i, (view, e) in enumerate(moments, start=1)]


COMMUNITY = Community(
    finish=finish, favourite_label=N_("favourite terrain"), tally_name=terrain_name,
    scene_events=("village",), captions=captions,
    recap_text=N_n("{title} game {game}: the board after each village, {n} in all",
                   "{title} game {game}: the board after each village, {n} in all"))
