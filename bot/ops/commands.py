"""The operator's subcommands of `python -m bot`: doctor, backup, restore and ratings."""

from __future__ import annotations

import argparse
import asyncio
import sys
import time
from pathlib import Path

from bot.ops.backups import stamp
from bot.ops.findings import exit_code, summary
from bot.ops.settings import Settings, load_settings
from bot.store.errors import StoreError

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


def _backup(args: argparse.Namespace) -> int:
    from bot.store.backup import backup_database

    database = _settings().database_path
    target = Path(args.path)
    if target.is_dir():
        target = target / f"{database.stem}-{stamp(time.time())}.db"
    try:
        version = backup_database(database, target)
    except (StoreError, OSError) as exc:
        print(f"backup failed: {exc}", file=sys.stderr)
        return 1
    print(f"backed up {database} to {target} (schema {version})")
    return 0


def _restore(args: argparse.Namespace) -> int:
    from bot.store.backup import restore_database

    database = _settings().database_path
    aside = database.with_name(f"{database.name}.replaced-{stamp(time.time())}")
    try:
        replaced = restore_database(Path(args.backup), database, aside)
    except (StoreError, OSError) as exc:
        print(f"restore refused: {exc}", file=sys.stderr)
        return 1
    kept = f"; the database it replaced is kept as {replaced}" if replaced else ""
    print(f"restored {args.backup} to {database}{kept}. Check it with `python -m bot doctor`, "
          "then start the bot.")
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
    p_backup = sub.add_parser("backup", help="copy the database (safe while the bot runs)")
    p_backup.add_argument("path", help="the backup file, or a folder to put it in")
    p_backup.set_defaults(func=_backup)
    p_restore = sub.add_parser("restore", help="put a backup in place of the database "
                                               "(stop the bot first)")
    p_restore.add_argument("backup", help="a backup file")
    p_restore.set_defaults(func=_restore)
    p_ratings = sub.add_parser("ratings", help="the players' ratings")
    p_ratings.add_argument("--rebuild", action="store_true",
                           help="recompute every rating from the finished games")
    p_ratings.set_defaults(func=_ratings)
