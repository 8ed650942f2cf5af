"""Engines by name, so game-agnostic code (store, tables, replay) can find them."""

from __future__ import annotations

from bot.games.base import GameEngine


def get_engine(name: str) -> GameEngine:
    if name == "doge":
        from bot.games.doge import ENGINE

        return ENGINE
    if name == "clans":
        from bot.games.clans import ENGINE as CLANS

        return CLANS
    raise KeyError(f"unknown game {name!r}")


GAMES = ("doge", "clans")
