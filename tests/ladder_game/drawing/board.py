"""The Ladder board image, drawn from a public view only: the row of cards laid (each that
climbed a rung raised), then every player's points and how many cards they hold, never
which (L-1.2). No text under 18 px on an 800 px board: 13.5 px at phone width.

    render_ladder_board(view, caption) -> PNG bytes
    write_png(path, view, caption)                 # the demo's boards
"""

from __future__ import annotations

from PIL import Image, ImageDraw

from bot.i18n import _, _n
from rendering.common.boards import palette_board, spectators_only
from rendering.common.caption import fit_caption, paste_caption
from rendering.common.drawing import CREAM, GOLD, INK, INK_SOFT, PAPER
from rendering.common.text import draw_text, fit_text
from tests.ladder_game.rules.engine import LadderView, climbs

WIDTH, MARGIN = 800, 24
CARD_W, CARD_H, STEP = 46, 64, 14  # a card, and how far a rung raises it
ROW_TOP, SEATS_TOP, SEAT_H, CAPTION_H = 96, 280, 44, 92
SMALL = 18
CARD = (252, 248, 236)
RAISED = (250, 226, 150)


_public = spectators_only(LadderView, "Ladder")  # a seat's view holds its hand


def _row(draw: ImageDraw.ImageDraw, view: LadderView) -> None:
    """The cards laid, left to right, wrapping after a full line; a rung sits higher."""
    per_line = (WIDTH - 2 * MARGIN) // (CARD_W + 4)
    for i, (_seat, card) in enumerate(view.row):
        up = climbs(view.row[:i], card)
        x = MARGIN + (i % per_line) * (CARD_W + 4)
        y = ROW_TOP + (i // per_line) * (CARD_H + STEP + 8) + (0 if up else STEP)
        draw.rounded_rectangle((x, y, x + CARD_W, y + CARD_H), 6, fill=RAISED if up else CARD,
                               outline=GOLD if up else INK_SOFT, width=2)
        draw_text(draw, (x + CARD_W // 2, y + 42), str(card), 24, INK, bold=up, anchor="ms")


def _seats(draw: ImageDraw.ImageDraw, view: LadderView) -> None:
    for seat, name in enumerate(view.players):
        y = SEATS_TOP + seat * SEAT_H
        marker = "▶ " if seat == view.to_lay else (f"{view.ranks[seat]}. " if view.ranks else "")
        shown, size = fit_text(marker + name, 360, 24, bold=True, min_size=SMALL)
        draw_text(draw, (MARGIN, y + 30), shown, size, INK, bold=seat == view.to_lay)
        draw_text(draw, (420, y + 30), _n("{n} rung", "{n} rungs", view.points[seat]), 22,
                  INK, bold=True)
        draw_text(draw, (600, y + 30), _n("{n} card held", "{n} cards held", view.held[seat]),
                  SMALL, INK_SOFT)


def ladder_image(view: LadderView, caption: str = "") -> Image.Image:
    view = _public(view)
    bottom = SEATS_TOP + SEAT_H * len(view.players) + 16
    img = Image.new("RGB", (WIDTH, bottom + CAPTION_H), PAPER)
    draw = ImageDraw.Draw(img)
    draw_text(draw, (MARGIN, 56), _("Ladder · game over") if view.over else
              _n("Ladder · {n} card laid", "Ladder · {n} cards laid", len(view.row)),
              32, INK, bold=True)
    _row(draw, view)
    _seats(draw, view)
    if caption:
        band = (0, bottom, WIDTH, bottom + CAPTION_H)
        draw.rectangle(band, fill=CREAM)
        fitted = fit_caption(caption, view.players, WIDTH - 2 * MARGIN, 22, min_size=SMALL)
        paste_caption(img, band, fitted, indent=MARGIN, step=fitted.size + 8, fill=INK)
    return img


def _sample() -> LadderView:
    return LadderView(players=("A", "B"), row=((0, 3), (1, 9), (0, 2)), held=(3, 2),
                      points=(1, 1), to_lay=1, reason=None, ranks=None)


BOARD = palette_board("ladder", ladder_image, _public, lambda view: view.players,
                      [PAPER, CARD, RAISED, CREAM, GOLD, INK, INK_SOFT], _sample)
render_ladder_board = BOARD.render
render_ladder_board_async = BOARD.render_async
write_png = BOARD.write_png  # the demo's boards
RECAP_DRAWING = BOARD.recap
