"""The bot's settings, read from the environment (which `.env` fills), checked once.

Every setting is parsed here, so the bot at start-up and `python -m bot doctor` agree on
what a value means and on what is wrong with it.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING
from urllib.parse import urlsplit

if TYPE_CHECKING:
    from bot.sharding import Scaling

DEFAULT_DATABASE = "data/games.db"
DEFAULT_BACKUP_KEEP = 7
LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR")
MAX_PORT = 65535

# Every setting the bot reads, with what it means: doctor names unknown keys of `.env`
# (a typo would otherwise silently leave the default in force).
KNOWN = {
    "DISCORD_TOKEN": "the bot's token",
    "DATABASE_PATH": "the SQLite file of the games",
    "DEV_GUILD_ID": "a server to sync slash commands to at once",
    "BACKUP_DIR": "where backups are written",
    "BACKUP_KEEP": "how many daily backups are kept",
    "LOG_FILE": "a log file besides standard output",
    "LOG_LEVEL": "how much is logged",
    "CONNECT_RETRIES": "how often to try to reach Discord at start-up",
    "PG_BIN_DIR": "the folder of pg_dump and pg_restore, for PostgreSQL's backups",
    # Several processes (read by bot/sharding.py).
    "DATABASE_URL": "a PostgreSQL database shared by several processes",
    "SHARD_COUNT": "how many Discord shards the bot has in all",
    "SHARD_IDS": "the shards this process holds",
    "DATABASE_CONNECTIONS": "the most connections this process opens to PostgreSQL",
    # Computer players that search (read by bot/tables/ai_pool.py).
    "AI_PROCESSES": "worker processes for the strong computer players",
    "AI_QUEUE": "searches that may wait for a worker",
    # The web pages (bot/web/).
    "WEB_PORT": "the port the bot serves the web pages, the health check and the metrics on",
    "WEB_HOST": "the address the web pages are served on",
    "WEB_BASE_URL": "the address the web pages are reached at, for the links",
    "WEB_SECRET": "the key that signs private page links",
}


@dataclass(frozen=True)
class Settings:
    token: str = ""
    database_path: Path = Path(DEFAULT_DATABASE)
    dev_guild_id: int | None = None
    backup_dir: Path = Path(DEFAULT_DATABASE).parent / "backups"
    backup_keep: int = DEFAULT_BACKUP_KEEP  # 0: no daily backups
    log_file: Path | None = None
    log_level: int = logging.INFO
    connect_retries: int = 0  # 0: keep trying
    pg_bin_dir: Path | None = None  # pg_dump and pg_restore; None: found on PATH
    web_port: int | None = None  # None: this process serves no pages
    web_host: str = "127.0.0.1"  # behind the host's reverse proxy
    web_base_url: str | None = None  # None: no links to pages; no trailing slash
    web_secret: str | None = None  # None: a key made once and kept in the database
    problems: list[str] = field(default_factory=list)  # one line each; empty when valid


def load_settings(environ: Mapping[str, str] | None = None) -> Settings:
    """The settings of `environ` (default: the process environment). Bad values are
    listed in `problems` and replaced by their defaults, so every problem is found at once."""
    env = os.environ if environ is None else environ
    problems: list[str] = []

    def text(key: str) -> str:
        return env.get(key, "").strip()

    def number(key: str, default: int, *, minimum: int) -> int:
        raw = text(key)
        if not raw:
            return default
        if not raw.isdigit() or int(raw) < minimum:
            problems.append(f"{key}={raw!r} is not a whole number of at least {minimum}")
            return default
        return int(raw)

    database = Path(text("DATABASE_PATH") or DEFAULT_DATABASE)
    guild = text("DEV_GUILD_ID")
    if guild and not guild.isdigit():
        problems.append(f"DEV_GUILD_ID={guild!r} is not a server id (digits only)")
    bin_dir = Path(text("PG_BIN_DIR")) if text("PG_BIN_DIR") else None
    if bin_dir is not None and not bin_dir.is_dir():
        problems.append(f"PG_BIN_DIR={str(bin_dir)!r} is not a folder")
    level_name = text("LOG_LEVEL").upper() or "INFO"
    if level_name not in LOG_LEVELS:
        problems.append(f"LOG_LEVEL={text('LOG_LEVEL')!r} is not one of {', '.join(LOG_LEVELS)}")
        level_name = "INFO"
    web_port = text("WEB_PORT")
    if web_port and not (web_port.isdigit() and 0 < int(web_port) <= MAX_PORT):
        problems.append(f"WEB_PORT={web_port!r} is not a port (a whole number from 1 to "
                        f"{MAX_PORT})")
    base_url = text("WEB_BASE_URL").rstrip("/")
    if base_url and (why := base_url_problem(base_url)) is not None:
        # A URL with a password in it is not repeated (it would reach the log).
        shown = "" if "@" in base_url else f"={text('WEB_BASE_URL')!r}"
        problems.append(f"WEB_BASE_URL{shown} {why}")
        base_url = ""
    return Settings(
        token=text("DISCORD_TOKEN"),
        database_path=database,
        dev_guild_id=int(guild) if guild.isdigit() else None,
        backup_dir=Path(text("BACKUP_DIR")) if text("BACKUP_DIR") else database.parent / "backups",
        backup_keep=number("BACKUP_KEEP", DEFAULT_BACKUP_KEEP, minimum=0),
        log_file=Path(text("LOG_FILE")) if text("LOG_FILE") else None,
        log_level=getattr(logging, level_name),
        connect_retries=number("CONNECT_RETRIES", 0, minimum=0),
        pg_bin_dir=bin_dir,
        web_port=int(web_port) if web_port.isdigit() and 0 < int(web_port) <= MAX_PORT
        else None,
        web_host=text("WEB_HOST") or "127.0.0.1",
        web_base_url=base_url or None,
        web_secret=text("WEB_SECRET") or None,
        problems=problems,
    )


def base_url_problem(url: str) -> str | None:
    """What keeps `url` from being the address the pages' links start with; None if
    nothing (`https://games.example.org`, or a folder of it: `https://example.org/games`)."""
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.hostname:
        return "is not an absolute http:// or https:// address (e.g. https://games.example.org)"
    if parts.query or parts.fragment or "?" in url or "#" in url:
        return "has a ?query or #fragment: give only the address the pages are under"
    if parts.username is not None or parts.password is not None:
        return "holds a user name or password: links show it to every player"
    if "//" in parts.path:
        return "has an empty folder (//) in its path"
    try:
        parts.port  # noqa: B018 - raises on a port that is not a number or too large
    except ValueError:
        return "has a port that is not a number from 1 to 65535"
    return None


def start_refusals(settings: Settings, scaling: Scaling) -> list[str]:
    """What keeps the bot from starting, one line each. The bot refuses to start on any
    of them and the doctor reports each as a problem: the two never disagree."""
    return [*settings.problems, *scaling.problems]
