"""The operator's subcommands of `python -m bot`: doctor, backup, restore and ratings."""

from __future__ import annotations

import argparse
import asyncio
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING

from bot.ops.backups import stamp
from bot.ops.findings import exit_code, summary
from bot.ops.settings import Settings, load_settings, start_refusals
from bot.store.errors import StoreError

if TYPE_CHECKING:
    from bot.ops.databases import Database

ENV_FILE = Path(".env")


def _settings() -> Settings:
    from bot.app import load_environment

    load_environment()
    return load_settings()


def _doctor(args: argparse.Namespace) -> int:
    from bot.ops.doctor import run_doctor

    findings = asyncio.run(run_doctor(_settings(), ENV_FILE, online=not args.offline))
    for finding in findings:
        print(finding.line())
    print(summary(findings))
    return exit_code(findings)


def _database() -> Database | None:
    """The database of the settings; None, once the bad settings are said, for bad ones."""
    from bot.ops.databases import configured_database
    from bot.sharding import load_scaling

    settings, scaling = _settings(), load_scaling()
    refusals = start_refusals(settings, scaling)
    for refusal in refusals:
        print(f"bad setting: {refusal}", file=sys.stderr)
    return None if refusals else configured_database(settings, scaling)


def _backup(args: argparse.Namespace) -> int:
    database = _database()
    if database is None:
        return 2
    target = Path(args.path)
    if target.is_dir():
        target = target / f"{database.stem}-{stamp(time.time())}{database.suffix}"
    try:
        version = database.back_up(target)
    except (StoreError, OSError) as exc:
        print(f"backup of {database.label} failed: {exc}", file=sys.stderr)
        return 1
    print(f"backed up {database.label} to {target} (schema {version})")
    return 0


def _restore(args: argparse.Namespace) -> int:
    database = _database()
    if database is None:
        return 2
    try:
        done = database.restore(Path(args.backup), f"replaced-{stamp(time.time())}")
    except (StoreError, OSError) as exc:
        print(f"restore into {database.label} refused: {exc}", file=sys.stderr)
        return 1
    print(f"{done}. Check it with `python -m bot doctor`, then start the bot.")
    return 0


def _ratings(args: argparse.Namespace) -> int:
    from bot.community.rebuild import rebuild_ratings

    if not args.rebuild:
        print("ratings: say what to do (--rebuild)", file=sys.stderr)
        return 2
    return rebuild_ratings(_settings())


def add_ops_commands(sub: argparse._SubParsersAction) -> None:
    p_doctor = sub.add_parser("doctor", help="check settings, database, fonts and the bot's "
                                             "Discord permissions")
    p_doctor.add_argument("--offline", action="store_true",
                          help="skip logging in to Discord")
    p_doctor.set_defaults(func=_doctor)
    p_backup = sub.add_parser("backup", help="copy the database, SQLite or PostgreSQL (safe "
                                             "while the bot runs)")
    p_backup.add_argument("path", help="the backup file, or a folder to put it in")
    p_backup.set_defaults(func=_backup)
    p_restore = sub.add_parser("restore", help="put a backup in place of the SQLite file (stop "
                                               "the bot first), or into an empty PostgreSQL "
                                               "database")
    p_restore.add_argument("backup", help="a backup file")
    p_restore.set_defaults(func=_restore)
    p_ratings = sub.add_parser("ratings", help="the players' ratings")
    p_ratings.add_argument("--rebuild", action="store_true",
                           help="recompute every rating from the finished games")
    p_ratings.set_defaults(func=_ratings)
