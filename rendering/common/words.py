"""Words drawn on more than one image, in the reader's language: a seat without a name.
(Places, 1st, 2nd..., are `bot.games.wording.ordinal`, shared with the narratives.)"""

from __future__ import annotations

from bot.i18n import _


def seat_name(seat: int) -> str:
    """What stands for a player without a name: 'Seat 2' (seats count from 0)."""
    return _("Seat {n}", n=seat + 1)

