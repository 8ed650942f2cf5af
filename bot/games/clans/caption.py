"""A Clans board's caption: the facts of the step it shows, the outcome first (who
founded which village and who scores, who won), so that a board short of room leaves out
the details, never the point (`bot.games.wording.facts`)."""

from __future__ import annotations

from bot.games.base import Event, PlayerSpec
from bot.games.clans.events import (
    CLAN_MARKS,
    GAME_OVER,
    NO_MOVE_LEFT,
    colour_name,
    village_clauses,
)
from bot.games.wording import and_list, facts
from bot.i18n import _, _n


def _name(players: list[PlayerSpec], seat: int) -> str:
    return players[seat].name if 0 <= seat < len(players) else _("seat {seat}", seat=seat)


def end_outcome(event: Event, players: list[PlayerSpec]) -> str:
    """Who won and with how many points, then every clan revealed (C-6.2, C-6.3)."""
    totals, ranks = event["totals"], event["ranks"]
    first = [s for s in range(len(totals)) if ranks[s] == 1]
    names = and_list(_name(players, s) for s in first)
    points = _n("{n} point", "{n} points", totals[first[0]]) if first else ""
    if len(first) == 1:
        return _("{names} wins with {points}.", names=names, points=points)
    return _("{names} share the win with {points} each.", names=names, points=points)


def village_outcome(event: Event, players: list[PlayerSpec]) -> str:
    """Who founded the village and who scores (C-4.2, C-4.4)."""
    parts = village_clauses(event, _name(players, event["seat"]))
    return f"{parts[0]}; {parts[-1]}." if len(parts) > 1 else f"{parts[0]}."


def _clans(event: Event, players: list[PlayerSpec]) -> str:
    """'Anna 🔴 red 31, Bernd 🔵 blue 27': everyone, best first (C-6.2)."""
    totals, ranks = event["totals"], event["ranks"]
    standings = sorted(range(len(totals)), key=lambda s: (ranks[s], s))
    return ", ".join(f"{_name(players, s)} {CLAN_MARKS.get(event['colours'][s], '')} "
                     f"{colour_name(event['colours'][s])} {totals[s]}" for s in standings)


def caption(events: list[Event], players: list[PlayerSpec]) -> str | None:
    """The caption of the step whose events these are (one action's); None: the last
    line told is caption enough, and it opens with who did what."""
    told = [e for e in events if e.get("type") != "epoch"]
    if not told:
        return None
    last = told[-1]
    if last.get("type") == "game_end":
        villages = [e for e in told if e.get("type") == "village"]
        founded = village_outcome(villages[-1], players) if villages else ""
        return facts(end_outcome(last, players), _(GAME_OVER.get(last["reason"], NO_MOVE_LEFT)),
                     founded, _clans(last, players) + ".")
    if last.get("type") == "village":
        parts = village_clauses(last, _name(players, last["seat"]))
        if len(parts) == 1:
            return None
        # The founding and who scores first; what cut it off and strife after.
        return facts(village_outcome(last, players),
                     *(f"{_sentence(p)}." for p in parts[1:-1]))
    return None


def _sentence(text: str) -> str:
    return text[:1].upper() + text[1:]
