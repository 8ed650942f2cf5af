"""The Doge board image, drawn only from a `PublicView` (D-10).

    render_doge_board(view, caption) -> PNG bytes
    await render_doge_board_async(view, caption)   # off the event loop
    write_png(path, view, caption)                 # for the step-by-step demo

The renderer refuses anything but a `PublicView` (a `PlayerView` or the engine state
carries secrets, D-10.2). The static map comes from a cached background; each step draws
the pieces on a copy, so the cost is mostly PNG encoding. Same view, same bytes.
"""

from __future__ import annotations

from PIL import Image, ImageDraw

from bot.games.doge.constants import ADVISOR_HOME, DISTRICTS, QUARANTIA
from bot.games.doge.view import PublicView, StackPublic
from bot.i18n import SOURCE_LANGUAGE
from rendering.common.boards import board_palette, off_the_loop, png_writer
from rendering.common.drawing import (
    GOLD,
    INK,
    INK_SOFT,
    NEUTRAL,
    OK_GREEN,
    PAPER,
    PlayerColour,
    disc_sprite,
    house_sprite,
    mark_width,
    palace_sprite,
    paste,
    pawn_sprite,
    pill_sprite,
    player_colour,
)
from rendering.common.palette import encode_palette_png
from rendering.common.text import paste_text, text_width
from rendering.doge import layout as L
from rendering.doge.background import (
    DISTRICT_TINT,
    LAGOON,
    PANEL_BG,
    QUARANTIA_STONE,
    background,
)
from rendering.doge.panel import draw_chrome
from rendering.doge.result import CARD_TINT, WINNER_TINT

__all__ = ["render_doge_board", "render_doge_board_async", "render_doge_image", "write_png"]

# Every advisor's home under it, in one style: two letters of the district's name, or
# the Quarantia seat.
ADVISOR_LABEL = {"cannaregio": "CN", "castello": "CA", "dorsoduro": "DO",
                 "san_marco": "SM", "san_polo": "SP", "santa_croce": "SC",
                 "q1": "Q1", "q2": "Q2", "q3": "Q3"}


def _check(view: object) -> PublicView:
    # Exact type: a subclass or a PlayerView/engine state could smuggle secrets in.
    if type(view) is not PublicView:
        raise TypeError(f"the board renders only a PublicView, not {type(view).__name__}")
    return view


def render_doge_image(view: PublicView, caption: str = "") -> Image.Image:
    view = _check(view)
    img = background().copy()
    draw = ImageDraw.Draw(img)
    for area in (*DISTRICTS, QUARANTIA):
        _area(img, draw, view, area)
    _advisors(img, view)
    draw_chrome(img, draw, view, caption)
    return img


def render_doge_board(view: PublicView, caption: str = "") -> bytes:
    """The board as PNG bytes (a palette PNG, see `rendering.common.palette`)."""
    texts = (caption, *(p.name for p in _check(view).players))
    return encode_palette_png(render_doge_image(view, caption), doge_palette(), texts)


def doge_palette() -> list[tuple[int, int, int]]:
    """The board's fixed palette: piece colours exact, then background and piece edges."""
    return board_palette(
        "doge", [WINNER_TINT, CARD_TINT, PANEL_BG, *DISTRICT_TINT.values()],
        (PAPER, PANEL_BG, LAGOON, QUARANTIA_STONE, WINNER_TINT, CARD_TINT,
         *DISTRICT_TINT.values()), lambda: background(SOURCE_LANGUAGE))


render_doge_board_async = off_the_loop(render_doge_board, _check)

# What the shared recap (rendering/common/recap.py) draws each scene with.
RECAP_DRAWING = (render_doge_image, doge_palette)
write_png = png_writer(render_doge_board)  # the demo's


# ---- areas ----------------------------------------------------------------------------

def _colour(view: PublicView, seat: int | None) -> PlayerColour | None:
    if seat is None or not 0 <= seat < len(view.players):
        return None
    return player_colour(view.players[seat].colour)


