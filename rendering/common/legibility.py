"""Recording the text a board draws, with its size in output pixels: the tests use it to
keep every board's text legible on a phone (no text under the smallest size allowed)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass


@dataclass(frozen=True)
class DrawnText:
    """A text drawn through the helpers, with its font size in output pixels."""

    text: str
    px: float


_record: ContextVar[list[DrawnText] | None] = ContextVar("text_record", default=None)
_scale: ContextVar[float] = ContextVar("text_scale", default=1.0)


@contextmanager
def recording() -> Iterator[list[DrawnText]]:
    """Collect every text drawn in this context (and threads started from it)."""
    drawn: list[DrawnText] = []
    token = _record.set(drawn)
    try:
        yield drawn
    finally:
        _record.reset(token)


@contextmanager
def unrecorded() -> Iterator[None]:
    """Drawing that is no image's text (a palette's sample board): left out of any
    recording."""
    token = _record.set(None)
    try:
        yield
    finally:
        _record.reset(token)


@contextmanager
def drawing_scale(k: float) -> Iterator[None]:
    """Drawing happens at k times the output size (reduced afterwards): recorded sizes
    are divided by k."""
    token = _scale.set(_scale.get() * k)
    try:
        yield
    finally:
        _scale.reset(token)


def note_drawn(text: str, size: float) -> None:
    drawn = _record.get()
    if drawn is not None and text.strip():
        drawn.append(DrawnText(text, size / _scale.get()))
