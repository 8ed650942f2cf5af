"""Everything around the Doge map: header, status box, player panel, voting order,
caption and the game-over banner. Reads only a `PublicView`."""

from __future__ import annotations

from PIL import Image, ImageDraw

from bot.games.doge.constants import AREA_NAMES, AREAS, DISTRICTS
from bot.games.doge.view import PlayerPublic, PublicView
from bot.games.wording import ordinal
from bot.i18n import N_, _, _n, current_language
from rendering.common.caption import Fitted, fit_caption, paste_caption
from rendering.common.drawing import (
    CREAM,
    GOLD,
    INK,
    INK_SOFT,
    NAVY,
    OK_GREEN,
    PAPER,
    PlayerColour,
    cached_tile,
    house_sprite,
    letter_disc,
    marker_pile_sprite,
    palace_sprite,
    paste,
    player_colour,
    ring_sprite,
)
from rendering.common.text import fit_text, paste_text, text_width
from rendering.common.words import plain, seat_name
from rendering.doge import layout as L
from rendering.doge.background import background
from rendering.doge.result import draw_result, places, ranking
from rendering.doge.symbols import paste_symbol

NAME_MIN = 120  # the narrowest room a name on a player card gets beside its tags
BOT_TAG = (220, 214, 200)

QUESTION = {  # what the table is asked now (ElectionPublic.question)
    "advisor": N_("taking the advisor?"),
    "qadvisor": N_("choosing an advisor"),
    "place": N_("placing houses"),
    "qmove": N_("moving houses"),
    "build": N_("building palaces"),
}


def draw_chrome(img: Image.Image, draw: ImageDraw.ImageDraw, view: PublicView,
                caption: str) -> None:
    _header(img, view)
    _status(img, draw, view)
    for p in view.players:
        _player_card(img, view, p)
    if view.result is None:
        _order(img, view)
    else:  # in place of the voting order: the map stays in full view
        draw_result(img, draw, view)
    _caption(img, caption, tuple(p.name for p in view.players if p.name))


def _name(p: PlayerPublic, width: int, size: int, prefix: str = "") -> tuple[str, int]:
    """A player's name fitted to a width: (text, font size to draw it at)."""
    return fit_text(prefix + (p.name or seat_name(p.seat)), width, size, bold=True,
                    min_size=L.TEXT)


# ---- header and caption ---------------------------------------------------------------

def _phase_text(view: PublicView) -> str:
    year = (_("Year {year} of {limit}", year=view.year, limit=view.year_limit)
            if view.year_limit else _("Year {year}", year=view.year))
    if view.result is not None or view.phase == "over":
        return _("{year} · Game over", year=year)
    if view.phase == "placement":
        return _("{year} · Placement · round {round} of {rounds}", year=year,
                 round=view.round, rounds=view.rounds_per_year)
    n = len(view.order_current) or 7
    # Between two elections (a recap's frame, the board right after one) it is the vote
    # just held; while one runs, that one.
    done = view.elections_done
    now = min(done + 1, n) if view.election is not None else min(max(done, 1), n)
    return _("{year} · Elections · vote {now} of {n}", year=year, now=now, n=n)


def _header(img: Image.Image, view: PublicView) -> None:
    right = L.WIDTH - 14
    if view.awaiting and view.result is None:
        x = L.WIDTH - 14 - 42 * len(view.awaiting)
        right = x - 8 - paste_text(img, (x - 8, 32), _("waiting for"), L.TEXT, CREAM,
                                   anchor="rm")
        draw = ImageDraw.Draw(img)
        for seat in view.awaiting:
            if 0 <= seat < len(view.players):
                col = player_colour(view.players[seat].colour)
                letter_disc(img, draw, (x + 20, 31), 38, col, size=L.TEXT)
                x += 42
    phase = fit_text(_phase_text(view), right - 16 - 118, 26, bold=True, min_size=L.TEXT)
    paste_text(img, (118, 32), *phase, CREAM, bold=True, anchor="lm")


def caption_lines(caption: str, names: tuple[str, ...]) -> Fitted:
    """The last step in words (without the Markdown Discord would hide) as the board
    draws it: two lines at most, its outcome never cut (rendering/common/caption.py)."""
    x0, _y0, x1, _y1 = L.CAPTION
    return fit_caption(plain(caption), names, x1 - x0 - 32, 24, L.TEXT)


def _caption(img: Image.Image, caption: str, names: tuple[str, ...]) -> None:
    paste_caption(img, L.CAPTION, caption_lines(caption, names), indent=16, step=32,
                  fill=CREAM)


# ---- status box -----------------------------------------------------------------------

