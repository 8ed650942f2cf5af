"""DATABASE_URL, SHARD_COUNT and SHARD_IDS: read once, every problem named in one line."""

from __future__ import annotations

from bot.discord_app import ShardedTableBot
from bot.sharding import holds, load_scaling, shard_of
from bot.store.backends.postgres import DEFAULT_CONNECTIONS, FEWEST_CONNECTIONS, Connections


def test_nothing_set_is_one_process_on_sqlite_with_discords_count() -> None:
    scaling = load_scaling({})
    assert (scaling.database_url, scaling.shard_count, scaling.shard_ids) == (None, None, None)
    assert scaling.problems == [] and scaling.syncs_commands


def test_a_process_holding_some_shards_of_a_shared_database() -> None:
    scaling = load_scaling({"DATABASE_URL": "postgresql://bot:secret@db/games",
                            "SHARD_COUNT": "4", "SHARD_IDS": "3, 2"})
    assert scaling.problems == []
    assert (scaling.shard_count, scaling.shard_ids) == (4, [2, 3])
    assert not scaling.syncs_commands  # the process with shard 0 registers the commands
    bot = ShardedTableBot(database_path="unused.db", database_url=scaling.database_url,
                          shard_count=scaling.shard_count, shard_ids=scaling.shard_ids)
    assert (bot.shard_count, bot.shard_ids) == (4, [2, 3])


def test_bad_values_are_refused_without_repeating_a_password() -> None:
    scaling = load_scaling({"DATABASE_URL": "mysql://bot:secret@db/games",
                            "SHARD_COUNT": "0", "SHARD_IDS": "1,x"})
    assert len(scaling.problems) == 3
    assert not any("secret" in p for p in scaling.problems)
    assert all("\n" not in p for p in scaling.problems)
    assert load_scaling({"SHARD_IDS": "0"}).problems == [
        "SHARD_IDS needs SHARD_COUNT (how many shards there are in all)"]
    assert "from 0 to 1" in load_scaling({"SHARD_COUNT": "2", "SHARD_IDS": "2"}).problems[0]
    assert "different" in load_scaling({"SHARD_COUNT": "2", "SHARD_IDS": "1,1"}).problems[0]


def test_a_server_goes_to_the_shard_discord_names() -> None:
    assert shard_of(0, 2) == 0
    assert shard_of(1 << 22, 2) == 1
    assert shard_of(175928847299117063, 16) == (175928847299117063 >> 22) % 16


def test_a_process_holds_the_servers_of_its_shards() -> None:
    on_shard_1 = 1 << 22
    assert holds(on_shard_1, 2, [1]) and not holds(on_shard_1, 2, [0])
    assert holds(None, 2, [0]) and not holds(None, 2, [1])  # outside a server: shard 0
    assert holds(on_shard_1, None, None) and holds(on_shard_1, 2, None)  # all held here


def test_database_connections_set_what_one_process_opens() -> None:
    url = {"DATABASE_URL": "postgresql://bot@db/games"}
    assert load_scaling(url).connections == DEFAULT_CONNECTIONS
    scaling = load_scaling({**url, "DATABASE_CONNECTIONS": "17"})
    assert scaling.problems == [] and scaling.connections == Connections(4, 4, 4)
    assert scaling.connections.total == 17
    bot = ShardedTableBot(database_path="unused.db", database_url=scaling.database_url,
                          database_connections=scaling.connections)
    assert bot.database_connections.total == 17


def test_bad_database_connections_are_refused_in_one_line() -> None:
    url = {"DATABASE_URL": "postgresql://bot@db/games"}
    too_few = str(FEWEST_CONNECTIONS - 1)
    assert load_scaling({**url, "DATABASE_CONNECTIONS": too_few}).problems == [
        f"DATABASE_CONNECTIONS={too_few}: at least {FEWEST_CONNECTIONS} connections are needed"]
    assert load_scaling({**url, "DATABASE_CONNECTIONS": "many"}).problems == [
        "DATABASE_CONNECTIONS='many' is not a whole number"]
    assert load_scaling({"DATABASE_CONNECTIONS": "20"}).problems == [
        "DATABASE_CONNECTIONS needs DATABASE_URL (SQLite opens one connection)"]
