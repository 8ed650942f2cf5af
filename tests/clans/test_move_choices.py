"""The territories `/clans move` offers while typed: described as the prompts describe
them (terrain, huts) and moves that found a village (C-4.1) first; the move buttons
describe and flag them the same way."""

from __future__ import annotations

import random

from bot.games.clans import ENGINE
from bot.games.clans.questions import build_question, move_places, place_words
from bot.i18n import speaking
from tests.clans.helpers import NAMES, blank, chain, elsewhere, new_game, place, terrain


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
    assert words[y] == f"{y} — founds a village ({terrain(y)}, 2 huts)"  # the point first
    assert words[x] == f"{x} ({terrain(x)}, 1 hut)"
    # Into: the ends of founding moves first; from y, every move founds.
    targets = move_places(view, legal, "to")
    assert [label for label, _ in targets] == sorted({x, z, p, q}) + [y]
    from_y = move_places(view, [m for m in legal if m["from"] == y], "to")
    assert from_y == [(t, f"{t} — founds a village ({terrain(t)}, 1 hut)")
                      for t in sorted({x, z})]


def test_the_move_buttons_say_what_they_weigh_and_flag_founding_moves_c_4_1() -> None:
    """The buttons of a move's steps describe each territory as `/clans move` does
    (terrain and huts, not a bare number) and flag a move that founds a village."""
    x, y, z = chain()
    state = blank()
    place(state, x, "r")
    place(state, y, "bb")
    place(state, z, "g")
    elsewhere(state, x, y, z)
    legal = ENGINE.legal_actions(state, 0)
    question = build_question(ENGINE.public_view(state, 0), legal, legal[0], ["Ann", "Bob"])
    paths = {(o.action["from"], o.action["to"]): o.path for o in question.options}
    founds = " — founds a village"
    # Few territories to leave: no region step, the territory first (C-3.1).
    assert paths[y, x] == (f"From {y}{founds} ({terrain(y)}, 2 huts)",
                           f"To {x}{founds} ({terrain(x)}, 1 hut)")
    assert paths[x, y] == (f"From {x} ({terrain(x)}, 1 hut)",
                           f"To {y} ({terrain(y)}, 2 huts)")
    # The autocomplete's own words, for every move.
    view = ENGINE.public_view(state, None)
    sources = dict(move_places(view, legal, "from"))
    for (source, target), path in paths.items():
        into = dict(move_places(view, [m for m in legal if m["from"] == source], "to"))
        assert path[-2:] == (f"From {sources[source]}", f"To {into[target]}")


def test_every_move_button_fits_discord_s_label_of_80_characters() -> None:
    state, rng = new_game(4, seed=7), random.Random(7)
    while not ENGINE.is_over(state):
        seat = ENGINE.pending(state)[0]
        legal = ENGINE.legal_actions(state, seat)
        if legal[0]["type"] == "move":
            for language in ("en", "nl"):
                with speaking(language):
                    question = build_question(ENGINE.public_view(state, seat), legal,
                                              legal[0], NAMES)
                assert max(len(label) for o in question.options for label in o.path) <= 80
        state = ENGINE.apply(state, rng.choice(legal)).state