def _status(img: Image.Image, draw: ImageDraw.ImageDraw, view: PublicView) -> None:
    x0, y0, x1, y1 = L.STATUS_BOX
    draw.rounded_rectangle((x0, y0, x1, y1), radius=10, fill=PAPER, outline=INK_SOFT, width=2)
    el = view.election
    if view.result is not None:
        paste_text(img, (x0 + 12, y0 + 22), _("Game over"), L.TEXT, INK, bold=True,
                   anchor="lm")
        place = places(view)
        for i, seat in enumerate(ranking(view)[:4]):
            p = view.players[seat]
            y = y0 + 58 + i * 34
            letter_disc(img, draw, (x0 + 26, y), 30, player_colour(p.colour), size=L.TEXT)
            paste_text(img, (x0 + 48, y), *_name(p, x1 - x0 - 60, L.TEXT, f"{place[seat]}. "),
                       INK, bold=True, anchor="lm")
        return
    if view.phase == "placement":
        title = _("Placement, round {round} of {rounds}", round=view.round,
                  rounds=view.rounds_per_year)
        _title(img, title, (x0 + 12, y0 + 22), x1 - x0 - 24)
        for i, p in enumerate(view.players):
            y = y0 + 58 + i * 34
            letter_disc(img, draw, (x0 + 26, y), 30, player_colour(p.colour), size=L.TEXT)
            if p.markers_left == 0:
                state, colour = _("no markers"), INK_SOFT
            elif p.has_chosen:
                state, colour = _("✓ chosen"), OK_GREEN
            elif p.seat in view.awaiting:
                state, colour = _("choosing"), INK
            else:
                state, colour = _("sits out"), INK_SOFT
            w = paste_text(img, (x1 - 10, y), state, L.TEXT, colour, bold=True, anchor="rm")
            paste_text(img, (x0 + 48, y), *_name(p, x1 - x0 - 70 - w, L.TEXT), INK,
                       bold=True, anchor="lm")
        return
    if el is None:
        done = view.elections_done
        _title(img, _("Elections: {done} of 7 held", done=done), (x0 + 12, y0 + 22),
               x1 - x0 - 24)
        if done < len(view.order_current):
            area = view.order_current[done]
            paste_text(img, (x0 + 12, y0 + 58), _("next: {area}", area=AREA_NAMES.get(
                area, area)), L.TEXT, INK, anchor="lm")
        return
    paste_symbol(img, el.area, (x0 + 26, y0 + 24), 36)
    _title(img, _("{area} votes", area=AREA_NAMES.get(el.area, el.area)), (x0 + 50, y0 + 24),
           x1 - x0 - 60)
    stacks = {s.seat: s for s in view.stacks.get(el.area, ())}
    # D-4.3: only players with a vote take part.
    voters = sorted(((s, v) for s, v in el.votes.items() if v > 0), key=lambda kv: (-kv[1], kv[0]))
    for i, (seat, votes) in enumerate(voters[:4]):
        if not 0 <= seat < len(view.players):
            continue
        y = y0 + 58 + i * 30
        col = player_colour(view.players[seat].colour)
        letter_disc(img, draw, (x0 + 24, y), 28, col, size=L.TEXT)
        x = x0 + 44 + paste_text(img, (x0 + 44, y), str(votes), L.TEXT, INK, bold=True,
                                 anchor="lm") + 10
        values = stacks[seat].values if seat in stacks else None
        parts = ["+".join(map(str, values))] if values else []
        advisors = votes - sum(values or ())
        if advisors > 0:
            parts.append(_n("{n} advisor", "{n} advisors", advisors))
        tied = len(el.winners) > 1 if seat in el.winners else len(el.runners_up) > 1
        place = 1 if seat in el.winners else 2 if seat in el.runners_up else 0
        tag = (ordinal(place) if place else "") + (" =" if tied else "")
        room = (x1 - 86 if tag.strip() else x1 - 8) - x
        detail = fit_text(" · ".join(parts), room, L.TEXT, min_size=L.TEXT)[0]
        paste_text(img, (x, y), detail, L.TEXT, INK_SOFT, anchor="lm")
        if tag.strip():
            fill = GOLD if seat in el.winners else (206, 214, 224)
            draw.rounded_rectangle((x1 - 80, y - 13, x1 - 8, y + 13), radius=13, fill=fill)
            paste_text(img, (x1 - 44, y), tag, L.TEXT, INK, bold=True, anchor="mm")
    if not voters:
        paste_text(img, (x0 + 12, y0 + 62), _("nobody takes part"), L.TEXT, INK_SOFT,
                   anchor="lm")
    if el.question:
        question = QUESTION.get(el.question)
        q = fit_text(_(question) if question else el.question, x1 - x0 - 20, L.TEXT,
                     min_size=L.TEXT)[0]
        paste_text(img, (x0 + 10, y1 - 10), q, L.TEXT, INK, bold=True, anchor="ls")


