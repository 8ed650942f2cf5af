"""What makes a step impossible to take back (`/table-admin undo`): it revealed something,
or it was itself secret. Data about each game, kept apart from the moderation logic."""

from __future__ import annotations

from bot.i18n import N_
from bot.store import ActionEntry

# Events that make public what was hidden until then. A step with one of them cannot be
# taken back: people have seen it (D-10). Clans reveals nothing until its final scoring.
REVEALING_EVENTS: dict[str, dict[str, str]] = {
    "doge": {
        "round_revealed": N_("it revealed a placement round (D-3.3)"),
        "election": N_("it revealed an election's markers (D-4.2)"),
        "election_done": N_("it turned a face-down voting card (D-4.1)"),
        "houses_placed": N_("it revealed tied players' placements (D-11.2)"),
    },
    "clans": {"game_end": N_("it revealed the clans' colours")},
}
# Event types that reveal only when they carry this field (not every election turns a card).
REVEALING_ONLY_WITH = {"election_done": "next_year_card", "houses_placed": "together"}
# Actions that are themselves secret: undoing one would tell everyone it was made.
SECRET_ACTIONS: dict[str, dict[str, str]] = {
    "doge": {"ballot": N_("it is a secret ballot, which its owner may still change (D-3.3)")},
    "clans": {},
}


def undo_refusal(game: str, entry: ActionEntry) -> str | None:
    """Why this logged action cannot be taken back (in English: `_()` it where shown), or
    None if it can. What it revealed comes first: a ballot that completed a round is no
    longer secret, but seen."""
    revealing = REVEALING_EVENTS.get(game, {})
    for event in entry.events:
        kind = event.get("type")
        if kind in ("game_over", "game_end") or entry.action.get("type") == "end_game":
            return N_("it ended the game")
        needed = REVEALING_ONLY_WITH.get(kind)
        if kind in revealing and (needed is None or event.get(needed)):
            return revealing[kind]
    return SECRET_ACTIONS.get(game, {}).get(str(entry.action.get("type")))
