"""Words drawn on more than one image, in the reader's language: places (1st, 2nd...) and
a seat without a name."""

from __future__ import annotations

from bot.i18n import _


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

