"""Decisions with one possible answer (D-11.1: no question without a choice): the table
answers them for the player at once, as a normal action in the record."""

from __future__ import annotations

from bot.games.base import Action
from bot.games.wording import user_text
from bot.store import LoadedGame
from bot.tables.kits import get_kit
from bot.tables.timing import moves_at_once


def only_answer(game: LoadedGame) -> Action | None:
    """The one answer of a person awaited now, when the question they face offers no
    other (alike answers are offered once, D-7.1) and is asked openly. A secret choice
    (a question its kit marks `secret`, or a secret ballot asked through its own panel)
    is left to the player, so that nothing is learnt from the table answering it."""
    kit = get_kit(game.row.game)
    names = [user_text(s.name) for s in game.seats]
    for seat in game.engine.pending(game.state):
        if moves_at_once(game, seat):
            continue  # the computer answers it anyway
        question = kit.question(game.state, seat, names)
        # A secret question is never answered for the player (D-10), in any game.
        if question is not None and not question.secret and len(question.options) == 1:
            return question.options[0].action
    return None
