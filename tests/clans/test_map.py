"""The board data file checked against C-1.1 to C-1.3, straight from its JSON."""

from __future__ import annotations

import re
from collections import Counter, defaultdict

import pytest

from bot.games.clans.board import TERRAINS, load_map, map_json
from bot.games.clans.make_map import build_map

DATA = map_json()
LABELS = [t["label"] for t in DATA["territories"]]


def linked() -> dict[str, set[str]]:
    links: dict[str, set[str]] = defaultdict(set)
    for border in DATA["borders"]:
        if border["kind"] != "lake":  # C-1.2: a lake separates, a river does not
            links[border["a"]].add(border["b"])
            links[border["b"]].add(border["a"])
    return links


def reachable(start: str, allowed: set[str], links: dict[str, set[str]]) -> set[str]:
    seen, stack = set(), [start]
    while stack:
        label = stack.pop()
        if label not in seen:
            seen.add(label)
            stack.extend(n for n in links[label] if n in allowed)
    return seen


def test_sixty_territories_in_twelve_regions_of_five_c_1_1() -> None:
    assert len(LABELS) == 60 and len(set(LABELS)) == 60
    regions = Counter(t["region"] for t in DATA["territories"])
    assert len(regions) == 12 and set(regions.values()) == {5}
    assert {t["terrain"] for t in DATA["territories"]} == set(TERRAINS)


def test_fifteen_of_each_terrain_c_1_3() -> None:
    assert Counter(t["terrain"] for t in DATA["territories"]) == {t: 15 for t in TERRAINS}


def test_every_region_holds_three_terrains_and_is_contiguous_c_1_3() -> None:
    links = linked()
    by_region: dict[str, list[dict]] = defaultdict(list)
    for t in DATA["territories"]:
        by_region[t["region"]].append(t)
    for region in by_region.values():
        assert len({t["terrain"] for t in region}) >= 3
        members = {t["label"] for t in region}
        assert reachable(region[0]["label"], members, links) == members


def test_map_is_connected_c_1_3() -> None:
    assert reachable(LABELS[0], set(LABELS), linked()) == set(LABELS)


def test_every_territory_has_two_to_six_neighbours_c_1_3() -> None:
    links = linked()
    assert all(2 <= len(links[label]) <= 6 for label in LABELS)


def test_lakes_cut_about_one_border_in_ten_c_1_3() -> None:
    kinds = Counter(b["kind"] for b in DATA["borders"])
    assert set(kinds) <= {"land", "river", "lake"}
    share = kinds["lake"] / sum(kinds.values())
    assert 0.08 <= share <= 0.12


def test_borders_are_unique_pairs_of_known_territories_c_1_2() -> None:
    pairs = [frozenset((b["a"], b["b"])) for b in DATA["borders"]]
    assert len(pairs) == len(set(pairs))
    assert all(len(p) == 2 and p <= set(LABELS) for p in pairs)


def test_lake_borders_are_not_neighbours_rivers_are_c_1_2() -> None:
    board = load_map()
    lakes = [b for b in board.borders if b.kind == "lake"]
    rivers = [b for b in board.borders if b.kind == "river"]
    assert lakes and rivers
    assert all(not board.are_neighbours(b.a, b.b) and board.lake_between(b.a, b.b) for b in lakes)
    assert all(board.are_neighbours(b.a, b.b) for b in rivers)
    assert all(a in board.neighbours[b] for a in range(60) for b in board.neighbours[a])


def test_labels_are_short_and_printable_c_1_3() -> None:
    assert all(re.fullmatch(r"[A-L][1-5]", label) for label in LABELS)
    assert all(t["region"] == t["label"][0] for t in DATA["territories"])


def test_drawing_coordinates_fit_the_canvas_c_1_3() -> None:
    width, height = DATA["canvas"]["width"], DATA["canvas"]["height"]
    for t in DATA["territories"]:
        assert len(t["polygon"]) == 6
        for x, y in [t["centre"], *t["polygon"]]:
            assert 0 <= x <= width and 0 <= y <= height
    assert all(len(b["segment"]) == 2 for b in DATA["borders"])


def test_data_file_is_what_the_generator_makes_c_1_3() -> None:
    assert build_map() == DATA


@pytest.mark.parametrize("typed", ["c4", " C4 ", "C4"])
def test_labels_are_read_forgivingly_c_1_3(typed: str) -> None:
    assert load_map().label_index(typed) == load_map().index_of["C4"]
