"""Moves told together, as a table says them: a player's moves in one election are one
sentence ('claudia takes Dorsoduro's advisor and stands it in San Marco, places 2 houses
in Dorsoduro and builds a palace in Dorsoduro for 3 houses.'), and tied players who place
alike one line ('anna and daniel each place 2 houses in San Marco.'). Each move is still
told, with every number; only the lines are fewer (a game year reads in about 26 lines
instead of 34). None where the events are not told together: each keeps its own line."""

from __future__ import annotations

from bot.games.base import Event
from bot.games.doge.constants import QUARANTIA, area_name
from bot.games.doge.narrate import Who, advisor_name
from bot.games.wording import and_list
from bot.i18n import _, _n

# What may open a player's sentence, and what may follow in it (D-6.1, D-6.3, D-8.4).
OPENS = frozenset({"advisor_taken", "abstained", "house_moved", "houses_placed"})
FOLLOWS = frozenset({"house_moved", "houses_placed", "palace_built"})


def predicate(ev: Event, who: Who) -> str | None:
    """What the event's player does, without their name; None: no part of a sentence."""
    kind = ev.get("type")
    if kind == "advisor_taken":
        values = {"advisor": advisor_name(ev["advisor"]), "area": area_name(ev["stand"])}
        if ev["ring_returned_to"] is None:
            return _("takes {advisor} and stands it in {area}", **values)
        return _("takes {advisor} from {previous} and stands it in {area}",
                 previous=who(ev["ring_returned_to"]), **values)
    if kind == "abstained" and not ev.get("automatic") and ev.get("area"):
        if ev["area"] == QUARANTIA:
            return _("takes no Quarantia advisor this time")
        return _("abstains, leaving {area}'s advisor neutral", area=area_name(ev["area"]))
    if kind == "house_moved":
        return _("moves a house from {source} to {target}", source=area_name(ev["from"]),
                 target=area_name(ev["to"]))
    if kind == "houses_placed" and ev.get("count"):
        return _n("places {n} house in {area}", "places {n} houses in {area}", ev["count"],
                  area=area_name(ev["area"]))
    if kind == "palace_built":
        return _("builds a palace in {district} for {cost} houses",
                 district=area_name(ev["district"]), cost=ev["cost"])
    return None


def _one_player(events: list[Event], who: Who) -> str | None:
    seat = events[0].get("seat")
    if events[0].get("type") not in OPENS or any(
            e.get("type") not in FOLLOWS or e.get("seat") != seat for e in events[1:]):
        return None
    parts = [predicate(e, who) for e in events]
    if any(p is None for p in parts):
        return None
    said = [p for p in parts if p]
    if len(said) == 1:
        return None  # its own line says it
    if events[0].get("type") in ("advisor_taken", "abstained"):  # then the houses (D-6.1)
        return _("{name} {first}, then {rest}", name=who(seat), first=said[0],
                 rest=and_list(said[1:]))
    return _("{name} {actions}", name=who(seat), actions=and_list(said))


def _alike(events: list[Event], who: Who) -> str | None:
    """Tied players' placements of the same number of houses (D-6.3, D-6.4), or their
    palaces built at the same cost (D-8.5)."""
    first = events[0]
    kind, key = first.get("type"), ("area", "count")
    if kind == "palace_built":
        key = ("district", "cost")
    elif kind != "houses_placed" or not first.get("count"):
        return None
    if any(e.get("type") != kind or any(e.get(k) != first.get(k) for k in key)
           for e in events):
        return None
    seats = [e["seat"] for e in events]
    if len(set(seats)) != len(seats):
        return None
    names = and_list(who(s) for s in seats)
    if kind == "palace_built":
        return _n("{names} builds a palace in {district} for {cost} houses",
                  "{names} each build a palace in {district} for {cost} houses", len(seats),
                  names=names, district=area_name(first["district"]), cost=first["cost"])
    if len(seats) == 1:
        return _n("{names} places {n} house in {area}", "{names} places {n} houses in {area}",
                  first["count"], names=names, area=area_name(first["area"]))
    return _n("{names} each place {n} house in {area}",
              "{names} each place {n} houses in {area}", first["count"],
              names=names, area=area_name(first["area"]))


def _clause(events: list[Event], who: Who) -> str | None:
    """One player's moves, or tied players' alike: a clause without its full stop."""
    return _one_player(events, who) or _alike(events, who)


def _parts(events: list[Event], who: Who) -> list[list[Event]] | None:
    """The events cut into the runs each told as one clause, the longest first."""
    runs: list[list[Event]] = []
    for ev in events:
        if runs and _clause([*runs[-1], ev], who) is not None:
            runs[-1].append(ev)
        elif predicate(ev, who) is None:
            return None
        else:
            runs.append([ev])
    return runs


def together(events: list[Event], names: list[str]) -> str | None:
    """One line telling `events` (consecutive in the story, two or more), or None: one
    player's moves in a step, tied players' alike; followed by the runner-up's (or
    tied runners-up's, or tied builders') houses and palaces (D-6.3, D-8.5)."""
    def who(seat: int | None) -> str:
        return names[seat] if seat is not None and 0 <= seat < len(names) else _("nobody")

    runs = _parts(events, who) if len(events) > 1 else None
    if not runs or len(runs) > 2:
        return None
    clauses = [_clause(run, who) or _single(run[0], who) for run in runs]
    if len(runs) == 2 and runs[1][0].get("type") not in ("houses_placed", "palace_built"):
        return None
    if any(c is None for c in clauses):
        return None
    return "; ".join(c for c in clauses if c) + "."


def _single(ev: Event, who: Who) -> str | None:
    """A move told alone, as a clause."""
    if ev.get("type") in ("houses_placed", "palace_built"):
        return _alike([ev], who)
    said = predicate(ev, who)
    return _("{name} {actions}", name=who(ev.get("seat")), actions=said) if said else None
