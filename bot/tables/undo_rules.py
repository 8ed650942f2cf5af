"""What makes a step impossible to take back (`/table-admin undo`): it revealed something,
or it was itself secret. Each game says which events and actions in its own `undo.py`
(`bot/games/<game>/undo.py`); this is the moderation's side of it."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from bot.games.kit import END_GAME
from bot.games.registry import GAMES
from bot.games.registry import game as registered
from bot.i18n import N_
from bot.store import ActionEntry

_NO_RULES = SimpleNamespace(REVEALING_EVENTS={}, REVEALING_ONLY_WITH={}, SECRET_ACTIONS={})


def _rules(game: str) -> Any:
    if game not in GAMES:
        return _NO_RULES
    return registered(game).optional("rules", "undo") or _NO_RULES


def undo_refusal(game: str, entry: ActionEntry) -> str | None:
    """Why this logged action cannot be taken back (in English: `_()` it where shown), or
    None if it can. What it revealed comes first: a ballot that completed a round is no
    longer secret, but seen."""
    rules = _rules(game)
    ending = registered(game).kit.ending_events if game in GAMES else frozenset()
    ended_by_moderator = entry.action.get("seat") is None and entry.action.get("type") == \
        END_GAME["type"]
    for event in entry.events:
        kind = event.get("type")
        if kind in ending or ended_by_moderator:
            return N_("it ended the game")
        needed = rules.REVEALING_ONLY_WITH.get(kind)
        if kind in rules.REVEALING_EVENTS and (needed is None or event.get(needed)):
            return rules.REVEALING_EVENTS[kind]
    return rules.SECRET_ACTIONS.get(str(entry.action.get("type")))
