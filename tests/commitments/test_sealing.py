"""Which games seal (bot/games/sealing.py): Doge through its own sealing.py, Clans and an
unknown game not at all; a sealing module that is broken is not taken for a missing one."""

from __future__ import annotations

import sys
import types

import pytest

from bot.games.doge import sealing as doge_sealing
from bot.games.sealing import sealing_of


def test_doge_seals_and_clans_does_not() -> None:
    assert sealing_of("doge") is doge_sealing.SEALING
    assert sealing_of("clans") is None
    assert sealing_of("chess") is None


def test_a_broken_sealing_module_is_reported(monkeypatch: pytest.MonkeyPatch) -> None:
    broken = types.ModuleType("bot.games.clans.sealing")
    monkeypatch.setitem(sys.modules, "bot.games.clans.sealing", broken)
    sealing_of.cache_clear()  # the answer is kept per process; this test changes it
    try:
        with pytest.raises(AttributeError):  # it exists but holds no SEALING
            sealing_of("clans")
    finally:
        sealing_of.cache_clear()
