"""Everything around the Doge map: header, status box, player panel, voting order,
caption and the game-over banner. Reads only a `PublicView`."""

from __future__ import annotations

from PIL import Image, ImageDraw

from bot.games.doge.constants import AREA_NAMES, AREAS, DISTRICTS
from bot.games.doge.view import PlayerPublic, PublicView
from rendering import doge_layout as L
from rendering.common import (
    CREAM,
    GOLD,
    INK,
    INK_SOFT,
    NAVY,
    OK_GREEN,
    PAPER,
    PlayerColour,
    cached,
    cached_tile,
    house_sprite,
    letter_disc,
    marker_pile_sprite,
    palace_sprite,
    paste,
    player_colour,
    ring_sprite,
)
from rendering.doge_background import build_background
from rendering.doge_result import draw_result, places, ranking
from rendering.doge_symbols import paste_symbol
from rendering.text import fit_text, paste_text

QUESTION = {  # what the table is asked now (ElectionPublic.question)
    "advisor": "winner: take the advisor or abstain",
    "qadvisor": "choosing a Quarantia advisor",
    "place": "placing houses",
    "qmove": "moving houses",
    "build": "building palaces",
}


def draw_chrome(img: Image.Image, draw: ImageDraw.ImageDraw, view: PublicView,
                caption: str) -> None:
    _header(img, view)
    _status(img, draw, view)
    for p in view.players:
        _player_card(img, view, p)
    _order(img, view)
    _caption(img, caption)
    if view.result is not None:
        draw_result(img, draw, view)


def _name(p: PlayerPublic, width: int, size: int, prefix: str = "") -> tuple[str, int]:
    """A player's name fitted to a width: (text, font size to draw it at)."""
    return fit_text(prefix + (p.name or f"Seat {p.seat + 1}"), width, size, bold=True)


# ---- header and caption ---------------------------------------------------------------

def _phase_text(view: PublicView) -> str:
    year = f"Year {view.year}" + (f" of {view.year_limit}" if view.year_limit else "")
    if view.result is not None or view.phase == "over":
        return f"{year} · Game over"
    if view.phase == "placement":
        return f"{year} · Placement · round {view.round} of {view.rounds_per_year}"
    n = len(view.order_current) or 7
    now = min(view.elections_done + 1, n)
    return f"{year} · Elections · vote {now} of {n}"


def _header(img: Image.Image, view: PublicView) -> None:
    paste_text(img, (118, 30), _phase_text(view), 24, CREAM, bold=True, anchor="lm")
    if view.awaiting and view.result is None:
        x = L.WIDTH - 14 - 34 * len(view.awaiting)
        paste_text(img, (x - 8, 30), "waiting for", 20, CREAM, anchor="rm")
        draw = ImageDraw.Draw(img)
        for seat in view.awaiting:
            if 0 <= seat < len(view.players):
                col = player_colour(view.players[seat].colour)
                letter_disc(img, draw, (x + 16, 29), 30, col)
                x += 34


def _caption(img: Image.Image, caption: str) -> None:
    x0, y0, x1, y1 = L.CAPTION
    text = " ".join(caption.split())
    if not text:
        return
    width = x1 - x0 - 32
    line, size = fit_text(text, width, 26, bold=True, min_size=22)
    if line == text:
        paste_text(img, (x0 + 16, (y0 + y1) / 2), line, size, CREAM, bold=True, anchor="lm")
        return
    # Too long for one line: break at a space, the rest cut with an ellipsis.
    words, first = text.split(" "), ""
    while words and fit_text((first + " " + words[0]).strip(), width, 22, True, 22)[0] \
            == (first + " " + words[0]).strip():
        first = (first + " " + words.pop(0)).strip()
    second = fit_text(" ".join(words), width, 22, True, 22)[0]
    paste_text(img, (x0 + 16, y0 + 26), first, 22, CREAM, bold=True, anchor="lm")
    paste_text(img, (x0 + 16, y0 + 56), second, 22, CREAM, bold=True, anchor="lm")


# ---- status box -----------------------------------------------------------------------

