"""Starting the Discord bot from `.env`."""

from __future__ import annotations

import sys

from dotenv import load_dotenv

from bot.ops.permissions import PERMISSIONS, permissions_value
from bot.ops.running import EXIT_CONFIG
from bot.ops.settings import load_settings, start_refusals
from bot.sharding import load_scaling

MISSING_TOKEN = ("DISCORD_TOKEN is not set: copy .env.example to .env and put your bot's "
                 "token in it (see README, 'Create the Discord application'; invite the bot "
                 "with the scopes bot and applications.commands and the permissions "
                 f"{', '.join(p.label for p in PERMISSIONS)}: integer {permissions_value()}).")


def load_environment() -> None:
    """Fill the environment from `.env` (values already set, e.g. by systemd, win)."""
    load_dotenv(".env")  # the working directory's, also when the bot is pip-installed


def run_bot() -> int:
    load_environment()
    settings = load_settings()
    scaling = load_scaling()
    refusals = start_refusals(settings, scaling)
    for problem in refusals:
        print(f"bad setting: {problem}", file=sys.stderr)
    if refusals:
        return EXIT_CONFIG
    if not settings.token:
        print(MISSING_TOKEN, file=sys.stderr)
        return EXIT_CONFIG
    from bot.ops.databases import daily_backup_refusal

    refusal = daily_backup_refusal(settings, scaling)
    if refusal is not None:
        print(refusal, file=sys.stderr)
        return EXIT_CONFIG
    from bot.discord_app import start

    return start(settings.token)
