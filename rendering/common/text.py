"""Text drawing that draws every name: any script, emoji in colour, right to left.

Player names come from Discord and may hold any script or emoji. Each character is drawn
with the first shipped face that covers it (see `rendering.common.fontfiles`), then with a
covering system font; only a character no font covers becomes '?', never a missing-glyph
box ("tofu"). Emoji are drawn from the colour font, also the few that DejaVu has a
monochrome glyph for. Runs in Arabic or Hebrew are ordered right to left
(`rendering.common.bidi`); with Pillow's raqm layout they are shaped too (joined Arabic letters,
emoji sequences as one picture); without it they are drawn letter by letter, reversed.

Every text drawn through `draw_text`/`paste_text` can be recorded with its size in output
pixels (`recording()`): tests use it to keep board text legible on a phone.
"""

from __future__ import annotations

import math
import struct
import threading
import unicodedata
from collections.abc import Iterable
from functools import lru_cache
from pathlib import Path
from typing import NamedTuple

from PIL import Image, ImageDraw, ImageFont, features

from rendering.common import bidi
from rendering.common.fontfiles import (
    BOLD,
    CJK_JP,
    CJK_KR,
    CJK_SC,
    EMOJI,
    FONT_DIR,
    REGULAR,
    Face,
    bold_variant,
    read_codepoints,
    shipped_faces,
    system_fallbacks,
)
from rendering.common.legibility import DrawnText, drawing_scale, note_drawn, recording, unrecorded

__all__ = [
    "BOLD", "EMOJI", "FONT_DIR", "RAQM", "REGULAR", "DrawnText", "Face", "FontStack", "Run",
    "draw_text", "drawing_scale", "fit_text", "font", "font_stack", "paste_text",
    "read_codepoints", "recording", "shipped_faces", "text_image", "text_width",
    "unrecorded", "uses_colour_font", "wrap_text",
]

RAQM = features.check("raqm")  # complex layout: shaping, ligatures, right to left

# Emoji by default although a text font may cover them (Unicode's Emoji_Presentation
# characters below U+1F000); everything from U+1F000 on is tried in the emoji font first.
EMOJI_BMP = frozenset([
    *range(0x231A, 0x231C), *range(0x23E9, 0x23ED), 0x23F0, 0x23F3, *range(0x25FD, 0x25FF),
    *range(0x2614, 0x2616), *range(0x2648, 0x2654), 0x267F, 0x2693, 0x26A1, 0x26AA, 0x26AB,
    0x26BD, 0x26BE, 0x26C4, 0x26C5, 0x26CE, 0x26D4, 0x26EA, 0x26F2, 0x26F3, 0x26F5, 0x26FA,
    0x26FD, 0x2705, 0x270A, 0x270B, 0x2728, 0x274C, 0x274E, *range(0x2753, 0x2756), 0x2757,
    *range(0x2795, 0x2798), 0x27B0, 0x27BF, 0x2B1B, 0x2B1C, 0x2B50, 0x2B55,
])
VS16, ZWJ = 0xFE0F, 0x200D


def _attaches(cp: int, category: str) -> bool:
    """Combining marks, joiners, variation selectors, skin tones, tags and the keycap
    belong to the character before them."""
    return (category in ("Mn", "Me", "Cf") or 0x1F3FB <= cp <= 0x1F3FF
            or 0xE0020 <= cp <= 0xE007F or cp == 0x20E3)


class Run(NamedTuple):
    """A piece of text drawn with one face, in display order; rtl: right to left."""

    font: int
    text: str
    rtl: bool = False


