"""The scenes of a game's recap, from its record: the board after each election (Doge)
or each village founded (Clans), as public views with a caption. Pure: the record is
replayed through its engine, and only `public_view(state, None)` leaves this module, so
no image drawn from a scene can show a secret (D-10, C-7.2). Captions are in the
reader's language of the moment."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from bot.games.base import PlayerSpec
from bot.games.registry import get_engine
from bot.i18n import _


@dataclass(frozen=True)
class Scene:
    view: Any  # the engine's public view
    caption: str


def scenes(record: dict[str, Any]) -> list[Scene]:
    """One scene per election (Doge) or village (Clans), in order; ValueError for a game
    that has no recap."""
    game = record["game"]
    if game not in _CAPTIONS:
        raise ValueError(f"no recap for the game {game!r}")
    engine = get_engine(game)
    players = [PlayerSpec.from_json(p) for p in record["players"]]
    state = engine.new_game(players, record.get("settings") or {},
                            random.Random(record["seed"]))
    moments: list[tuple[Any, dict[str, Any]]] = []
    for action in record["actions"]:
        outcome = engine.apply(state, action)
        state = outcome.state
        marks = [e for e in outcome.events if e.get("type") in _MARKS[game]]
        if any(e["type"] == _COUNTED[game] for e in marks):
            view = engine.public_view(state, None)
            moments += [(view, e) for e in marks]
        elif marks:
            moments += [(None, e) for e in marks]
    return _CAPTIONS[game](moments)


# Events that set the scene (the year an election belongs to) and that make one.
_MARKS = {"doge": ("elections_begin", "election", "election_done"), "clans": ("village",)}
_COUNTED = {"doge": "election_done", "clans": "village"}


def _doge(moments: list[tuple[Any, dict[str, Any]]]) -> list[Scene]:
    from bot.games.doge.constants import area_name

    total = sum(1 for _view, e in moments if e["type"] == "election_done")
    year, out = 1, []
    for view, e in moments:
        if e["type"] == "elections_begin":
            year = e["year"]
        elif e["type"] == "election_done" and view is not None:
            out.append(Scene(view, _("Year {year} — election {n} of {total}: {area}",
                                     year=year, n=len(out) + 1, total=total,
                                     area=area_name(e["area"]))))
    return out


def _clans(moments: list[tuple[Any, dict[str, Any]]]) -> list[Scene]:
    total = len(moments)
    return [Scene(view, _("Epoch {epoch} — village {n} of {total}: {territory} ({terrain})",
                          epoch=e["epoch"], n=i, total=total, territory=e["territory"],
                          terrain=_terrain(e["terrain"])))
            for i, (view, e) in enumerate(moments, start=1)]


def _terrain(terrain: str) -> str:
    """A terrain's id is its English name, which the game's catalog translates."""
    return _(terrain)


_CAPTIONS = {"doge": _doge, "clans": _clans}
