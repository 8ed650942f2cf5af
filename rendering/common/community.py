"""Leaderboard and player-stats images in the boards' style: a navy header with the
game's name in gold, parchment below, the boards' fonts (names in any script, emoji in
colour, through `rendering.common.text`). Everything drawn here is public: ratings, places
and counts of finished games.

    render_leaderboard(game, rows, total) -> PNG bytes
    render_stats(game, name, stats) -> PNG bytes
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from datetime import UTC, datetime
from typing import Any

from PIL import Image, ImageDraw

from rendering.common.drawing import CREAM, GOLD, INK, INK_SOFT, NAVY, OK_GREEN, PAPER, encode_png
from rendering.common.text import fit_text, paste_text

WIDTH = 900
HEADER = 64
ROW = 46
FOOT = 56
TEXT = 22  # the smallest text, as on the boards
BAND = (241, 232, 211)
LOSS = (160, 50, 40)
SCORE_NOTE = "Score = μ − 3σ: a rating the player is very likely above (starts at 0)."


def ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def _canvas(game: str, title: str, height: int, foot: str) -> Image.Image:
    img = Image.new("RGB", (WIDTH, height), PAPER)
    draw = ImageDraw.Draw(img)
    draw.rectangle((0, 0, WIDTH, HEADER), fill=NAVY)
    draw.rectangle((0, HEADER - 3, WIDTH, HEADER), fill=GOLD)
    w = paste_text(img, (18, HEADER / 2), game.upper(), 30, GOLD, bold=True, anchor="lm")
    text, size = fit_text(title, WIDTH - w - 48, 26, bold=True, min_size=TEXT)
    paste_text(img, (w + 32, HEADER / 2), text, size, CREAM, bold=True, anchor="lm")
    draw.rectangle((0, height - FOOT, WIDTH, height), fill=NAVY)
    paste_text(img, (18, height - FOOT / 2), fit_text(foot, WIDTH - 36, TEXT)[0], TEXT, CREAM,
               anchor="lm")
    return img


def _rank_disc(img: Image.Image, draw: ImageDraw.ImageDraw, x: float, y: float,
               rank: int) -> None:
    fill = GOLD if rank <= 3 else CREAM
    draw.ellipse((x - 17, y - 17, x + 17, y + 17), fill=fill, outline=INK_SOFT, width=2)
    paste_text(img, (x, y), str(rank), 20 if rank < 100 else 14, INK, bold=True, anchor="mm")


# Leaderboard columns: (header, right edge x).
_COLUMNS = (("score", 560), ("games", 660), ("wins", 750), ("avg place", 880))


def render_leaderboard_image(game: str, rows: Sequence[Any], total: int) -> Image.Image:
    """`rows`: standings (rank, name, score, games, wins, average_place), best first."""
    top = HEADER + 48
    img = _canvas(game, f"Leaderboard · {total} rated player{'s' if total != 1 else ''}",
                  top + ROW * max(1, len(rows)) + 16 + FOOT, SCORE_NOTE)
    draw = ImageDraw.Draw(img)
    paste_text(img, (96, top - 18), "player", TEXT, INK_SOFT, bold=True, anchor="ls")
    for label, right in _COLUMNS:
        paste_text(img, (right, top - 18), label, TEXT, INK_SOFT, bold=True, anchor="rs")
    if not rows:
        paste_text(img, (WIDTH / 2, top + ROW / 2), "No rated game yet.", 24, INK, bold=True,
                   anchor="mm")
    for i, r in enumerate(rows):
        y0 = top + i * ROW
        if i % 2 == 0:
            draw.rectangle((8, y0, WIDTH - 8, y0 + ROW), fill=BAND)
        y = y0 + ROW / 2
        _rank_disc(img, draw, 40, y, r.rank)
        name, size = fit_text(r.name, 560 - 96 - 110, 24, bold=True, min_size=TEXT)
        paste_text(img, (96, y), name, size, INK, bold=True, anchor="lm")
        values = (f"{r.score:.1f}", str(r.games), str(r.wins), f"{r.average_place:.2f}")
        for (_, right), value in zip(_COLUMNS, values, strict=True):
            paste_text(img, (right, y), value, 24, INK, bold=right == 560, anchor="rm")
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


def render_stats_image(game: str, name: str, stats: Any, favourite_label: str,
                       rated_players: int) -> Image.Image:
    """`stats`: bot.community.stats.PlayerStats (standing, played, wins, average_place,
    favourite, last); `rated_players`: how many the player is ranked among."""
    last = list(stats.last)
    top = HEADER + 20
    height = top + 2 * 104 + 20 + 44 + ROW * max(1, len(last)) + 16 + FOOT
    img = _canvas(game, name, height, SCORE_NOTE)
    draw = ImageDraw.Draw(img)
    s = stats.standing
    rating = "unrated" if s is None else f"{s.score:.1f}"
    rank = "—" if s is None else f"{ordinal(s.rank)} of {rated_players}"
    games = str(stats.played) if s is None else f"{stats.played} ({s.games} rated)"
    avg = f"{stats.average_place:.2f}" if stats.played else "—"
    tiles = (("score", rating), ("rank", rank), ("games", games),
             ("wins", str(stats.wins)), ("average place", avg),
             (f"favourite {favourite_label}", _pretty(stats.favourite) or "—"))
    w = (WIDTH - 16 - 2 * 12) // 3
    for i, (label, value) in enumerate(tiles):
        x0 = 8 + (i % 3) * (w + 12)
        y0 = top + (i // 3) * 104
        _tile(img, draw, (x0, y0, x0 + w, y0 + 92), label, value)
    y = top + 2 * 104 + 20
    paste_text(img, (18, y + 22), "Last games", 24, INK, bold=True, anchor="lm")
    y += 44
    if not last:
        paste_text(img, (18, y + ROW / 2), "No finished game yet.", TEXT, INK_SOFT, anchor="lm")
    for i, line in enumerate(last):
        g = line.game
        y0 = y + i * ROW
        if i % 2 == 0:
            draw.rectangle((8, y0, WIDTH - 8, y0 + ROW), fill=BAND)
        mid = y0 + ROW / 2
        day = datetime.fromtimestamp(g.finished_at, UTC).strftime("%Y-%m-%d")
        paste_text(img, (18, mid), f"game {g.game_id}", TEXT, INK, bold=True, anchor="lm")
        paste_text(img, (190, mid), day, TEXT, INK_SOFT, anchor="lm")
        paste_text(img, (360, mid), f"{ordinal(g.place)} of {g.seats}", TEXT, INK, bold=True,
                   anchor="lm")
        if line.change is None:
            paste_text(img, (WIDTH - 18, mid), "not rated", TEXT, INK_SOFT, anchor="rm")
        else:
            colour = OK_GREEN if line.change >= 0 else LOSS
            paste_text(img, (WIDTH - 18, mid), f"{line.change:+.1f}", TEXT, colour, bold=True,
                       anchor="rm")
    return img


def render_stats(game: str, name: str, stats: Any, favourite_label: str,
                 rated_players: int) -> bytes:
    return encode_png(render_stats_image(game, name, stats, favourite_label, rated_players))


def _pretty(key: str | None) -> str | None:
    return None if key is None else key.replace("_", " ").title()


async def render_async(func: Any, *args: Any) -> bytes:
    """Draw in a worker thread, off the event loop."""
    return await asyncio.to_thread(func, *args)
