"""Ratings kept by the store, on SQLite and PostgreSQL: each finish updates the people's
ratings per (server, game); the server's setting decides about games with computers or
ended by a moderator; the rebuild gives the same numbers as the updates."""

from __future__ import annotations

from bot.community.ratings import DEFAULT_MU, DEFAULT_SIGMA
from bot.community.stats import player_stats
from bot.store import Store
from bot.store.ratings import RatingPolicy
from tests.community.helpers import (
    Clock,
    finished,
    play,
    start,
    table,
)
from tests.store.backends import Backend
from tests.store.conftest import backend, db_path, players  # noqa: F401  (fixtures: both backends)
from tests.store.tiny_game import engines

RATINGS = "SELECT guild_id, game, user_id, mu, sigma, games, wins, place_sum, last_game_id " \
          "FROM ratings ORDER BY guild_id, game, user_id"
PLACES = "SELECT game_id, seat, user_id, place, mu_after, sigma_after FROM game_places " \
         "ORDER BY game_id, seat"


async def test_a_finished_game_rates_each_person(store: Store) -> None:
    game_id = await finished(store, "clans", [101, 102, 103])
    rows = await table(store, RATINGS)
    assert [r[2] for r in rows] == [101, 102, 103]
    places = {r[2]: r[3] for r in await table(store, PLACES)}
    for guild, game, user, _mu, sigma, games, wins, place_sum, last in rows:
        assert (guild, game, games, last) == (1, "clans", 1, game_id)
        assert sigma < DEFAULT_SIGMA  # one game makes every rating surer
        assert (wins, place_sum) == (int(places[user] == 1), places[user])
    best = min(rows, key=lambda r: places[r[2]])
    worst = max(rows, key=lambda r: places[r[2]])
    assert best[3] > DEFAULT_MU > worst[3]
    # The rating after the game is kept with the game, for the history.
    assert {r[2]: (r[4], r[5]) for r in await table(store, PLACES)} == \
        {r[2]: (r[3], r[4]) for r in rows}


async def test_ratings_are_per_server_and_per_game(store: Store) -> None:
    await finished(store, "clans", [101, 102], guild=1, channel=10)
    await finished(store, "clans", [101, 102], guild=2, channel=20)
    await finished(store, "doge", [101, 102, 103], guild=1, channel=11)
    scopes = [(r[0], r[1], r[2], r[5]) for r in await table(store, RATINGS)]
    assert scopes == [(1, "clans", 101, 1), (1, "clans", 102, 1), (1, "doge", 101, 1),
                      (1, "doge", 102, 1), (1, "doge", 103, 1), (2, "clans", 101, 1),
                      (2, "clans", 102, 1)]


async def test_computers_and_moderators_follow_the_server_setting(store: Store) -> None:
    """Default: a game with a computer seat, or ended by a moderator, is not rated."""
    with_bot = await finished(store, "clans", [101, 102, None])
    ended = await start(store, "clans", [101, 102, 103], channel=11)
    await play(store, ended, moderator_after=3)
    assert await table(store, RATINGS) == []
    assert await table(store, "SELECT game_id, rated, reason FROM rated_games "
                              "ORDER BY game_id") == [
        (with_bot, 0, "computer players took part"), (ended, 0, "ended by a moderator")]
    # Places are kept all the same (history and stats show every game).
    assert len(await table(store, PLACES)) == 6

    assert await store.ratings.policy(1) == RatingPolicy()
    await store.ratings.set_policy(1, RatingPolicy(moderated=True, computers=True))
    assert await store.ratings.policy(1) == RatingPolicy(True, True)
    assert await store.ratings.policy(2) == RatingPolicy()
    again = await finished(store, "clans", [101, None], channel=12)
    rows = await table(store, RATINGS)
    assert [(r[2], r[5], r[8]) for r in rows] == [(101, 1, again)]  # the computer is unrated
    # The decision taken at the finish stays, also through a rebuild.
    report = await store.ratings.rebuild()
    assert (report.games, report.rated, report.changed) == (3, 1, [])


async def test_rebuild_gives_the_numbers_of_the_updates(store: Store) -> None:
    for i, users in enumerate([[101, 102, 103], [102, 103, 104], [101, 104], [103, 101, 102],
                               [104, 101, 102, 103]]):
        await finished(store, "clans", users, seed=i, channel=10 + i)
    await finished(store, "doge", [101, 102, 103], seed=7, channel=30)
    ratings, places = await table(store, RATINGS), await table(store, PLACES)
    assert max(r[5] for r in ratings) == 4  # players met several times

    report = await store.ratings.rebuild()
    assert report.changed == [] and (report.games, report.rated, report.players) == (6, 6, 7)
    assert await table(store, RATINGS) == ratings  # to the last bit
    assert await table(store, PLACES) == places

    async with store._db.transaction() as conn:  # drift: a lost or wrong update
        await conn.execute("UPDATE ratings SET mu = mu + 1 WHERE user_id = 101 AND game = ?",
                           ("clans",))
        await conn.execute("DELETE FROM ratings WHERE user_id = 104")
    report = await store.ratings.rebuild()
    assert sorted(report.changed) == ["clans server 1 user 101", "clans server 1 user 104"]
    assert await table(store, RATINGS) == ratings


