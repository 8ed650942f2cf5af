"""A player's history links each finished game to the message carrying its record: the
result, the segment message the poster posted once the game was over (its kind names
the version it was posted at, cogs/common/segments.py). Without one, it says whether the
game is its channel's last (the only one `export` there gives). SQLite and PostgreSQL."""

from __future__ import annotations

from bot.store import Store
from tests.community.helpers import (
    finished,
    start,
)
from tests.store.conftest import backend, db_path  # noqa: F401  (fixtures: both backends)

ANNA, BO, CY = 101, 102, 103


async def segment(store: Store, game_id: int, start: int, posted: int, message: int) -> None:
    await store.messages.set_message(game_id, f"seg:{start}:0:{posted}", channel_id=10,
                                     message_id=message)


async def test_history_links_the_result_message(store: Store) -> None:
    game = await finished(store, "clans", [ANNA, BO, CY])
    final = (await store.games.get_game(game)).version
    await segment(store, game, 1, 0, 500)  # the first move's message
    await segment(store, game, final - 3, final - 3, 501)
    await segment(store, game, final, final, 502)  # the result, the record attached
    [played] = await store.ratings.played_games(1, "clans", ANNA)
    assert played.record_message == (10, 502)
    assert played.last_in_channel


async def test_a_game_whose_result_was_not_posted_has_no_link(store: Store) -> None:
    """Its last segment message was posted before the end (the result's post failed):
    it carries no record, so it is not linked."""
    older = await finished(store, "clans", [ANNA, BO])
    final = (await store.games.get_game(older)).version
    await segment(store, older, final - 1, final - 1, 600)
    newer = await finished(store, "clans", [ANNA, CY], seed=2)
    played = {g.game_id: g for g in await store.ratings.played_games(1, "clans", ANNA)}
    assert played[older].record_message is None and played[newer].record_message is None
    # `export` in the channel gives the newer game: only its hint may name it.
    assert not played[older].last_in_channel and played[newer].last_in_channel
    # A game of the other kind, or one in another channel, does not hide it.
    await finished(store, "doge", [ANNA, BO, CY])
    await finished(store, "clans", [BO, CY], channel=11, seed=3)
    assert (await store.ratings.played_games(1, "clans", ANNA))[-1].last_in_channel
    # A newer game in the channel, even one still running, does.
    await start(store, "clans", [BO, CY], seed=4)
    assert not (await store.ratings.played_games(1, "clans", ANNA))[-1].last_in_channel


async def test_a_game_of_before_segment_messages_links_its_prompt(store: Store) -> None:
    game = await finished(store, "clans", [ANNA, BO])
    await store.messages.set_message(game, "prompt", channel_id=10, message_id=700)
    [played] = await store.ratings.played_games(1, "clans", BO)
    assert played.record_message == (10, 700)
    # A game that went on in segment messages had a prompt before them: not its result.
    later = await finished(store, "clans", [CY, BO], seed=2)
    await store.messages.set_message(later, "prompt", channel_id=10, message_id=701)
    await segment(store, later, 3, 3, 702)
    assert [g.record_message for g in await store.ratings.played_games(1, "clans", BO)] == [
        (10, 700), None]


def test_the_record_message_is_the_newest_segment_posted_at_the_end() -> None:
    from bot.store.standings import record_messages

    def row(game: int, kind: str, message: int) -> dict[str, object]:
        return {"game_id": game, "kind": kind, "channel_id": 9, "message_id": message}

    found = record_messages({1: 40, 2: 40, 3: 12}, [
        row(1, "seg:38:0:38", 1), row(1, "seg:40:2:40", 2), row(1, "seg:40:0:40", 3),
        row(1, "seg:bad", 4),
        row(2, "prompt", 5), row(2, "seg:39:0:39", 6),  # a prompt beside segments: no
        row(3, "prompt", 7),
        row(4, "seg:1:0:1", 8),  # a game not asked about
    ])
    assert found == {1: (9, 2), 3: (9, 7)}
