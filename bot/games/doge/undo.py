"""What makes a Doge step impossible to take back (`/table-admin undo`,
bot/tables/undo_rules.py): it revealed something, or it was itself secret (D-10)."""

from __future__ import annotations

from bot.i18n import N_

# Events that make public what was hidden until then: people have seen it.
REVEALING_EVENTS = {
    "round_revealed": N_("it revealed a placement round (D-3.3)"),
    "election": N_("it revealed an election's markers (D-4.2)"),
    "election_done": N_("it turned a face-down voting card (D-4.1)"),
    "houses_placed": N_("it revealed tied players' placements (D-11.2)"),
    "build_chosen": N_("it revealed tied players' builds (D-11.2)"),
}
# Event types that reveal only when they carry this field (not every election turns a card;
# a lone builder's or placer's answer was never hidden).
REVEALING_ONLY_WITH = {"election_done": "next_year_card", "houses_placed": "together",
                       "build_chosen": "together"}
# Actions that are themselves secret: undoing one would tell everyone it was made.
SECRET_ACTIONS = {
    "ballot": N_("it is a secret ballot, which its owner may still change (D-3.3)"),
}
