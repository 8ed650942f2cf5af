"""What a Doge channel leaves to the web page and the record, so that a game year reads in
about 25 lines (66 before) with every fact a player needs (the board shows the rest); a
player's moves in one election are told together (bot/games/doge/together.py)."""

from __future__ import annotations

from typing import Any

# The kinds of line the channel leaves out. Each stack's hash and its opening: the round's
# seal just above its reveal fixes them all, and `/doge verify` checks them for the
# reader. An election's end: the card it turns is on the board's voting-order rows
# (D-4.1). The no-contest line: the votes line says nothing happens (D-4.6). A chance
# lost for want of houses (D-6.5, D-11.1): the board's supply says so. The elections'
# start: the first votes line says it.
UNTOLD_KINDS = frozenset({"commitment", "commitment_opened", "election_done", "no_contest",
                          "chance_lost", "elections_begin"})


def left_out(event: dict[str, Any]) -> bool:
    """Whether the channel leaves the event untold (besides UNTOLD_KINDS, left out by
    their lines' kind as the hashes are added with the narration): a choice to do nothing
    (no house placed, none moved), which the next line's move makes plain; an advisor
    made neutral, which the line above implies (an abstention, D-5.4; a tie, D-6.4,
    D-7.5; the Quarantia's election, D-7.1) and the board shows (its ring back in its
    owner's supply)."""
    kind = event.get("type")
    if kind == "advisor_neutral":
        return True
    if kind == "houses_placed":
        return not event.get("count")
    return kind == "passed" and event.get("moved") == 0
