"""The engine contract (bot.games.base) as Clans fulfils it."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest

from bot.games.base import GameEngine, IllegalAction
from bot.games.clans import ENGINE
from bot.games.registry import get_engine
from tests.clans.helpers import new_game

PACKAGE = Path(__file__).resolve().parents[2] / "bot" / "games" / "clans"


def test_registry_finds_the_engine_c_1_1() -> None:
    assert get_engine("clans") is ENGINE and isinstance(ENGINE, GameEngine)
    assert ENGINE.name == "clans" and ENGINE.schema_version == 1


def test_engine_imports_nothing_of_the_outside_world_c_2_2() -> None:
    for path in PACKAGE.glob("*.py"):
        text = path.read_text(encoding="utf-8")
        assert not re.search(r"^\s*(import|from)\s+(discord|PIL|sqlite3|aiosqlite|asyncio)\b",
                             text, re.M), path.name
        # Chance comes only from the generator handed to new_game (C-2.2).
        assert not re.search(r"\brandom\.(random|choice|choices|shuffle|sample|randint|seed)\(",
                             text), path.name


def test_apply_leaves_its_input_untouched_c_3_1() -> None:
    state = new_game(4, 9)
    rng = random.Random(9)
    while not state.over:
        before = json.dumps(ENGINE.state_to_json(state))
        outcome = ENGINE.apply(state, rng.choice(ENGINE.legal_actions(state, state.mover)))
        assert json.dumps(ENGINE.state_to_json(state)) == before
        state = outcome.state


def test_in_place_and_copying_paths_agree_c_3_1() -> None:
    rng_a, rng_b = random.Random(4), random.Random(4)
    copied, in_place = new_game(3, 4), new_game(3, 4)
    while not copied.over:
        outcome = ENGINE.apply(copied, rng_a.choice(ENGINE.legal_actions(copied, copied.mover)))
        events: list = []
        ENGINE.apply_in_place(in_place,
                              rng_b.choice(ENGINE.legal_actions(in_place, in_place.mover)), events)
        copied = outcome.state
        assert copied == in_place and events == outcome.events


def test_every_legal_action_is_accepted_and_the_default_is_legal_c_3_1() -> None:
    rng = random.Random(3)
    for seed in range(15):
        state = new_game(4, seed)
        while not state.over:
            seat = ENGINE.pending(state)[0]
            legal = ENGINE.legal_actions(state, seat)
            assert ENGINE.default_action(state, seat) == legal[0]
            for action in rng.sample(legal, min(5, len(legal))):
                ENGINE.apply(state, action)
            ENGINE.apply_in_place(state, ENGINE.default_action(state, seat))


def test_default_action_refuses_a_seat_not_awaited_c_2_4() -> None:
    state = new_game(2, 1)
    with pytest.raises(IllegalAction, match=r"C-2\.4"):
        ENGINE.default_action(state, 1 - state.mover)


def test_events_are_json_and_every_kind_has_a_line_c_4_2() -> None:
    kinds: set[str] = set()
    rng = random.Random(1)
    for seed in range(40):
        state = new_game(4, seed)
        players = list(state.players)
        while not state.over:
            outcome = ENGINE.apply(state, rng.choice(ENGINE.legal_actions(state, state.mover)))
            for event in outcome.events:
                json.dumps(event)
                line = ENGINE.describe(event, players)
                # One line each, but the end's: its reason, then a line per player that
                # ranks them (C-6.1 to C-6.3), the very lines the channel's result opens with.
                assert line and ("\n" not in line or event["type"] == "game_end")
                if "seat" in event and event["type"] != "village_unscored":
                    assert players[event["seat"]].name in line
                kinds.add(event["type"])
            state = outcome.state
    assert {"move", "order_asked", "order", "village", "epoch", "game_end"} <= kinds
    unscored = {"type": "village_unscored", "seat": 0, "territory": "A1"}
    line = ENGINE.describe(unscored, players)
    assert line == "A1 comes after the 12th village and does not score."
