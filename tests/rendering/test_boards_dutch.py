"""Every word on the images in the reader's language: each kind of image (the Doge board
and its panels, the Clans board, the leaderboard, the stats, a recap frame) is drawn in
English and in Dutch with every text recorded. Each text of the boards catalog drawn in
English is drawn in its Dutch form for a Dutch reader, and no English text of the catalog
is left on a Dutch image. Captions come translated from the callers: here one of each."""

from __future__ import annotations

import io
import re
from collections.abc import Callable
from dataclasses import replace
from functools import cache
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po
from PIL import Image

from bench.clans_render_bench import mid_game_view
from bench.render_bench import mid_game_steps
from bot.community.ratings import Rating
from bot.community.recap import Scene
from bot.community.stats import player_stats
from bot.games.registry import REGISTRY
from bot.i18n import LOCALE_DIR, placeholders, speaking
from bot.i18n import _ as translate
from bot.store.standings import PlayedGame, Standing
from rendering.clans.board import render_clans_board
from rendering.common.community import render_leaderboard, render_stats
from rendering.common.drawing import clear_caches
from rendering.common.recap import render_recap
from rendering.common.text import DrawnText, font_stack, recording
from rendering.doge.board import render_doge_board
from tests.rendering import views as V
from tests.rendering.test_clans_board import _end, _new, _view

CAPTION = {"en": "Alice wins the election in San Marco",
           "nl": "Alice wint de stemming in San Marco"}
# Placeholders that always hold a number (the others hold names or words).
NUMBERS = {"n", "year", "limit", "round", "rounds", "now", "done", "count", "played", "rated",
           "id", "palaces", "districts", "turn"}


# ---- the catalog as patterns ------------------------------------------------------------

def _pattern(text: str) -> re.Pattern[str]:
    """A catalog text as a regular expression: placeholders match what fills them."""
    body = ""
    for literal, field, _spec, _conv in __import__("string").Formatter().parse(text):
        body += re.escape(literal)
        if field is not None:
            body += r"\d+" if field in NUMBERS else ".+?"
    start = r"(?<!\w)" if re.match(r"\w", body) or body.startswith(r"\d") else ""
    end = r"(?!\w)" if re.search(r"\w$", text) else ""
    return re.compile(start + body + end)


@cache
def catalog() -> dict[str, tuple[list[re.Pattern[str]], list[re.Pattern[str]]]]:
    """msgid -> (its English forms, its Dutch forms), for texts Dutch writes otherwise: the
    boards catalog's and the games' texts drawn by rendering/ (each game's catalog holds
    its board's)."""
    paths = [LOCALE_DIR / "nl" / "boards.po"] + [
        game.locale / "nl" / f"{game.name}.po" for game in REGISTRY.values()]
    out = {}
    for m in (m for path in paths for m in _read(path)):
        if not m.id or not any(file.startswith("rendering/") for file, _ in m.locations):
            continue
        english = list(m.id) if isinstance(m.id, tuple) else [m.id]
        dutch = list(m.string) if isinstance(m.string, tuple) else [m.string]
        assert all(dutch), f"no Dutch for {english[0]!r}"
        if set(english) != set(dutch):
            out[english[0]] = ([_pattern(t) for t in english], [_pattern(t) for t in dutch])
    return out


def _read(path: Path) -> Catalog:
    with path.open("rb") as f:
        return read_po(f)


def _found(patterns: list[re.Pattern[str]], texts: list[str]) -> bool:
    return any(p.search(t) for p in patterns for t in texts)


def _seen(texts: list[str]) -> set[str]:
    """The catalog's texts found in English drawn texts; a text found only inside a
    longer one ('wins' in 'Anna wins') is that longer one's."""
    seen = set()
    for text in texts:
        spans = [(msgid, m.span()) for msgid, (english, _nl) in catalog().items()
                 for p in english for m in p.finditer(text)]
        seen |= {msgid for msgid, (a, b) in spans
                 if not any(c <= a and b <= d and d - c > b - a for _, (c, d) in spans)}
    return seen


# ---- every kind of image ----------------------------------------------------------------

def _doge(view: object) -> Callable[[str], bytes]:
    return lambda caption: render_doge_board(view, caption)  # type: ignore[arg-type]


