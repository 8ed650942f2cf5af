"""Text drawing that never shows empty boxes.

Player names come from Discord and may hold any script or emoji. The shipped DejaVu Sans
covers Latin, Greek, Cyrillic and many symbols; for what it lacks we look for a covering
system font (CJK and the like, optional), character by character. A character no font
covers is drawn as '?' rather than as a missing-glyph box ("tofu"). Which characters a
font covers is read from its cmap table, so the decision is exact and needs no drawing.
"""

from __future__ import annotations

import math
import os
import shutil
import struct
import subprocess
import sys
import threading
import unicodedata
from collections.abc import Iterable
from functools import lru_cache
from pathlib import Path
from typing import BinaryIO

from PIL import Image, ImageDraw, ImageFont

FONT_DIR = Path(__file__).resolve().parent / "fonts"
REGULAR = FONT_DIR / "DejaVuSans.ttf"
BOLD = FONT_DIR / "DejaVuSans-Bold.ttf"

# Optional system fonts, best first: broad CJK fonts, then wide-coverage fallbacks and
# monochrome emoji fonts (colour bitmap emoji fonts only draw at one size in Pillow).
FALLBACK_NAMES = (
    "NotoSansCJK-Regular.ttc", "NotoSansCJKsc-Regular.otf", "NotoSansCJKjp-Regular.otf",
    "SourceHanSans-Regular.ttc", "SourceHanSansSC-Regular.otf", "wqy-microhei.ttc",
    "wqy-zenhei.ttc", "DroidSansFallbackFull.ttf", "DroidSansFallback.ttf",
    "msyh.ttc", "msgothic.ttc", "malgun.ttf", "PingFang.ttc", "Hiragino Sans GB.ttc",
    "Arial Unicode.ttf", "NotoSansSymbols2-Regular.ttf", "NotoEmoji-Regular.ttf",
    "Symbola.ttf", "Symbola_hint.ttf", "seguisym.ttf", "unifont.otf",
)


def _font_dirs() -> list[Path]:
    home = Path.home()
    dirs = [Path("/usr/share/fonts"), Path("/usr/local/share/fonts"),
            home / ".local/share/fonts", home / ".fonts"]
    if sys.platform == "darwin":
        dirs += [Path("/System/Library/Fonts"), Path("/Library/Fonts"), home / "Library/Fonts"]
    if os.name == "nt":
        dirs.append(Path(os.environ.get("WINDIR", "C:/Windows")) / "Fonts")
    return [d for d in dirs if d.is_dir()]


def _fontconfig_cjk() -> list[Path]:
    """Fonts fontconfig knows for Chinese, Japanese and Korean (when it is installed)."""
    exe = shutil.which("fc-list")
    if exe is None:
        return []
    found: set[Path] = set()
    for lang in ("zh", "ja", "ko"):
        try:
            out = subprocess.run([exe, f":lang={lang}", "file"], capture_output=True,
                                 text=True, timeout=10, check=False).stdout
        except (OSError, subprocess.SubprocessError):
            return []
        for line in out.splitlines():
            path = Path(line.strip().rstrip(":"))
            if path.suffix.lower() in (".ttf", ".otf", ".ttc") and path.is_file():
                found.add(path)
    return sorted(found)


@lru_cache(maxsize=1)
def system_fallbacks() -> tuple[Path, ...]:
    """Covering system fonts, in preference order: the well-known files found in the
    standard font folders, then whatever fontconfig lists for CJK."""
    wanted = {name.lower(): rank for rank, name in enumerate(FALLBACK_NAMES)}
    found: dict[int, Path] = {}
    for root in _font_dirs():
        for dirpath, _dirs, files in os.walk(root):
            for f in files:
                rank = wanted.get(f.lower())
                if rank is not None and rank not in found:
                    found[rank] = Path(dirpath) / f
    named = [found[r] for r in sorted(found)]
    return tuple(dict.fromkeys([*named, *_fontconfig_cjk()]))


# ---- cmap reading ---------------------------------------------------------------------

def _read(fh: BinaryIO, offset: int, size: int) -> bytes:
    fh.seek(offset)
    data = fh.read(size)
    if len(data) != size:
        raise ValueError("truncated font file")
    return data


