"""Small pieces of English the games' narratives share."""

from __future__ import annotations

from collections.abc import Iterable


def plural(n: int, word: str) -> str:
    """'1 house', '2 houses'."""
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def and_list(items: Iterable[str]) -> str:
    """'Anna', 'Anna and Bernd', 'Anna, Bernd and Claudia'."""
    words = list(items)
    if len(words) <= 2:
        return " and ".join(words)
    return ", ".join(words[:-1]) + " and " + words[-1]