def _status(img: Image.Image, draw: ImageDraw.ImageDraw, view: PublicView) -> None:
    x0, y0, x1, y1 = L.STATUS_BOX
    draw.rounded_rectangle((x0, y0, x1, y1), radius=10, fill=PAPER, outline=INK_SOFT, width=2)
    el = view.election
    if view.result is not None:
        paste_text(img, (x0 + 12, y0 + 22), "Game over", 21, INK, bold=True, anchor="lm")
        place = places(view)
        for i, seat in enumerate(ranking(view)[:4]):
            p = view.players[seat]
            y = y0 + 52 + i * 26
            letter_disc(img, draw, (x0 + 24, y), 22, player_colour(p.colour))
            paste_text(img, (x0 + 42, y), *_name(p, 200, 17, f"{place[seat]}. "), INK,
                       bold=True, anchor="lm")
        return
    if view.phase == "placement":
        paste_text(img, (x0 + 12, y0 + 20), f"Placement, round {view.round}/"
                   f"{view.rounds_per_year}", 19, INK, bold=True, anchor="lm")
        for i, p in enumerate(view.players):
            y = y0 + 50 + i * 26
            letter_disc(img, draw, (x0 + 24, y), 22, player_colour(p.colour))
            paste_text(img, (x0 + 42, y), *_name(p, 110, 17), INK, bold=True,
                       anchor="lm")
            if p.markers_left == 0:
                state, colour = "no markers", INK_SOFT
            elif p.has_chosen:
                state, colour = "✓ chosen", OK_GREEN
            elif p.seat in view.awaiting:
                state, colour = "choosing…", INK
            else:
                state, colour = "sits out", INK_SOFT
            paste_text(img, (x1 - 10, y), state, 16, colour, bold=True, anchor="rm")
        return
    if el is None:
        done = view.elections_done
        paste_text(img, (x0 + 12, y0 + 22), f"Elections: {done} of 7 held", 19, INK, bold=True,
                   anchor="lm")
        if done < len(view.order_current):
            paste_text(img, (x0 + 12, y0 + 52), "next: " + AREA_NAMES.get(
                view.order_current[done], view.order_current[done]), 18, INK, anchor="lm")
        return
    paste_symbol(img, el.area, (x0 + 26, y0 + 24), 34)
    paste_text(img, (x0 + 48, y0 + 24), fit_text(AREA_NAMES.get(el.area, el.area), 150, 21,
               True)[0] + " votes", 21, INK, bold=True, anchor="lm")
    stacks = {s.seat: s for s in view.stacks.get(el.area, ())}
    # D-4.3: only players with a vote take part.
    voters = sorted(((s, v) for s, v in el.votes.items() if v > 0), key=lambda kv: (-kv[1], kv[0]))
    for i, (seat, votes) in enumerate(voters[:4]):
        if not 0 <= seat < len(view.players):
            continue
        y = y0 + 52 + i * 25
        col = player_colour(view.players[seat].colour)
        letter_disc(img, draw, (x0 + 23, y), 22, col, size=13)
        x = x0 + 40 + paste_text(img, (x0 + 40, y), str(votes), 21, INK, bold=True,
                                 anchor="lm") + 8
        values = stacks[seat].values if seat in stacks else None
        parts = ["+".join(map(str, values))] if values else []
        advisors = votes - sum(values or ())
        if advisors > 0:
            parts.append(f"{advisors} adv.")
        tag = ("tied 1st" if len(el.winners) > 1 else "winner") if seat in el.winners else \
            ("tied 2nd" if len(el.runners_up) > 1 else "2nd") if seat in el.runners_up else ""
        room = (x1 - 92 if tag else x1 - 8) - x
        paste_text(img, (x, y), *fit_text(" · ".join(parts), room, 16, min_size=12), INK_SOFT,
                   anchor="lm")
        if tag:
            fill = GOLD if seat in el.winners else (206, 214, 224)
            draw.rounded_rectangle((x1 - 84, y - 10, x1 - 8, y + 10), radius=10, fill=fill)
            paste_text(img, (x1 - 46, y), tag, 14, INK, bold=True, anchor="mm")
    if not voters:
        paste_text(img, (x0 + 12, y0 + 60), "nobody takes part", 17, INK_SOFT, anchor="lm")
    if el.question:
        q = fit_text(QUESTION.get(el.question, el.question), x1 - x0 - 20, 15)[0]
        paste_text(img, (x0 + 10, y1 - 9), q, 15, INK, anchor="ls")


