"""Doge: the pure rules engine (see the rules D-1 … D-11)."""

from bot.games.doge.engine import DogeEngine
from bot.games.doge.state import DogeState
from bot.games.doge.view import PlayerView, PublicView

ENGINE = DogeEngine()

__all__ = ["ENGINE", "DogeEngine", "DogeState", "PlayerView", "PublicView"]
