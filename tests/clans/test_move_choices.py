"""The territories `/clans move` offers while typed: described as the prompts describe
them (terrain, huts) and moves that found a village (C-4.1) first."""

from __future__ import annotations

from bot.games.clans import ENGINE
from bot.games.clans.questions import move_places, place_words
from tests.clans.helpers import blank, chain, elsewhere, place, terrain


def test_place_words_name_terrain_and_huts() -> None:
    x, y, _z = chain()
    state = blank()
    place(state, x, "rrb")
    place(state, y, "k")
    where = {t.label: t for t in ENGINE.public_view(state, None).board}
    assert place_words(where[x]) == f"{x} ({terrain(x)}, 3 huts)"
    assert place_words(where[y]) == f"{y} ({terrain(y)}, 1 hut)"


def test_moves_that_found_a_village_come_first_c_4_1() -> None:
    x, y, z = chain()
    state = blank()
    place(state, x, "r")
    place(state, y, "bb")
    place(state, z, "g")
    p, q = elsewhere(state, x, y, z)
    view = ENGINE.public_view(state, None)
    legal = ENGINE.legal_actions(state, 0)
    # Leaving y founds x and z; leaving p founds q and the other way round (C-4.1);
    # leaving x or z founds nothing, y keeps an occupied neighbour.
    founding = sorted({y, p, q})
    sources = move_places(view, legal, "from")
    assert [label for label, _ in sources] == founding + sorted({x, z})
    words = dict(sources)
    assert words[y] == f"{y} ({terrain(y)}, 2 huts) — founds a village"
    assert words[x] == f"{x} ({terrain(x)}, 1 hut)"
    # Into: the ends of founding moves first; from y, every move founds.
    targets = move_places(view, legal, "to")
    assert [label for label, _ in targets] == sorted({x, z, p, q}) + [y]
    from_y = move_places(view, [m for m in legal if m["from"] == y], "to")
    assert from_y == [(t, f"{t} ({terrain(t)}, 1 hut) — founds a village")
                      for t in sorted({x, z})]
