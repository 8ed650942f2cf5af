"""The Clans board image, drawn only from a `ClansPublicView` (C-7).

    render_clans_board(view, caption) -> PNG bytes
    await render_clans_board_async(view, caption)   # off the event loop
    write_png(path, view, caption)

The renderer refuses anything but a `ClansPublicView`: a `ClansPlayerView` or the engine
state carries a player's colour, which no image may show before the game ends (C-7.2).
Huts are drawn by clan colour (public, C-7.1); which player holds a colour appears only
once the view's result reveals it. The static map comes from a cached background; each
step draws on a copy, so the cost is mostly PNG encoding. Same view, same bytes.
"""

from __future__ import annotations

from PIL import Image, ImageDraw

from bot.games.clans.board import COLOURS
from bot.games.clans.views import ClansPublicView, TerritoryView, VillageView
from bot.i18n import SOURCE_LANGUAGE
from rendering.clans import layout as L
from rendering.clans import panels as P
from rendering.clans.background import (
    CARD,
    TABLE,
    TERRAIN_FILL,
    TERRAIN_INK,
    WATER,
    WATER_DARK,
    background,
)
from rendering.clans.sprites import (
    LOCK,
    RUIN,
    arrow,
    hex_ring,
    hut_pill,
    paste_centred,
    pill_width,
    village_badge,
)
from rendering.common.boards import board_palette, off_the_loop, png_writer
from rendering.common.drawing import (
    GOLD,
    player_colour,
)
from rendering.common.palette import encode_palette_png

__all__ = [
    "CENTRE", "HEIGHT", "WIDTH", "hut_slots", "render_clans_board", "render_clans_board_async",
    "render_clans_image", "territory_centre", "write_png",
]

WIDTH, HEIGHT = L.WIDTH, L.HEIGHT
CENTRE = L.CENTRE  # territory label -> (x, y) of its centre in the image
territory_centre = L.territory_centre
HUT_LIMIT = 7  # C-3.2: from this many huts a territory cannot be left


def _check(view: object) -> ClansPublicView:
    # Exact type: a ClansPlayerView, the engine state or a subclass could carry secrets.
    if type(view) is not ClansPublicView:
        raise TypeError(f"the Clans board renders only a ClansPublicView, "
                        f"not {type(view).__name__}")
    return view


def render_clans_image(view: ClansPublicView, caption: str = "") -> Image.Image:
    view = _check(view)
    img = background().copy()
    draw = ImageDraw.Draw(img)
    _last_move(img, view)
    villages = {v.territory: v for v in view.villages}
    pending = set(view.villages_to_order)
    for territory in view.board:
        _territory(img, territory, villages.get(territory.label), territory.label in pending)
    P.header(img, view)
    P.scores(img, draw, view)
    P.players(img, draw, view)
    P.epochs(img, draw, view)
    P.caption(img, caption, tuple(view.players))
    return img


def render_clans_board(view: ClansPublicView, caption: str = "") -> bytes:
    """The board as PNG bytes (a palette PNG, see `rendering.common.palette`)."""
    texts = (caption, *_check(view).players)
    return encode_palette_png(render_clans_image(view, caption), clans_palette(), texts)


def clans_palette() -> list[tuple[int, int, int]]:
    """The board's fixed palette: piece and terrain colours exact, then the background's
    and the pieces' edges."""
    return board_palette(
        "clans", [*TERRAIN_FILL.values(), *TERRAIN_INK.values(), WATER, WATER_DARK, TABLE, CARD],
        (CARD, TABLE, *TERRAIN_FILL.values()), lambda: background(SOURCE_LANGUAGE))


render_clans_board_async = off_the_loop(render_clans_board, _check)

# What the shared recap (rendering/common/recap.py) draws each scene with.
RECAP_DRAWING = (render_clans_image, clans_palette)
write_png = png_writer(render_clans_board)  # the demo's


# ---- the map layer --------------------------------------------------------------------------

def hut_slots(territory: TerritoryView) -> list[tuple[str, int, L.Box]]:
    """(colour, count, box in image pixels) of each hut pill drawn on a territory."""
    items = [(COLOURS[c], n) for c, n in enumerate(territory.huts) if n]
    if not items:
        return []
    widths = [float(pill_width(n, player_colour(c).letter)) for c, n in items]
    slots = L.pill_slots(widths)
    cx, cy = L.CENTRE[territory.label]
    out = []
    for (colour, n), w, (dx, dy) in zip(items, widths, slots, strict=True):
        x, y = round(cx + dx), round(cy + dy - L.PILL_H / 2)
        out.append((colour, n, (x, y, x + round(w), y + L.PILL_H)))
    return out


def _territory(img: Image.Image, t: TerritoryView, village: VillageView | None,
               pending: bool) -> None:
    centre = L.CENTRE[t.label]
    if village is not None:
        ring = RUIN if village.destroyed or not t.total else GOLD
        paste_centred(img, hex_ring(ring, L.HEX_R - 4, 4), centre)
    elif t.total >= HUT_LIMIT:
        paste_centred(img, hex_ring(LOCK, L.HEX_R - 4, 4.5, dashed=True), centre)
    slots = hut_slots(t)
    for colour, n, (x, y, _, _) in slots:
        pill = hut_pill(player_colour(colour), n)
        img.paste(pill, (x, y), pill)
    if village is not None or pending:
        badge = village_badge(None) if village is None else village_badge(
            village.value, village.destroyed)
        rows = len({box[1] for _, _, box in slots})
        # No huts left (destroyed or emptied): the mark sits in the middle, unmistakably
        # this territory's; otherwise below the huts.
        dy = {0: 0, 3: L.BADGE_DY_LOW}.get(rows, L.BADGE_DY)
        paste_centred(img, badge, (centre[0], centre[1] + dy))


def _last_move(img: Image.Image, view: ClansPublicView) -> None:
    """An arrow for the last move (public, C-7.1), under the pills it points at."""
    for action in reversed(view.moves):
        if action.type == "move":
            src, dst = action.territories
            if src in L.CENTRE and dst in L.CENTRE and src != dst:
                sprite, xy = arrow(src, dst)
                img.paste(sprite, xy, sprite)
            return
