"""The web pages the bot serves (`bot/web/app.py`): a page per game with its board, story
and every step since the start, a page per server with its tables and leaderboards, and
a player's private page behind a signed link. Only public views reach a public page."""
