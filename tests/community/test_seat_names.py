"""A seat handed to someone else carries the new holder's name from then on, and the
ratings, places and leaderboard name each person by their own name for their user id,
never by the name of a seat they took over. A seat counts for whoever holds it at the
end; one the computer ever played (a kicked player's, later handed on) makes the game
one with a computer player. On SQLite and PostgreSQL."""

from __future__ import annotations

from bot.games.base import PlayerSpec
from bot.store import Store
from bot.store.ratings import RatingPolicy
from bot.tables.kits import KITS
from tests.community.helpers import (
    play,
    table,
)
from tests.store.conftest import backend, db_path  # noqa: F401  (fixtures: both backends)

BART, ERIK, CORA, DIRK = 101, 105, 102, 103
NAMES = {BART: "bart", ERIK: "erik", CORA: "cora", DIRK: "dirk"}


async def begin(store: Store, users: list[int | None], *, guild: int = 1, channel: int = 10,
                names: dict[int, str] | None = None, seed: int = 1) -> int:
    """A running Clans game whose seats bear their people's names (None: the computer)."""
    named = {**NAMES, **(names or {})}
    specs = [PlayerSpec(f"bot{i}" if u is None else named[u], is_bot=u is None)
             for i, u in enumerate(users)]
    loaded = await store.games.create_game("clans", guild_id=guild, channel_id=channel,
                                           players=specs, user_ids=users, seed=seed,
                                           settings=KITS["clans"].settings_for({}))
    return loaded.row.id


async def seat_name(store: Store, game_id: int, seat: int) -> str:
    return (await store.games.get_seats(game_id))[seat].name


async def test_the_name_given_with_the_seat_is_its_name(store: Store) -> None:
    game = await begin(store, [BART, CORA, DIRK])
    seat = await store.seats.replace_seat_user(game, 0, user_id=ERIK, name="Erik")
    assert (seat.user_id, seat.replaced_from, seat.name) == (ERIK, BART, "Erik")


async def test_without_a_name_the_seat_takes_the_name_its_holder_joined_with(
        store: Store) -> None:
    """As `/table-admin replace` calls it today: no name. The store knows Erik's name
    from a table he joined, in this server before another one (nicknames are per
    server); bart's name does not stay on Erik's seat."""
    await begin(store, [ERIK, CORA], channel=20)
    await begin(store, [ERIK, DIRK], guild=2, channel=30, names={ERIK: "Erik elsewhere"})
    game = await begin(store, [BART, CORA, DIRK])
    seat = await store.seats.replace_seat_user(game, 0, user_id=ERIK)
    assert (seat.user_id, seat.name) == (ERIK, "erik")


async def test_the_ratings_name_a_replacement_by_their_own_name(store: Store) -> None:
    """Bart leaves, Erik finishes his game: the result is Erik's, under Erik's name; Bart
    has no finished game (he did not play it to its end)."""
    first = await begin(store, [ERIK, CORA, DIRK], channel=20)
    await play(store, first)
    game = await begin(store, [BART, CORA, DIRK], seed=2)
    await store.seats.replace_seat_user(game, 0, user_id=ERIK)
    await play(store, game, seed=2)
    places = await table(store, f"SELECT user_id, name FROM game_places WHERE game_id = {game} "
                                "ORDER BY seat")
    assert places == [(ERIK, "erik"), (CORA, "cora"), (DIRK, "dirk")]
    rows, total = await store.ratings.top(1, "clans")
    assert total == 3 and {r.user_id: r.name for r in rows} == {
        ERIK: "erik", CORA: "cora", DIRK: "dirk"}
    assert (await store.ratings.standing(1, "clans", ERIK)).games == 2
    assert [g.game_id for g in await store.ratings.played_games(1, "clans", ERIK)] == [first, game]
    assert await store.ratings.played_games(1, "clans", BART) == []


