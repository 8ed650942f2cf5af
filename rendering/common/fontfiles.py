"""Font files: the faces shipped with the renderer, covering system fonts, and cmap reading.

Shipped, best first for each character: DejaVu Sans (Latin, Greek, Cyrillic, symbols),
Noto Sans Arabic and Noto Sans Hebrew (static Regular/Bold, in `rendering/common/fonts`), Noto
Sans CJK (the variable collection of the `manimgx-fonts-cjk` package: Chinese, Japanese
and Korean, Regular and Bold through its weight axis) and the OpenMoji colour emoji font
(COLR, drawn in colour at any size). Covering system fonts come after them. Which
characters a font covers is read from its cmap table, so the choice needs no drawing.
"""

from __future__ import annotations

import importlib.resources
import os
import shutil
import struct
import subprocess
import sys
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import BinaryIO

FONT_DIR = Path(__file__).resolve().parent / "fonts"
REGULAR = FONT_DIR / "DejaVuSans.ttf"
BOLD = FONT_DIR / "DejaVuSans-Bold.ttf"
EMOJI = FONT_DIR / "OpenMoji-Color.ttf"
CJK_PACKAGE, CJK_FILE = "manimgx_fonts_cjk", "NotoSansCJK-VF.otf.ttc"
# Faces of the CJK collection: Simplified Chinese first (Han in names without kana or
# hangul), Japanese and Korean when the name shows it is one of those.
CJK_SC, CJK_JP, CJK_KR = 2, 0, 1
ARABIC = ((0x0600, 0x06FF), (0x0750, 0x077F), (0x08A0, 0x08FF), (0xFB50, 0xFDFF),
          (0xFE70, 0xFEFF))
HEBREW = ((0x0590, 0x05FF), (0xFB1D, 0xFB4F))


@dataclass(frozen=True)
class Face:
    """One font face: a file, its index in a collection, the weight to set on a variable
    font, whether it draws its own colours (emoji), and the code point ranges it is
    tried for before the primary face (a script drawn from one font joins up right)."""

    path: Path
    index: int = 0
    weight: int | None = None
    colour: bool = False
    first_for: tuple[tuple[int, int], ...] = ()


def cjk_collection() -> Path | None:
    """The installed Noto Sans CJK collection, if its package is there."""
    try:
        path = importlib.resources.files(CJK_PACKAGE) / CJK_FILE
    except ModuleNotFoundError:
        return None
    return Path(str(path)) if path.is_file() else None


def shipped_faces(bold: bool) -> tuple[Face, ...]:
    weight = "Bold" if bold else "Regular"
    faces = [Face(BOLD if bold else REGULAR),
             Face(FONT_DIR / f"NotoSansArabic-{weight}.ttf", first_for=ARABIC),
             Face(FONT_DIR / f"NotoSansHebrew-{weight}.ttf", first_for=HEBREW)]
    cjk = cjk_collection()
    if cjk is not None:
        faces += [Face(cjk, index, 700 if bold else 400) for index in (CJK_SC, CJK_JP, CJK_KR)]
    faces.append(Face(EMOJI, colour=True))
    return tuple(faces)


# ---- covering system fonts (optional) ---------------------------------------------------

# Well-known files, best first: broad CJK fonts, then wide-coverage fallbacks.
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


def bold_variant(path: Path) -> Path:
    """The bold sibling of a fallback font file, when the system has one."""
    for a, b in (("Regular", "Bold"), ("regular", "bold")):
        if a in path.name:
            bold = path.with_name(path.name.replace(a, b))
            if bold.is_file():
                return bold
    return path


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

