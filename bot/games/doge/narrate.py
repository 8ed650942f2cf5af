"""One readable line per event, for the channel and `replay --events`.

Events hold nothing secret, so neither does their narrative (D-10)."""

from __future__ import annotations

from collections.abc import Callable

from bot.games.base import Event
from bot.games.doge.constants import QUARANTIA_ADVISORS, area_name
from bot.games.wording import and_list, plural

REASONS = {
    "condition": "a winning condition is met",
    "board_full": "all 30 palace spaces are full",
    "year_limit": "the year limit was reached",
    "moderator": "ended by a moderator",
}
# What separated the winner from the next player ("shared": nothing did), rule added later.
DECIDED_BY = {
    "condition": "{winners} wins, the only player who met one",
    "palaces": "{winners} wins with the most palaces",
    "houses": "{winners} wins: as many palaces as the next, but more houses on the board",
    "shared": "{winners} share the win, level in palaces and houses on the board",
    "alone": "{winners} wins",
}


def advisor_name(advisor: str) -> str:
    """'San Marco's advisor', 'Quarantia advisor Q1'."""
    if advisor in QUARANTIA_ADVISORS:
        return f"Quarantia advisor {advisor.upper()}"
    return f"{area_name(advisor)}'s advisor"


def describe_event(ev: Event, names: list[str]) -> str:
    def who(seat: int | None) -> str:
        return names[seat] if seat is not None and 0 <= seat < len(names) else "nobody"

    handler = _HANDLERS.get(ev["type"])
    return handler(ev, who) if handler else ev["type"].replace("_", " ")


def _election(ev: Event, who: Callable[[int | None], str]) -> str:
    """D-4.2: each player's revealed markers and advisors, then the result."""
    parts = []
    seats = sorted({int(s) for s in ev["votes"]}, key=lambda s: -ev["votes"][str(s)])
    for seat in seats:
        markers = [m for st in ev["stacks"] if st["seat"] == seat for m in st["markers"]]
        advisors = sum(1 for a in ev["advisors"] if a["seat"] == seat)
        detail = "+".join(str(m) for m in markers)
        if advisors:
            detail += ("+" if detail else "") + plural(advisors, "advisor")
        parts.append(f"{who(seat)} {ev['votes'][str(seat)]}" + (f" ({detail})" if detail
                                                                 else ""))
    bluffs = [who(st["seat"]) for st in ev["stacks"] if str(st["seat"]) not in ev["votes"]]
    text = f"{area_name(ev['area'])} votes:"
    if parts:
        text += f" {', '.join(parts)}."
    elif not bluffs:
        text += " no markers and no advisors there."
    if bluffs:
        text += f" {and_list(bluffs)} placed a lone 0, which is no vote (D-4.3)."
    winners, runners_up = ev["winners"], ev["runners_up"]
    if len(winners) == 1:
        text += f" {who(winners[0])} wins"
        if len(runners_up) == 1:
            text += f", {who(runners_up[0])} is runner-up"
        elif runners_up:
            text += f"; tied runners-up: {and_list(who(s) for s in runners_up)}"
        text += "."
    elif winners:
        text += f" Tied winners: {and_list(who(s) for s in winners)}."
    return text


def _game_over(ev: Event, who: Callable[[int | None], str]) -> str:
    """D-9.2 ranks the qualifiers; the other ends rank everyone the same way (D-9.3)."""
    res = ev["result"]
    why = REASONS.get(res["reason"], res["reason"])
    winners = and_list(who(s) for s in res["winners"])
    decided = DECIDED_BY.get(res["decided_by"], DECIDED_BY["alone"])
    rule = "" if res["decided_by"] == "alone" else \
        " (D-9.2)" if res["reason"] == "condition" else " (D-9.3)"
    return f"Game over in year {res['year']}: {why}. {decided.format(winners=winners)}{rule}."