# ---- player panel ---------------------------------------------------------------------

def _player_card(img: Image.Image, view: PublicView, p: PlayerPublic) -> None:
    x0, y0, x1, y1 = L.player_card_box(p.seat, len(view.players))
    waiting = p.seat in view.awaiting and view.result is None
    box = (x0, y0, x1 + 1, y1 + 1)
    # The repr of the frozen PlayerPublic names every field the card shows.
    tile = cached_tile(("doge card", repr(p), waiting), _background(), box,
                       lambda t, d: _paint_card(t, d, p, waiting, (0, 0, x1 - x0, y1 - y0)))
    img.paste(tile, box[:2])


def _background() -> Image.Image:
    return cached(("background", "doge"), build_background)


def _paint_card(img: Image.Image, draw: ImageDraw.ImageDraw, p: PlayerPublic, waiting: bool,
                box: L.Box) -> None:
    col = player_colour(p.colour)
    x0, y0, x1, y1 = box
    draw.rounded_rectangle((x0, y0, x1, y1), radius=10, fill=PAPER,
                           outline=GOLD if waiting else INK_SOFT, width=4 if waiting else 2)
    draw.rounded_rectangle((x0, y0, x0 + 10, y1), radius=5, fill=col.fill)
    # Row 1: letter disc, name, state.
    letter_disc(img, draw, (x0 + 36, y0 + 24), 36, col)
    tag = "your move" if waiting else ("bot" if p.is_bot else "")
    name_w = x1 - x0 - 70 - (110 if tag else 10)
    paste_text(img, (x0 + 60, y0 + 24), *_name(p, name_w, 24), fill=INK, bold=True,
               anchor="lm")
    if tag:
        fill = GOLD if waiting else (220, 214, 200)
        draw.rounded_rectangle((x1 - 112, y0 + 11, x1 - 10, y0 + 37), radius=13, fill=fill)
        paste_text(img, (x1 - 61, y0 + 24), tag, 16, INK, bold=True, anchor="mm")
    # Row 2: what is in supply.
    y = y0 + 60
    _supply(img, (x0 + 18, y), house_sprite(22, 24, col.fill, col.dark), p.houses_supply)
    _supply(img, (x0 + 104, y), palace_sprite(24, 24, col.fill, col.dark), p.palaces_supply)
    _supply(img, (x0 + 186, y), ring_sprite(24, col.fill, 6), p.rings_supply)
    _supply(img, (x0 + 268, y), marker_pile_sprite(26, col.fill, col.dark), p.markers_left)
    # Row 3: palaces per district.
    y = y0 + 94
    for i, d in enumerate(DISTRICTS):
        x = x0 + 18 + i * 63
        n = p.palaces.get(d, 0)
        paste_symbol(img, d, (x + 14, y), 30)
        paste_text(img, (x + 33, y + 1), str(n), 21, INK if n else (170, 160, 145), bold=True,
                   anchor="lm")
    # Row 4: the area cards still in hand this year; used ones are greyed out (D-3.3).
    _cards(img, draw, p, (x0 + 18, y0 + 113))
    # Row 5: goals (D-9.1).
    _goals(img, draw, p, (x0 + 16, y0 + 148), col)


def _cards(img: Image.Image, draw: ImageDraw.ImageDraw, p: PlayerPublic,
           xy: tuple[int, int]) -> None:
    x, y = xy
    paste_text(img, (x, y + 14), "cards", 15, INK_SOFT, bold=True, anchor="lm")
    x += 50
    for area in AREAS:
        used = area in p.cards_used
        draw.rounded_rectangle((x, y, x + 40, y + 28), radius=5,
                               fill=(214, 208, 196) if used else (255, 252, 244),
                               outline=(170, 160, 145) if used else INK_SOFT, width=1)
        if used:
            draw.line((x + 6, y + 22, x + 34, y + 6), fill=(150, 140, 125), width=2)
        else:
            paste_symbol(img, area, (x + 20, y + 14), 24)
        x += 46