def _over(reason: str, shared: bool = False) -> object:
    view = V.game_over(4, shared=shared)
    return replace(view, result={**view.result, "reason": reason, "quiet_years": 5},
                   year_limit=6)


def _clans(make: Callable[[], object]) -> Callable[[str], bytes]:
    return lambda caption: render_clans_board(make(), caption)  # type: ignore[arg-type]


NAMES = ("Anna", "李小龍", "سارة", "🐉 Drake")


def _standings() -> list[Standing]:
    return [Standing(i + 1, 100 + i, n, Rating(30.0 - 2 * i, 3.0 + i), 10 - i, 5 - i, 20 + i)
            for i, n in enumerate(NAMES)]


def _stats(game: str, tally: dict[str, int], rated: bool) -> Callable[[str], bytes]:
    games = [PlayedGame(i, 5, 1.7e9 + i * 86400, "Anna", 1 + i % 3, 4, tally, i != 4, None,
                        Rating(25.0 + i, 8.0 - i / 2) if i != 4 else None, None)
             for i in range(1, 6)]
    stats = player_stats(_standings()[0] if rated else None, games)
    return lambda caption: render_stats(game, "Anna", stats, 12 if rated else 0)


def _recap(caption: str) -> bytes:
    views = V.outcomes(4)
    return render_recap("doge", [Scene(views["winner_runner_up"], caption),
                                 Scene(V.game_over(4), caption)])


def _clans_recap(caption: str) -> bytes:
    return render_recap("clans", [Scene(_view(_new(3)), caption)])


KINDS: dict[str, Callable[[str], bytes]] = {
    "doge placement": _doge(V.placement(4)),
    "doge placement, year limit": _doge(replace(V.placement(3), year=2, year_limit=6)),
    **{f"doge election {k}": _doge(v) for k, v in V.outcomes(4).items()},
    "doge between elections": _doge(replace(V.outcomes(4)["winner_runner_up"], election=None,
                                            awaiting=())),
    "doge mid-game": _doge(mid_game_steps(1)[0][0]),
    "doge result": _doge(V.game_over(4)),
    "doge result shared": _doge(V.game_over(4, shared=True)),
    "doge result board full": _doge(_over("board_full")),
    "doge result year limit": _doge(_over("year_limit", shared=True)),
    "doge result moderator": _doge(_over("moderator")),
    "doge result stalemate": _doge(_over("stalemate")),  # D-9.4
    "clans setup": _clans(lambda: _view(_new(3))),
    "clans mid-game": _clans(lambda: mid_game_view()[0]),
    "clans result": _clans(lambda: _view(_end(4))),
    "leaderboard": lambda caption: render_leaderboard("doge", _standings(), 12),
    "leaderboard of one": lambda caption: render_leaderboard("clans", _standings()[:1], 1),
    "leaderboard empty": lambda caption: render_leaderboard("clans", [], 0),
    "stats doge": _stats("doge", {"castello": 2}, rated=True),
    "stats clans": _stats("clans", {"grassland": 3, "forest": 1}, rated=True),
    "stats unrated": _stats("clans", {}, rated=False),
    "recap doge": _recap,
    "recap clans": _clans_recap,
}


def render(kind: str, language: str) -> tuple[bytes, list[str]]:
    """An image drawn for a reader of the language, and every text drawn on it but the
    caption's lines."""
    data, drawn = _render(kind, language)
    return data, [d.text for d in drawn if d.text not in CAPTION[language]]


def _render(kind: str, language: str) -> tuple[bytes, list[DrawnText]]:
    clear_caches()  # backgrounds and tiles are drawn again, and recorded
    try:
        with speaking(language), recording() as drawn:
            data = KINDS[kind](CAPTION[language])
    finally:
        clear_caches()
    return data, drawn


# ---- the tests --------------------------------------------------------------------------

@pytest.mark.parametrize("kind", list(KINDS))
def test_every_catalog_text_is_drawn_in_dutch(kind: str) -> None:
    english, en_texts = render(kind, "en")
    dutch, nl_texts = render(kind, "nl")
    assert english != dutch
    seen = _seen(en_texts)
    assert seen, "the recording sees no catalog text"
    not_dutch = sorted(msgid for msgid in seen if not _found(catalog()[msgid][1], nl_texts))
    assert not_dutch == []
    left = sorted({t for t in nl_texts for msgid, (en, _nl) in catalog().items()
                   if _found(en, [t])})
    assert left == []