def _format4(fh: BinaryIO, base: int) -> set[int]:
    length = struct.unpack(">H", _read(fh, base + 2, 2))[0]
    t = _read(fh, base, length)
    segs = struct.unpack(">H", t[6:8])[0] // 2
    ends = struct.unpack(f">{segs}H", t[14:14 + 2 * segs])
    o = 16 + 2 * segs
    starts = struct.unpack(f">{segs}H", t[o:o + 2 * segs])
    deltas = struct.unpack(f">{segs}h", t[o + 2 * segs:o + 4 * segs])
    ro = o + 4 * segs
    range_offsets = struct.unpack(f">{segs}H", t[ro:ro + 2 * segs])
    cps: set[int] = set()
    for i in range(segs):
        for c in range(starts[i], ends[i] + 1):
            if c == 0xFFFF:
                continue
            if range_offsets[i] == 0:
                glyph = (c + deltas[i]) & 0xFFFF
            else:  # the offset is relative to this very entry of idRangeOffset
                at = ro + 2 * i + range_offsets[i] + 2 * (c - starts[i])
                glyph = struct.unpack(">H", t[at:at + 2])[0] if at + 2 <= len(t) else 0
                glyph = (glyph + deltas[i]) & 0xFFFF if glyph else 0
            if glyph:
                cps.add(c)
    return cps


def _format12(fh: BinaryIO, base: int) -> set[int]:
    groups = struct.unpack(">I", _read(fh, base + 12, 4))[0]
    data = _read(fh, base + 16, 12 * groups)
    cps: set[int] = set()
    for g in range(groups):
        start, end, glyph = struct.unpack(">III", data[12 * g:12 * g + 12])
        cps.update(range(start + (1 if glyph == 0 else 0), end + 1))
    return cps


def read_codepoints(path: Path, index: int = 0) -> frozenset[int]:
    """The code points a TrueType/OpenType font (or one font of a collection) maps."""
    with open(path, "rb") as fh:
        font = 0
        if _read(fh, 0, 4) == b"ttcf":
            font = struct.unpack(">I", _read(fh, 12 + 4 * index, 4))[0]
        tables = struct.unpack(">H", _read(fh, font + 4, 2))[0]
        directory = _read(fh, font + 12, 16 * tables)
        cmap = next((struct.unpack(">I", directory[16 * i + 8:16 * i + 12])[0]
                     for i in range(tables) if directory[16 * i:16 * i + 4] == b"cmap"), None)
        if cmap is None:
            return frozenset()
        count = struct.unpack(">H", _read(fh, cmap + 2, 2))[0]
        records = _read(fh, cmap + 4, 8 * count)
        subtables: dict[tuple[int, int], int] = {}
        for i in range(count):
            pid, eid, off = struct.unpack(">HHI", records[8 * i:8 * i + 8])
            subtables[(pid, eid)] = cmap + off
        # Full-range (format 12) tables first; then the BMP ones.
        for key in ((3, 10), (0, 6), (0, 4), (3, 1), (0, 3), (0, 1), (0, 0)):
            if key in subtables:
                base = subtables[key]
                fmt = struct.unpack(">H", _read(fh, base, 2))[0]
                if fmt == 12:
                    return frozenset(_format12(fh, base))
                if fmt == 4:
                    return frozenset(_format4(fh, base))
        return frozenset()


# ---- fonts and fallback ---------------------------------------------------------------

class FontStack:
    """A primary font plus optional fallbacks; picks a font per character."""

    def __init__(self, primary: Path, fallbacks: Iterable[Path] = ()) -> None:
        self.paths = (primary, *fallbacks)
        self._coverage: dict[int, frozenset[int]] = {}
        self._lock = threading.Lock()

    def coverage(self, i: int) -> frozenset[int]:
        with self._lock:  # renders run in worker threads
            if i not in self._coverage:
                try:
                    self._coverage[i] = read_codepoints(self.paths[i])
                except (OSError, ValueError, struct.error):
                    self._coverage[i] = frozenset()  # unreadable: never chosen
            return self._coverage[i]

    def font_for(self, cp: int) -> int | None:
        for i in range(len(self.paths)):
            if cp in self.coverage(i):
                return i
        return None

    @lru_cache(maxsize=256)  # noqa: B019 - stacks live as long as the process
    def font(self, i: int, size: int) -> ImageFont.FreeTypeFont:
        return ImageFont.truetype(str(self.paths[i]), size)

    @lru_cache(maxsize=2048)  # noqa: B019
    def runs(self, text: str) -> tuple[tuple[int, str], ...]:
        """Split text into (font index, run) pieces; uncovered clusters become '?'."""
        out: list[list[object]] = []
        dropped = False  # the current cluster's base was replaced: drop its joiners
        joined = False
        for ch in unicodedata.normalize("NFC", text):
            cat = unicodedata.category(ch)
            if cat == "Cc" or ch in "\r\n\t":
                continue
            cp = ord(ch)
            # Combining marks, joiners, variation selectors and skin tones belong to the
            # character before them.
            attaches = cat in ("Mn", "Me", "Cf") or 0x1F3FB <= cp <= 0x1F3FF
            if (attaches or joined) and out:
                joined = cp == 0x200D
                if dropped:
                    continue
            else:
                dropped, joined = False, False
            idx = self.font_for(cp)
            if idx is None:
                if attaches:
                    continue  # an invisible modifier nobody draws: leave it out
                ch, idx, dropped = "?", 0, True
            if out and out[-1][0] == idx:
                out[-1][1] = str(out[-1][1]) + ch
            else:
                out.append([idx, ch])
        return tuple((int(i), str(s)) for i, s in out)


