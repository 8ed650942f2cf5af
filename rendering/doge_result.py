"""The game-over banner (D-9.2, D-9.3): winner(s) and the full ranking over the map.

The engine's result dict is read leniently: a "ranking" (seats, or dicts/pairs naming a
seat) and "winners" (a seat or seats) when present; otherwise the ranking is rebuilt from
the public counts in the rules' order (qualifiers first, then palaces, then houses).
"""

from __future__ import annotations

from typing import Any

from PIL import Image, ImageDraw

from bot.games.doge.view import PlayerPublic, PublicView
from rendering import doge_layout as L
from rendering.common import (
    GOLD,
    INK,
    INK_SOFT,
    NAVY,
    OK_GREEN,
    PAPER,
    letter_disc,
    player_colour,
)
from rendering.text import fit_text, paste_text

REASONS = {
    "condition": "a winning condition was met",
    "board_full": "all 30 palace spaces are full",
    "year_limit": "the year limit was reached",
    "moderator": "ended by a moderator",
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


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def _reason(view: PublicView) -> str:
    res = view.result or {}
    raw = res.get("reason", res.get("end", res.get("ended_by")))
    if isinstance(raw, str):
        return REASONS.get(raw, raw.replace("_", " "))
    return ""


def draw_result(img: Image.Image, draw: ImageDraw.ImageDraw, view: PublicView) -> None:
    # Dim the map so the banner stands out; the board stays visible underneath.
    x0, y0, x1, y1 = L.MAP
    region = img.crop((x0, y0, x1, y1)).convert("RGBA")
    shade = Image.new("RGBA", region.size, (*NAVY, 150))
    img.paste(Image.alpha_composite(region, shade).convert("RGB"), (x0, y0))
    order = ranking(view)
    place = places(view)
    qualified = _qualified(view)
    champs = winners(view)
    w, row = 600, 50
    h = 150 + row * len(order)
    bx0 = (x0 + x1 - w) // 2
    by0 = (y0 + y1 - h) // 2
    draw.rounded_rectangle((bx0, by0, bx0 + w, by0 + h), radius=16, fill=PAPER, outline=GOLD,
                           width=5)
    draw.rounded_rectangle((bx0 + 5, by0 + 5, bx0 + w - 5, by0 + 56), radius=12, fill=NAVY)
    paste_text(img, (bx0 + w / 2, by0 + 31), "Game over", 30, GOLD, bold=True, anchor="mm")
    names = [view.players[s].name or f"Seat {s + 1}" for s in champs]
    title = ("Winner: " if len(champs) == 1 else "Shared win: ") + " & ".join(names)
    line, size = fit_text(title, w - 40, 28, bold=True, min_size=18)
    paste_text(img, (bx0 + w / 2, by0 + 86), line, size, INK, bold=True, anchor="mm")
    for i, seat in enumerate(order):
        p = view.players[seat]
        y = by0 + 130 + i * row
        if seat in champs:
            draw.rounded_rectangle((bx0 + 14, y - 22, bx0 + w - 14, y + 22), radius=10,
                                   fill=(250, 232, 170))
        paste_text(img, (bx0 + 36, y), f"{place[seat]}.", 24, INK, bold=True, anchor="mm")
        letter_disc(img, draw, (bx0 + 76, y), 34, player_colour(p.colour))
        name, nsize = fit_text(p.name or f"Seat {seat + 1}", 200, 22, bold=True)
        x = bx0 + 102 + paste_text(img, (bx0 + 102, y), name, nsize, INK, bold=True,
                                   anchor="lm")
        if seat in qualified:  # D-9.2: qualifiers rank first, whatever their palaces
            draw.rounded_rectangle((x + 8, y - 11, x + 62, y + 11), radius=11, fill=OK_GREEN)
            paste_text(img, (x + 35, y), "✓ goal", 13, (255, 255, 255), bold=True, anchor="mm")
        stats = f"{_plural(p.palace_total, 'palace')} · {_plural(p.houses_on_board, 'house')}"
        paste_text(img, (bx0 + w - 24, y), stats, 19, INK, anchor="rm")
    reason = _reason(view)
    if reason:
        paste_text(img, (bx0 + w / 2, by0 + h - 14), reason, 16, INK_SOFT, anchor="ms")
