"""Backups of a PostgreSQL database (DATABASE_URL) with PostgreSQL's own client programs:
`pg_dump` in its custom format (`-Fc`, compressed, one file) and `pg_restore`.

The programs are found on PATH, or in the folder PG_BIN_DIR names. A dump is consistent
while the bot writes (pg_dump reads one snapshot); it is written next to its final name
and renamed into place only once pg_restore has read it back, so a half-written backup
never looks like a good one. A restore goes into an empty database only, in one
transaction: nothing is ever overwritten. The URL may hold a password: it is given to the
programs in their environment, never on their command line, and never repeated. These
functions block: the bot runs them in a thread.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from pathlib import Path
from urllib.parse import unquote, urlsplit, urlunsplit

from bot.store.errors import SchemaTooNew, StoreError

DUMP_SUFFIX = ".dump"
# The roll call of running processes is about the moment, not the games: not backed up.
NOT_BACKED_UP = ("bot_processes",)
INSTALL_HINT = ("install PostgreSQL's client programs (Debian and Ubuntu: the "
                "postgresql-client package), or name their folder in PG_BIN_DIR")


def find_program(name: str, bin_dir: Path | None) -> Path:
    """`pg_dump` or `pg_restore`: in `bin_dir` when given, else on PATH."""
    if bin_dir is not None:
        path = bin_dir / name
        if not (path.is_file() and os.access(path, os.X_OK)):
            raise StoreError(f"{name} is not in PG_BIN_DIR ({bin_dir})")
        return path
    found = shutil.which(name)
    if found is None:
        raise StoreError(f"{name} is not installed: {INSTALL_HINT}")
    return Path(found)


def client_major(program: Path) -> int:
    """The major version of a client program (`pg_dump (PostgreSQL) 15.20` is 15)."""
    said = _run(program, ["--version"])
    match = re.search(r"\)\s*(\d+)", said)
    if match is None:
        raise StoreError(f"{program} does not say its version: {' '.join(said.split())}")
    return int(match.group(1))


def database_label(url: str) -> str:
    """`PostgreSQL host:port/dbname`, without the user and the password."""
    parts = urlsplit(url)
    host = parts.hostname or "localhost"
    port = f":{parts.port}" if parts.port else ""
    return f"PostgreSQL {host}{port}/{unquote(parts.path.lstrip('/'))}"


def without_password(url: str) -> tuple[str, dict[str, str]]:
    """The URL without its password, and the environment that gives it to libpq."""
    parts = urlsplit(url)
    if parts.password is None:
        return url, {}
    user = f"{parts.username}@" if parts.username else ""
    host = parts.netloc.rpartition("@")[2]
    bare = urlunsplit((parts.scheme, user + host, parts.path, parts.query, parts.fragment))
    return bare, {"PGPASSWORD": unquote(parts.password)}


def _run(program: Path, args: list[str], extra_env: dict[str, str] | None = None) -> str:
    """Run a client program; its output, or StoreError with its complaint in one line."""
    env = {**os.environ, **(extra_env or {})}
    try:
        done = subprocess.run([str(program), *args], capture_output=True, text=True, env=env,
                              check=False)
    except OSError as exc:
        raise StoreError(f"{program.name} did not run: {exc.strerror or exc}") from exc
    if done.returncode != 0:
        said = " ".join(done.stderr.split()) or f"exit code {done.returncode}"
        raise StoreError(said)
    return done.stdout


def dump_schema_version(dump: Path, bin_dir: Path | None) -> int:
    """The schema version of the bot's database in a dump, read back by pg_restore (so a
    dump that reads is one it can restore). StoreError when it is not such a dump."""
    if not dump.is_file():
        raise StoreError(f"there is no backup at {dump}")
    pg_restore = find_program("pg_restore", bin_dir)
    try:
        text = _run(pg_restore, ["--data-only", "--table=store_schema", "--file=-", str(dump)])
    except StoreError as exc:
        raise StoreError(f"{dump} is not a PostgreSQL backup of the bot: {exc}") from exc
    lines = text.splitlines()
    start = next((n for n, line in enumerate(lines) if line.startswith("COPY ")), None)
    if start is None or start + 1 >= len(lines) or not lines[start + 1].isdigit():
        raise StoreError(f"{dump} is a PostgreSQL backup, but not of the bot's database")
    return int(lines[start + 1])


def dump_database(url: str, target: Path, bin_dir: Path | None) -> int:
    """Dump the database at `url` into `target` (replaced if it exists). Returns the
    dump's schema version."""
    pg_dump = find_program("pg_dump", bin_dir)
    target.parent.mkdir(parents=True, exist_ok=True)
    partial = target.with_name(target.name + ".partial")
    partial.unlink(missing_ok=True)
    bare, env = without_password(url)
    excluded = [f"--exclude-table-data={table}" for table in NOT_BACKED_UP]
    try:
        try:
            _run(pg_dump, ["--format=custom", *excluded, f"--file={partial}", bare], env)
        except StoreError as exc:
            raise StoreError(f"pg_dump of {database_label(url)} failed: {exc}") from exc
        version = dump_schema_version(partial, bin_dir)
        os.replace(partial, target)
    finally:
        partial.unlink(missing_ok=True)
    return version


def check_dump(dump: Path, bin_dir: Path | None, newest: int) -> int:
    """A backup is one this code can restore: a dump of the bot's database whose schema
    is at most `newest`. Returns its schema version."""
    version = dump_schema_version(dump, bin_dir)
    if version > newest:
        raise SchemaTooNew(version, newest)
    return version


def restore_dump(dump: Path, url: str, bin_dir: Path | None) -> None:
    """Restore `dump` (checked by `check_dump`) into the database at `url`, which must
    hold no tables (the caller checks). One transaction: on any error nothing is left."""
    pg_restore = find_program("pg_restore", bin_dir)
    bare, env = without_password(url)
    try:
        _run(pg_restore, ["--no-owner", "--no-privileges", "--single-transaction",
                          "--exit-on-error", f"--dbname={bare}", str(dump)], env)
    except StoreError as exc:
        raise StoreError(f"pg_restore into {database_label(url)} failed: {exc}") from exc
