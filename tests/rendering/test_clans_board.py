"""The Clans board image: renders every stage, only from a ClansPublicView, and shows no
player's colour before the game ends (C-7.2)."""

from __future__ import annotations

import io
import random
from dataclasses import replace

import pytest
from PIL import Image

from bot.games.base import PlayerSpec
from bot.games.clans import ENGINE, ClansPublicView, ClansState
from bot.games.clans.board import COLOURS
from bot.games.clans.players import play_out_randomly
from bot.games.clans.views import TerritoryView
from rendering.clans import layout as L
from rendering.clans.board import (
    HEIGHT,
    WIDTH,
    hut_slots,
    render_clans_board,
    render_clans_board_async,
    territory_centre,
    write_png,
)
from rendering.common.drawing import PLAYER_COLOURS

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
NAMES = ("Ann", "Bruno", "李小龍", "Dmitri Ünal-Ødegård the Great 🌸")
RGB = tuple[int, int, int]


def _decode(data: bytes) -> Image.Image:
    assert data.startswith(PNG_SIGNATURE)
    img = Image.open(io.BytesIO(data))
    img.load()
    return img


def _near(img: Image.Image, box: L.Box, colour: RGB, tol: int = 10) -> int:
    """How many pixels of a box are within `tol` of a colour on every channel."""
    data = img.crop(box).convert("RGB").tobytes()
    return sum(1 for i in range(0, len(data), 3)
               if all(abs(data[i + k] - colour[k]) <= tol for k in range(3)))


def _new(n: int, seed: int = 5) -> ClansState:
    return ENGINE.new_game([PlayerSpec(name) for name in NAMES[:n]], {}, random.Random(seed))


def _step(state: ClansState, rng: random.Random) -> ClansState:
    seat = ENGINE.pending(state)[0]
    return ENGINE.apply(state, rng.choice(ENGINE.legal_actions(state, seat))).state


def _mid(n: int, seed: int = 5) -> ClansState:
    """Random play until several villages stand and some territory holds 7+ huts."""
    for attempt in range(50):
        rng = random.Random(seed + attempt)
        state = _new(n, seed + attempt)
        while not state.over and not (len(state.villages) >= 5 and max(state.totals) >= 7):
            state = _step(state, rng)
        if not state.over:
            return state
    raise AssertionError("no mid-game position found")


def _end(n: int, seed: int = 5) -> ClansState:
    state = _mid(n, seed).clone()
    play_out_randomly(state, random.Random(seed))
    return state


def _view(state: ClansState) -> ClansPublicView:
    view = ENGINE.public_view(state, None)
    assert isinstance(view, ClansPublicView)
    return view


STAGES = {"setup": _new, "mid": _mid, "end": _end}


# ---- every stage renders ------------------------------------------------------------

@pytest.mark.parametrize("n", [2, 4])
@pytest.mark.parametrize("stage", sorted(STAGES))
def test_stages_render_as_png_of_the_expected_size(stage: str, n: int) -> None:
    data = render_clans_board(_view(STAGES[stage](n)), caption=f"{stage} with {n} players")
    img = _decode(data)
    assert img.format == "PNG"
    assert img.size == (WIDTH, HEIGHT)
    assert img.mode == "P"  # a palette PNG (issue 12)
    assert len(data) <= 80_000


def test_same_view_gives_identical_bytes() -> None:
    view = _view(_mid(4))
    first = render_clans_board(view, "a caption")
    render_clans_board(_view(_end(2)), "something else in between")  # caches stay clean
    assert render_clans_board(view, "a caption") == first
    assert render_clans_board(view, "another caption") != first


async def test_async_render_matches_sync() -> None:
    view = _view(_mid(3))
    assert await render_clans_board_async(view, "x") == render_clans_board(view, "x")


def test_write_png(tmp_path) -> None:
    path = write_png(tmp_path / "sub" / "board.png", _view(_new(3)), "New game")
    assert _decode(path.read_bytes()).size == (WIDTH, HEIGHT)


def test_names_in_any_script_and_odd_captions_render() -> None:
    names = ("", "🌸🌸🌸", "עִבְרִית ولعربية", "x" * 200)
    state = ENGINE.new_game([PlayerSpec(n) for n in names], {}, random.Random(2))
    for caption in ("", "\n\t", "é" * 500):
        assert _decode(render_clans_board(_view(state), caption)).size == (WIDTH, HEIGHT)


# ---- only a public view -------------------------------------------------------------

@pytest.mark.parametrize("make", [
    lambda s: ENGINE.public_view(s, 0),  # a ClansPlayerView: holds seat 0's colour
    lambda s: s,  # the engine state: holds every colour
    lambda s: ENGINE.public_view(s, None).to_json(),
    lambda s: None,
])
def test_refuses_anything_but_a_public_view(make) -> None:
    with pytest.raises(TypeError):
        render_clans_board(make(_new(2)))


