"""Any public board, however crowded or odd its names, renders (property test)."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.games.doge.constants import ADVISORS, AREAS, DISTRICTS
from bot.games.doge.view import ElectionPublic, PublicView
from rendering.doge import layout as L
from rendering.doge.board import render_doge_image
from tests.rendering import views as V


@st.composite
def boards(draw: st.DrawFn) -> PublicView:
    n = draw(st.sampled_from([3, 4]))
    seat = st.integers(0, n - 1)
    names = tuple(draw(st.text(min_size=0, max_size=30)) for _ in range(n))
    palaces = {d: tuple(draw(st.lists(seat, max_size=5))) for d in DISTRICTS}
    houses = {d: tuple(draw(st.lists(st.integers(0, 15), min_size=n, max_size=n)))
              for d in DISTRICTS}
    advisors = {a: (draw(st.one_of(st.none(), seat)),
                    draw(st.one_of(st.none(), st.sampled_from(AREAS)))) for a in ADVISORS}
    values = st.lists(st.integers(0, 3), min_size=1, max_size=4).map(tuple)
    stacks = {a: tuple(V.stack(s, draw(st.integers(1, 4)), draw(st.one_of(st.none(), values)))
                       for s in draw(st.lists(seat, max_size=n, unique=True)))
              for a in draw(st.lists(st.sampled_from(AREAS), max_size=7, unique=True))}
    area = draw(st.sampled_from(AREAS))
    votes = {s: draw(st.integers(0, 20)) for s in draw(st.lists(seat, max_size=n, unique=True))}
    election = draw(st.one_of(st.none(), st.just(ElectionPublic(
        area, votes, tuple(sorted(votes)[:1]), tuple(sorted(votes)[1:2]),
        draw(st.sampled_from([None, "advisor", "qadvisor", "place", "qmove", "build"]))))))
    return V.build(
        n, names=names, palaces=palaces, houses=houses, advisors=advisors, stacks=stacks,
        phase=draw(st.sampled_from(["placement", "elections"])), election=election,
        elections_done=draw(st.integers(0, 7)), awaiting=tuple(draw(st.lists(seat))),
        order_next_face_up=tuple(draw(st.permutations(AREAS)))[:draw(st.integers(0, 7))],
        year=draw(st.integers(1, 30)), year_limit=draw(st.one_of(st.none(), st.integers(1, 30))),
    )


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(boards(), st.text(max_size=300))
def test_any_public_board_renders(view: PublicView, caption: str) -> None:
    img = render_doge_image(view, caption)
    assert img.size == (L.WIDTH, L.HEIGHT)
