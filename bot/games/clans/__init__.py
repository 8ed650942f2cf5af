"""Leo Colovini's Clans: the pure rules engine (rules in the project's Clans rules file,
numbered C-1 to C-7)."""

from bot.games.clans.engine import ClansEngine
from bot.games.clans.rules import ClansState
from bot.games.clans.views import ClansPlayerView, ClansPublicView

ENGINE = ClansEngine()

__all__ = ["ENGINE", "ClansEngine", "ClansPlayerView", "ClansPublicView", "ClansState"]
