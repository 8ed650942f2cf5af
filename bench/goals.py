"""Benchmark goals as written beside each figure (">= 50", "<= 2", "clearly > 0.25", "0"),
and whether a figure meets its goal. Words alone ("low", "") set no checkable goal."""

from __future__ import annotations

import operator
import re
from collections.abc import Callable
from dataclasses import dataclass

_COMPARE: dict[str, Callable[[float, float], bool]] = {
    ">=": operator.ge, "≥": operator.ge, "<=": operator.le, "≤": operator.le,
    ">": operator.gt, "<": operator.lt, "==": operator.eq, "=": operator.eq,
}
# An optional "clearly", a comparison (none means equal), a number, an optional unit.
_GOAL = re.compile(r"^\s*(?:clearly\s+)?(>=|<=|==|≥|≤|>|<|=)?\s*(-?\d+(?:\.\d+)?)"
                   r"\s*[a-zA-Z%]*\s*$")


@dataclass(frozen=True)
class Goal:
    compare: str
    bound: float

    def met_by(self, figure: float) -> bool:
        return _COMPARE[self.compare](figure, self.bound)


def parse_goal(text: str) -> Goal | None:
    """The goal in `text`, or None when it states nothing a figure can be checked against.
    "clearly > x" is checked as "> x": how clear is for the reader of the table."""
    found = _GOAL.match(text)
    if found is None:
        return None
    return Goal(found.group(1) or "==", float(found.group(2)))


def mark(figure: object, goal_text: str) -> str:
    """✓ or ✗ for a number against a parseable goal, else nothing."""
    goal = parse_goal(goal_text)
    if goal is None or isinstance(figure, bool) or not isinstance(figure, int | float):
        return ""
    return "✓" if goal.met_by(figure) else "✗"


def goal_table(results: dict[str, object], goals: dict[str, str]) -> list[str]:
    """One line per figure: its key, its value, ✓ or ✗ (or a blank) and its goal."""
    width = max((len(key) for key in results), default=10)
    lines = [f"{'figure'.ljust(width)}  {'value':>12}    goal"]
    for key, value in results.items():
        goal = goals.get(key, "")
        lines.append(f"{key.ljust(width)}  {value!s:>12}  {mark(value, goal) or ' '} "
                     f"{goal}".rstrip())
    return lines
