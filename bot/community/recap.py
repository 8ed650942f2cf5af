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
from bot.games.community import community_of
from bot.games.registry import get_engine


@dataclass(frozen=True)
class Scene:
    view: Any  # the engine's public view
    caption: str


def scenes(record: dict[str, Any]) -> list[Scene]:
    """One scene per election (Doge) or village (Clans), in order; ValueError for a game
    that has no recap."""
    game = record["game"]
    spec = community_of(game)
    engine = get_engine(game)
    players = [PlayerSpec.from_json(p) for p in record["players"]]
    state = engine.new_game(players, record.get("settings") or {},
                            random.Random(record["seed"]))
    moments: list[tuple[Any, dict[str, Any]]] = []
    for action in record["actions"]:
        outcome = engine.apply(state, action)
        state = outcome.state
        marks = [e for e in outcome.events if e.get("type") in spec.scene_events]
        if any(e["type"] == spec.scene_made_by for e in marks):
            view = engine.public_view(state, None)
            moments += [(view, e) for e in marks]
        elif marks:
            moments += [(None, e) for e in marks]
    return [Scene(view, caption) for view, caption in spec.captions(moments)]
