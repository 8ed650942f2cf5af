"""Levels of the computer players: every level plays legal moves from its own view, the
table stores each AI seat's level and the autopilot's, and a wrong level is refused."""

from __future__ import annotations

import random

import pytest

from bot.store import Store
from bot.tables.kits import AI_LEVELS, get_kit, seat_level
from bot.tables.service import TableError, TableService
from tests.ai.helpers import ENGINES, new_game, positions


@pytest.mark.parametrize("game", ["doge", "clans"])
@pytest.mark.parametrize("level", [lv for lv in AI_LEVELS if lv != "strong"])
def test_every_level_plays_a_legal_action(game: str, level: str) -> None:
    engine, kit = ENGINES[game], get_kit(game)
    rng = random.Random(1)
    for state in positions(game, 150, seed=3):
        for seat in engine.pending(state):
            action = kit.ai_action(state, seat, rng, level)
            legal = engine.legal_actions(state, seat)
            assert action in legal, (level, action)
            engine.apply(state, action)  # the engine agrees


@pytest.mark.parametrize("game", ["doge", "clans"])
def test_an_unknown_level_is_refused(game: str) -> None:
    state = new_game(game, 4, 0)
    seat = ENGINES[game].pending(state)[0]
    with pytest.raises(ValueError, match="unknown computer level"):
        get_kit(game).ai_action(state, seat, random.Random(0), "grandmaster")


def _winners(game: str, state) -> list[int]:
    if game == "doge":
        return state.result["winners"]
    ranks = ENGINES[game].ranking(state)
    return [s for s, r in enumerate(ranks) if r == 1]


@pytest.mark.parametrize("game", ["doge", "clans"])
def test_normal_beats_three_easy_players_more_often_than_its_share(game: str) -> None:
    """`easy` is beatable: the heuristic player wins well over a quarter of the games
    against three easy players (seats rotated)."""
    kit, engine = get_kit(game), ENGINES[game]
    games = 12 if game == "doge" else 24
    share = 0.0
    for g in range(games):
        state = new_game(game, 4, 500 + g)
        strong_seat = g % 4
        rng = random.Random(g)
        while not engine.is_over(state):
            seat = engine.pending(state)[0]
            level = "normal" if seat == strong_seat else "easy"
            engine.apply_in_place(state, kit.ai_action(state, seat, rng, level))
        winners = _winners(game, state)
        if strong_seat in winners:
            share += 1 / len(winners)
    assert share / games >= 0.5


async def test_the_table_keeps_each_computer_players_level(tmp_path) -> None:
    store = await Store.open(tmp_path / "games.db")
    try:
        service = TableService(store)
        game = await service.open_lobby("clans", guild_id=1, channel_id=2, user_id=10,
                                        user_name="Ann", seats=4, timing="live")
        await service.add_bot(game.id, 10, AI_LEVELS[-1])
        await service.add_bot(game.id, 10, "easy")
        await service.add_bot(game.id, 10)
        game = await service.load(game.id)
        assert [seat_level(game.row.settings, s) for s in game.seats[1:]] == \
            [AI_LEVELS[-1], "easy", "normal"]
        before = await service.load(game.id)
        with pytest.raises(TableError, match="level is one of"):
            await service.add_bot(game.id, 10, "grandmaster")
        after = await service.load(game.id)
        assert (after.seats, after.row.settings) == (before.seats, before.row.settings)
        # The person's seat on autopilot plays at the table's autopilot level.
        assert seat_level(after.row.settings, after.seats[0]) == "normal"
        await store.tables.update_settings(game.id, {"autopilot_level": "easy"})
        after = await service.load(game.id)
        assert seat_level(after.row.settings, after.seats[0]) == "easy"
        assert seat_level(after.row.settings, after.seats[1]) == AI_LEVELS[-1]
    finally:
        await store.close()
