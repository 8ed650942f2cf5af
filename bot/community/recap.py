"""The scenes of a game's recap, from its record: the board right after each election
(Doge) or each village founded (Clans), as public views with a caption. Pure: the record
is replayed through its engine, and only public views (`public_view(state, None)` or the
game's `scene_views`) leave this module, so no image drawn from a scene can show a secret
(D-10, C-7.2). Captions are in the reader's language of the moment."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from bot.games.base import Action, Outcome, PlayerSpec
from bot.games.community import community_of
from bot.games.registry import game as registered

# (state before, action, its outcome) -> the public view right after each scene-making
# event of the action, in order: an action can run on past the event (into the next
# election) or make several (an order founding villages), so the state after it is not
# always the board each caption names. `scene_views` in the game's community.py; without
# one, every scene of an action gets the board after it.
SceneViews = Callable[[Any, Action, Outcome], list[Any]]


@dataclass(frozen=True)
class Scene:
    view: Any  # the engine's public view
    caption: str


def scenes(record: dict[str, Any]) -> list[Scene]:
    """One scene per election (Doge) or village (Clans), in order; ValueError for a game
    that has no recap."""
    game = record["game"]
    spec = community_of(game)  # ValueError for a game the bot does not play
    played = registered(game)
    engine = played.engine
    scene_views: SceneViews | None = getattr(played.module("rules", "community"),
                                             "scene_views", None)
    players = [PlayerSpec.from_json(p) for p in record["players"]]
    state = engine.new_game(players, record.get("settings") or {},
                            random.Random(record["seed"]))
    moments: list[tuple[Any, dict[str, Any]]] = []
    for action in record["actions"]:
        outcome = engine.apply(state, action)
        marks = [e for e in outcome.events if e.get("type") in spec.scene_events]
        made = sum(1 for e in marks if e["type"] == spec.scene_made_by)
        if not made:
            found = []
        elif scene_views is None:
            found = [engine.public_view(outcome.state, None)] * made
        else:
            found = scene_views(state, action, outcome)
        if len(found) != made:  # the game's scene_views no longer follows its engine
            raise RuntimeError(f"{game}: {len(found)} scene views for {made} scenes")
        views = iter(found)
        moments += [(next(views) if e["type"] == spec.scene_made_by else None, e)
                    for e in marks]
        state = outcome.state
    return [Scene(view, caption) for view, caption in spec.captions(moments)]