def _supply(img: Image.Image, xy: tuple[int, int], sprite: Image.Image, n: int) -> None:
    x, y = xy
    paste(img, sprite, (x, y - sprite.height // 2))
    paste_text(img, (x + sprite.width + 6, y + 1), str(n), 21, INK, bold=True, anchor="lm")


def _goals(img: Image.Image, draw: ImageDraw.ImageDraw, p: PlayerPublic, xy: tuple[int, int],
           col: PlayerColour) -> None:
    """Three pills for the winning conditions, filled by progress, green when met."""
    total, spread = p.palace_total, p.districts_with_palace
    met = p.win_progress()
    goals = (("a", "6 districts", spread / 6),
             ("b", "7 in 5", (min(total, 7) + min(spread, 5)) / 12),
             ("c", "8 in 4", (min(total, 8) + min(spread, 4)) / 12))
    x, y = xy
    for key, text, frac in goals:
        w = 116
        done = met.get(key, False)
        draw.rounded_rectangle((x, y, x + w, y + 26), radius=13, fill=(232, 226, 212))
        if frac > 0:
            fill = OK_GREEN if done else col.tint
            draw.rounded_rectangle((x, y, x + max(26, round(w * min(frac, 1))), y + 26),
                                   radius=13, fill=fill)
        draw.rounded_rectangle((x, y, x + w, y + 26), radius=13, outline=INK_SOFT, width=1)
        paste_text(img, (x + w / 2, y + 13), ("✓ " if done else "") + text, 15,
                   (255, 255, 255) if done else INK, bold=True, anchor="mm")
        x += w + 8


# ---- voting order ---------------------------------------------------------------------

def _order(img: Image.Image, view: PublicView) -> None:
    current = view.election.area if view.election else None
    key = ("doge order", view.order_current, view.elections_done, current,
           tuple(sorted(view.revealed)), view.order_next_face_up)
    top = L.order_card_box(0)[1] - 6
    box = (0, top, L.WIDTH, L.ORDER[3])
    tile = cached_tile(key, _background(), box, lambda t, d: _paint_order(t, d, view, top))
    img.paste(tile, box[:2])


def _paint_order(img: Image.Image, draw: ImageDraw.ImageDraw, view: PublicView,
                 top: int) -> None:
    current = view.election.area if view.election else None

    def local(b: L.Box) -> L.Box:
        return (b[0], b[1] - top, b[2], b[3] - top)

    for i, area in enumerate(view.order_current[:7]):
        x0, y0, x1, y1 = local(L.order_card_box(i))
        done = i < view.elections_done or area in view.revealed
        now = area == current and not done
        fill = (226, 222, 212) if done else (255, 250, 238)
        draw.rounded_rectangle((x0, y0, x1, y1), radius=8, fill=fill,
                               outline=GOLD if now else INK_SOFT, width=5 if now else 2)
        paste_symbol(img, area, (x0 + 30, y0 + 40), 44)
        name, size = fit_text(AREA_NAMES.get(area, area), x1 - x0 - 64, 18, True, 13)
        paste_text(img, (x0 + 58, y0 + 44), name, size, INK_SOFT if done else INK, bold=True,
                   anchor="lm")
        badge = "✓ held" if done else ("now" if now else f"{i + 1}.")
        paste_text(img, (x0 + 58, y0 + 20), badge, 15, OK_GREEN if done else
                   (INK if now else INK_SOFT), bold=True, anchor="lm")
    for i in range(7):
        x0, y0, x1, y1 = local(L.order_card_box(i, next_year=True))
        if i < len(view.order_next_face_up):
            area = view.order_next_face_up[i]
            draw.rounded_rectangle((x0, y0, x1, y1), radius=7, fill=(255, 250, 238),
                                   outline=INK_SOFT, width=2)
            paste_symbol(img, area, (x0 + 22, (y0 + y1) / 2), 32)
            name, size = fit_text(AREA_NAMES.get(area, area), x1 - x0 - 46, 16, True, 12)
            paste_text(img, (x0 + 42, (y0 + y1) / 2), name, size, INK, bold=True, anchor="lm")
        else:  # face down: the card's back
            draw.rounded_rectangle((x0, y0, x1, y1), radius=7, fill=NAVY, outline=GOLD, width=2)
            cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
            draw.polygon([(cx, cy - 12), (cx + 16, cy), (cx, cy + 12), (cx - 16, cy)],
                         outline=GOLD, width=2)
