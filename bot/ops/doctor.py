"""`python -m bot doctor`: is everything in place to run the bot?

Offline it checks the settings, the database (it opens, its migrations are current, it
passes SQLite's integrity check, every open game reloads and rebuilds from its log), the
backups and the board fonts. With a token it also logs in and checks the bot's permissions
where games are open (doctor_discord). It never changes the database: a schema that
needs migrations is checked on a copy.
"""

from __future__ import annotations

import asyncio
import os
import re
import sqlite3
import tempfile
import time
from pathlib import Path

from dotenv import dotenv_values

from bot.ops.backups import BACKUP_INTERVAL, daily_backups
from bot.ops.databases import (
    PostgresDatabase,
    daily_backup_refusal,
    pg_dump_and_server,
    takes_daily_backups,
    too_old,
)
from bot.ops.doctor_web import check_web
from bot.ops.findings import Finding, note, ok, problem
from bot.ops.logs import describe_error
from bot.ops.roll_call import check_processes
from bot.ops.settings import KNOWN, Settings, start_refusals
from bot.sharding import Scaling, load_scaling
from bot.store import GameRow, StateMismatch, Store, StoreError
from bot.store.backup import backup_database, file_schema_version, newest_schema
from bot.store.rows import OPEN_STATUSES

# A deadline this late was not missed by a busy clock: nobody handles deadlines.
OVERDUE_S = 15 * 60.0

MISSING_TOKEN = ("DISCORD_TOKEN is not set: put the token of your application's bot in .env "
                 "(README, 'Create the Discord application')")


# ---- settings ---------------------------------------------------------------------------

def _writable(path: Path) -> bool:
    """Whether `path` (a folder) exists and is writable, or could be created."""
    for folder in (path, *path.parents):
        if folder.exists():
            return folder.is_dir() and os.access(folder, os.W_OK | os.X_OK)
    return False


def check_settings(settings: Settings, scaling: Scaling, env_file: Path) -> list[Finding]:
    found: list[Finding] = []
    if env_file.is_file():
        unknown = sorted(k for k in dotenv_values(env_file) if k not in KNOWN)
        for key in unknown:
            found.append(problem("settings", f"{env_file} sets {key}, which the bot does not "
                                             f"read (a typo? known: {', '.join(KNOWN)})"))
        if not unknown:
            found.append(ok("settings", f"{env_file} holds only known settings"))
    else:
        found.append(note("settings", f"no {env_file} here: settings come from the "
                                      "environment alone"))
    found += [problem("settings", text) for text in start_refusals(settings, scaling)]
    token = settings.token
    if not token:
        found.append(problem("settings", MISSING_TOKEN))
    elif token.lower().startswith("bot ") or token.count(".") != 2 or " " in token:
        found.append(problem("settings", "DISCORD_TOKEN does not look like a bot token (three "
                                         "parts joined by dots, no 'Bot ' in front): copy it "
                                         "again from the Developer Portal, Bot page"))
    else:
        found.append(ok("settings", "DISCORD_TOKEN is set"))
    folders = {"DATABASE_PATH": settings.database_path.parent,
               "BACKUP_DIR": settings.backup_dir}
    if settings.log_file is not None:
        folders["LOG_FILE"] = settings.log_file.parent
    for key, folder in folders.items():
        if not _writable(folder):
            found.append(problem("settings", f"{key}: the folder {folder} cannot be written "
                                             "by this user"))
    return found


# ---- the database and its games -----------------------------------------------------------

def without_values(detail: str) -> str:
    """A mismatch report without the differing values (they may be a player's secrets)."""
    return re.sub(r" \(.* vs .*\)$", "", detail)


async def open_games(store: Store) -> list[GameRow]:
    games: list[GameRow] = []
    before: int | None = None
    while page := await store.games.list_games(status=OPEN_STATUSES, limit=500, before_id=before):
        games += page
        before = page[-1].id
    return games


async def check_games(store: Store, games: list[GameRow]) -> list[Finding]:
    found: list[Finding] = []
    for row in games:
        where = f"game {row.id} ({row.game}, {row.status}, channel {row.channel_id})"
        try:
            await store.actions.load(row.id, verify=True)
        except StateMismatch as exc:
            found.append(problem("games", f"{where} does not rebuild from its log: "
                                          f"{without_values(exc.detail)}"))
        except (StoreError, ValueError, KeyError, TypeError) as exc:
            found.append(problem("games", f"{where} cannot be loaded: {describe_error(exc)}"))
    failed = len(found)
    if len(games) > failed:
        found.insert(0, ok("games", f"{len(games) - failed} open games reload and rebuild "
                                    "from their logs"))
    elif not games:
        found.append(ok("games", "no open games"))
    return found


