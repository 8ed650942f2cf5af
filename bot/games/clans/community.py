"""Clans for the ratings, stats and recaps (bot/games/community.py): places from the final
ranks (C-6.3), villages counted by the terrain of whoever founded them (C-4.2), a recap
scene after each village."""

from __future__ import annotations

from collections import Counter
from typing import Any

from bot.games.community import Community, Finish, Moment
from bot.i18n import _, _n


def finish(view: Any) -> Finish:
    result = view.result
    if result is None:
        raise ValueError("the Clans game is not over")
    tallies: list[Counter[str]] = [Counter() for _ in view.players]
    for village in view.villages:  # the mover took its chip (C-4.2)
        tallies[village.founder][village.terrain] += 1
    return Finish(tuple(int(r) for r in result.ranks), result.reason == "moderator",
                  tuple(dict(t) for t in tallies))


def captions(moments: list[Moment]) -> list[tuple[Any, str]]:
    total = len(moments)
    return [(view, _("Epoch {epoch} — village {n} of {total}: {territory} ({terrain})",
                     epoch=e["epoch"], n=i, total=total, territory=e["territory"],
                     terrain=_terrain(e["terrain"])))
            for i, (view, e) in enumerate(moments, start=1)]


def _terrain(terrain: str) -> str:
    """A terrain's id is its English name, which the game's catalog translates."""
    return _(terrain)


def recap_description(title: str, game_id: int, scenes: int) -> str:
    return _n("{title} game {game}: the board after each village, {n} in all",
              "{title} game {game}: the board after each village, {n} in all",
              scenes, title=title, game=game_id)


COMMUNITY = Community(finish=finish, known_for="terrain", scene_events=("village",),
                      scene_made_by="village", captions=captions,
                      recap_description=recap_description)