class FontStack:
    """A primary face plus fallbacks; picks a face per character."""

    def __init__(self, primary: Path | Face, fallbacks: Iterable[Path | Face] = ()) -> None:
        self.faces = tuple(f if isinstance(f, Face) else Face(f) for f in (primary, *fallbacks))
        self.paths = tuple(f.path for f in self.faces)
        self.colour = next((i for i, f in enumerate(self.faces) if f.colour), None)
        cjk = {f.index: i for i, f in enumerate(self.faces) if f.path.name.endswith(".ttc")
               and f.weight is not None}
        self._cjk = (cjk.get(CJK_SC), cjk.get(CJK_JP), cjk.get(CJK_KR))
        self._coverage: dict[int, frozenset[int]] = {}
        self._lock = threading.Lock()

    def coverage(self, i: int) -> frozenset[int]:
        with self._lock:  # renders run in worker threads
            if i not in self._coverage:
                face = self.faces[i]
                try:
                    self._coverage[i] = read_codepoints(face.path, face.index)
                except (OSError, ValueError, struct.error):
                    self._coverage[i] = frozenset()  # unreadable: never chosen
            return self._coverage[i]

    def font_for(self, cp: int, emoji: bool = False) -> int | None:
        """The face for a character; `emoji` asks for the colour face first."""
        if emoji and self.colour is not None and cp in self.coverage(self.colour):
            return self.colour
        for i, face in enumerate(self.faces):
            if any(lo <= cp <= hi for lo, hi in face.first_for) and cp in self.coverage(i):
                return i
        for i in range(len(self.faces)):
            if cp in self.coverage(i):
                return i
        return None

    @lru_cache(maxsize=256)  # noqa: B019 - stacks live as long as the process
    def font(self, i: int, size: int) -> ImageFont.FreeTypeFont:
        face = self.faces[i]
        loaded = ImageFont.truetype(str(face.path), size, index=face.index)
        if face.weight is not None:
            loaded.set_variation_by_axes([face.weight])
        return loaded

    @lru_cache(maxsize=2048)  # noqa: B019
    def runs(self, text: str) -> tuple[Run, ...]:
        """Split text into runs of one face and direction, in display order; uncovered
        clusters become '?'."""
        clusters = self._clusters(unicodedata.normalize("NFC", text))
        if not clusters:
            return ()
        # Labels such as "3. name" sit in a left-to-right board: the paragraph is
        # left to right, and a right-to-left name keeps its own order inside it.
        lv = bidi.levels([c for _, c in clusters], base=0)
        merged: list[tuple[Run, int]] = []
        for (i, c), level in zip(clusters, lv, strict=True):
            if merged and merged[-1][0].font == i and merged[-1][1] == level:
                merged[-1] = (Run(i, merged[-1][0].text + c, level % 2 == 1), level)
            else:
                merged.append((Run(i, c, level % 2 == 1), level))
        return tuple(merged[k][0] for k in bidi.visual_order(merged))

    def _clusters(self, text: str) -> list[tuple[int, str]]:
        out: list[list[object]] = []
        dropped = False  # the current cluster's base was replaced: drop its joiners
        joined = False
        for pos, ch in enumerate(text):
            cat = unicodedata.category(ch)
            if cat in ("Cc", "Cs") or ch in "\r\n\t":
                continue
            if cat in ("Zl", "Zp"):  # line and paragraph separators: one line here
                ch, cat = " ", "Zs"
            cp = ord(ch)
            attaches = _attaches(cp, cat)
            if (attaches or joined) and out:
                joined = cp == ZWJ
                if dropped:
                    continue
                if cp in self.coverage(int(out[-1][0])):
                    out[-1][1] = str(out[-1][1]) + ch
                    continue
                if attaches:
                    continue  # an invisible modifier its font lacks: leave it out
            else:
                dropped, joined = False, False
            nxt = ord(text[pos + 1]) if pos + 1 < len(text) else 0
            idx = self.font_for(cp, emoji=cp >= 0x1F000 or cp in EMOJI_BMP or nxt == VS16)
            if idx is None:
                if attaches:
                    continue
                ch, idx, dropped = "?", 0, True
            out.append([idx, ch])
        return self._prefer_language(text, [(int(i), str(c)) for i, c in out])

    def _prefer_language(self, text: str, clusters: list[tuple[int, str]]
                         ) -> list[tuple[int, str]]:
        """Han characters in a name with kana take the Japanese forms, with hangul the
        Korean ones."""
        sc, jp, kr = self._cjk
        if sc is None:
            return clusters
        if any(0x3040 <= ord(c) <= 0x30FF for c in text):
            swap = jp
        elif any(0xAC00 <= ord(c) <= 0xD7A3 or 0x1100 <= ord(c) <= 0x11FF for c in text):
            swap = kr
        else:
            return clusters
        return [(swap if i == sc and swap is not None else i, c) for i, c in clusters]


