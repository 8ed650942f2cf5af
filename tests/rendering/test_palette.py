"""Lighter boards (issue 12): palette PNGs a third of the RGB size, with no difference a
player can see: piece and player colours exact, everything else within a small step."""

from __future__ import annotations

import io

import pytest
from PIL import Image, ImageChops

from bench.clans_render_bench import mid_game_view
from bench.render_bench import mid_game_steps
from rendering.clans.board import clans_palette, render_clans_board, render_clans_image
from rendering.common import palette as P
from rendering.common.drawing import PLAYER_COLOURS, encode_png, piece_colours
from rendering.doge.board import doge_palette, render_doge_board, render_doge_image
from tests.rendering import views as V

EMOJI_NAMES = ("🐸 Frog King", "李小龙 🔥", "عليّ 🌸", "Dmitri 🇺🇦")


def _decode(data: bytes) -> Image.Image:
    img = Image.open(io.BytesIO(data))
    img.load()
    assert img.mode == "P"
    return img.convert("RGB")


def _exact_pixels_kept(original: Image.Image, decoded: Image.Image) -> int:
    """Checks every pixel drawn in a piece colour kept it; returns how many there were."""
    keys = set(piece_colours())
    a, b = original.tobytes(), decoded.tobytes()
    count = 0
    for i in range(0, len(a), 3):
        colour = tuple(a[i:i + 3])
        if colour in keys:
            assert tuple(b[i:i + 3]) == colour, (colour, tuple(b[i:i + 3]))
            count += 1
    return count


def _worst_and_mean(original: Image.Image, decoded: Image.Image) -> tuple[int, float]:
    diff = ImageChops.difference(original, decoded)
    worst = max(hi for _, hi in diff.getextrema())
    data = diff.tobytes()
    return worst, sum(data) / len(data)


CASES = {
    "doge_election": lambda: (render_doge_image, render_doge_board,
                              (V.outcomes(4)["winner_runner_up"], "Alice wins")),
    "doge_emoji_names": lambda: (render_doge_image, render_doge_board,
                                 (V.game_over(4, names=EMOJI_NAMES), "Game over")),
    "clans_mid_game": lambda: (render_clans_image, render_clans_board, mid_game_view()),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_palette_png_keeps_colours(case: str) -> None:
    draw, encode, args = CASES[case]()
    original = draw(*args)
    decoded = _decode(encode(*args))
    assert _exact_pixels_kept(original, decoded) > 10_000
    worst, mean = _worst_and_mean(original, decoded)
    assert mean < 1.0  # on average far below a visible step
    assert worst <= 48  # only thin anti-aliased edges move, and not far


def test_emoji_names_get_colours_of_their_own() -> None:
    view = V.game_over(4, names=EMOJI_NAMES)
    original = render_doge_image(view, "")
    with_own = _decode(render_doge_board(view, ""))
    fixed_only = P.quantize(original, doge_palette()).convert("RGB")
    assert P.glyph_colours(EMOJI_NAMES)  # the names bring colours of their own
    assert P.glyph_colours(V.NAMES) == ()
    assert _worst_and_mean(original, with_own)[1] < _worst_and_mean(original, fixed_only)[1]


@pytest.mark.parametrize("name,palette", [("doge", doge_palette), ("clans", clans_palette)])
def test_every_piece_colour_maps_to_itself(name: str, palette) -> None:
    colours = palette()
    assert len(colours) <= 256 - P.REMAINDER
    swatch = Image.new("RGB", (len(piece_colours()), 1))
    swatch.putdata(piece_colours())
    assert P.quantize(swatch, colours).convert("RGB").tobytes() == swatch.tobytes()


def test_boards_are_a_third_of_their_rgb_size() -> None:
    doge_sizes = []
    for view, caption in mid_game_steps(4):
        data = render_doge_board(view, caption)
        doge_sizes.append(len(data))
        assert len(data) * 2.5 < len(encode_png(render_doge_image(view, caption)))
    assert max(doge_sizes) <= 100_000
    view, caption = mid_game_view()
    assert len(render_clans_board(view, caption)) <= 80_000


def test_player_colours_stay_exact_on_a_decoded_board() -> None:
    red = PLAYER_COLOURS["red"].fill
    from rendering.doge import layout as L
    box = L.palace_space_box("san_marco", 0)
    decoded = _decode(render_doge_board(V.build(4, palaces={"san_marco": (0,)})))
    data = decoded.crop(box).tobytes()
    share = sum(1 for i in range(0, len(data), 3) if tuple(data[i:i + 3]) == red)
    assert share / (len(data) // 3) > 0.4
