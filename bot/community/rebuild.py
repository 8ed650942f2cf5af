"""`python -m bot ratings --rebuild`: every rating recomputed from the finished games, in
the order they finished, on the database the bot uses (DATABASE_URL, else the SQLite
file). Safe while the bot runs: the rebuild is one transaction."""

from __future__ import annotations

import asyncio
import sys

from bot.ops.settings import Settings
from bot.store.errors import StoreError


def rebuild_ratings(settings: Settings) -> int:
    from bot.sharding import load_scaling

    url = load_scaling().database_url
    target = url or settings.database_path
    if url is None and not settings.database_path.is_file():
        print(f"ratings refused: there is no database at {target}", file=sys.stderr)
        return 1
    try:
        summary = asyncio.run(_rebuild(str(target)))
    except (StoreError, OSError) as exc:
        print(f"ratings refused: {exc}", file=sys.stderr)
        return 1
    print(summary)
    return 0


async def _rebuild(target: str) -> str:
    from bot.store import Store

    async with await Store.open(target) as store:
        report = await store.ratings.rebuild()
    return report.summary()
