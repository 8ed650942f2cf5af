"""The Doge board image: renders every kind of state, only from a PublicView (D-10)."""

from __future__ import annotations

import io
from dataclasses import dataclass, replace

import pytest
from PIL import Image

from bot.games.doge.constants import ADVISOR_HOME, DISTRICTS
from bot.games.doge.view import ElectionPublic, PublicView
from rendering.common.drawing import GOLD, NEUTRAL, PAPER, PLAYER_COLOURS
from rendering.doge import layout as L
from rendering.doge.board import (
    render_doge_board,
    render_doge_board_async,
    render_doge_image,
    write_png,
)
from tests.rendering import views as V

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def _decode(data: bytes) -> Image.Image:
    assert data.startswith(PNG_SIGNATURE)
    img = Image.open(io.BytesIO(data))
    img.load()
    return img


def _share(img: Image.Image, box: L.Box, colour: tuple[int, int, int]) -> float:
    """Fraction of the pixels in a box that have exactly this colour."""
    data = img.crop(box).convert("RGB").tobytes()
    target = bytes(colour)
    return sum(1 for i in range(0, len(data), 3) if data[i:i + 3] == target) / (len(data) // 3)


def _has_near(img: Image.Image, box: L.Box, colour: tuple[int, int, int], tol: int = 12) -> bool:
    data = img.crop(box).convert("RGB").tobytes()
    return any(all(abs(data[i + k] - colour[k]) <= tol for k in range(3))
               for i in range(0, len(data), 3))


# ---- every kind of state renders --------------------------------------------------

SCENARIOS = {
    "setup": lambda n: V.build(n),
    "placement": V.placement,
    "election_mid_year": lambda n: V.outcomes(n)["winner_runner_up"],
    **{f"outcome_{k}": (lambda key: lambda n: V.outcomes(n)[key])(k)
       for k in V.outcomes(4)},
    "game_over": V.game_over,
    "game_over_shared": lambda n: V.game_over(n, shared=True),
    "elections_between": lambda n: replace(V.outcomes(n)["winner_runner_up"], election=None,
                                           awaiting=()),
}


@pytest.mark.parametrize("n", [3, 4])
@pytest.mark.parametrize("name", sorted(SCENARIOS))
def test_scenarios_render_as_png_of_the_expected_size(name: str, n: int) -> None:
    data = render_doge_board(SCENARIOS[name](n), caption=f"{name} with {n} players")
    img = _decode(data)
    assert img.format == "PNG"
    assert img.size == (L.WIDTH, L.HEIGHT)
    assert img.mode == "P"  # a palette PNG (issue 12)
    assert len(data) <= 100_000


def test_same_view_gives_identical_bytes() -> None:
    view = V.outcomes(4)["quarantia"]
    first = render_doge_board(view, "a caption")
    render_doge_board(V.placement(3), "something else in between")  # caches stay clean
    assert render_doge_board(view, "a caption") == first
    assert render_doge_board(view, "another caption") != first


async def test_async_render_matches_sync() -> None:
    view = V.placement(4)
    assert await render_doge_board_async(view, "step") == render_doge_board(view, "step")


def test_write_png(tmp_path) -> None:
    path = write_png(tmp_path / "demo" / "step-001.png", V.build(3), "New game")
    assert path.read_bytes().startswith(PNG_SIGNATURE)


# ---- only a PublicView is accepted (D-10.2) ------------------------------------------

@dataclass(frozen=True)
class _PublicViewWithSecrets(PublicView):
    secret_markers: tuple[int, ...] = (3, 3)


def _refused() -> list[object]:
    view = V.placement(4)
    refused: list[object] = [view.to_json(), None, "view", object()]
    from bot.games.doge.view import OwnSecrets, PlayerView
    refused.append(PlayerView(view, OwnSecrets(0, (0, 1, 2), None, {"san_marco": (3, 1)})))
    refused.append(_PublicViewWithSecrets(**{f: getattr(view, f) for f in
                                            view.__dataclass_fields__}))
    return refused


@pytest.mark.parametrize("thing", _refused(), ids=lambda t: type(t).__name__)
def test_anything_but_a_public_view_is_refused(thing: object) -> None:
    with pytest.raises(TypeError):
        render_doge_board(thing)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        render_doge_image(thing)  # type: ignore[arg-type]


async def test_async_refuses_a_player_view_before_any_work() -> None:
    from bot.games.doge.view import OwnSecrets, PlayerView
    secret = PlayerView(V.build(3), OwnSecrets(0, (0, 1), None, {}))
    with pytest.raises(TypeError):
        await render_doge_board_async(secret)  # type: ignore[arg-type]


def test_engine_state_is_refused() -> None:
    doge = pytest.importorskip("bot.games.doge")
    import random

    from bot.games.base import PlayerSpec
    state = doge.ENGINE.new_game([PlayerSpec(n) for n in V.NAMES[:3]], {}, random.Random(1))
    with pytest.raises(TypeError):
        render_doge_board(state)
    with pytest.raises(TypeError):
        render_doge_board(doge.ENGINE.public_view(state, 0))  # a seat's view has secrets
    render_doge_board(doge.ENGINE.public_view(state, None))


# ---- pixel probes: the picture says what the view says ----------------------------

def test_red_palace_in_san_marco_fills_the_first_space_red() -> None:
    red = PLAYER_COLOURS["red"].fill
    box = L.palace_space_box("san_marco", 0)
    empty = render_doge_image(V.build(4))
    assert _share(empty, box, red) == 0
    assert _share(empty, box, PAPER) > 0.5
    built = render_doge_image(V.build(4, palaces={"san_marco": (0,)}))
    assert _share(built, box, red) > 0.4
    # The next space is still free, and other districts are untouched.
    assert _share(built, L.palace_space_box("san_marco", 1), PAPER) > 0.5
    assert _share(built, L.palace_space_box("castello", 0), red) == 0


@pytest.mark.parametrize("district", DISTRICTS)
def test_palace_spaces_fill_in_order_with_owner_colours(district: str) -> None:
    owners = (1, 3, 2, 0, 1)
    img = render_doge_image(V.build(4, palaces={district: owners}))
    for i, seat in enumerate(owners):
        colour = PLAYER_COLOURS[("red", "blue", "green", "yellow")[seat]].fill
        assert _share(img, L.palace_space_box(district, i), colour) > 0.4


def test_houses_show_in_their_district_in_the_owner_colour() -> None:
    blue = PLAYER_COLOURS["blue"].fill
    x0, y0, x1, _ = L.AREA_BOX["dorsoduro"]
    row = (x0, y0 + L.ROWS.houses, x1, y0 + L.ROWS.advisors - 4)
    assert not _has_near(render_doge_image(V.build(4)), row, blue, tol=0)
    img = render_doge_image(V.build(4, houses={"dorsoduro": (0, 3, 0, 0)}))
    assert _share(img, row, blue) > 0.02


def test_neutral_advisor_waits_at_home_and_a_controlled_one_stands_elsewhere() -> None:
    green = PLAYER_COLOURS["green"].fill
    hx, hy = L.home_spot_centre(ADVISOR_HOME["castello"])
    home = (hx - 14, hy - 14, hx + 14, hy + 14)
    img = render_doge_image(V.build(4))
    assert _share(img, home, NEUTRAL) > 0.1
    moved = render_doge_image(V.build(4, advisors={"castello": (2, "san_polo")}))
    assert _share(moved, home, NEUTRAL) == 0
    sx, sy = L.advisor_slot("san_polo", 0, 1)
    slot = (sx, sy, sx + L.ADVISOR_W, sy + L.ADVISOR_H)
    assert _share(moved, slot, green) > 0.1


def test_the_area_voting_now_is_framed_in_gold() -> None:
    view = V.outcomes(4)["winner_runner_up"]
    x0, y0, x1, y1 = L.AREA_BOX["san_marco"]
    frame = (x0 - 5, y0 + 60, x0, y1 - 60)
    assert _share(render_doge_image(view), frame, GOLD) > 0.5
    assert _share(render_doge_image(replace(view, election=None)), frame, GOLD) == 0


def test_face_down_stack_values_are_not_needed_and_never_drawn() -> None:
    """Two views that differ only in what is secret cannot differ: the view has no
    field for face-down values, and face-up values change the image."""
    down = V.build(4, stacks={"castello": (V.stack(0, 2),)})
    up = V.build(4, stacks={"castello": (V.stack(0, 2, (3, 1)),)},
                 election=ElectionPublic("castello", {0: 4}, (0,), (), "advisor"),
                 phase="elections")
    assert render_doge_board(down) != render_doge_board(up)


def test_concurrent_renders_in_worker_threads_match_sequential_ones() -> None:
    from concurrent.futures import ThreadPoolExecutor
    jobs = [(view, f"thread caption {i} Ωμέγα 王") for i, view in enumerate(
        [V.placement(3), V.placement(4), *V.outcomes(4).values(), V.game_over(3)])]
    with ThreadPoolExecutor(max_workers=4) as pool:
        parallel = list(pool.map(lambda job: render_doge_board(*job), jobs * 2))
    sequential = [render_doge_board(*job) for job in jobs] * 2
    assert parallel == sequential