async def test_async_refuses_a_player_view_before_any_work() -> None:
    with pytest.raises(TypeError):
        await render_clans_board_async(ENGINE.public_view(_new(2), 1))


def test_refuses_a_subclass_of_the_public_view() -> None:
    class Sneaky(ClansPublicView):
        pass

    view = _view(_new(2))
    sneaky = Sneaky(**{f: getattr(view, f) for f in view.__dataclass_fields__})
    with pytest.raises(TypeError):
        render_clans_board(sneaky)


# ---- what the image shows -----------------------------------------------------------

def test_a_move_empties_its_territorys_hut_marker() -> None:
    state = _new(2)
    src, dst = next(
        (a["from"], a["to"]) for a in ENGINE.legal_actions(state, ENGINE.pending(state)[0])
        if _view(state).board[L.MAP.index_of[a["from"]]].huts[COLOURS.index("black")] == 0
    )
    before_view = _view(state)
    territory = before_view.board[L.MAP.index_of[src]]
    [(colour, count, box)] = hut_slots(territory)
    assert count == 1
    fill = PLAYER_COLOURS[colour].fill
    before = _decode(render_clans_board(before_view))
    after_state = ENGINE.apply(state, {"seat": ENGINE.pending(state)[0], "type": "move",
                                       "from": src, "to": dst}).state
    after = _decode(render_clans_board(_view(after_state)))
    assert _near(before, box, fill) > 20
    assert _near(after, box, fill) == 0
    assert before.crop(box).tobytes() != after.crop(box).tobytes()
    # The huts arrived: the destination now shows a pill of that colour.
    moved = _view(after_state).board[L.MAP.index_of[dst]]
    assert colour in [c for c, _, _ in hut_slots(moved)]


def test_territory_centres_lie_inside_the_map() -> None:
    assert len(L.CENTRE) == 60
    for label in L.LABELS:
        x, y = territory_centre(label)
        assert 0 < x < WIDTH and L.HEADER[3] < y < L.CAPTION[1]


@pytest.mark.parametrize("counts", [(1, 1, 1, 1, 1), (9, 8, 7, 6, 5), (2, 0, 3, 0, 4),
                                    (0, 0, 0, 0, 9), (12, 3, 0, 0, 0)])
def test_hut_pills_do_not_overlap_and_stay_in_their_hexagon(counts: tuple[int, ...]) -> None:
    t = TerritoryView("G3", "forest", counts, None)
    boxes = [box for _, _, box in hut_slots(t)]
    assert len(boxes) == sum(1 for n in counts if n)
    cx, cy = L.CENTRE["G3"]
    for i, (x0, y0, x1, y1) in enumerate(boxes):
        assert cx - L.HEX_HALF_W - 1 <= x0 and x1 <= cx + L.HEX_HALF_W + 1
        assert cy - L.HEX_R < y0 and y1 < cy + L.HEX_R
        for a0, b0, a1, b1 in boxes[i + 1:]:
            assert x1 <= a0 or a1 <= x0 or y1 <= b0 or b1 <= y0, "pills overlap"


def test_no_player_colour_before_the_end() -> None:
    """C-7.2: two games that differ only in who holds which colour look identical until
    the end; then the result reveals the colours and the images differ."""
    one = _new(4)
    other = one.clone()
    other.colours = tuple(reversed(one.colours))
    assert other.colours != one.colours
    rng_one, rng_other = random.Random(9), random.Random(9)
    checked = 0
    while not one.over:
        if checked % 4 == 0:  # every few steps keeps the test fast
            assert render_clans_board(_view(one), "c") == render_clans_board(_view(other), "c")
        one, other = _step(one, rng_one), _step(other, rng_other)
        checked += 1
    assert other.over and checked > 10
    assert render_clans_board(_view(one), "c") != render_clans_board(_view(other), "c")


def test_players_card_shows_colours_only_once_the_game_is_over() -> None:
    mid, end = _mid(4), _end(4)
    vivid = [PLAYER_COLOURS[c].fill for c in ("red", "blue", "green")]
    before = _decode(render_clans_board(_view(mid)))
    assert all(_near(before, L.PLAYERS, c) == 0 for c in vivid)
    after = _decode(render_clans_board(_view(end)))
    revealed = {_view(end).result.colours[s] for s in range(4)} & {"red", "blue", "green"}
    for colour in revealed:
        assert _near(after, L.PLAYERS, PLAYER_COLOURS[colour].fill) > 20


def test_colours_come_only_from_the_result() -> None:
    """A view rebuilt without its result (as before the end) draws no colours either."""
    view = _view(_end(3))
    hidden = replace(view, result=None, to_act=view.turn_order[0])
    img = _decode(render_clans_board(hidden))
    assert all(_near(img, L.PLAYERS, PLAYER_COLOURS[c].fill) == 0
               for c in ("red", "blue", "green"))
