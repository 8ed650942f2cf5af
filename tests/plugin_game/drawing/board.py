"""The Bids board image, drawn from a public view only: every player's coins and points,
each revealed lot's bids (the winner's in gold) and who has bid for the lot up, never
how much (B-2.1). No text under 16 px on an 800 px board: at least 11 px at phone width.

    render_bids_board(view, caption) -> PNG bytes
    await render_bids_board_async(view, caption)   # off the event loop
    write_png(path, view, caption)                 # the demo's boards
"""

from __future__ import annotations

from PIL import Image, ImageDraw

from bot.i18n import _, _n
from rendering.common.boards import palette_board, spectators_only
from rendering.common.caption import fit_caption
from rendering.common.drawing import CREAM, GOLD, INK, INK_SOFT, PAPER
from rendering.common.text import draw_text, fit_text
from tests.plugin_game.rules.engine import BidsView, winner_of

WIDTH = 800
TOP, ROW, FOOT = 120, 52, 92
NAME_X, COINS_X, POINTS_X, LOTS_X, LOT_W = 24, 290, 376, 430, 72
TEXT = 18  # the smallest text: 18 px x 600 / 800 = 13.5 px on a phone (at least 11)
BAND = (241, 232, 211)
WON = (250, 226, 150)


_check = spectators_only(BidsView, "Bids")  # a seat's view carries its own secret bid


def height(players: int) -> int:
    return TOP + ROW * (players + 1) + FOOT


def render_bids_image(view: BidsView, caption: str = "") -> Image.Image:
    view = _check(view)
    img = Image.new("RGB", (WIDTH, height(len(view.players))), PAPER)
    draw = ImageDraw.Draw(img)
    title = (_("Bids · game over") if view.over else
             _n("Bids · lot {lot} of {total}: worth {n} point",
                "Bids · lot {lot} of {total}: worth {n} points", view.value or 0,
                lot=view.lot + 1, total=view.lots))
    draw_text(draw, (NAME_X, 56), title, 32, INK, bold=True)
    y = TOP
    draw_text(draw, (COINS_X, y + 40), _("coins"), TEXT, INK_SOFT, anchor="ms")
    draw_text(draw, (POINTS_X, y + 40), _("points"), TEXT, INK_SOFT, anchor="ms")
    for i, value in enumerate(view.lot_values):  # each lot's number, and what it is worth
        x = LOTS_X + i * LOT_W + LOT_W // 2
        draw_text(draw, (x, y + 18), f"#{i + 1}", TEXT, INK_SOFT, anchor="ms")
        draw_text(draw, (x, y + 40), _n("{n} pt", "{n} pts", value), TEXT, INK_SOFT,
                  bold=True, anchor="ms")
    winners = [winner_of(bids) for bids in view.sales]
    for seat, name in enumerate(view.players):
        y = TOP + ROW * (seat + 1)
        if seat % 2 == 0:
            draw.rectangle((0, y, WIDTH, y + ROW), fill=BAND)
        place = f"{view.ranks[seat]}. " if view.ranks else ""
        shown, size = fit_text(place + name, COINS_X - NAME_X - 50, 24, bold=True,
                               min_size=TEXT)
        draw_text(draw, (NAME_X, y + 34), shown, size, INK, bold=True)
        draw_text(draw, (COINS_X, y + 34), str(view.coins[seat]), 24, INK, anchor="ms")
        draw_text(draw, (POINTS_X, y + 34), str(view.points[seat]), 24, INK, bold=True,
                  anchor="ms")
        for i, bids in enumerate(view.sales):
            x = LOTS_X + i * LOT_W
            if winners[i] == seat:
                draw.rounded_rectangle((x + 6, y + 8, x + LOT_W - 6, y + ROW - 8), 8,
                                       fill=WON, outline=GOLD, width=2)
            draw_text(draw, (x + LOT_W // 2, y + 34), str(bids[seat]), 22, INK,
                      bold=winners[i] == seat, anchor="ms")
        if not view.over:  # the lot up: whether each has bid, never how much (B-2.1)
            x = LOTS_X + len(view.sales) * LOT_W + LOT_W // 2
            draw_text(draw, (x, y + 34), "✔" if view.has_bid[seat] else "…", 24,
                      INK if view.has_bid[seat] else INK_SOFT, anchor="ms")
    _caption(draw, img.height, caption, view.players)
    return img


def _caption(draw: ImageDraw.ImageDraw, bottom: int, caption: str,
             names: tuple[str, ...]) -> None:
    if not caption:
        return
    fitted = fit_caption(caption, names, WIDTH - 2 * NAME_X, 22, min_size=TEXT)
    draw.rectangle((0, bottom - FOOT, WIDTH, bottom), fill=CREAM)
    for i, line in enumerate(fitted.lines):
        draw_text(draw, (NAME_X, bottom - FOOT + 36 + i * (fitted.size + 8)), line,
                  fitted.size, INK, bold=True)


def _sample() -> BidsView:
    return BidsView(players=("A", "B", "C"), lot=1, lots=5, value=3, coins=(15,) * 3,
                    points=(0, 4, 0), has_bid=(True, False, False), lot_values=(4, 3),
                    sales=((1, 5, 2),), over=False, reason=None, ranks=None)


# The palette, the PNG, off the event loop, the demo's `write_png` and the recap's
# drawing, made from the image (rendering/common/boards.py).
BOARD = palette_board("bids", render_bids_image, _check, lambda view: view.players,
                      [PAPER, BAND, CREAM, WON, GOLD, INK, INK_SOFT], _sample)
bids_palette = BOARD.palette
render_bids_board = BOARD.render
render_bids_board_async = BOARD.render_async
write_png = BOARD.write_png
RECAP_DRAWING = BOARD.recap
