"""Bids's rules (B-1 to B-4 in ../README.md): the engine the registry finds as `ENGINE`."""

from tests.plugin_game.rules.engine import BidsEngine, BidsState, BidsView

ENGINE = BidsEngine()

__all__ = ["ENGINE", "BidsEngine", "BidsState", "BidsView"]
