"""Command line: start the bot, replay a record, play a demo game."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from bot.games.record import RecordError, replay


def _replay(args: argparse.Namespace) -> int:
    try:
        record = json.loads(Path(args.record).read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as exc:
        print(f"cannot read {args.record}: {exc}", file=sys.stderr)
        return 2
    try:
        result = replay(record, at=args.at)
    except RecordError as exc:
        print(f"refused: {exc}", file=sys.stderr)
        return 1
    if args.events:
        names = result.players
        for index, events in enumerate(result.events):
            for event in events:
                print(f"[{index}] {result.engine.describe(event, names)}")
    else:
        view = result.engine.public_view(result.state, None)
        print(json.dumps(view.to_json(), indent=2, ensure_ascii=False))
    return 0


def _demo(args: argparse.Namespace) -> int:
    from bot.demo import play_demo

    path = play_demo(Path(args.out), seed=args.seed, images=not args.no_images)
    print(f"demo game written to {path}")
    return 0


def _run(_: argparse.Namespace) -> int:
    from bot.app import run_bot

    return run_bot()


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
    p_demo = sub.add_parser("demo", help="play a 4-player game between computer players")
    p_demo.add_argument("--out", default="demo-output")
    p_demo.add_argument("--seed", type=int, default=2026)
    p_demo.add_argument("--no-images", action="store_true")
    p_demo.set_defaults(func=_demo)
    sub.add_parser("run", help="start the Discord bot (the default)").set_defaults(func=_run)
    args = parser.parse_args(argv)
    return args.func(args) if hasattr(args, "func") else _run(args)
