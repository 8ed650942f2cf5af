"""The Clans board around the map: header, clan scores, players, epoch chart, caption.
Reads only a `ClansPublicView`: clans (colours) and players stay unlinked until the view's
result reveals who held which colour (C-7.2)."""

from __future__ import annotations

from PIL import Image, ImageDraw

from bot.games.clans.board import COLOURS
from bot.games.clans.rules import EPOCH_CHIPS, EPOCH_NAMES
from bot.games.clans.views import ClansPublicView
from bot.games.wording import ordinal
from bot.i18n import _, _n
from rendering.clans import layout as L
from rendering.clans.background import CARD, EPOCH_COLS, epoch_row_y
from rendering.clans.sprites import chip, paste_centred
from rendering.common.caption import Fitted, fit_caption, paste_caption
from rendering.common.drawing import CREAM, GOLD, INK, INK_SOFT, cached, disc_sprite, player_colour
from rendering.common.text import fit_text, paste_text, text_width
from rendering.common.words import plain, seat_name


def player_name(view: ClansPublicView, seat: int) -> str:
    name = " ".join(view.players[seat].split()) if 0 <= seat < len(view.players) else ""
    return name or seat_name(seat)


def _disc(img: Image.Image, centre: L.Point, colour: str, d: int = 20) -> None:
    col = player_colour(colour)
    paste_centred(img, disc_sprite(d, col.fill, col.dark, 2), centre)
    paste_text(img, centre, col.letter, max(L.TEXT, round(d * 0.6)), col.ink, bold=True,
               anchor="mm")


# ---- header and caption -------------------------------------------------------------------

def header(img: Image.Image, view: ClansPublicView) -> None:
    x0, y0, x1, y1 = L.HEADER
    mid = (y0 + y1 - 3) / 2
    if view.result is not None:
        first = [player_name(view, s) for s, r in enumerate(view.result.ranks) if r == 1]
        names = " & ".join(first)
        left = _("Game over")
        right = (_("{names} wins", names=names) if len(first) == 1
                 else _("{names} share the win", names=names))
    else:
        left = _n("Epoch {epoch} · {n} chip left · turn {turn}",
                  "Epoch {epoch} · {n} chips left · turn {turn}", view.chips_left_in_epoch,
                  epoch=EPOCH_NAMES[view.epoch - 1], turn=view.turn + 1)
        who = player_name(view, view.to_act) if view.to_act is not None else "?"
        right = (_("▶ {name} orders the villages", name=who) if view.villages_to_order
                 else _("▶ {name} to move", name=who))
    x = 124
    x += paste_text(img, (x, mid), left, 20, CREAM, bold=True, anchor="lm") + 24
    text, size = fit_text(right, x1 - 14 - x, 20, bold=True, min_size=14)
    paste_text(img, (x1 - 14, mid), text, size, GOLD, bold=True, anchor="rm")


def caption_lines(text: str, names: tuple[str, ...]) -> Fitted:
    """The last step in words, without the Markdown Discord would hide, as the board
    draws it: two lines at most, its outcome never cut (rendering/common/caption.py)."""
    x0, _y0, x1, _y1 = L.CAPTION
    return fit_caption(plain(text), names, x1 - x0 - 28, 19, 16)


def caption(img: Image.Image, text: str, names: tuple[str, ...] = ()) -> None:
    paste_caption(img, L.CAPTION, caption_lines(text, names), indent=14, step=24, fill=CREAM)


# ---- clan scores ----------------------------------------------------------------------------

def scores(img: Image.Image, draw: ImageDraw.ImageDraw, view: ClansPublicView) -> None:
    """The score track: one bar per clan (all five are in play, C-2.1). Owners are named
    only once the game is over."""
    x0, y0, x1 = L.SCORES[:3]
    owners: dict[str, list[str]] = {}
    if view.result is not None:
        for seat, colour in enumerate(view.result.colours):
            owners.setdefault(colour, []).append(player_name(view, seat))
    top = max(20, *view.clan_scores)
    left, right = x0 + 34, x1 - 40
    for i, colour in enumerate(COLOURS):
        y = y0 + 41 + i * 22
        col = player_colour(colour)
        _disc(img, (x0 + 20, y), colour, 19)
        score = view.clan_scores[i]
        draw.rounded_rectangle((left, y - 7, right, y + 7), radius=4, fill=(234, 226, 208))
        end = left + (right - left) * score / top
        if score:
            draw.rounded_rectangle((left, y - 7, max(end, left + 8), y + 7), radius=4,
                                   fill=col.fill, outline=col.dark)
        paste_text(img, (x1 - 10, y), str(score), 17, INK, bold=True, anchor="rm")
        names = owners.get(colour, [_("nobody")] if view.result is not None else None)
        if names:  # after the end only (C-6.2): inside the bar, or after it if roomier
            inside, after = end - left - 8, right - end - 8
            room = max(inside, after)
            text, size = fit_text(", ".join(names), room, L.TEXT, bold=True, min_size=L.TEXT)
            if inside >= after:
                paste_text(img, (left + 5, y), text, size, col.ink, bold=True, anchor="lm")
            else:
                paste_text(img, (end + 5, y), text, size, INK, bold=True, anchor="lm")


