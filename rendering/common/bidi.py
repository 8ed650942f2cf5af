"""Visual order of mixed left-to-right and right-to-left text (a compact Unicode bidi).

Names such as "Ali علي 2" hold runs in both directions. Each cluster gets an embedding
level from its character's bidi class: the paragraph takes the direction of its first
strong character, right-to-left letters are odd, numbers in a right-to-left context even
above them, and neutrals (spaces, punctuation) follow their strong neighbours when both
agree, else the paragraph. Runs are then reversed level by level (rule L2 of the
Unicode bidi algorithm). Explicit embeddings and isolates are not needed for names.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence

STRONG_RTL = frozenset({"R", "AL"})
NUMBER = frozenset({"EN", "AN"})


def _kind(cluster: str) -> str:
    """'L', 'R', 'N' (number) or '' (neutral) for a cluster's base character."""
    t = unicodedata.bidirectional(cluster[0]) if cluster else ""
    if t == "L":
        return "L"
    if t in STRONG_RTL:
        return "R"
    if t in NUMBER:
        return "N"
    return ""


def levels(clusters: Sequence[str], base: int | None = None) -> list[int]:
    """An embedding level per cluster (0 or 2: left-to-right, 1: right-to-left). The
    paragraph direction `base` (0 or 1) defaults to that of the first strong cluster."""
    kinds = [_kind(c) for c in clusters]
    if base is None:
        base = next((1 if k == "R" else 0 for k in kinds if k in ("L", "R")), 0)
    out: list[int] = []
    # The direction each cluster gives the neutrals around it: a number counts as
    # left to right after left-to-right text (so "5 (10)" stays in order), else as
    # right to left (rules W7 and N1).
    direction: list[str] = []
    last_strong = "R" if base else "L"
    for k in kinds:
        if k == "L":
            out.append(2 if base else 0)
            last_strong = "L"
        elif k == "R":
            out.append(1)
            last_strong = "R"
        elif k == "N":  # digits read left to right, placed in the flow around them
            out.append(2 if base or last_strong == "R" else 0)
        else:
            out.append(-1)  # neutral: resolved below
        direction.append(last_strong if k in ("L", "R", "N") else "")
    for i, level in enumerate(out):
        if level != -1:
            continue
        before = next((direction[j] for j in range(i - 1, -1, -1) if direction[j]), "")
        after = next((direction[j] for j in range(i + 1, len(kinds)) if direction[j]), "")
        before, after = before or ("R" if base else "L"), after or ("R" if base else "L")
        if before == after:
            out[i] = 1 if before == "R" else (2 if base else 0)
        else:
            out[i] = base
    return out


def visual_order(items: Sequence[tuple[object, int]]) -> list[int]:
    """Indices of (item, level) pairs in display order, left to right."""
    order = list(range(len(items)))
    if not items:
        return order
    top = max(level for _, level in items)
    lowest_odd = min((level for _, level in items if level % 2), default=top + 1)
    for level in range(top, lowest_odd - 1, -1):
        i = 0
        while i < len(order):
            if items[order[i]][1] >= level:
                j = i
                while j < len(order) and items[order[j]][1] >= level:
                    j += 1
                order[i:j] = order[i:j][::-1]
                i = j
            else:
                i += 1
    return order
