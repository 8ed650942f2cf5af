"""Starting the Discord bot from `.env`."""

from __future__ import annotations

import os
import sys

from dotenv import load_dotenv

MISSING_TOKEN = ("DISCORD_TOKEN is not set: copy .env.example to .env and put your bot's "
                 "token in it (see README, 'Create the Discord application').")


def run_bot() -> int:
    load_dotenv(".env")  # the working directory's, also when the bot is pip-installed
    token = os.environ.get("DISCORD_TOKEN", "").strip()
    if not token:
        print(MISSING_TOKEN, file=sys.stderr)
        return 2
    from bot.discord_app import start

    return start(token)
