"""Words drawn on more than one image, in the reader's language: places (1st, 2nd...), a
seat without a name, the Clans terrains."""

from __future__ import annotations

from bot.i18n import N_, _

# Terrain keys (bot.games.clans.board.TERRAINS) -> their names on the images.
TERRAIN_NAMES = {
    "forest": N_("forest"),
    "mountain": N_("mountain"),
    "steppe": N_("steppe"),
    "grassland": N_("grassland"),
}


def ordinal(n: int) -> str:
    """1st, 2nd, 3rd, 4th... (1e, 2e, 3e in Dutch)."""
    if 10 <= n % 100 <= 20:
        return _("{n}th", n=n)
    last = n % 10
    if last == 1:
        return _("{n}st", n=n)
    if last == 2:
        return _("{n}nd", n=n)
    if last == 3:
        return _("{n}rd", n=n)
    return _("{n}th", n=n)


def seat_name(seat: int) -> str:
    """What stands for a player without a name: 'Seat 2' (seats count from 0)."""
    return _("Seat {n}", n=seat + 1)


def terrain_name(terrain: str) -> str:
    return _(TERRAIN_NAMES[terrain]) if terrain in TERRAIN_NAMES else terrain