def _area(img: Image.Image, draw: ImageDraw.ImageDraw, view: PublicView, area: str) -> None:
    x0, y0, x1, y1 = L.AREA_BOX[area]
    _order_badge(img, draw, view, area)
    if area != QUARANTIA:
        for i, seat in enumerate(view.palaces.get(area, ())):
            col = _colour(view, seat)
            if col is None:
                continue
            bx0, by0, bx1, by1 = L.palace_space_box(area, i)
            paste(img, palace_sprite(bx1 - bx0, by1 - by0, col.fill, col.dark), (bx0, by0))
            paste_text(img, ((bx0 + bx1) / 2, (by0 + by1) / 2 + 4), col.letter, L.TEXT,
                       col.ink, bold=True, anchor="mm")
        _houses(img, view, area)
    _stacks(img, draw, view, area)


def _order_badge(img: Image.Image, draw: ImageDraw.ImageDraw, view: PublicView,
                 area: str) -> None:
    """A badge on the plate's medallion: the area's place in this year's voting order,
    a check once it has voted; the area voting now gets a gold frame."""
    if area not in view.order_current:
        return
    x0, y0, x1, y1 = L.AREA_BOX[area]
    cx, cy = x0 + 44, y0 + L.ROWS.header + 34  # over the medallion's lower right
    pos = view.order_current.index(area)
    if view.election is not None and view.election.area == area:
        draw.rounded_rectangle((x0 - 5, y0 - 3, x1 + 5, y1 + 3), radius=12, outline=GOLD,
                               width=6)
        fill, ink, text = GOLD, INK, str(pos + 1)
    elif area in view.revealed or pos < view.elections_done:
        fill, ink, text = OK_GREEN, (255, 255, 255), "✓"
    else:
        fill, ink, text = PAPER, INK, str(pos + 1)
    paste(img, disc_sprite(30, fill, INK if fill != OK_GREEN else ink, 2), (cx - 15, cy - 15))
    paste_text(img, (cx, cy), text, L.TEXT, ink, bold=True, anchor="mm")


