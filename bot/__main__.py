"""`python -m bot` starts the bot; `python -m bot replay|demo …` are offline tools."""

from bot.cli import main

raise SystemExit(main())
