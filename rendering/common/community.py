"""Leaderboard and player-stats images in the boards' style: a navy header with the
game's name in gold, parchment below, the boards' fonts (names in any script, emoji in
colour, through `rendering.common.text`). Everything drawn here is public: ratings, places
and counts of finished games.

    render_leaderboard(game, rows, total) -> PNG bytes
    render_stats(game, name, stats, rated_players) -> PNG bytes
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from datetime import UTC, datetime
from typing import Any

from PIL import Image, ImageDraw

from bot.community.stats import change_text
from bot.games.community import community_of
from bot.games.wording import ordinal
from bot.i18n import N_, _, _n
from rendering.common.drawing import CREAM, GOLD, INK, INK_SOFT, NAVY, OK_GREEN, PAPER, encode_png
from rendering.common.text import fit_text, paste_text, text_width
from rendering.common.words import decimal

__all__ = ["ordinal", "render_async", "render_leaderboard", "render_leaderboard_image",
           "render_stats", "render_stats_image"]

WIDTH = 900
HEADER = 64
ROW = 46
FOOT = 56
TEXT = 22  # the smallest text, as on the boards
BAND = (241, 232, 211)
LOSS = (160, 50, 40)
SCORE_NOTE = N_("Score: a careful guess at skill; it starts at 0 and grows with wins.")


def _canvas(game: str, title: str, height: int, foot: str) -> Image.Image:
    img = Image.new("RGB", (WIDTH, height), PAPER)
    draw = ImageDraw.Draw(img)
    draw.rectangle((0, 0, WIDTH, HEADER), fill=NAVY)
    draw.rectangle((0, HEADER - 3, WIDTH, HEADER), fill=GOLD)
    w = paste_text(img, (18, HEADER / 2), game.upper(), 30, GOLD, bold=True, anchor="lm")
    text, size = fit_text(title, WIDTH - w - 48, 26, bold=True, min_size=TEXT)
    paste_text(img, (w + 32, HEADER / 2), text, size, CREAM, bold=True, anchor="lm")
    draw.rectangle((0, height - FOOT, WIDTH, height), fill=NAVY)
    paste_text(img, (18, height - FOOT / 2), fit_text(_(foot), WIDTH - 36, TEXT)[0], TEXT,
               CREAM, anchor="lm")
    return img


def _rank_disc(img: Image.Image, draw: ImageDraw.ImageDraw, x: float, y: float,
               rank: int) -> None:
    fill = GOLD if rank <= 3 else CREAM
    draw.ellipse((x - 17, y - 17, x + 17, y + 17), fill=fill, outline=INK_SOFT, width=2)
    paste_text(img, (x, y), str(rank), 20 if rank < 100 else 14, INK, bold=True, anchor="mm")


# Leaderboard columns: (header, right edge x).
# Leaderboard columns: (header, right edge x); a column moves left when the header of the
# next one needs the room.
_COLUMNS = ((N_("score"), 560), (N_("games"), 660), (N_("wins"), 750), (N_("avg place"), 880))
GAP = 10


def _columns() -> list[tuple[str, int]]:
    """The columns' headers in the reader's language and their right edges."""
    out: list[tuple[str, int]] = []
    limit = WIDTH
    for label, right in reversed(_COLUMNS):
        right = min(right, limit)
        header = _(label)
        out.insert(0, (header, right))
        limit = right - round(text_width(header, TEXT, bold=True)) - GAP
    return out


def render_leaderboard_image(game: str, rows: Sequence[Any], total: int) -> Image.Image:
    """`rows`: standings (rank, name, score, games, wins, average_place), best first."""
    top = HEADER + 48
    title = _n("Leaderboard · {n} rated player", "Leaderboard · {n} rated players", total)
    img = _canvas(game, title, top + ROW * max(1, len(rows)) + 16 + FOOT, SCORE_NOTE)
    draw = ImageDraw.Draw(img)
    paste_text(img, (96, top - 18), _("player"), TEXT, INK_SOFT, bold=True, anchor="ls")
    columns = _columns()
    for header, right in columns:
        paste_text(img, (right, top - 18), header, TEXT, INK_SOFT, bold=True, anchor="rs")
    if not rows:
        paste_text(img, (WIDTH / 2, top + ROW / 2), _("No rated game yet."), 24, INK,
                   bold=True, anchor="mm")
    for i, r in enumerate(rows):
        y0 = top + i * ROW
        if i % 2 == 0:
            draw.rectangle((8, y0, WIDTH - 8, y0 + ROW), fill=BAND)
        y = y0 + ROW / 2
        _rank_disc(img, draw, 40, y, r.rank)
        name, size = fit_text(r.name, columns[0][1] - 96 - 110, 24, bold=True, min_size=TEXT)
        paste_text(img, (96, y), name, size, INK, bold=True, anchor="lm")
        values = (decimal(r.score, 1), str(r.games), str(r.wins), decimal(r.average_place, 2))
        for i, ((_header, right), value) in enumerate(zip(columns, values, strict=True)):
            paste_text(img, (right, y), value, 24, INK, bold=i == 0, anchor="rm")
    return img


def render_leaderboard(game: str, rows: Sequence[Any], total: int) -> bytes:
    return encode_png(render_leaderboard_image(game, rows, total))


def _tile(img: Image.Image, draw: ImageDraw.ImageDraw, box: tuple[int, int, int, int],
          label: str, value: str) -> None:
    x0, y0, x1, y1 = box
    draw.rounded_rectangle(box, radius=10, fill=CREAM, outline=INK_SOFT, width=2)
    paste_text(img, (x0 + 14, y0 + 26), label, TEXT, INK_SOFT, bold=True, anchor="lm")
    text, size = fit_text(value, x1 - x0 - 28, 32, bold=True, min_size=TEXT)
    paste_text(img, (x0 + 14, y1 - 28), text, size, INK, bold=True, anchor="lm")


def render_stats_image(game: str, name: str, stats: Any, rated_players: int) -> Image.Image:
    """`stats`: bot.community.stats.PlayerStats (standing, played, wins, average_place,
    favourite, last, unrated); `rated_players`: how many the player is ranked among. The
    tiles count rated games, as the leaderboard does; games not rated are told apart."""
    last = list(stats.last)
    top = HEADER + 20
    height = top + 2 * 104 + 20 + 44 + ROW * max(1, len(last)) + 16 + FOOT
    img = _canvas(game, name, height, SCORE_NOTE)
    draw = ImageDraw.Draw(img)
    s = stats.standing
    rating = _("unrated") if s is None else decimal(s.score, 1)
    rank = "—" if s is None else _of(ordinal(s.rank), rated_players)
    games = str(stats.played) if not stats.unrated else _(
        "{rated} (+{unrated} not rated)", rated=stats.played, unrated=stats.unrated)
    avg = decimal(stats.average_place, 2) if stats.played else "—"
    favourite = _(community_of(game).favourite_label)  # what the game's tallies count
    tiles = ((_("score"), rating), (_("rank"), rank), (_("games"), games),
             (_("wins"), str(stats.wins)), (_("average place"), avg),
             (favourite, favourite_name(game, stats.favourite) or "—"))
    w = (WIDTH - 16 - 2 * 12) // 3
    for i, (label, value) in enumerate(tiles):
        x0 = 8 + (i % 3) * (w + 12)
        y0 = top + (i // 3) * 104
        _tile(img, draw, (x0, y0, x0 + w, y0 + 92), label, value)
    y = top + 2 * 104 + 20
    paste_text(img, (18, y + 22), _("Last games"), 24, INK, bold=True, anchor="lm")
    y += 44
    if not last:
        paste_text(img, (18, y + ROW / 2), _("No finished game yet."), TEXT, INK_SOFT,
                   anchor="lm")
    for i, line in enumerate(last):
        g = line.game
        y0 = y + i * ROW
        if i % 2 == 0:
            draw.rectangle((8, y0, WIDTH - 8, y0 + ROW), fill=BAND)
        mid = y0 + ROW / 2
        day = datetime.fromtimestamp(g.finished_at, UTC).strftime("%Y-%m-%d")
        paste_text(img, (18, mid), _("game {id}", id=g.game_id), TEXT, INK, bold=True,
                   anchor="lm")
        paste_text(img, (190, mid), day, TEXT, INK_SOFT, anchor="lm")
        paste_text(img, (330, mid), _of(ordinal(g.place), g.seats), TEXT, INK, bold=True,
                   anchor="lm")
        if g.by_moderator:  # ranked as it stood, but no win (D-9.3)
            mark, size = fit_text(_("ended by a moderator"), 250, TEXT, min_size=16)
            paste_text(img, (470, mid), mark, size, INK_SOFT, anchor="lm")
        if line.change is None:  # why not: 'voided' by a moderator, or 'not rated'
            paste_text(img, (WIDTH - 18, mid), change_text(line, short=True), TEXT, INK_SOFT,
                       anchor="rm")
        else:
            colour = OK_GREEN if line.change >= 0 else LOSS
            paste_text(img, (WIDTH - 18, mid), decimal(line.change, 1, signed=True), TEXT,
                       colour, bold=True, anchor="rm")
    return img


def render_stats(game: str, name: str, stats: Any, rated_players: int) -> bytes:
    return encode_png(render_stats_image(game, name, stats, rated_players))


def _of(place: str, count: int) -> str:
    """A place among so many: '2nd of 5'."""
    return _("{place} of {count}", place=place, count=count)


def favourite_name(game: str, key: str | None, *, starts: bool = True) -> str | None:
    """What a player built most, named by the game (a district, a terrain): capitalized
    where it `starts` the text (a cell of its own); within a sentence as the game writes
    it (a terrain in lower case, a district's proper name as it is)."""
    if key is None:
        return None
    name = community_of(game).shown_tally(key)
    return name[:1].upper() + name[1:] if starts else name


async def render_async(func: Any, *args: Any) -> bytes:
    """Draw in a worker thread, off the event loop."""
    return await asyncio.to_thread(func, *args)
