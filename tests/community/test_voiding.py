"""A moderator voids a rated game: its server's ratings of that game are recomputed
without it, as if it had not been rated; a rebuild keeps the void; counting it again
gives the numbers back. On SQLite and PostgreSQL."""

from __future__ import annotations

from bot.community.stats import change_text, history
from bot.store import Store
from bot.store.ratings import RatingPolicy
from tests.community.helpers import finished, play, start, table
from tests.store.conftest import backend, db_path  # noqa: F401  (fixtures: both backends)

RATINGS = "SELECT guild_id, game, user_id, mu, sigma, games, wins, place_sum " \
          "FROM ratings ORDER BY guild_id, game, user_id"


async def three_games(store: Store) -> list[int]:
    return [await finished(store, "clans", [101, 102, 103], channel=10 + n, seed=n)
            for n in range(3)]


async def test_a_voided_game_is_kept_through_a_rebuild_and_can_count_again(
        store: Store) -> None:
    games = await three_games(store)
    counted = await table(store, RATINGS)
    assert await store.ratings.void(1, games[1]) == "changed"
    voided = await table(store, RATINGS)
    assert {r[5] for r in voided} == {2}  # each person: two rated games left
    places = await table(store, "SELECT user_id, mu_after FROM game_places "
                                f"WHERE game_id = {games[1]}")
    assert all(mu is None for _u, mu in places)
    assert await store.ratings.void(1, games[1]) == "unchanged"
    report = await store.ratings.rebuild()  # the void is the game's decision: kept
    assert not report.changed and await table(store, RATINGS) == voided
    assert await store.ratings.void(1, games[1], voided=False) == "changed"
    assert await table(store, RATINGS) == counted
    assert await store.ratings.void(1, games[1], voided=False) == "unchanged"


async def test_voiding_recomputes_like_games_that_never_counted(store: Store) -> None:
    """Voiding the middle game gives the ratings of the first and last alone, in order:
    the same as a server where the middle one did not count (a moderator ended it)."""
    games = await three_games(store)
    await store.ratings.void(1, games[1])
    voided = [r[2:] for r in await table(store, RATINGS)]
    for n in (0, 2):
        await finished(store, "clans", [101, 102, 103], guild=2, channel=20 + n, seed=n)
        if n == 0:  # the middle game, ended by a moderator: not rated by default
            ended = await start(store, "clans", [101, 102, 103], guild=2, channel=21, seed=1)
            await play(store, ended, seed=1, moderator_after=2)
    assert [r[2:] for r in await table(store, RATINGS) if r[0] == 2] == voided


async def test_only_rated_games_of_the_server_can_be_voided(store: Store) -> None:
    games = await three_games(store)
    with_bot = await finished(store, "clans", [101, 102, None], channel=30)
    assert await store.ratings.void(2, games[0]) == "unknown"  # another server's
    assert await store.ratings.void(1, 99_999) == "unknown"
    assert await store.ratings.void(1, with_bot) == "not counted"
    assert await store.ratings.void(1, with_bot, voided=False) == "not voided"
    assert await store.ratings.policy(1) == RatingPolicy()


async def test_the_games_offered_are_exactly_those_the_command_takes(store: Store) -> None:
    """`voidable_games` (the autocomplete's list) holds a game exactly when `void_rating`
    would change it: newest first, neither a game that never counted (a computer took
    part) nor a running game nor another server's; with `voided` False the voided ones."""
    games = await three_games(store)
    with_bot = await finished(store, "clans", [101, 102, None], channel=30)
    running = await start(store, "clans", [101, 102, 103], channel=31)
    await finished(store, "clans", [101, 102, 103], guild=2, channel=40)
    assert [g.id for g in await store.ratings.voidable(1)] == games[::-1]
    assert await store.ratings.voidable(1, voided=False) == []
    assert await store.ratings.voidable(None) == []
    assert await store.ratings.void(1, games[1]) == "changed"
    assert [g.id for g in await store.ratings.voidable(1)] == [games[2], games[0]]
    assert [g.id for g in await store.ratings.voidable(1, voided=False)] == [games[1]]
    assert [g.id for g in await store.ratings.voidable(1, limit=1)] == [games[2]]
    for voided in (True, False):
        offered = {g.id for g in await store.ratings.voidable(1, voided=voided)}
        for game in (*games, with_bot, running):
            done = await store.ratings.void(1, game, voided=voided)
            assert (done == "changed") == (game in offered), (game, voided, done)
            if done == "changed":  # back as it was, for the next game
                await store.ratings.void(1, game, voided=not voided)


async def test_a_history_says_a_game_was_voided_rather_than_not_rated(store: Store) -> None:
    games = await three_games(store)
    with_bot = await finished(store, "clans", [101, 102, None], channel=30)
    await store.ratings.void(1, games[1])
    lines = {h.game.game_id: h for h in history(await store.ratings.played_games(1, "clans", 101))}
    assert lines[games[1]].game.voided and not lines[with_bot].game.voided
    assert change_text(lines[games[1]]) == "voided by a moderator"
    assert change_text(lines[games[1]], short=True) == "voided"
    assert change_text(lines[with_bot]) == "not rated"  # computers: another reason
    assert change_text(lines[games[2]])[0] in "+-"
    await store.ratings.void(1, games[1], voided=False)
    played = await store.ratings.played_games(1, "clans", 101)
    counted = {h.game.game_id: h for h in history(played)}
    assert not counted[games[1]].game.voided and change_text(counted[games[1]])[0] in "+-"
