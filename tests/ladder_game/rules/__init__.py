"""Ladder's rules (L-1 to L-3 in ../README.md): the engine the registry finds as `ENGINE`."""

from tests.ladder_game.rules.engine import LadderEngine, LadderState, LadderView

ENGINE = LadderEngine()

__all__ = ["ENGINE", "LadderEngine", "LadderState", "LadderView"]
