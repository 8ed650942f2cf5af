"""Moving the games from an SQLite file into PostgreSQL (`python -m bot migrate --to URL`).

Both databases are first brought to the newest schema by their own migrations, so every
table has the same columns on both sides; the rows are then copied table by table,
parents first, in one PostgreSQL transaction. Last, every game is loaded from both and
must be the same game: status, version, seats, the state itself, and a rebuild of the
copy from its seed and log. Any failure leaves the target empty; the SQLite file is only
read (and brought to the newest schema, as the bot would).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from bot.store.backends.postgres import is_postgres_url
from bot.store.backends.sql import fetch_all, fetch_one
from bot.store.checks import first_difference
from bot.store.errors import StoreError
from bot.store.rows import normalized
from bot.store.store import Store

# Parents before children, so every foreign key finds its row; tables that later
# migrations add are copied after these (`tables_of`), so they must refer only to these.
TABLES = ("guild_settings", "games", "seats", "actions", "snapshots", "deadlines",
          "bot_messages", "audit_log", "user_prefs")
# The processes running on the SQLite file are not those that will run on PostgreSQL.
NOT_COPIED = ("bot_processes",)
CHUNK = 500


@dataclass
class TransferReport:
    rows: dict[str, int] = field(default_factory=dict)
    games_checked: int = 0

    def summary(self) -> str:
        copied = ", ".join(f"{n} {table}" for table, n in self.rows.items() if n)
        return (f"copied {copied or 'nothing'}; all {self.games_checked} games reload to the "
                "same state")


async def copy_database(source: Store, target: Store) -> TransferReport:
    """Copy every row of `source` (SQLite) into `target` (an empty PostgreSQL database)
    and check every game. StoreError (one line) when the target is not empty or a game
    does not come out the same."""
    if target.dialect != "postgresql" or source.dialect != "sqlite":
        raise StoreError("migrate copies an SQLite database into PostgreSQL")
    async with target._db.reading() as conn:
        held = await fetch_one(conn, "SELECT count(*) AS n FROM games")
    if held is not None and held["n"]:
        raise StoreError(f"the PostgreSQL database already holds {held['n']} games; "
                         "migrate into an empty one")
    report = TransferReport()
    tables = await tables_of(source)
    async with source._db.reading() as read, target._db.transaction() as write:
        for table in tables:
            rows = await fetch_all(read, f"SELECT * FROM {table}")
            report.rows[table] = len(rows)
            if not rows:
                continue
            columns = [c for c in rows[0].keys() if c not in ("claimed_by", "claimed_until")]
            insert = (f"INSERT INTO {table} ({', '.join(columns)}) "
                      f"VALUES ({', '.join('?' * len(columns))})")
            for start in range(0, len(rows), CHUNK):
                await write.executemany(
                    insert, [[row[c] for c in columns] for row in rows[start:start + CHUNK]])
            if "id" in columns:
                # Rows numbered by the database keep their numbers; the next new row
                # follows them (setval of no sequence is a no-op).
                await write.execute(
                    f"SELECT setval(pg_get_serial_sequence('{table}', 'id'), "
                    f"coalesce((SELECT max(id) FROM {table}), 0) + 1, false)")
    try:
        report.games_checked = await _check_games(source, target)
    except StoreError:
        # The copy is not the same game: leave the target as empty as it was.
        async with target._db.transaction() as write:
            await write.execute(f"TRUNCATE {', '.join(tables)} RESTART IDENTITY")
        raise
    return report


async def tables_of(source: Store) -> list[str]:
    """Every table of the SQLite schema but the roll call: the known parents first, then
    the others by name."""
    async with source._db.reading() as conn:
        rows = await fetch_all(conn, "SELECT name FROM sqlite_master WHERE type = 'table' "
                                     "AND name NOT LIKE 'sqlite_%' ORDER BY name")
    names = {row["name"] for row in rows} - set(NOT_COPIED)
    return [t for t in TABLES if t in names] + sorted(names - set(TABLES))


async def migrate_file(source: Path, url: str) -> TransferReport:
    """`copy_database` from the SQLite file `source` into the database at `url`."""
    if not is_postgres_url(url):
        raise StoreError("--to must be a postgresql:// URL")
    if not source.is_file():
        raise StoreError(f"there is no database at {source}")
    old = await Store.open(source)
    try:
        new = await Store.open(url)
        try:
            return await copy_database(old, new)
        finally:
            await new.close()
    finally:
        await old.close()


async def _check_games(source: Store, target: Store) -> int:
    checked = 0
    before_id = None
    while games := await source.games.list_games(limit=500, before_id=before_id):
        for row in games:
            await _same_game(source, target, row.id)
            checked += 1
        before_id = games[-1].id
    return checked


async def _same_game(source: Store, target: Store, game_id: int) -> None:
    old = await source.actions.load(game_id)
    new = await target.actions.load(game_id)
    if (new.row, new.seats) != (old.row, old.seats):
        raise StoreError(f"game {game_id} does not come out the same (its row or seats)")
    if old.state is None:
        return  # a lobby
    where = first_difference(normalized(new.engine.state_to_json(new.state)),
                             normalized(old.engine.state_to_json(old.state)))
    if where is not None:
        raise StoreError(f"game {game_id} does not reload to the same state (at {where})")
    await target.checks.verify_game(game_id, from_scratch=True)  # StateMismatch if not