_stacks: dict[bool, FontStack] = {}
# One FreeType face must not be used by two threads at once, and renders run in worker
# threads; every call into a font goes through this lock (cached results skip it).
_FT_LOCK = threading.RLock()


def font_stack(bold: bool = False) -> FontStack:
    with _FT_LOCK:
        if bold not in _stacks:
            system = system_fallbacks()
            if bold:
                system = tuple(bold_variant(p) for p in system)
            _stacks[bold] = FontStack(shipped_faces(bold)[0],
                                      (*shipped_faces(bold)[1:], *system))
        return _stacks[bold]


def uses_colour_font(text: str) -> bool:
    """Whether a text draws colour glyphs (emoji): colours no board palette holds."""
    stack = font_stack(bold=True)
    return any(run.font == stack.colour for run in stack.runs(text))


def font(size: int, bold: bool = False) -> ImageFont.FreeTypeFont:
    """The shipped font at a size (for text known to be covered, e.g. our own labels)."""
    return font_stack(bold).font(0, size)


# ---- measuring and drawing --------------------------------------------------------------

def _reverse_clusters(text: str) -> str:
    """Right-to-left text for a layout that cannot reverse it: clusters in reverse."""
    clusters: list[str] = []
    for ch in text:
        if clusters and _attaches(ord(ch), unicodedata.category(ch)):
            clusters[-1] += ch
        else:
            clusters.append(ch)
    return "".join(reversed(clusters))


def _run_args(run: Run) -> tuple[str, dict[str, object]]:
    if RAQM:
        return run.text, {"direction": "rtl" if run.rtl else "ltr"}
    return (_reverse_clusters(run.text) if run.rtl else run.text), {}


def _run_width(stack: FontStack, run: Run, size: int) -> float:
    text, kwargs = _run_args(run)
    return stack.font(run.font, size).getlength(text, **kwargs)  # type: ignore[arg-type]


@lru_cache(maxsize=4096)
def text_width(text: str, size: int, bold: bool = False) -> float:
    stack = font_stack(bold)
    with _FT_LOCK:
        return sum(_run_width(stack, run, size) for run in stack.runs(text))


def draw_text(draw: ImageDraw.ImageDraw, xy: tuple[float, float], text: str, size: int,
              fill: object, bold: bool = False, anchor: str = "ls",
              stroke: int = 0, stroke_fill: object = None) -> float:
    """Draw text with per-character fallback; anchor like Pillow's: 'l'/'m'/'r' then
    's' (baseline), 'm' (middle) or 't' (top), measured on the shipped font. Returns
    the drawn width."""
    note_drawn(text, size)
    with _FT_LOCK:
        return _draw_text(draw, xy, text, size, fill, bold, anchor, stroke, stroke_fill)


def _draw_text(draw: ImageDraw.ImageDraw, xy: tuple[float, float], text: str, size: int,
               fill: object, bold: bool, anchor: str, stroke: int, stroke_fill: object
               ) -> float:
    stack = font_stack(bold)
    ascent, descent = stack.font(0, size).getmetrics()
    runs = stack.runs(text)
    widths = [_run_width(stack, run, size) for run in runs]
    total = sum(widths)
    x, y = xy
    x -= {"l": 0, "m": total / 2, "r": total}[anchor[0]]
    y += {"s": 0, "m": (ascent - descent) / 2, "t": ascent}[anchor[1]]
    for run, w in zip(runs, widths, strict=True):
        piece, kwargs = _run_args(run)
        colour = run.font == stack.colour
        draw.text((x, y), piece, font=stack.font(run.font, size), fill=fill, anchor="ls",
                  stroke_width=0 if colour else stroke, stroke_fill=stroke_fill,
                  embedded_color=colour, **kwargs)  # type: ignore[arg-type]
        x += w
    return total