def _houses(img: Image.Image, view: PublicView, area: str) -> None:
    x0, y0, x1, _ = L.AREA_BOX[area]
    items = [(col, n) for seat, n in enumerate(view.houses.get(area, ()))
             if n and (col := _colour(view, seat)) is not None]
    if not items:
        return
    house = 34
    wide = [mark_width(col.letter, L.TEXT, house) for col, _ in items]  # a Dutch 'Ge'
    widths = [w + 3 + _text_w(str(n), L.TEXT) for w, (_, n) in zip(wide, items, strict=True)]
    # One line when the houses fit, else the rest on a second line below.
    places = _flow(widths, x0 + 6, x1 - 4, 8) or [
        (x0 + 6 + (i % 2) * (x1 - x0 - 10) // 2, i // 2) for i in range(len(items))]
    for (col, n), w, (x, line) in zip(items, wide, places, strict=True):
        top = y0 + L.ROWS.houses + line * 42
        paste(img, house_sprite(w, house + 2, col.fill, col.dark), (x, top))
        paste_text(img, (x + w / 2, top + house - 3), col.letter, L.TEXT, col.ink,
                   bold=True, anchor="ms")
        paste_text(img, (x + w + 3, top + house * 0.6), str(n), L.TEXT, INK, bold=True,
                   anchor="lm")


def drawn_stacks(view: PublicView, area: str) -> tuple[StackPublic, ...]:
    """The stacks drawn on an area: those still to vote, and those of the election in
    progress (face up). A held election's stacks left the area with its last decision
    (D-4.7, D-11.3): its values stay public in the narration, not on the map."""
    return tuple(st for st in view.stacks.get(area, ()) if _colour(view, st.seat) is not None)


def _flow(widths: list[int], left: int, right: int, gap: int) -> list[tuple[int, int]] | None:
    """Left-to-right positions (x, line) of items, on at most two lines; None if they
    do not fit."""
    out, x, line = [], left, 0
    for w in widths:
        if x + w > right and x > left:
            x, line = left, line + 1
        if line > 1 or x + w > right:
            return None
        out.append((x, line))
        x += w + gap
    return out


def _stacks(img: Image.Image, draw: ImageDraw.ImageDraw, view: PublicView, area: str) -> None:
    stacks = drawn_stacks(view, area)
    if not stacks:
        return
    x0, y0, x1, y1 = L.AREA_BOX[area]
    if area == QUARANTIA:
        left, top, right = x0 + 210, y0 + 2, x1 - 6
    else:
        left, top, right = x0 + 6, y0 + L.ROWS.stacks, x1 - 4
    texts = [f"×{st.count}" if st.values is None else "+".join(map(str, st.values))
             for st in stacks]
    d, size = 30, L.TEXT
    marks = [mark_width(_colour(view, st.seat).letter, size, d) for st in stacks]
    # Face-up values take more room: tighter gaps first, then a third line if need be.
    for gap in (10, 6, 3):
        widths = [dw + 3 + _text_w(t, size) + (6 if st.values else 0)
                  for t, st, dw in zip(texts, stacks, marks, strict=True)]
        places = _flow(widths, left, right, gap)
        if places is not None:
            break
    else:
        half = (right - left) // 2
        places = [(left + (i % 2) * half, i // 2) for i in range(len(stacks))]
    for st, text, w, dw, (x, line) in zip(stacks, texts, widths, marks, places, strict=True):
        col = _colour(view, st.seat)
        y = top + line * 33
        paste(img, pill_sprite(dw, d, col.fill, col.dark, 2), (x, y))
        paste_text(img, (x + dw / 2, y + d / 2), col.letter, size, col.ink, bold=True,
                   anchor="mm")
        if st.values is not None:
            # Face-up markers: a paper chip behind the values.
            draw.rounded_rectangle((x + dw + 1, y, x + w, y + d), radius=5,
                                   fill=PAPER, outline=col.dark)
        paste_text(img, (x + dw + 3 + (2 if st.values else 0), y + d / 2), text, size,
                   INK, bold=True, anchor="lm")


def _text_w(text: str, size: int) -> int:
    return round(text_width(text, size, bold=True))


# ---- advisors -------------------------------------------------------------------------

def _advisors(img: Image.Image, view: PublicView) -> None:
    standing: dict[str, list[tuple[str, int | None]]] = {}
    for advisor, (controller, area) in sorted(view.advisors.items()):
        if area is None:  # neutral: it waits at its home spot (D-1.4, D-5.4)
            home = ADVISOR_HOME.get(advisor, advisor)
            slot = int(advisor[1]) - 1 if home == QUARANTIA and advisor[1:].isdigit() else 0
            if home not in L.AREA_BOX:
                continue
            cx, cy = L.home_spot_centre(home, slot)
            _pawn(img, view, (cx - L.ADVISOR_W / 2, cy - L.ADVISOR_H / 2 - 1), controller, None)
        elif area in L.AREA_BOX:
            standing.setdefault(area, []).append((advisor, controller))
    for area, items in standing.items():
        # Group by controller so a player's votes read as one cluster.
        items.sort(key=lambda it: (it[1] if it[1] is not None else 99, it[0]))
        if len(items) > L.advisor_capacity(area):
            # Too many to label one by one: one figure per controller with a count.
            counts: dict[int | None, int] = {}
            for _, controller in items:
                counts[controller] = counts.get(controller, 0) + 1
            groups = [(c, f"×{n}") for c, n in counts.items()]
        else:
            groups = [(c, ADVISOR_LABEL.get(a, a[:5])) for a, c in items]
        for i, (controller, label) in enumerate(groups):
            x, y = L.advisor_slot(area, i, len(groups))
            _pawn(img, view, (x, y), controller, label)


def _pawn(img: Image.Image, view: PublicView, xy: tuple[float, float], controller: int | None,
          label: str | None) -> None:
    col = _colour(view, controller)
    x, y = xy
    if col is None:
        paste(img, pawn_sprite(L.ADVISOR_W, L.ADVISOR_H, NEUTRAL, None, INK_SOFT), (x, y))
    else:
        paste(img, pawn_sprite(L.ADVISOR_W, L.ADVISOR_H, (252, 246, 232), col.fill, col.dark),
              (x, y))
        if len(col.letter) > 1:  # two letters (a Dutch 'Gr') on a mark of their own
            w = mark_width(col.letter, L.TEXT, 26)
            paste(img, pill_sprite(w, 26, col.fill, col.dark),
                  (x + (L.ADVISOR_W - w) / 2, y + L.ADVISOR_H - 27))
        paste_text(img, (x + L.ADVISOR_W / 2, y + L.ADVISOR_H - 4), col.letter, L.TEXT,
                   col.ink, bold=True, anchor="ms")
    if label:
        paste_text(img, (x + L.ADVISOR_W / 2, y + L.ADVISOR_H + 11), label, L.TEXT, INK,
                   bold=True, anchor="mm")
