"""`make bench` marks each figure ✓ or ✗ against the goal written beside it."""

from __future__ import annotations

import pytest

from bench.__main__ import BENCHES
from bench.goals import Goal, goal_table, mark, parse_goal


@pytest.mark.parametrize(("text", "goal"), [
    (">= 50", Goal(">=", 50)),
    ("<= 2", Goal("<=", 2)),
    ("<= 1.3", Goal("<=", 1.3)),
    ("clearly > 0.25", Goal(">", 0.25)),
    ("0", Goal("==", 0)),
    ("≤ 5 s", Goal("≤", 5)),
    ("< 400000", Goal("<", 400000)),
    ("low", None),
    ("", None),
    ("fast enough", None),
    ("> lots", None),
])
def test_goal_texts_are_parsed(text: str, goal: Goal | None) -> None:
    assert parse_goal(text) == goal


@pytest.mark.parametrize(("figure", "goal", "expected"), [
    (51.2, ">= 50", "✓"), (50, ">= 50", "✓"), (49.9, ">= 50", "✗"),
    (1.9, "<= 2", "✓"), (2.01, "<= 2", "✗"),
    (0.31, "clearly > 0.25", "✓"), (0.25, "clearly > 0.25", "✗"),
    (0, "0", "✓"), (1, "0", "✗"),
    (0.002, "low", ""), (12.0, "", ""),
    ("n/a", "<= 2", ""), (True, ">= 0", ""),
])
def test_a_figure_is_marked_against_its_goal(figure: object, goal: str, expected: str) -> None:
    assert mark(figure, goal) == expected


def test_the_table_puts_the_mark_between_value_and_goal() -> None:
    lines = goal_table({"games_per_s": 61.5, "ratio": 2.5, "cpu_s": 0.01},
                       {"games_per_s": ">= 50", "ratio": "<= 2", "cpu_s": "low"})
    assert lines == [
        "figure              value    goal",
        "games_per_s          61.5  ✓ >= 50",
        "ratio                 2.5  ✗ <= 2",
        "cpu_s                0.01    low",
    ]


def test_every_goal_of_make_bench_is_checkable_or_a_word() -> None:
    """A goal written with a typo would silently lose its mark."""
    for _, goals in BENCHES:
        for key, text in goals.items():
            assert parse_goal(text) is not None or text in ("", "low"), (key, text)