async def check_deadlines(store: Store, now: float) -> list[Finding]:
    """A deadline long past and not handled: no bot is running, or the one running cannot
    handle deadlines (its database refuses writes; its log says why)."""
    due = await store.deadlines.next_due_at()
    if due is None or now - due < OVERDUE_S:
        return [ok("deadlines", "no deadline is overdue")]
    late = (now - due) / 60
    return [problem("deadlines", f"a deadline is {late:.0f} minutes overdue: the running bot "
                                 "cannot handle deadlines (its log says why, e.g. a database "
                                 "refusing writes), or no bot is running; they are handled "
                                 "once it can")]


async def check_database(path: Path) -> tuple[list[Finding], list[GameRow]]:
    """Findings about the database at `path`, and its open games (for the Discord check)."""
    if not path.exists():
        return [note("database", f"no database at {path} yet: the bot creates it at its "
                                 "first start")], []
    try:
        version = file_schema_version(path)
    except StoreError as exc:
        return [problem("database", str(exc))], []
    newest = newest_schema()
    if version > newest:
        return [problem("database", f"{path} has schema {version}, this code knows up to "
                                    f"{newest}: run the newer version of the bot")], []
    with tempfile.TemporaryDirectory() as scratch:
        found: list[Finding] = []
        target = path
        if version < newest:
            target = Path(scratch) / "migrated.db"
            try:
                await asyncio.to_thread(backup_database, path, target)
            except StoreError as exc:
                return [problem("database", str(exc))], []
            found.append(note("database", f"schema {version}, this code has {newest}: the "
                                          "bot migrates at its next start, after a backup "
                                          "(the checks below ran on a migrated copy)"))
        try:
            store = await Store.open(target)
        except (StoreError, sqlite3.Error) as exc:
            what = "the migrations fail on a copy" if target != path else "cannot open it"
            return found + [problem("database", f"{path}: {what}: {describe_error(exc)}")], []
        # A migrated copy has no roll call of the processes running on the file.
        checked, games = await check_store(store, f"{path}", version,
                                           roll_call=target == path)
        return found + checked, games


async def check_store(store: Store, name: str, version: int, *,
                      roll_call: bool = True) -> tuple[list[Finding], list[GameRow]]:
    """Integrity and every open game of an opened store, and those games (for the
    Discord check); the store is closed afterwards."""
    try:
        damage = await store.integrity_check()
        found = [problem("database", f"{name} is damaged: {d}") for d in damage[:5]]
        if not damage:
            found.append(ok("database", f"{name} opens, schema {version}, integrity check "
                                        "passed"))
        games = await open_games(store)
        found += await check_games(store, games)
        found += await check_deadlines(store, time.time())
        if roll_call:
            found += check_processes(await store.processes.bot_processes(), time.time(),
                                     shared=store.dialect == "postgresql")
        return found, games
    finally:
        await store.close()


async def check_postgres(url: str, processes: int, each: int
                         ) -> tuple[list[Finding], list[GameRow]]:
    """The same checks on a shared PostgreSQL database, which the doctor does not migrate
    (the URL may hold a password, so it is not repeated); and that the server lets
    `processes` bot processes open every connection they may need (`each` at most)."""
    import asyncpg

    from bot.store.backends.postgres import current_version

    try:
        conn = await asyncpg.connect(url)
        try:
            version = await current_version(conn)
            allowed = await conn.fetchval(
                "SELECT current_setting('max_connections')::int "
                "- current_setting('superuser_reserved_connections')::int")
        finally:
            await conn.close()
    except (OSError, asyncpg.PostgresError) as exc:
        return [problem("database", f"PostgreSQL (DATABASE_URL): cannot connect: "
                                    f"{describe_error(exc)}")], []
    found = [check_connections(allowed, processes, each)]
    newest = newest_schema()
    if version > newest:
        return found + [problem("database", f"PostgreSQL has schema {version}, this code "
                                            f"knows up to {newest}: run the newer version of "
                                            "the bot")], []
    if version < newest:
        return found + [note("database", f"PostgreSQL has schema {version}, this code has "
                                         f"{newest}: the first process to start migrates it "
                                         "(games not checked)")], []
    store = await Store.open(url)
    checked, games = await check_store(store, "PostgreSQL (DATABASE_URL)", version)
    return found + checked, games