def _title(img: Image.Image, text: str, xy: tuple[int, int], width: int) -> None:
    """A bold line of the status box, made to fit its width."""
    paste_text(img, xy, *fit_text(text, width, L.TEXT, bold=True, min_size=L.TEXT), INK,
               bold=True, anchor="lm")


# ---- player panel ---------------------------------------------------------------------

def _player_card(img: Image.Image, view: PublicView, p: PlayerPublic) -> None:
    x0, y0, x1, y1 = L.player_card_box(p.seat, len(view.players))
    waiting = p.seat in view.awaiting and view.result is None
    box = (x0, y0, x1 + 1, y1 + 1)
    # The repr of the frozen PlayerPublic names every field the card shows.
    tile = cached_tile(("doge card", repr(p), waiting, current_language()), background(), box,
                       lambda t, d: _paint_card(t, d, p, waiting, (0, 0, x1 - x0, y1 - y0)))
    img.paste(tile, box[:2])


def _paint_card(img: Image.Image, draw: ImageDraw.ImageDraw, p: PlayerPublic, waiting: bool,
                box: L.Box) -> None:
    col = player_colour(p.colour)
    x0, y0, x1, y1 = box
    draw.rounded_rectangle((x0, y0, x1, y1), radius=10, fill=PAPER,
                           outline=GOLD if waiting else INK_SOFT, width=4 if waiting else 2)
    draw.rounded_rectangle((x0, y0, x0 + 10, y1), radius=5, fill=col.fill)
    # Row 1: letter disc, name, tags.
    letter_disc(img, draw, (x0 + 36, y0 + 28), 38, col, size=L.TEXT)
    room = _tags(img, draw, card_tags(p, waiting), (x1 - 10, y0), x1 - x0 - 72)
    paste_text(img, (x0 + 62, y0 + 28), *_name(p, x1 - x0 - 72 - room, 26), fill=INK,
               bold=True, anchor="lm")
    # Row 2: what is in supply, low enough to clear two tags one above the other.
    y = y0 + 76
    _supply(img, (x0 + 18, y), house_sprite(24, 26, col.fill, col.dark), p.houses_supply)
    _supply(img, (x0 + 104, y), palace_sprite(26, 26, col.fill, col.dark), p.palaces_supply)
    _supply(img, (x0 + 190, y), ring_sprite(26, col.fill, 6), p.rings_supply)
    _supply(img, (x0 + 272, y), marker_pile_sprite(28, col.fill, col.dark), p.markers_left)
    # Row 3: the area cards, greyed and struck through once used this year (D-3.3),
    # each district's with the player's palaces there.
    _cards(img, draw, p, (x0 + 16, y0 + 102))
    # Row 4: goals (D-9.1).
    _goals(img, draw, p, (x0 + 16, y0 + 158), col)


def card_tags(p: PlayerPublic, waiting: bool) -> list[tuple[str, tuple[int, int, int]]]:
    """The tags right of a player's name, rightmost first: that the game waits for them,
    in the third person (a public image addresses nobody, and in placement everyone is
    awaited), and that the seat is the computer's, waiting or not."""
    tags = [(_("to act"), GOLD)] if waiting else []
    return tags + ([(_("bot"), BOT_TAG)] if p.is_bot else [])


def _tags(img: Image.Image, draw: ImageDraw.ImageDraw,
          tags: list[tuple[str, tuple[int, int, int]]], top_right: tuple[int, int],
          row: int) -> int:
    """The tags as pills ending at `top_right`, in a row of `row` pixels shared with the
    name; returns the width they take from it."""
    right, y0 = top_right
    widths = [round(text_width(text, L.TEXT, bold=True)) + 24 for text, _fill in tags]
    inline = sum(widths) + 6 * (len(widths) - 1) + 14 if tags else 10
    # Two tags that would leave the name too little room (a Dutch "computer" beside a
    # state) go one above the other, as wide as the wider.
    stacked = len(tags) > 1 and row - inline < NAME_MIN
    if stacked:
        widths = [max(widths)] * len(widths)
    for i, ((text, fill), w) in enumerate(zip(tags, widths, strict=True)):
        top, bottom = (y0 + 8 + 27 * i, y0 + 32 + 27 * i) if stacked else (y0 + 13, y0 + 43)
        draw.rounded_rectangle((right - w, top, right, bottom), radius=(bottom - top) // 2,
                               fill=fill)
        paste_text(img, (right - w / 2, (top + bottom) / 2), text, L.TEXT, INK, bold=True,
                   anchor="mm")
        if not stacked:
            right -= w + 6
    return max(widths) + 14 if stacked else inline