async def test_a_rebuild_renames_the_replacements_of_old(store: Store) -> None:
    """A replacement made before seats took their new holder's name left bart's name on
    Erik's seat (and in its places and ratings): the rebuild names him as he joined."""
    await play(store, await begin(store, [ERIK, CORA], channel=20))
    game = await begin(store, [BART, CORA, DIRK], seed=3)
    await store.seats.replace_seat_user(game, 0, user_id=ERIK)
    await play(store, game, seed=3)
    async with store._db.transaction() as conn:  # as the old code left it
        await conn.execute("UPDATE seats SET name = 'bart' WHERE game_id = ? AND seat = 0",
                           (game,))
        await conn.execute("UPDATE game_places SET name = 'bart' WHERE user_id = ?", (ERIK,))
        await conn.execute("UPDATE ratings SET name = 'bart' WHERE user_id = ?", (ERIK,))
    assert (await store.ratings.standing(1, "clans", ERIK)).name == "bart"
    await store.ratings.rebuild()
    assert (await store.ratings.standing(1, "clans", ERIK)).name == "erik"
    assert await table(store, f"SELECT name FROM game_places WHERE user_id = {ERIK} "
                              "ORDER BY game_id") == [("erik",), ("erik",)]


async def test_the_leaderboard_names_a_person_as_in_their_newest_game(store: Store) -> None:
    """A rated game as "erik", then an unrated one (with a computer) as "Erik the Red":
    the leaderboard says "Erik the Red", not the name of his last rated game."""
    await play(store, await begin(store, [ERIK, CORA], channel=20))
    await play(store, await begin(store, [ERIK, None], channel=21, seed=2,
                                  names={ERIK: "Erik the Red"}), seed=2)
    rows, _total = await store.ratings.top(1, "clans")
    assert {r.user_id: r.name for r in rows}[ERIK] == "Erik the Red"
    assert (await store.ratings.standing(1, "clans", ERIK)).name == "Erik the Red"


async def test_a_seat_the_computer_played_makes_a_game_with_a_computer(store: Store) -> None:
    """Bart is kicked (the computer plays his seat), then Erik takes it over and
    finishes: the computer played in that game, as if it had kept the seat."""
    game = await begin(store, [BART, CORA, DIRK])
    await store.seats.hand_seat_to_ai(game, 0)
    await store.seats.replace_seat_user(game, 0, user_id=ERIK, name="erik")
    await play(store, game)
    assert await table(store, "SELECT rated, reason FROM rated_games") == [
        (0, "computer players took part")]
    assert await table(store, "SELECT user_id, name FROM game_places WHERE seat = 0") == [
        (ERIK, "erik")]  # the seat is his, in his history
    # Where computers count, the seat counts for who holds it at the end.
    await store.ratings.set_policy(1, RatingPolicy(computers=True))
    again = await begin(store, [BART, CORA, DIRK], channel=11, seed=4)
    await store.seats.hand_seat_to_ai(again, 0)
    await store.seats.replace_seat_user(again, 0, user_id=ERIK, name="erik")
    await play(store, again, seed=4)
    assert await table(store, f"SELECT rated FROM rated_games WHERE game_id = {again}") == [
        (1,)]
    assert (await store.ratings.standing(1, "clans", ERIK)).games == 1
    assert await store.ratings.standing(1, "clans", BART) is None


async def test_a_computer_seat_handed_on_in_the_lobby_leaves_no_computer_trace(
        store: Store) -> None:
    """In a lobby no computer has played yet: the game stays one of people only. In a
    running game the trace stays (the computer moved for that seat)."""
    lobby = await store.lobbies.create("clans", guild_id=1, channel_id=40)
    await store.lobbies.join(lobby.id, user_id=BART, name="bart")
    await store.lobbies.add_ai_seat(lobby.id, name="bot1")
    await store.seats.replace_seat_user(lobby.id, 1, user_id=ERIK, name="erik")
    running = await begin(store, [BART, None, DIRK], channel=41)
    await store.seats.replace_seat_user(running, 1, user_id=ERIK, name="erik")
    traces = await table(store, "SELECT game_id, is_bot, computer_played FROM seats "
                                "WHERE seat = 1 ORDER BY game_id")
    assert [row[1:] for row in traces] == [(0, 0), (0, 1)]
