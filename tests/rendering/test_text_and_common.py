"""Fonts with fallback (no empty boxes), palette contrast, caching, PNG encoding."""

from __future__ import annotations

import pytest
from PIL import Image, ImageDraw

from rendering.common import text as T
from rendering.common.drawing import (
    CREAM,
    INK,
    INK_SOFT,
    NAVY,
    PAPER,
    PLAYER_COLOURS,
    cached,
    contrast_ratio,
    encode_png,
    player_colour,
)
from rendering.doge.board import render_doge_board
from tests.rendering import views as V

NAMES = ("王小明", "さくら", "김민수", "Дмитрий", "Ελένη", "Zoë Ångström", "🎲 Dice 👍🏽",
         "👨\u200d👩\u200d👧 family", "عليّ", "e\u0301\u0301", "", "x" * 80)


def test_shipped_fonts_exist_with_their_licence() -> None:
    assert T.REGULAR.is_file() and T.BOLD.is_file()
    for licence in ("DejaVu", "Noto", "OpenMoji"):
        assert (T.FONT_DIR / f"LICENSE-{licence}.txt").is_file()
    for bold in (False, True):
        for face in T.shipped_faces(bold):
            assert face.path.is_file(), face


def test_cmap_reader_knows_what_dejavu_covers() -> None:
    cps = T.read_codepoints(T.REGULAR)
    for ch in "AzéЖΩ✓★":
        assert ord(ch) in cps
    assert ord("中") not in cps


@pytest.mark.parametrize("name", NAMES)
def test_every_drawn_character_is_covered_by_its_font(name: str) -> None:
    stack = T.font_stack(bold=True)
    for run in stack.runs(name):
        for ch in run.text:
            assert ord(ch) in stack.coverage(run.font), (name, ch)


def test_uncovered_characters_become_question_marks_not_boxes() -> None:
    stack = T.FontStack(T.REGULAR)  # no fallbacks at all
    assert stack.runs("王 A") == (T.Run(0, "? A"),)
    # An emoji sequence joined by zero-width joiners is one '?', not three.
    assert stack.runs("👨\u200d👩\u200d👧!") == (T.Run(0, "?!"),)
    assert stack.runs("a\u0301") == (T.Run(0, "á"),)  # composed, and covered


def test_cjk_names_draw_real_glyphs_from_a_shipped_font() -> None:
    stack = T.font_stack()
    index = stack.font_for(ord("王"))
    assert index is not None and index > 0
    assert stack.faces[index] in T.shipped_faces(bold=False)  # on every machine
    img, width, _ = T.text_image("王小明", 24, INK)
    assert width > 30 and img.getchannel("A").getbbox() is not None
    # The glyphs differ from the '?' replacement.
    assert img.tobytes() != T.text_image("???", 24, INK)[0].tobytes()


@pytest.mark.parametrize("n", [3, 4])
def test_names_in_any_script_render(n: int) -> None:
    for i in range(0, len(NAMES), n):
        names = tuple((NAMES[i:i + n] + V.NAMES)[:n])
        render_doge_board(V.placement(n, names), "caption with " + " ".join(names))
        render_doge_board(V.game_over(n, names=names), " ".join(names))


def test_draw_text_anchors_and_width() -> None:
    img = Image.new("RGB", (300, 60), PAPER)
    width = T.draw_text(ImageDraw.Draw(img), (150, 30), "Doge", 24, INK, bold=True,
                        anchor="mm")
    assert width == pytest.approx(T.text_width("Doge", 24, bold=True))
    x0, _, x1, _ = Image.eval(img.convert("L"), lambda v: 255 - v).getbbox()
    assert abs((x0 + x1) / 2 - 150) <= 2


def test_fit_text_shrinks_then_cuts() -> None:
    assert T.fit_text("Alice", 200, 24) == ("Alice", 24)
    text, size = T.fit_text("A rather long player name indeed", 120, 24, min_size=14)
    assert size == 14 and text.endswith("…")
    assert T.text_width(text, size) <= 120


def test_cutting_a_long_text_takes_a_few_measurements(monkeypatch: pytest.MonkeyPatch) -> None:
    """A board drawn with a 1,000-character name took seconds: the cut lost one character
    per measurement of the whole text. Bisection keeps the number of measurements to
    about the logarithm of the length, and still keeps as much of the text as fits."""
    measured: list[int] = []
    real = T._run_width

    def counting(stack, run, size):  # noqa: ANN001, ANN202  (the helper's own types)
        measured.append(len(run.text))
        return real(stack, run, size)

    monkeypatch.setattr(T, "_run_width", counting)
    for length in (1_000, 3_000):
        measured.clear()
        name = f"{length} " + "m" * length  # new text: nothing cached
        text, size = T.fit_text(name, 150, 24, bold=True, min_size=18)
        assert size == 18 and text.endswith("…") and T.text_width(text, size, True) <= 150
        kept = len(text) - 1
        assert T.text_width(name[:kept + 1] + "…", size, True) > 150  # the most that fits
        assert len(measured) <= 7 + 2 * length.bit_length(), len(measured)


def test_player_colours_have_letters_and_readable_ink() -> None:
    letters = {c.letter for c in PLAYER_COLOURS.values()}
    assert {"R", "B", "G", "Y"} <= letters
    for colour in PLAYER_COLOURS.values():
        assert contrast_ratio(colour.fill, colour.ink) >= 4.5, colour.name
    assert player_colour("purple").letter == "P"
    assert contrast_ratio(INK, PAPER) >= 7
    assert contrast_ratio(INK_SOFT, PAPER) >= 4.5
    assert contrast_ratio(CREAM, NAVY) >= 7


def test_cache_builds_once() -> None:
    calls: list[int] = []
    key = ("test", object())
    assert cached(key, lambda: calls.append(1) or 42) == 42
    assert cached(key, lambda: calls.append(1) or 43) == 42
    assert calls == [1]


def test_png_encoding_is_deterministic() -> None:
    img = Image.new("RGB", (64, 32), (10, 20, 30))
    assert encode_png(img) == encode_png(img)
