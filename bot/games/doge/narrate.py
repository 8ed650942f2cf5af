"""One readable line per event, for the channel and `replay --events`.

Events hold nothing secret, so neither does their narrative (D-10)."""

from __future__ import annotations

from collections.abc import Callable

from bot.games.base import Event
from bot.games.doge.constants import ADVISOR_NAMES, area_name

REASONS = {
    "condition": "a winning condition was met",
    "board_full": "all 30 palace spaces are full",
    "year_limit": "the year limit was reached",
    "moderator": "ended by a moderator",
}
DECIDED_BY = {
    "condition": "decided by the winning condition (D-9.2)",
    "palaces": "decided by palaces (D-9.2)",
    "houses": "decided by houses on the board (D-9.2)",
    "shared": "the win is shared (D-9.2)",
    "alone": "",
}


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


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
            detail += ("+" if detail else "") + _plural(advisors, "advisor")
        parts.append(f"{who(seat)} {ev['votes'][str(seat)]}" + (f" ({detail})" if detail
                                                                 else ""))
    bluffs = [who(st["seat"]) for st in ev["stacks"] if str(st["seat"]) not in ev["votes"]]
    text = f"{area_name(ev['area'])} votes: {', '.join(parts) or 'no votes'}."
    if bluffs:
        text += " No vote: " + ", ".join(bluffs) + " (a lone 0)."
    if len(ev["winners"]) == 1:
        text += f" {who(ev['winners'][0])} wins"
        if ev["runners_up"]:
            text += ", runner-up " + " and ".join(who(s) for s in ev["runners_up"])
        text += "."
    elif ev["winners"]:
        text += " Tied winners: " + " and ".join(who(s) for s in ev["winners"]) + "."
    return text


def _game_over(ev: Event, who: Callable[[int | None], str]) -> str:
    res = ev["result"]
    winners = " and ".join(who(s) for s in res["winners"])
    why = REASONS.get(res["reason"], res["reason"])
    decided = DECIDED_BY.get(res["decided_by"], "")
    return f"Game over in year {res['year']} ({why}): {winners} " + \
        ("win" if len(res["winners"]) > 1 else "wins") + (f"; {decided}." if decided else ".")


_HANDLERS: dict[str, Callable[[Event, Callable[[int | None], str]], str]] = {
    "year_begins": lambda ev, who: f"Year {ev['year']} begins.",
    "round_begins": lambda ev, who: f"Placement round {ev['round']}: choose an area and "
                                    "markers.",
    "ballot_set": lambda ev, who: f"{who(ev['seat'])} has chosen.",
    "ballot_changed": lambda ev, who: f"{who(ev['seat'])} changed their choice.",
    "sat_out": lambda ev, who: f"{who(ev['seat'])} sits out round {ev['round']} (deadline).",
    "round_revealed": lambda ev, who: f"Round {ev['round']} revealed: " + "; ".join(
        f"{who(p['seat'])} {_plural(p['count'], 'marker')} on {area_name(p['area'])}"
        for p in ev["placements"]) + ".",
    "round_skipped": lambda ev, who: f"Round {ev['round']} is skipped: nobody has a "
                                     "marker left.",
    "elections_begin": lambda ev, who: "The elections begin.",
    "election": _election,
    "no_contest": lambda ev, who: f"Nobody takes part in {area_name(ev['area'])}: "
                                  "nothing happens.",
    "advisor_neutral": lambda ev, who: f"{ADVISOR_NAMES[ev['advisor']]}'s advisor becomes "
                                       "neutral" + (f"; the ring returns to "
                                                    f"{who(ev['ring_returned_to'])}"
                                                    if ev["ring_returned_to"] is not None
                                                    else "") + ".",
    "advisor_taken": lambda ev, who: f"{who(ev['seat'])} takes {ADVISOR_NAMES[ev['advisor']]}"
                                     f"'s advisor and stands it in {area_name(ev['stand'])}"
                                     + (f" ({who(ev['ring_returned_to'])}'s ring returns)"
                                        if ev["ring_returned_to"] is not None else "") + ".",
    "abstained": lambda ev, who: f"{who(ev['seat'])} abstains"
                                 + (" (no choice)" if ev["automatic"] else "") + ".",
    "house_moved": lambda ev, who: f"{who(ev['seat'])} moves a house from "
                                   f"{area_name(ev['from'])} to {area_name(ev['to'])}.",
    "houses_placed": lambda ev, who: f"{who(ev['seat'])} places "
                                     + (_plural(ev["count"], "house") if ev["count"]
                                        else "no house")
                                     + f" in {area_name(ev['area'])}.",
    "placement_answered": lambda ev, who: f"{who(ev['seat'])} has answered; the houses "
                                          "are placed when every tied player has answered.",
    "chance_lost": lambda ev, who: f"{who(ev['seat'])} has {ev['reason']}: the chance is "
                                   "lost.",
    "passed": lambda ev, who: f"{who(ev['seat'])} makes no more moves.",
    "build_chosen": lambda ev, who: f"{who(ev['seat'])} "
                                    + (f"will build {_plural(ev['count'], 'palace')}"
                                       if ev["count"] else "builds no palace")
                                    + f" in {area_name(ev['district'])}.",
    "palace_built": lambda ev, who: f"{who(ev['seat'])} builds a palace in "
                                    f"{area_name(ev['district'])} for "
                                    f"{ev['cost']} houses.",
    "election_done": lambda ev, who: f"{area_name(ev['area'])}'s election is over"
                                     + (f"; next year's card turned: "
                                        f"{area_name(ev['next_year_card'])}"
                                        if ev.get("next_year_card") else "") + ".",
    "year_end": lambda ev, who: f"Year {ev['year']} ends: markers and cards return.",
    "game_over": _game_over,
}
