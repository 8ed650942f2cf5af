"""D-11.1 at the table: a person's decision with one possible answer is answered for them
at once; a secret ballot never is, even with one answer (D-10: its timing would tell)."""

from __future__ import annotations

import dataclasses

from bot.games.base import PlayerSpec
from bot.games.clans.rules import LABELS, NEIGHBOURS
from bot.games.doge.constants import AREAS
from bot.store import Store
from bot.tables.forced import only_answer
from tests.ai.helpers import ENGINES, new_game


async def loaded(tmp_path, kind: str):
    store = await Store.open(tmp_path / "g.db")
    game = await store.games.create_game(kind, guild_id=1, channel_id=500,
                                         players=[PlayerSpec(n) for n in "ABCD"],
                                         user_ids=[101, 102, 103, 104], settings={}, seed=4)
    return store, await store.actions.load(game.id)


def one_move_left(state):
    """Two neighbouring territories hold huts, 7 on one and 1 on the other: the one
    legal move is the lone hut onto the 7 (C-3.1, C-3.2)."""
    big, small = 0, NEIGHBOURS[0][0]
    state.huts = [0] * len(state.huts)
    state.totals = [0] * len(state.totals)
    state.huts[big * 5], state.huts[small * 5 + 1] = 7, 1
    state.totals[big], state.totals[small] = 7, 1
    return state, {"seat": state.mover, "type": "move", "from": LABELS[small],
                   "to": LABELS[big]}


async def test_a_clans_move_with_one_legal_answer_is_answered(tmp_path) -> None:
    store, game = await loaded(tmp_path, "clans")
    try:
        engine = ENGINES["clans"]
        state, only = one_move_left(new_game("clans", 4, seed=1))
        assert engine.legal_actions(state, state.mover) == [only]
        assert only_answer(dataclasses.replace(game, state=state)) == only
        state = new_game("clans", 4, seed=1)  # the opening: many moves
        assert only_answer(dataclasses.replace(game, state=state)) is None
    finally:
        await store.close()


async def test_a_secret_ballot_with_one_answer_is_left_to_the_player(tmp_path) -> None:
    store, game = await loaded(tmp_path, "doge")
    try:
        state = new_game("doge", 4, seed=1)
        for p in state.players:
            p.markers = [1]
            p.cards_used = list(AREAS[1:])
        assert len(ENGINES["doge"].legal_actions(state, 0)) == 1
        assert only_answer(dataclasses.replace(game, state=state)) is None
    finally:
        await store.close()
