"""The bot's web side: pages of games and servers, and the host's health check and
metrics."""
