"""What makes a Bids step impossible to take back (`/table-admin undo`): a revealed lot
has been seen by everyone, and a bid is secret (undoing it would tell that it was made)."""

from __future__ import annotations

from bot.i18n import N_

REVEALING_EVENTS = {"lot_sold": N_("it revealed a lot's bids (B-3.1)")}
REVEALING_ONLY_WITH: dict[str, str] = {}
SECRET_ACTIONS = {"bid": N_("it is a secret bid (B-2.1)")}
