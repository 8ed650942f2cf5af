"""Who a segment message pinged for its turns, on both backends: Discord's snowflake ids
kept whole, a message's record replaced as a whole, and let go of per message or for the
whole game."""

from __future__ import annotations

from bot.store import Store, TurnPings
from tests.store.conftest import players

SNOWFLAKE = 1_234_567_890_123_456_789  # past 2**53 and 2**32: kept exactly


async def test_pings_are_kept_replaced_and_let_go(store: Store) -> None:
    game = await store.games.create_game("counting", guild_id=1, channel_id=2, players=players(),
                                         seed=1)
    first, second = SNOWFLAKE, SNOWFLAKE + 1
    assert await store.pings.get_turn_pings(game.id, first) is None
    await store.pings.set_turn_pings(game.id, first, TurnPings(frozenset({SNOWFLAKE + 7}), {}))
    told = {SNOWFLAKE + 8: 1_800_000_000.25}
    await store.pings.set_turn_pings(game.id, first, TurnPings(frozenset({SNOWFLAKE + 9}), told))
    assert await store.pings.get_turn_pings(game.id, first) == TurnPings(
        frozenset({SNOWFLAKE + 9}), told)
    await store.pings.set_turn_pings(game.id, second, TurnPings(frozenset(), {}))
    await store.pings.drop_turn_pings(game.id, first)
    assert await store.pings.get_turn_pings(game.id, first) is None
    assert await store.pings.get_turn_pings(game.id, second) == TurnPings(frozenset(), {})
    await store.pings.drop_turn_pings(game.id)
    assert await store.pings.get_turn_pings(game.id, second) is None
