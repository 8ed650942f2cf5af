"""Command line: start the bot, replay a record, play a demo game; doctor, backup and
restore for running it."""

from __future__ import annotations

import argparse
import json
import os
import stat
import sys
from pathlib import Path
from typing import Any

from bot.games.record import MAX_RECORD_BYTES, RecordError, replay
from bot.games.registry import GAMES
from bot.ops.commands import add_ops_commands

EVERY_GAME = "all"  # `demo --game`: one game of each registered kind
EVERY_GAME_BEFORE = "both"  # its name while the bot played two games, for old scripts


def _replay(args: argparse.Namespace) -> int:
    """Bad input is one line on stderr and a non-zero exit, never a traceback."""
    try:
        record = _read_json(Path(args.record))
    except _Unreadable as exc:
        return _refuse(f"cannot read {args.record}: {exc}", 2)
    try:
        result = replay(record, at=args.at)
    except RecordError as exc:
        return _refuse(f"refused: {exc}", 1)
    if args.events:
        lines = [f"[{index}] {result.engine.describe(event, result.players)}"
                 for index, events in enumerate(result.events) for event in events]
    else:
        view = result.engine.public_view(result.state, None)
        lines = [json.dumps(view.to_json(), indent=2, ensure_ascii=False)]
    try:
        print("\n".join(lines))
        sys.stdout.flush()
    except BrokenPipeError:  # `... --events | head` closed the pipe: nothing left to say
        sys.stdout = open(os.devnull, "w")  # the exit-time flush stays quiet
    return 0


def _verify(args: argparse.Namespace) -> int:
    """One line per problem found in the record's stack commitments, or one saying all
    check; exit 0 only when all do."""
    from bot.games.sealing import sealing_of, verify_record

    try:
        record = _read_json(Path(args.record))
    except _Unreadable as exc:
        return _refuse(f"cannot read {args.record}: {exc}", 2)
    try:
        result = verify_record(record)
    except RecordError as exc:
        return _refuse(f"refused: {exc}", 1)
    lines = result.lines()
    sealing = sealing_of(record["game"])
    if args.seals and result.ok and sealing is not None and sealing.seals is not None:
        lines += sealing.seals(record)  # to compare with the channel's 🔒 lines
    try:
        print("\n".join(lines))
        sys.stdout.flush()
    except BrokenPipeError:  # `... --seals | head` closed the pipe: nothing left to say
        sys.stdout = open(os.devnull, "w")
    return 0 if result.ok else 1


class _Unreadable(Exception):
    """A file that is no JSON document; the message says why, in one line."""


def _read_json(path: Path) -> Any:
    data = _read_record_bytes(path)
    try:
        text = data.decode("utf-8-sig")  # a byte-order mark is harmless
    except UnicodeDecodeError as exc:
        raise _Unreadable(f"not UTF-8 text (byte {data[exc.start]:#04x} at offset "
                          f"{exc.start})") from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise _Unreadable(f"not JSON: {exc.msg} (line {exc.lineno}, column {exc.colno})"
                          ) from None
    except (ValueError, RecursionError):  # a number of thousands of digits, deep nesting
        raise _Unreadable("not JSON this reader accepts (a huge number or deep nesting)"
                          ) from None


def _read_record_bytes(path: Path) -> bytes:
    """The file's bytes, if it is a regular file of at most MAX_RECORD_BYTES. Opened
    without blocking, so a FIFO or a device is refused instead of waited on or read
    without end (/dev/zero)."""
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except OSError as exc:
        raise _Unreadable(exc.strerror or type(exc).__name__) from None
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise _Unreadable("not a regular file")
        with os.fdopen(fd, "rb", closefd=False) as file:
            data = file.read(MAX_RECORD_BYTES + 1)
    except OSError as exc:
        raise _Unreadable(exc.strerror or type(exc).__name__) from None
    finally:
        os.close(fd)
    if len(data) > MAX_RECORD_BYTES:
        raise _Unreadable(f"larger than a game record may be "
                          f"({MAX_RECORD_BYTES // (1024 * 1024)} MiB)")
    return data


def _refuse(message: str, code: int) -> int:
    print(" ".join(message.split()), file=sys.stderr)
    return code


def _demo(args: argparse.Namespace) -> int:
    from bot.demo import demo_game
    from bot.i18n import speaking

    every = args.game in (EVERY_GAME, EVERY_GAME_BEFORE)
    for game in tuple(GAMES) if every else (args.game,):
        with speaking(args.language):  # the boards' words and captions
            demo = demo_game(Path(args.out), seed=args.seed, images=not args.no_images,
                             game=game)
        print(demo.line())
    return 0


def _run(_: argparse.Namespace) -> int:
    from bot.app import run_bot

    return run_bot()