# ---- players ----------------------------------------------------------------------------------

def players(img: Image.Image, draw: ImageDraw.ImageDraw, view: ClansPublicView) -> None:
    x0, y0, x1 = L.PLAYERS[:3]
    result = view.result
    _column_titles(img, result is not None)
    # In playing order (C-2.4) while it matters; once it is over, as ranked (C-6.3).
    seats = view.turn_order if result is None else result.standings
    for row, seat in enumerate(seats):
        y = y0 + 44 + row * 30
        winner = result is not None and result.ranks[seat] == 1
        if seat == view.to_act or winner:
            draw.rounded_rectangle((x0 + 5, y - 13, x1 - 5, y + 13), radius=6, fill=CARD,
                                   outline=GOLD, width=3)
            paste_text(img, (x0 + 16, y), "★" if winner else "▶", 15, INK, bold=True,
                       anchor="mm")
        x = x0 + 28
        if result is not None:
            _disc(img, (x + 10, y), result.colours[seat], 20)
            x += 26
        right = x1 - (104 if result is not None else 50)
        text, size = fit_text(player_name(view, seat), right - x - 6, 17, bold=True,
                              min_size=L.TEXT)
        paste_text(img, (x, y), text, size, INK, bold=True, anchor="lm")
        cx = right + 10
        paste_centred(img, chip(False, 14), (cx, y))
        paste_text(img, (cx + 10, y), f"{view.chips[seat]}", 16, INK, bold=True, anchor="lm")
        if result is not None:
            paste_text(img, (x1 - 12, y - 1), f"{result.totals[seat]}", 18, INK, bold=True,
                       anchor="rm")
            paste_text(img, (x1 - 40, y), ordinal(result.ranks[seat]), L.TEXT, INK_SOFT,
                       bold=True, anchor="rm")


def _column_titles(img: Image.Image, over: bool) -> None:
    """Over the chips (and once the game is over, the totals), right-aligned."""
    x, y = L.PLAYERS[2] - 12, L.PLAYERS[1] + 15
    if over:
        x -= paste_text(img, (x, y), _("total"), L.TEXT, INK_SOFT, anchor="rm")
        x -= text_width("  ", L.TEXT)
    paste_text(img, (x, y), _("chips"), L.TEXT, INK_SOFT, anchor="rm")


# ---- epoch chart ---------------------------------------------------------------------------

def epochs(img: Image.Image, draw: ImageDraw.ImageDraw, view: ClansPublicView) -> None:
    """C-5.1: chips taken (hollow) and left (gold) per epoch, the current epoch framed,
    past epochs faded."""
    x0, x1 = L.EPOCHS[0], L.EPOCHS[2]
    taken = len(view.villages)
    first = 1
    for e, count in enumerate(EPOCH_CHIPS, start=1):
        y = epoch_row_y(e)
        for k in range(count):
            paste_centred(img, chip(first + k <= taken), (x0 + EPOCH_COLS[1] + k * 16, y))
        last = first + count - 1
        if view.result is None and e == view.epoch:
            draw.rounded_rectangle((x0 + 6, y - 16, x1 - 6, y + 16), radius=7, outline=GOLD,
                                   width=3)
        elif last <= taken or view.result is not None and e > view.epoch:
            # Done (or never reached): faded, so the current epoch stands out.
            img.paste(CARD, (x0 + 8, round(y - 15), x1 - 8, round(y + 15)),
                      cached(("clans fade", x1 - x0 - 16), lambda: _fade(x1 - x0 - 16)))
        first = last + 1


def _fade(w: int) -> Image.Image:
    return Image.new("L", (w, 30), 150)