def _cards(img: Image.Image, draw: ImageDraw.ImageDraw, p: PlayerPublic,
           xy: tuple[int, int]) -> None:
    x, y = xy
    for area in AREAS:
        used = area in p.cards_used
        draw.rounded_rectangle((x, y, x + 36, y + 40), radius=5,
                               fill=(214, 208, 196) if used else (255, 252, 244),
                               outline=(170, 160, 145) if used else INK_SOFT, width=1)
        paste_symbol(img, area, (x + 18, y + 20), 32)
        if used:
            draw.line((x + 4, y + 35, x + 32, y + 5), fill=INK_SOFT, width=3)
        x += 40
        if area in DISTRICTS:
            n = p.palaces.get(area, 0)
            paste_text(img, (x, y + 21), str(n), L.TEXT, INK if n else (170, 160, 145),
                       bold=True, anchor="lm")
            x += 16


def _supply(img: Image.Image, xy: tuple[int, int], sprite: Image.Image, n: int) -> None:
    x, y = xy
    paste(img, sprite, (x, y - sprite.height // 2))
    paste_text(img, (x + sprite.width + 6, y + 1), str(n), L.TEXT, INK, bold=True,
               anchor="lm")


def _goals(img: Image.Image, draw: ImageDraw.ImageDraw, p: PlayerPublic, xy: tuple[int, int],
           col: PlayerColour) -> None:
    """Three pills for the winning conditions (palaces in districts), filled by progress,
    green when met."""
    total, spread = p.palace_total, p.districts_with_palace
    met = p.win_progress()
    goals = (("a", _goal(6, 6), spread / 6),
             ("b", _goal(7, 5), (min(total, 7) + min(spread, 5)) / 12),
             ("c", _goal(8, 4), (min(total, 8) + min(spread, 4)) / 12))
    x, y = xy
    for key, text, frac in goals:
        w, h = 116, 32
        done = met.get(key, False)
        draw.rounded_rectangle((x, y, x + w, y + h), radius=h // 2, fill=(232, 226, 212))
        if frac > 0:
            fill = OK_GREEN if done else col.tint
            draw.rounded_rectangle((x, y, x + max(h, round(w * min(frac, 1))), y + h),
                                   radius=h // 2, fill=fill)
        draw.rounded_rectangle((x, y, x + w, y + h), radius=h // 2, outline=INK_SOFT, width=1)
        paste_text(img, (x + w / 2, y + h / 2), ("✓ " if done else "") + text, L.TEXT,
                   (255, 255, 255) if done else INK, bold=True, anchor="mm")
        x += w + 8


def _goal(palaces: int, districts: int) -> str:
    """A winning condition in short: '6 in 6' is six palaces in six districts."""
    return _("{palaces} in {districts}", palaces=palaces, districts=districts)


# ---- voting order ---------------------------------------------------------------------

def _order(img: Image.Image, view: PublicView) -> None:
    current = view.election.area if view.election else None
    key = ("doge order", view.order_current, view.elections_done, current,
           tuple(sorted(view.revealed)), view.order_next_face_up, current_language())
    top = L.order_card_box(0)[1] - 6
    box = (0, top, L.WIDTH, L.ORDER[3])
    tile = cached_tile(key, background(), box, lambda t, d: _paint_order(t, d, view, top))
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
        badge = _("✓ held") if done else (_("now") if now else f"{i + 1}.")
        paste_text(img, (x0 + 52, y0 + 22), badge, L.TEXT, OK_GREEN if done else
                   (INK if now else INK_SOFT), bold=True, anchor="lm")
        _order_card(img, area, (x0, y0, x1, y1), INK_SOFT if done else INK)
    for i in range(7):
        x0, y0, x1, y1 = local(L.order_card_box(i, next_year=True))
        if i < len(view.order_next_face_up):
            draw.rounded_rectangle((x0, y0, x1, y1), radius=7, fill=(255, 250, 238),
                                   outline=INK_SOFT, width=2)
            paste_text(img, (x0 + 52, y0 + 22), f"{i + 1}.", L.TEXT, INK_SOFT, bold=True,
                       anchor="lm")
            _order_card(img, view.order_next_face_up[i], (x0, y0, x1, y1), INK)
        else:  # face down: the card's back
            draw.rounded_rectangle((x0, y0, x1, y1), radius=7, fill=NAVY, outline=GOLD, width=2)
            cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
            draw.polygon([(cx, cy - 16), (cx + 22, cy), (cx, cy + 16), (cx - 22, cy)],
                         outline=GOLD, width=2)


def _order_card(img: Image.Image, area: str, box: L.Box, ink: tuple[int, int, int]) -> None:
    """An area card: its symbol top left, its name below, every name in one size."""
    x0, y0, x1 = box[:3]
    paste_symbol(img, area, (x0 + 24, y0 + 22), 34)
    name = fit_text(AREA_NAMES.get(area, area), x1 - x0 - 10, L.TEXT, True, L.TEXT)[0]
    paste_text(img, ((x0 + x1) / 2, y0 + 58), name, L.TEXT, ink, bold=True, anchor="mm")
