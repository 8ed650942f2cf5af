"""Running as one of several processes: which database they share and which of Discord's
shards this process holds.

- DATABASE_URL: a `postgresql://` URL; several processes, on several machines, may share
  it. Empty: the SQLite file of DATABASE_PATH, for one process.
- SHARD_COUNT: how many shards the bot has in all. Empty: Discord's recommended count.
- SHARD_IDS: the shards this process holds, e.g. `0,1` (needs SHARD_COUNT). Empty: all.
- DATABASE_CONNECTIONS: the most connections this process opens to PostgreSQL. Empty: 33.

Discord sends a server's events to shard `(server id >> 22) % SHARD_COUNT`, so each
process answers the servers of its shards; deadlines and reminders are shared out
between the processes through the database.
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from bot.store.backends.postgres import DEFAULT_CONNECTIONS, URL_SCHEMES, Connections


@dataclass(frozen=True)
class Scaling:
    database_url: str | None = None  # None: the SQLite file
    shard_count: int | None = None  # None: Discord's recommendation
    shard_ids: list[int] | None = None  # None: every shard
    connections: Connections = DEFAULT_CONNECTIONS  # to PostgreSQL, from this process
    problems: list[str] = field(default_factory=list)  # one line each

    @property
    def processes(self) -> int:
        """How many bot processes share the database, if each holds as many shards as
        this one (one, when this process holds them all)."""
        if self.shard_count is None or not self.shard_ids:
            return 1
        return -(-self.shard_count // len(self.shard_ids))

    @property
    def syncs_commands(self) -> bool:
        """Slash commands are registered once, by the process that holds shard 0."""
        return self.shard_ids is None or 0 in self.shard_ids


def shard_of(guild_id: int, shard_count: int) -> int:
    """The shard Discord sends a server's events to."""
    return (guild_id >> 22) % shard_count


def holds(guild_id: int | None, shard_count: int | None,
          shard_ids: Sequence[int] | None) -> bool:
    """Whether a process holding `shard_ids` of `shard_count` answers the server (a game
    outside any server goes with shard 0). None: every shard is held here."""
    if not shard_ids or not shard_count:
        return True
    return (0 if guild_id is None else shard_of(guild_id, shard_count)) in shard_ids


def load_scaling(environ: Mapping[str, str] | None = None) -> Scaling:
    env = os.environ if environ is None else environ
    problems: list[str] = []
    url = env.get("DATABASE_URL", "").strip() or None
    if url is not None and not url.startswith(URL_SCHEMES):
        # The value may hold a password: it is not repeated.
        problems.append("DATABASE_URL is not a postgresql:// URL")
        url = None
    count_text = env.get("SHARD_COUNT", "").strip()
    count = None
    if count_text:
        if count_text.isdigit() and int(count_text) >= 1:
            count = int(count_text)
        else:
            problems.append(f"SHARD_COUNT={count_text!r} is not a whole number of at least 1")
    ids_text = env.get("SHARD_IDS", "").strip()
    ids = None
    if ids_text:
        parts = ids_text.replace(",", " ").split()
        if not all(p.isdigit() for p in parts):
            problems.append(f"SHARD_IDS={ids_text!r} is not a list of shard numbers, e.g. 0,1")
        elif count is None:
            problems.append("SHARD_IDS needs SHARD_COUNT (how many shards there are in all)")
        elif any(int(p) >= count for p in parts) or len(set(parts)) != len(parts):
            problems.append(f"SHARD_IDS={ids_text!r} must name different shards "
                            f"from 0 to {count - 1}")
        else:
            ids = sorted(int(p) for p in parts)
    connections = _connections(env.get("DATABASE_CONNECTIONS", "").strip(), url, problems)
    return Scaling(database_url=url, shard_count=count, shard_ids=ids,
                   connections=connections, problems=problems)


def _connections(text: str, url: str | None, problems: list[str]) -> Connections:
    if not text:
        return DEFAULT_CONNECTIONS
    if url is None:
        problems.append("DATABASE_CONNECTIONS needs DATABASE_URL (SQLite opens one "
                        "connection)")
    elif not text.isdigit():
        problems.append(f"DATABASE_CONNECTIONS={text!r} is not a whole number")
    else:
        try:
            return Connections.at_most(int(text))
        except ValueError as exc:
            problems.append(f"DATABASE_CONNECTIONS={text}: {exc}")
    return DEFAULT_CONNECTIONS
