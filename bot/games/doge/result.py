"""The end of the game and its ranking (D-9)."""

from __future__ import annotations

from typing import Any

from bot.games.doge.building import board_full
from bot.games.doge.constants import DISTRICTS
from bot.games.doge.state import DogeState


def qualifies(palaces_by_district: dict[str, int]) -> list[str]:
    """D-9.1: the conditions (a), (b), (c) a player meets."""
    total = sum(palaces_by_district.values())
    spread = sum(1 for n in palaces_by_district.values() if n)
    met = []
    if spread == len(DISTRICTS):
        met.append("a")
    if total >= 7 and spread >= 5:
        met.append("b")
    if total >= 8 and spread >= 4:
        met.append("c")
    return met


def final_result(st: DogeState, by_moderator: bool) -> dict[str, Any] | None:
    """The result if the game ends now, else None.

    D-9.2: qualifiers rank first, by palaces then houses on the board; ties share.
    D-9.3: a full board, the year limit or a moderator ends it with everyone ranked;
    D-9.4: so do five years (the table's `stalemate_years`) running without a palace.
    D-9.1 is checked only at the end of a year, which a moderator's end is not: then
    qualifying counts for nothing and everyone is ranked by palaces, then houses."""
    rows = []
    for seat in range(st.player_count):
        by_district = st.palaces_of(seat)
        rows.append({
            "seat": seat,
            "palaces": sum(by_district.values()),
            "houses": st.houses_on_board(seat),
            "conditions": [] if by_moderator else qualifies(by_district),
        })
    anyone = any(r["conditions"] for r in rows)
    if by_moderator:
        reason = "moderator"
    elif anyone:
        reason = "condition"
    elif board_full(st):
        reason = "board_full"
    elif st.year_limit is not None and st.year >= st.year_limit:
        reason = "year_limit"
    elif stalemate(st.stalemate_years, st.quiet_years()):
        reason = "stalemate"
    else:
        return None

    def key(r: dict[str, Any]) -> tuple[int, int, int]:
        return (1 if r["conditions"] else 0, r["palaces"], r["houses"])

    rows.sort(key=lambda r: (tuple(-k for k in key(r)), r["seat"]))
    place = 0
    for i, r in enumerate(rows):
        if i == 0 or key(r) != key(rows[i - 1]):
            place = i + 1
        r["place"] = place
        r["qualified"] = bool(r["conditions"])
    winners = [r["seat"] for r in rows if r["place"] == 1]
    result = {"reason": reason, "year": st.year, "ranking": rows, "winners": winners,
              "decided_by": _decided_by(rows)}
    if reason == "stalemate":
        result["quiet_years"] = st.quiet_years()
    return result


def stalemate(stalemate_years: int | None, quiet_years: int) -> bool:
    """D-9.4, checked at a year's end: no palace built in this year nor in the
    `stalemate_years - 1` before it."""
    return stalemate_years is not None and quiet_years >= stalemate_years


def _decided_by(rows: list[dict[str, Any]]) -> str:
    """Which criterion separated first place from the next (for the announcement)."""
    firsts = [r for r in rows if r["place"] == 1]
    if len(firsts) > 1:
        return "shared"
    if len(rows) < 2:
        return "alone"
    a, b = rows[0], rows[1]
    if a["qualified"] != b["qualified"]:
        return "condition"
    if a["palaces"] != b["palaces"]:
        return "palaces"
    return "houses"
