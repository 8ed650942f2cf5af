"""The leaderboard and stats images: every name drawn (any script, emoji), every
figure of the text alongside on the image too, nothing smaller than the boards' text."""

from __future__ import annotations

import io

from PIL import Image

from bot.community.ratings import Rating
from bot.community.stats import player_stats
from bot.store.standings import PlayedGame, Standing
from rendering.common.community import (
    TEXT,
    render_leaderboard,
    render_leaderboard_image,
    render_stats_image,
)
from rendering.common.text import recording

NAMES = ["Anna", "李小龍", "سارة", "🐉 Drake", "Bernd with a name far too long to fit at all"]


def standings() -> list[Standing]:
    return [Standing(i + 1, 100 + i, n, Rating(30.0 - 2 * i, 3.0 + i), 10 - i, 5 - i, 20 + i)
            for i, n in enumerate(NAMES)]


def test_the_leaderboard_draws_each_line() -> None:
    rows = standings()
    with recording() as drawn:
        img = render_leaderboard_image("doge", rows, total=12)
    texts = [d.text for d in drawn]
    for r in rows[:4]:
        assert r.name in texts and f"{r.score:.1f}" in texts and f"{r.average_place:.2f}" in texts
    assert any(t.startswith("Bernd with") and t.endswith("…") for t in texts)  # cut, not over
    assert "Leaderboard · 12 rated players" in texts
    assert min(d.px for d in drawn) >= 16 and img.height > 5 * 46
    png = Image.open(io.BytesIO(render_leaderboard("doge", rows, 12)))
    assert png.size == img.size


def test_an_empty_leaderboard_says_so() -> None:
    with recording() as drawn:
        render_leaderboard_image("clans", [], total=0)
    assert "No rated game yet." in [d.text for d in drawn]


def test_the_stats_image_shows_the_player() -> None:
    games = [PlayedGame(i, 5, 1.7e9 + i * 86400, "李小龍", 1 + i % 3, 4,
                        {"castello": 2} if i % 2 else {"san_marco": 1}, i != 4, None,
                        Rating(25.0 + i, 8.0 - i / 2) if i != 4 else None, None,
                        by_moderator=i == 6)
             for i in range(1, 8)]
    stats = player_stats(standings()[1], games)
    with recording() as drawn:
        render_stats_image("doge", "李小龍", stats, 5)
    texts = [d.text for d in drawn]
    assert "李小龍" in texts and "2nd of 5" in texts and "favourite district" in texts
    # The tiles count the rated games, as the leaderboard does; the unrated one apart.
    assert "Castello" in texts and "6 (+1 not rated)" in texts
    assert texts.count("not rated") == 1 and "game 7" in texts and "game 2" not in texts
    # Game 6 (1st of 4) was ended by a moderator: marked, and no win (D-9.3).
    assert texts.count("ended by a moderator") == 1
    assert stats.wins == 1  # game 3 only
    assert min(d.px for d in drawn) >= TEXT - 6
