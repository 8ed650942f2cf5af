"""Running the bot for months: settings, logging, start-up and shutdown, backups and the
`python -m bot doctor` checks. Nothing here knows a game's rules."""