def _migrate(args: argparse.Namespace) -> int:
    """Copy the SQLite database into PostgreSQL; one line for the outcome (the URL, which
    may hold a password, is never repeated)."""
    import asyncio

    from bot.app import load_environment
    from bot.ops.settings import load_settings
    from bot.store import StoreError
    from bot.store.transfer import migrate_file

    load_environment()
    source = Path(args.source) if args.source else load_settings().database_path
    try:
        report = asyncio.run(migrate_file(source, args.to))
    except (StoreError, OSError) as exc:
        return _refuse(f"migrate refused: {exc}", 1)
    print(report.summary())
    return 0


def _web(args: argparse.Namespace) -> int:
    """The web pages alone, on the bot's database (SQLite or PostgreSQL), so that the
    processes holding Discord's shards need not serve them."""
    import asyncio

    from bot.app import load_environment
    from bot.ops.logs import configure_logging
    from bot.ops.settings import load_settings
    from bot.sharding import load_scaling
    from bot.web.app import WebStartError, run_web_alone

    load_environment()
    settings, scaling = load_settings(), load_scaling()
    for problem in [*settings.problems, *scaling.problems]:
        print(f"bad setting: {problem}", file=sys.stderr)
    if settings.problems or scaling.problems:
        return 2
    port = args.port or settings.web_port
    if port is None or settings.web_base_url is None:
        return _refuse("python -m bot web needs WEB_PORT (or --port) and WEB_BASE_URL", 2)
    configure_logging(settings.log_level, settings.log_file)
    database = scaling.database_url or str(settings.database_path)
    try:
        asyncio.run(run_web_alone(database, port=port, base_url=settings.web_base_url,
                                  host=args.host or settings.web_host,
                                  secret=settings.web_secret))
    except WebStartError as exc:
        return _refuse(str(exc), 2)
    except KeyboardInterrupt:
        pass
    return 0


def _i18n(args: argparse.Namespace) -> int:
    from bot.i18n_catalogs import main as catalogs

    return catalogs([args.action, *args.parts])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bot", description=__doc__)
    sub = parser.add_subparsers(dest="command")
    p_replay = sub.add_parser("replay", help="print the public state of a game record")
    p_replay.add_argument("record", help="a game record (JSON)")
    p_replay.add_argument("--at", type=int, default=None,
                          help="stop after this many actions")
    p_replay.add_argument("--events", action="store_true",
                          help="print the event narrative instead of the state")
    p_replay.set_defaults(func=_replay)
    p_verify = sub.add_parser("verify", help="check the commitments a game record carries "
                              "to the values its game sealed")
    p_verify.add_argument("record", help="a game record (JSON)")
    p_verify.add_argument("--seals", action="store_true",
                          help="then each round's seal, to compare with the channel's")
    p_verify.set_defaults(func=_verify)
    p_demo = sub.add_parser("demo", help="play 4-player games between computer players")
    p_demo.add_argument("--out", default="demo-output",
                        help="the folder for the records and board images")
    p_demo.add_argument("--seed", type=int, default=2026,
                        help="the games' seed: the same seed plays the same games")
    shown = ",".join((*GAMES, EVERY_GAME))  # the old name works, unsaid
    p_demo.add_argument("--game", choices=(*GAMES, EVERY_GAME, EVERY_GAME_BEFORE),
                        default=EVERY_GAME, metavar=f"{{{shown}}}",
                        help="one game, or all of them (the default)")
    p_demo.add_argument("--no-images", action="store_true", help="write the records only")
    p_demo.add_argument("--language", choices=("en", "nl"), default="en",
                        help="the language of the board images (nl: Dutch)")
    p_demo.set_defaults(func=_demo)
    sub.add_parser("run", help="start the Discord bot (the default)").set_defaults(func=_run)
    p_migrate = sub.add_parser("migrate", help="copy the SQLite database into PostgreSQL")
    p_migrate.add_argument("--to", required=True, metavar="URL",
                           help="an empty PostgreSQL database: postgresql://...")
    p_migrate.add_argument("--from", dest="source", default=None, metavar="FILE",
                           help="the SQLite file (default: DATABASE_PATH)")
    p_migrate.set_defaults(func=_migrate)
    p_web = sub.add_parser("web", help="serve the web pages alone, on the bot's database")
    p_web.add_argument("--port", type=int, default=None, help="default: WEB_PORT")
    p_web.add_argument("--host", default=None, help="default: WEB_HOST, or 127.0.0.1")
    p_web.set_defaults(func=_web)
    p_i18n = sub.add_parser("i18n", help="update the translation catalogs from the code, "
                            "or check them")
    p_i18n.add_argument("action", choices=("update", "check"))
    p_i18n.add_argument("parts", nargs="*", help="catalogs (default: all)")
    p_i18n.set_defaults(func=_i18n)
    add_ops_commands(sub)
    args = parser.parse_args(argv)
    return args.func(args) if hasattr(args, "func") else _run(args)