def test_english_stays_english_and_the_languages_do_not_mix() -> None:
    """Backgrounds and tiles are cached per language: English after Dutch is the same
    English image as before."""
    kind = "doge election winner_runner_up"
    first, texts = render(kind, "en")
    assert "Voting order this year" in texts and "In supply:" in texts
    with speaking("nl"):
        KINDS[kind](CAPTION["nl"])  # fills the caches in Dutch
    with speaking("en"):
        again = KINDS[kind](CAPTION["en"])
    assert again == first
    _, dutch = render(kind, "nl")
    assert "Stemvolgorde deze speelronde" in dutch and "In voorraad:" in dutch
    assert "San Marco stemt" in dutch and "1e" in dutch and "2e" in dutch


def test_dutch_words_on_the_doge_board() -> None:
    _, texts = render("doge placement", "nl")
    assert "Speelronde 1 · Plaatsingsronde 2 van 3" in texts
    assert "wacht op" in texts and "kiest" in texts
    # The awaited players' tag speaks of them, not to the reader, and the computer's seat
    # keeps its tag while awaited (rendering/doge/panel.py card_tags).
    with speaking("nl"):
        assert translate("to act") in texts and "computer" in texts
    assert "jouw beurt" not in texts
    _, texts = render("doge between elections", "nl")
    assert "Stemmingen: 0 van 7 klaar" in texts and "computer" in texts
    _, texts = render("doge result year limit", "nl")
    assert any(t.startswith("Spel afgelopen · gedeelde winst: ") for t in texts)
    assert "de laatste speelronde is gespeeld" in texts and "✓ doel" in texts


def test_dutch_words_on_the_clans_board_and_the_community_images() -> None:
    _, texts = render("clans setup", "nl")
    assert {"Terrein", "bos", "gebergte", "grasland", "Tijdperken", "Dorpen"} <= set(texts)
    _, texts = render("stats clans", "nl")
    assert "favoriet terrein" in texts and "Grasland" in texts and "1e van 12" in texts
    _, texts = render("leaderboard of one", "nl")
    assert "Ranglijst · 1 speler met rating" in texts


LONG_CAPTION = ("Dorsoduro stemt: Alice 2 (1+0+1 raadsheer), Chiara 2 (2 raadsheren), "
                "Dmitri 1 (1+0). Gedeelde winnaars: Alice en Chiara.")


@pytest.mark.parametrize("view", [*(v for v, _caption in mid_game_steps(3)),
                                  V.outcomes(4)["quarantia"], V.game_over(4, shared=True)])
def test_the_dutch_doge_board_keeps_to_its_size(view: object) -> None:
    """Under 100 KB, as the English board (bench/render_bench.py)."""
    with speaking("nl"):
        data = render_doge_board(view, LONG_CAPTION)  # type: ignore[arg-type]
    assert Image.open(io.BytesIO(data)).size == (1200, 1276)
    assert len(data) <= 100_000


@pytest.mark.parametrize("kind", [k for k in KINDS if k.startswith(("doge", "clans"))])
def test_dutch_text_is_as_legible_on_a_phone(kind: str) -> None:
    """The boards' rule (tests/rendering/test_legible.py): at 600 px wide, no text under
    11 px; longer Dutch words are not made smaller to fit."""
    data, drawn = _render(kind, "nl")
    width = Image.open(io.BytesIO(data)).width
    assert min(d.px * 600 / width for d in drawn) >= 11


def test_numbers_in_brackets_keep_their_order() -> None:
    """'5 (10 rated)' is drawn as written, not as '5) 10 rated)'."""
    runs = font_stack(bold=True).runs("5 (10 met rating)")
    assert "".join(r.text for r in runs) == "5 (10 met rating)"
    assert not any(r.rtl for r in runs)


def test_the_patterns_see_filled_in_texts() -> None:
    assert _pattern("{year} · Elections · vote {now} of {n}").search(
        "Year 3 · Elections · vote 2 of 7")
    assert not _pattern("{n}st").search("Laatste")
    assert not _pattern("all").search("alle 30 bouwplaatsen")
    assert placeholders("{n} advisor") == {"n"}