_stacks: dict[bool, FontStack] = {}
# One FreeType face must not be used by two threads at once, and renders run in worker
# threads; every call into a font goes through this lock (cached results skip it).
_FT_LOCK = threading.RLock()


def _bold_variant(path: Path) -> Path:
    """The bold sibling of a fallback font file, when the system has one."""
    for a, b in (("Regular", "Bold"), ("regular", "bold")):
        if a in path.name:
            bold = path.with_name(path.name.replace(a, b))
            if bold.is_file():
                return bold
    return path


def font_stack(bold: bool = False) -> FontStack:
    with _FT_LOCK:
        return _font_stack(bold)


def _font_stack(bold: bool) -> FontStack:
    if bold not in _stacks:
        fallbacks = system_fallbacks()
        if bold:
            fallbacks = tuple(_bold_variant(p) for p in fallbacks)
        _stacks[bold] = FontStack(BOLD if bold else REGULAR, fallbacks)
    return _stacks[bold]


def font(size: int, bold: bool = False) -> ImageFont.FreeTypeFont:
    """The shipped font at a size (for text known to be covered, e.g. our own labels)."""
    return font_stack(bold).font(0, size)


@lru_cache(maxsize=4096)
def text_width(text: str, size: int, bold: bool = False) -> float:
    stack = font_stack(bold)
    with _FT_LOCK:
        return sum(stack.font(i, size).getlength(run) for i, run in stack.runs(text))


def draw_text(draw: ImageDraw.ImageDraw, xy: tuple[float, float], text: str, size: int,
              fill: object, bold: bool = False, anchor: str = "ls",
              stroke: int = 0, stroke_fill: object = None) -> float:
    """Draw text with per-character fallback; anchor like Pillow's: 'l'/'m'/'r' then
    's' (baseline), 'm' (middle) or 't' (top), measured on the shipped font. Returns
    the drawn width."""
    with _FT_LOCK:
        return _draw_text(draw, xy, text, size, fill, bold, anchor, stroke, stroke_fill)


def _draw_text(draw: ImageDraw.ImageDraw, xy: tuple[float, float], text: str, size: int,
               fill: object, bold: bool, anchor: str, stroke: int, stroke_fill: object
               ) -> float:
    stack = font_stack(bold)
    primary = stack.font(0, size)
    ascent, descent = primary.getmetrics()
    runs = stack.runs(text)
    widths = [stack.font(i, size).getlength(run) for i, run in runs]
    total = sum(widths)
    x, y = xy
    x -= {"l": 0, "m": total / 2, "r": total}[anchor[0]]
    y += {"s": 0, "m": (ascent - descent) / 2, "t": ascent}[anchor[1]]
    for (i, run), w in zip(runs, widths, strict=True):
        draw.text((x, y), run, font=stack.font(i, size), fill=fill, anchor="ls",
                  stroke_width=stroke, stroke_fill=stroke_fill)
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
    cut = text
    while cut and text_width(cut + "…", s, bold) > max_width:
        cut = cut[:-1]
    return (cut.rstrip() + "…") if cut != text else text, s


@lru_cache(maxsize=4096)
def text_image(text: str, size: int, fill: tuple[int, int, int], bold: bool = False
               ) -> tuple[Image.Image, float, int]:
    """Text rendered once into a transparent image: (image, width, ascent). Pasting a
    cached image is far cheaper than rasterising the glyphs again on every board."""
    stack = font_stack(bold)
    with _FT_LOCK:
        ascent, descent = stack.font(0, size).getmetrics()
    width = text_width(text, size, bold)
    pad = size // 2  # room for fallback glyphs taller than the shipped font
    img = Image.new("RGBA", (int(width) + 2 * pad, ascent + descent + 2 * pad), (0, 0, 0, 0))
    draw_text(ImageDraw.Draw(img), (pad, pad + ascent), text, size, fill, bold)
    return img, width, ascent


def paste_text(canvas: Image.Image, xy: tuple[float, float], text: str, size: int,
               fill: tuple[int, int, int], bold: bool = False, anchor: str = "ls") -> float:
    """Like draw_text, through the cache of rendered text; returns the width."""
    if not text:
        return 0.0
    img, width, ascent = text_image(text, size, fill, bold)
    descent = img.height - 2 * (size // 2) - ascent
    pad = size // 2
    x = xy[0] - {"l": 0, "m": width / 2, "r": width}[anchor[0]] - pad
    y = xy[1] + {"s": 0, "m": (ascent - descent) / 2, "t": ascent}[anchor[1]] - ascent - pad
    canvas.paste(img, (math.floor(x + 0.5), math.floor(y + 0.5)), img)
    return width