@lru_cache(maxsize=1024)
def fit_text(text: str, max_width: float, size: int, bold: bool = False,
             min_size: int | None = None) -> tuple[str, int]:
    """Shrink the size (down to min_size) and then cut with '…' until text fits."""
    min_size = min_size or max(8, int(size * 0.75))
    for s in range(size, min_size - 1, -1):
        if text_width(text, s, bold) <= max_width:
            return text, s
    s = min_size
    keep = _longest_fitting_start(text, max_width, s, bold)
    return (text[:keep].rstrip() + "…") if keep < len(text) else text, s


def _longest_fitting_start(text: str, max_width: float, size: int, bold: bool) -> int:
    """How many characters of `text` fit with '…' after them: found by bisection, so a
    long text takes a few dozen measurements, not one per character it loses (the width
    grows with every character kept)."""
    fits, too_long = 0, len(text)  # text[:0] + "…" is what is drawn when nothing fits
    while too_long - fits > 1:
        middle = (fits + too_long) // 2
        if text_width(text[:middle] + "…", size, bold) <= max_width:
            fits = middle
        else:
            too_long = middle
    return fits


@lru_cache(maxsize=256)
def wrap_text(text: str, max_width: float, size: int, bold: bool = False,
              max_lines: int = 3) -> tuple[str, ...]:
    """Break text at spaces into lines that fit; only a last line that still does not
    fit (a single overlong word, or more than max_lines of text) is cut with '…'."""
    words = " ".join(text.split()).split(" ")
    lines: list[str] = []
    while words and words != [""]:
        line = words.pop(0)
        while words and text_width(line + " " + words[0], size, bold) <= max_width:
            line += " " + words.pop(0)
        if len(lines) == max_lines - 1 and words:
            line = " ".join([line, *words])
            words = []
        lines.append(fit_text(line, max_width, size, bold, size)[0])
    return tuple(lines)


@lru_cache(maxsize=4096)
def text_image(text: str, size: int, fill: tuple[int, int, int], bold: bool = False
               ) -> tuple[Image.Image, float, int]:
    """Text rendered once into a transparent image: (image, width, ascent). Pasting a
    cached image is far cheaper than rasterising the glyphs again on every board."""
    stack = font_stack(bold)
    with _FT_LOCK:
        ascent, descent = stack.font(0, size).getmetrics()
        width = sum(_run_width(stack, run, size) for run in stack.runs(text))
        pad = size // 2  # room for fallback glyphs taller than the shipped font
        img = Image.new("RGBA", (math.ceil(width) + 2 * pad, ascent + descent + 2 * pad),
                        (0, 0, 0, 0))
        _draw_text(ImageDraw.Draw(img), (pad, pad + ascent), text, size, fill, bold, "ls",
                   0, None)
    return img, width, ascent


def paste_text(canvas: Image.Image, xy: tuple[float, float], text: str, size: int,
               fill: tuple[int, int, int], bold: bool = False, anchor: str = "ls") -> float:
    """Like draw_text, through the cache of rendered text; returns the width."""
    if not text:
        return 0.0
    note_drawn(text, size)
    img, width, ascent = text_image(text, size, fill, bold)
    pad = size // 2
    descent = img.height - 2 * pad - ascent
    x = xy[0] - {"l": 0, "m": width / 2, "r": width}[anchor[0]] - pad
    y = xy[1] + {"s": 0, "m": (ascent - descent) / 2, "t": ascent}[anchor[1]] - ascent - pad
    canvas.paste(img, (math.floor(x + 0.5), math.floor(y + 0.5)), img)
    return width