async def test_a_late_commit_of_an_earlier_finish_replays_its_scope(store: Store) -> None:
    """Two processes: game A finished first but its rating ran after game B's."""
    clock: Clock = store.core.clock  # type: ignore[assignment]
    a = await start(store, "clans", [101, 102, 103], channel=10, seed=3)
    last = await play(store, a, seed=3, stop_before_end=True)
    b = await finished(store, "clans", [101, 102, 103], channel=11, seed=4)
    clock.now -= 100  # A's finishing time was taken before B's
    await store.actions.submit(a, last, expected_version=None)
    finishes = await table(store, "SELECT game_id FROM rated_games ORDER BY finished_at")
    assert finishes == [(a,), (b,)]
    ratings = await table(store, RATINGS)
    assert {r[8] for r in ratings} == {b}  # B is the last game in finishing order
    report = await store.ratings.rebuild()
    assert report.changed == [] and await table(store, RATINGS) == ratings


async def test_a_missed_update_is_caught_up(store: Store) -> None:
    """A crash between the finish and the rating: the next finish rates both, in order."""
    first = await finished(store, "clans", [101, 102])
    async with store._db.transaction() as conn:
        await conn.execute("DELETE FROM game_places")
        await conn.execute("DELETE FROM rated_games")
        await conn.execute("DELETE FROM ratings")
    await finished(store, "clans", [101, 102], channel=11, seed=2)
    assert [r[5] for r in await table(store, RATINGS)] == [2, 2]
    assert (await table(store, "SELECT min(game_id) FROM rated_games"))[0][0] == first
    assert (await store.ratings.rebuild()).changed == []


async def test_a_game_without_places_never_blocks_the_others(backend: Backend) -> None:  # noqa: F811
    """A finished game of an engine the ratings know nothing of is noted and passed."""
    async with await Store.open(backend.target, engines=engines, clock=Clock()) as store:
        tiny = await store.games.create_game("counting", guild_id=1, channel_id=9,
                                             players=players(2), user_ids=[101, 102])
        state = tiny.state
        while not tiny.engine.is_over(state):
            action = tiny.engine.legal_actions(state, tiny.engine.pending(state)[0])[-1]
            state = (await store.actions.submit(tiny.id, action, expected_version=None)).state
        await finished(store, "clans", [101, 102], channel=10)
        assert (await table(store, "SELECT game_id, rated, reason FROM rated_games "
                                   "ORDER BY game_id"))[0] == (tiny.id, 0, "no places known")
        assert [r[5] for r in await table(store, RATINGS)] == [1, 1]


async def test_a_game_a_moderator_ended_is_ranked_but_nobody_wins_it(store: Store) -> None:
    """D-9.3: ranked as it stood, marked "ended by a moderator". Where the server counts
    such games, they change the ratings by those places, but a first place is no win."""
    await store.ratings.set_policy(1, RatingPolicy(moderated=True))
    ended = await start(store, "doge", [101, 102, 103])
    await play(store, ended, moderator_after=2)  # year 1: nobody has a palace yet
    places = {r[2]: r[3] for r in await table(store, PLACES)}
    firsts = [u for u, place in places.items() if place == 1]
    assert firsts  # someone stood first (here all three, tied)
    assert [(r[2], r[5], r[6]) for r in await table(store, RATINGS)] == [
        (101, 1, 0), (102, 1, 0), (103, 1, 0)]  # a game each, no win
    assert await table(store, "SELECT rated, reason, by_moderator FROM rated_games") == [
        (1, None, 1)]
    report = await store.ratings.rebuild()
    assert report.changed == [] and [r[6] for r in await table(store, RATINGS)] == [0, 0, 0]


async def test_stats_count_what_the_leaderboard_counts(store: Store) -> None:
    """Stats' games, wins and average place are the leaderboard's (rated games only);
    a game with a computer, or one a moderator ended, is counted apart, never as a win."""
    await finished(store, "clans", [101, 102, 103])
    await finished(store, "clans", [101, None], channel=11, seed=2)  # not rated
    for user in (101, 102, 103):
        standing = await store.ratings.standing(1, "clans", user)
        stats = player_stats(standing, await store.ratings.played_games(1, "clans", user))
        assert (stats.played, stats.wins, stats.average_place) == (
            standing.games, standing.wins, standing.average_place)
        assert stats.unrated == (user == 101)
    ended = await start(store, "doge", [101, 102, 103], channel=12)
    await play(store, ended, moderator_after=2)  # all three tied first, not rated
    doge = await store.ratings.played_games(1, "doge", 101)
    assert [(g.rated, g.by_moderator, g.place) for g in doge] == [(False, True, 1)]
    stats = player_stats(await store.ratings.standing(1, "doge", 101), doge)
    assert (stats.played, stats.wins, stats.unrated, stats.by_moderator) == (0, 0, 1, 1)
