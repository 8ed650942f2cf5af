"""Every name is drawn with real glyphs (issue 16): CJK, emoji in colour, right to left.

The checks compare rendered pixels: a name must not look like its '?' replacement, two
different names must not look alike, and emoji must carry colour."""

from __future__ import annotations

import pytest
from PIL import Image, ImageChops

from rendering.common import text as T
from rendering.common.drawing import INK

NAMES = ("李小龙", "王小明", "さくら", "김민수", "Дмитрий", "Ελένη", "عليّ", "محمد",
         "שלום", "🐸 Frog King", "🦊 Frog King", "👍🏽", "🇩🇪", "❤️")


def _img(text: str, size: int = 32, bold: bool = True) -> Image.Image:
    return T.text_image(text, size, INK, bold)[0]


def _question_marks(text: str) -> str:
    return "".join("?" if ord(ch) > 0x2FF else ch for ch in text)


def _ink(img: Image.Image) -> int:
    """How many pixels carry any ink."""
    return sum(1 for a in img.getchannel("A").tobytes() if a > 64)


def _differ(a: Image.Image, b: Image.Image) -> bool:
    if a.size != b.size:
        return True
    return ImageChops.difference(a, b).getbbox() is not None


@pytest.mark.parametrize("bold", [False, True])
@pytest.mark.parametrize("name", NAMES)
def test_name_is_drawn_with_glyphs_not_question_marks(name: str, bold: bool) -> None:
    stack = T.font_stack(bold)
    assert all(run.text != "?" for run in stack.runs(name)), stack.runs(name)
    img = _img(name, bold=bold)
    assert _ink(img) > 40
    assert _differ(img, _img(_question_marks(name), bold=bold))


def test_different_names_look_different() -> None:
    images = [_img(name).tobytes() for name in NAMES]
    assert len(set(images)) == len(NAMES)
    assert _differ(_img("🐸 Frog King"), _img("? Frog King"))
    assert _differ(_img("李小龙"), _img("???"))


@pytest.mark.parametrize("emoji", ["🐸", "👍🏽", "🇩🇪", "❤️", "🍎", "🔥"])
def test_emoji_are_drawn_in_colour(emoji: str) -> None:
    img = _img(emoji, 40)
    stack = T.font_stack(True)
    assert [run.font for run in stack.runs(emoji)] == [stack.colour]
    data = img.tobytes()
    pixels = [tuple(data[i:i + 4]) for i in range(0, len(data), 4)]
    saturated = {px[:3] for px in pixels if px[3] > 200 and max(px[:3]) - min(px[:3]) > 60}
    assert len(saturated) > 3, emoji  # not a one-colour (monochrome) glyph


def test_emoji_sequences_are_one_cluster() -> None:
    stack = T.font_stack(True)
    family = "👨\u200d👩\u200d👧"
    assert stack.runs(family + " x")[0] == T.Run(stack.colour, family)
    if T.RAQM:  # shaped into one picture, narrower than its three people side by side
        assert T.text_width(family, 40) < T.text_width("👨👩👧", 40) * 0.6


def test_our_own_marks_stay_in_the_text_font() -> None:
    stack = T.font_stack(True)
    for mark in "✓★▶✗":
        assert stack.runs(mark) == (T.Run(0, mark),)


def _offset_of(whole: Image.Image, part: Image.Image) -> int:
    """The x offset where a part of a text image matches best (same padding)."""
    best = min(range(0, whole.width - part.width + 1),
               key=lambda x: sum(ImageChops.difference(
                   whole.crop((x, 0, x + part.width, part.height)).getchannel("A"),
                   part.getchannel("A")).tobytes()))
    return best


@pytest.mark.parametrize("first,second", [("שלום", "עולם"), ("عليّ", "محمد")])
def test_right_to_left_words_read_from_the_right(first: str, second: str) -> None:
    stack = T.font_stack(True)
    runs = stack.runs(f"{first} {second}")
    assert all(run.rtl for run in runs)
    assert [r.text for r in runs if r.text.strip()] == [second, first]  # display order
    whole = _img(f"{first} {second}")
    assert _offset_of(whole, _img(second)) < _offset_of(whole, _img(first))


def test_mixed_direction_name_keeps_latin_left_to_right() -> None:
    runs = T.font_stack(True).runs("Ali علي 12")
    assert runs[0] == T.Run(0, "Ali ")
    assert [r.rtl for r in runs] == [False, False, True, True]
    assert runs[-1].text == "علي"  # the Arabic word ends the line, its number before it


@pytest.mark.skipif(not T.RAQM, reason="Arabic is shaped only with Pillow's raqm layout")
def test_arabic_letters_are_joined() -> None:
    word = "محمد"
    joined = T.text_width(word, 40, bold=True)
    apart = sum(T.text_width(ch, 40, bold=True) for ch in word)
    assert joined != pytest.approx(apart, abs=1)  # contextual forms, not isolated ones
    assert _differ(_img(word), _img("\u200c".join(word)))  # joiners broken: other forms