def check_connections(allowed: int, processes: int, each: int) -> Finding:
    """Connections are opened as the load asks for them: a server that allows too few
    refuses clicks at the busiest hour, not at start."""
    needed = processes * each
    who = "1 bot process" if processes == 1 else \
        f"{processes} bot processes (SHARD_COUNT shards, SHARD_IDS in each)"
    if needed > allowed:
        return problem("database", f"PostgreSQL allows {allowed} connections, but {who} may "
                                   f"open {needed} ({each} each): raise max_connections in "
                                   "the server's postgresql.conf, or lower "
                                   "DATABASE_CONNECTIONS in each process's .env")
    return ok("database", f"PostgreSQL allows {allowed} connections, enough for {who} "
                          f"({each} each at most)")


# ---- backups and fonts -----------------------------------------------------------------------

def check_backups(settings: Settings, now: float) -> list[Finding]:
    if settings.backup_keep == 0:
        return [note("backups", "daily backups are off (BACKUP_KEEP=0)")]
    found = daily_backups(settings.backup_dir)
    if not found:
        return [note("backups", f"no daily backup in {settings.backup_dir} yet: the running "
                                "bot writes one at start and then every day")]
    taken, newest = found[-1]
    age_days = (now - taken) / 86400
    text = f"{len(found)} daily backups, the newest {newest.name} ({age_days:.1f} days old)"
    if now - taken > 2 * BACKUP_INTERVAL:
        return [note("backups", text + ": none for more than two days; has the bot been "
                                       "stopped, or can it not write there?")]
    return [ok("backups", text)]


async def check_pg_backups(settings: Settings, scaling: Scaling, url: str,
                           now: float) -> list[Finding]:
    """pg_dump is there and new enough for the server, and, in the process that takes
    them, the daily backups."""
    refusal = daily_backup_refusal(settings, scaling)
    if refusal is not None:
        return [problem("backups", refusal)]
    database = PostgresDatabase(url, settings.pg_bin_dir)
    try:
        client, server = await pg_dump_and_server(database)
    except StoreError as exc:
        return [note("backups", f"`python -m bot backup` cannot back up {database.label}: "
                                f"{exc}")]
    why = too_old(client, server)
    if why is not None:
        return [problem("backups", f"{database.label}: {why}")]
    found = [ok("backups", f"pg_dump {client} can back up {database.label}")]
    if takes_daily_backups(settings, scaling):
        return found + check_backups(settings, now)
    if settings.backup_keep == 0:
        return found + [note("backups", "daily backups are off (BACKUP_KEEP=0)")]
    return found + [note("backups", "daily backups are taken by the process that holds "
                                    "shard 0, not this one")]


def check_fonts() -> list[Finding]:
    from rendering.common.fontfiles import cjk_collection, shipped_faces
    from rendering.common.text import FontStack

    found: list[Finding] = []
    faces = dict.fromkeys([*shipped_faces(bold=False), *shipped_faces(bold=True)])
    for face in faces:
        try:
            FontStack(face).font(0, 24)
        except OSError as exc:
            found.append(problem("fonts", f"{face.path} does not load: {describe_error(exc)}"))
    if not found:
        found.append(ok("fonts", f"the {len(faces)} font faces of the boards load"))
    if cjk_collection() is None:
        found.append(note("fonts", "Noto Sans CJK is not installed: Chinese, Japanese and "
                                   "Korean names use system fonts or show as '?'"))
    return found


# ---- all of it ------------------------------------------------------------------------------

async def run_doctor(settings: Settings, env_file: Path, *, online: bool = True
                     ) -> list[Finding]:
    scaling = load_scaling()
    findings = check_settings(settings, scaling, env_file)
    url = scaling.database_url
    games: list[GameRow] = []
    if scaling.problems:  # the bot does not start: which database it would use is unsure
        database = [note("database", "not checked: the bot refuses the settings above")]
    elif url is None:
        database, games = await check_database(settings.database_path)
    else:
        database, games = await check_postgres(url, scaling.processes,
                                               scaling.connections.total)
    findings += database
    if url is None and not scaling.problems:  # with problems, which database is unsure
        findings += check_backups(settings, time.time())
    elif url is not None:
        findings += await check_pg_backups(settings, scaling, url, time.time())
    findings += check_fonts()
    findings += await check_web(settings)
    if not online:
        findings.append(note("discord", "not checked (--offline)"))
    elif not settings.token:
        findings.append(note("discord", "not checked: no DISCORD_TOKEN"))
    else:
        from bot.ops.doctor_discord import check_discord

        findings += await check_discord(settings.token, games)
    return findings