def _taken(ev: Event, who: Callable[[int | None], str]) -> str:
    """D-5.1: another player's ring on the advisor goes back to them."""
    previous = ev["ring_returned_to"]
    taken_from = f" from {who(previous)}" if previous is not None else ""
    return (f"{who(ev['seat'])} takes {advisor_name(ev['advisor'])}{taken_from} and stands "
            f"it in {area_name(ev['stand'])}.")


def _neutral(ev: Event, who: Callable[[int | None], str]) -> str:
    owner = ev["ring_returned_to"]
    ring = f"; the ring returns to {who(owner)}" if owner is not None else ""
    return f"{advisor_name(ev['advisor'])} becomes neutral{ring}."


def _revealed(ev: Event, who: Callable[[int | None], str]) -> str:
    placed = "; ".join(f"{who(p['seat'])} {plural(p['count'], 'marker')} on "
                       f"{area_name(p['area'])}" for p in ev["placements"])
    return f"Round {ev['round']} revealed: {placed}."


def _placed(ev: Event, who: Callable[[int | None], str]) -> str:
    houses = plural(ev["count"], "house") if ev["count"] else "no house"
    return f"{who(ev['seat'])} places {houses} in {area_name(ev['area'])}."


def _build_chosen(ev: Event, who: Callable[[int | None], str]) -> str:
    choice = f"will build {plural(ev['count'], 'palace')}" if ev["count"] else \
        "builds no palace"
    return f"{who(ev['seat'])} {choice} in {area_name(ev['district'])}."


def _election_done(ev: Event, who: Callable[[int | None], str]) -> str:
    """D-4.1: the next card of the other deck is turned face up."""
    card = ev.get("next_year_card")
    turned = f"; {area_name(card)} is turned face up in next year's order" if card else ""
    return f"{area_name(ev['area'])}'s election is over{turned}."


_HANDLERS: dict[str, Callable[[Event, Callable[[int | None], str]], str]] = {
    "year_begins": lambda ev, who: f"Year {ev['year']} begins.",
    "round_begins": lambda ev, who: f"Placement round {ev['round']}: choose an area and "
                                    "markers.",
    "ballot_set": lambda ev, who: f"{who(ev['seat'])} has chosen.",
    "ballot_changed": lambda ev, who: f"{who(ev['seat'])} changed their choice.",
    "sat_out": lambda ev, who: f"{who(ev['seat'])} sits out round {ev['round']}: the "
                               "deadline passed; the markers stay for later rounds (D-3.7).",
    "round_revealed": _revealed,
    "round_skipped": lambda ev, who: f"Round {ev['round']} is skipped: nobody has a "
                                     "marker left.",
    "elections_begin": lambda ev, who: "The elections begin.",
    "election": _election,
    "no_contest": lambda ev, who: f"Nobody takes part in {area_name(ev['area'])}: "
                                  "nothing happens (D-4.6).",
    "advisor_neutral": _neutral,
    "advisor_taken": _taken,
    "abstained": lambda ev, who: f"{who(ev['seat'])} abstains"
                                 + (": there is no choice to make" if ev["automatic"] else "")
                                 + ".",
    "house_moved": lambda ev, who: f"{who(ev['seat'])} moves a house from "
                                   f"{area_name(ev['from'])} to {area_name(ev['to'])}.",
    "houses_placed": _placed,
    "placement_answered": lambda ev, who: f"{who(ev['seat'])} has answered; the houses "
                                          "are placed when every tied player has answered.",
    "chance_lost": lambda ev, who: f"{who(ev['seat'])} has {ev['reason']}: the chance is "
                                   "lost.",
    "passed": lambda ev, who: f"{who(ev['seat'])} makes no more moves.",
    "build_chosen": _build_chosen,
    "palace_built": lambda ev, who: f"{who(ev['seat'])} builds a palace in "
                                    f"{area_name(ev['district'])} for {ev['cost']} houses.",
    "election_done": _election_done,
    "year_end": lambda ev, who: f"Year {ev['year']} ends: markers and cards return.",
    "game_over": _game_over,
}
