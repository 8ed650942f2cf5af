"""A board's caption fitted to its band without hiding the point.

A caption is a list of facts, the outcome first (`bot.games.wording.FACTS` joins them; a
caption without that mark is one fact per sentence). When the caption does not fit its
lines whole, the players' names in it are shortened first, each long one with an
ellipsis down to `MIN_NAME` characters; only when even that is too long are the last
facts left out, never the first one, the outcome. Only a first fact that cannot fit
with its names at their shortest is cut, which no caption of ours comes near."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable
from functools import lru_cache
from typing import NamedTuple

from PIL import Image

from bot.games.wording import FACTS
from rendering.common.text import fit_text, paste_text, text_width, wrap_text

MIN_NAME = 8  # characters (emoji sequences count as one) a shortened name keeps
_SENTENCE = re.compile(r"(?<=[.!?])\s+(?=\S)")


def clusters(text: str) -> list[str]:
    """The characters a reader sees: an emoji sequence, a letter with its marks, one each."""
    out: list[str] = []
    joined = False
    for ch in text:
        attaches = unicodedata.category(ch) in ("Mn", "Me", "Cf") or (
            0x1F3FB <= ord(ch) <= 0x1F3FF) or ord(ch) == 0x20E3
        if out and (attaches or joined):
            out[-1] += ch
        else:
            out.append(ch)
        joined = ch == "\u200d"
    return out


def shortened(name: str, keep: int) -> str:
    """`name` cut to `keep` characters and an ellipsis (as it is when it is that short)."""
    parts = clusters(name)
    return name if len(parts) <= keep else "".join(parts[:keep]).rstrip() + "…"


def facts_of(caption: str) -> list[str]:
    """The caption's facts, the outcome first."""
    if FACTS in caption:
        return [f for f in caption.split(FACTS) if f.strip()]
    return [f for f in _SENTENCE.split(caption.strip()) if f] or [caption]


def _lines(text: str, width: float, size: int, max_lines: int) -> tuple[str, ...] | None:
    """`text` broken at spaces into at most `max_lines` lines, none cut; None when it
    does not fit so. Lines are laid out from the words' widths (each measured once, and
    cached), then measured whole."""
    space = text_width(" ", size, True)
    lines: list[str] = []
    used = 0.0
    for word in text.split():
        w = text_width(word, size, True)
        if lines and used + space + w <= width:
            lines[-1] += " " + word
            used += space + w
            continue
        # A word wider than a line (a name in a script without spaces) runs on.
        while w > width:
            cut = max(1, len(fit_text(word, width, size, True, size)[0]) - 1)
            lines.append(word[:cut])
            word = word[cut:]
            w = text_width(word, size, True)
        lines.append(word)
        used = w
        if len(lines) > max_lines:
            return None
    if any(text_width(line, size, True) > width for line in lines):
        return None  # kerning across the spaces made a line too wide
    return tuple(lines)


def _with_names(text: str, names: Iterable[str], keep: int | None) -> str:
    if keep is None:
        return text
    for name in sorted(names, key=len, reverse=True):
        text = text.replace(name, shortened(name, keep))
    return text


class Fitted(NamedTuple):
    """A caption as drawn: its lines and their font size."""

    lines: tuple[str, ...]
    size: int


@lru_cache(maxsize=512)
def fit_caption(caption: str, names: tuple[str, ...], width: float, size: int,
                min_size: int | None = None, max_lines: int = 2) -> Fitted:
    """The caption's lines (at most `max_lines`, each within `width`, bold) at `size`,
    or at `min_size` where that keeps more: whole if it fits; else with its long names
    shortened; else its last facts left out (the names as long as the facts kept allow)."""
    facts = facts_of(caption)
    present = [n for n in set(names) if n and n in caption]
    longest = max((len(clusters(n)) for n in present), default=0)
    sizes = (size,) if min_size is None or min_size >= size else (size, min_size)

    def laid_out(text: str, keep: int | None) -> Fitted | None:
        named = _with_names(text, present, keep)
        for s in sizes:
            lines = _lines(named, width, s, max_lines)
            if lines is not None:
                return Fitted(lines, s)
        return None

    for count in range(len(facts), 0, -1):
        text = " ".join(f.strip() for f in facts[:count])
        fitted = laid_out(text, None)
        if fitted is None and longest > MIN_NAME:
            fitted = laid_out(text, MIN_NAME)
            low, high = MIN_NAME, longest  # `low` fits; `high` (the whole names) does not
            while fitted is not None and high - low > 1:  # the longest names that fit
                middle = (low + high) // 2
                tried = laid_out(text, middle)
                low, high, fitted = ((middle, high, tried) if tried is not None
                                     else (low, middle, fitted))
        if fitted is not None:
            return fitted
    s = sizes[-1]
    return Fitted(wrap_text(_with_names(facts[0].strip(), present, MIN_NAME), width, s,
                            bold=True, max_lines=max_lines), s)


def paste_caption(img: Image.Image, band: tuple[int, int, int, int], fitted: Fitted, *,
                  indent: int, step: int, fill: tuple[int, int, int]) -> None:
    """A fitted caption's lines, bold, `step` px apart, `indent` px into the band and
    centred on its height as a block."""
    x0, y0, _x1, y1 = band
    lines, size = fitted
    top = (y0 + y1) / 2 - step * (len(lines) - 1) / 2
    for i, line in enumerate(lines):
        paste_text(img, (x0 + indent, top + i * step), line, size, fill, bold=True,
                   anchor="lm")
