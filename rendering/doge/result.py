"""The game-over panel (D-9.2, D-9.3): winner(s) and the full ranking, under the map.

The engine's result dict is read leniently: a "ranking" (seats, or dicts/pairs naming a
seat) and "winners" (a seat or seats) when present; otherwise the ranking is rebuilt from
the public counts in the rules' order (qualifiers first, then palaces, then houses).
"""

from __future__ import annotations

from typing import Any

from PIL import Image, ImageDraw

from bot.games.doge.view import PlayerPublic, PublicView
from bot.i18n import N_, _, _n
from rendering.common.drawing import (
    CREAM,
    GOLD,
    INK,
    INK_SOFT,
    NAVY,
    OK_GREEN,
    PAPER,
    letter_disc,
    player_colour,
)
from rendering.common.text import fit_text, paste_text, text_width
from rendering.common.words import seat_name
from rendering.doge import layout as L

WINNER_TINT = (250, 232, 170)  # the winners' rows
CARD_TINT = (255, 250, 238)

REASONS = {
    "condition": N_("a winning condition was met"),
    "board_full": N_("all 30 palace spaces are full"),
    "year_limit": N_("the year limit was reached"),
    "moderator": N_("ended by a moderator"),
    "stalemate": N_("stalemate: no palace in {years} years"),  # D-9.4
}


def _seat_of(item: Any) -> int | None:
    if isinstance(item, bool):
        return None
    if isinstance(item, int):
        return item
    if isinstance(item, dict):
        seat = item.get("seat")
        return seat if isinstance(seat, int) else None
    if isinstance(item, (list, tuple)) and item and isinstance(item[0], int):
        return item[0]
    return None


def _key(p: PlayerPublic) -> tuple[int, int, int, int]:
    qualified = any(p.win_progress().values())
    return (0 if qualified else 1, -p.palace_total, -p.houses_on_board, p.seat)


def ranking(view: PublicView) -> list[int]:
    n = len(view.players)
    res = view.result or {}
    raw = res.get("ranking") or res.get("standings") or []
    seats = [s for s in (_seat_of(i) for i in raw if raw) if s is not None and 0 <= s < n]
    seats = list(dict.fromkeys(seats))
    rest = sorted((p for p in view.players if p.seat not in seats), key=_key)
    return seats + [p.seat for p in rest]


def places(view: PublicView) -> dict[int, int]:
    """Each seat's place: the result's own (tied players share one) or 1, 2, 3..."""
    raw = (view.result or {}).get("ranking") or []
    given = {_seat_of(r): r.get("place") for r in raw if isinstance(r, dict)}
    return {seat: given[seat] if isinstance(given.get(seat), int) else i + 1
            for i, seat in enumerate(ranking(view))}


def winners(view: PublicView) -> list[int]:
    res = view.result or {}
    raw = res.get("winners", res.get("winner"))
    if isinstance(raw, (list, tuple)):
        seats = [s for s in (_seat_of(i) for i in raw) if s is not None]
    else:
        seat = _seat_of(raw)
        seats = [] if seat is None else [seat]
    seats = [s for s in seats if 0 <= s < len(view.players)]
    if seats:
        return seats
    order = ranking(view)
    if not order:
        return []
    first = view.players[order[0]]
    return [s for s in order if _key(view.players[s])[:3] == _key(first)[:3]]


def _qualified(view: PublicView) -> set[int]:
    rows = [r for r in (view.result or {}).get("ranking") or [] if isinstance(r, dict)]
    if any("qualified" in r for r in rows):
        return {r["seat"] for r in rows if r.get("qualified") and isinstance(r.get("seat"), int)}
    return {p.seat for p in view.players if any(p.win_progress().values())}


def _reason(view: PublicView) -> str:
    res = view.result or {}
    raw = res.get("reason", res.get("end", res.get("ended_by")))
    if isinstance(raw, str):
        return _(REASONS[raw], years=res.get("quiet_years", "")) if raw in REASONS else \
            raw.replace("_", " ")
    return ""


def draw_result(img: Image.Image, draw: ImageDraw.ImageDraw, view: PublicView) -> None:
    """The final ranking in the band under the map, which stays in full view."""
    x0, y0, x1, y1 = L.ORDER
    draw.rectangle((x0, y0 + 2, x1, y1), fill=PAPER)
    draw.rectangle((x0, y0 + 2, x1, y0 + 48), fill=NAVY)
    order = ranking(view)
    place = places(view)
    qualified = _qualified(view)
    champs = winners(view)
    names = " & ".join(view.players[s].name or seat_name(s) for s in champs)
    title = (_("Game over · winner: {names}", names=names) if len(champs) == 1
             else _("Game over · shared win: {names}", names=names))
    reason = _reason(view)
    reason_w = round(text_width(reason, L.TEXT)) + 30 if reason else 0
    line = fit_text(title, x1 - x0 - 40 - reason_w, 26, bold=True, min_size=L.TEXT)
    paste_text(img, (x0 + 16, y0 + 26), *line, GOLD, bold=True, anchor="lm")
    if reason:
        paste_text(img, (x1 - 16, y0 + 26), reason, L.TEXT, CREAM, anchor="rm")
    col_w, row = (x1 - x0 - 36) // 2, 88
    for i, seat in enumerate(order[:4]):
        p = view.players[seat]
        x = x0 + 12 + (i % 2) * (col_w + 12)
        y = y0 + 58 + (i // 2) * row
        draw.rounded_rectangle((x, y, x + col_w, y + row - 10), radius=10,
                               fill=WINNER_TINT if seat in champs else CARD_TINT,
                               outline=GOLD if seat in champs else INK_SOFT, width=2)
        mid = y + 26
        paste_text(img, (x + 24, mid), f"{place[seat]}.", 26, INK, bold=True, anchor="mm")
        letter_disc(img, draw, (x + 66, mid), 38, player_colour(p.colour), size=L.TEXT)
        goal_w = 112 if seat in qualified else 0
        name, size = fit_text(p.name or seat_name(seat), col_w - 110 - goal_w, 26,
                              bold=True, min_size=L.TEXT)
        w = paste_text(img, (x + 94, mid), name, size, INK, bold=True, anchor="lm")
        if seat in qualified:  # D-9.2: qualifiers rank first, whatever their palaces
            gx = x + 94 + w + 10
            draw.rounded_rectangle((gx, mid - 15, gx + 96, mid + 15), radius=15, fill=OK_GREEN)
            paste_text(img, (gx + 48, mid), _("✓ goal"), L.TEXT, (255, 255, 255), bold=True,
                       anchor="mm")
        stats = " · ".join((_n("{n} palace", "{n} palaces", p.palace_total),
                            _n("{n} house", "{n} houses", p.houses_on_board)))
        paste_text(img, (x + 94, y + 58), stats, L.TEXT, INK, anchor="lm")
