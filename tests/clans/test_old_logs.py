"""Games logged by older releases still pass the store's rebuild check (doctor,
`migrate`): Clans events that changed form only are told apart from a changed game."""

from __future__ import annotations

import json
import random
import sqlite3
from pathlib import Path

import pytest

from bot.games.clans import ENGINE
from bot.store import StateMismatch, Store
from tests.clans.helpers import players

# Random play from this seed ends with no move left right after the 11th village, whose
# chip closes epoch IV (C-5.1, C-6.1).
SEED = 85


async def test_an_epoch_logged_just_before_the_end_still_rebuilds_c_6_1(
        tmp_path: Path) -> None:
    """Until an epoch that never begins went untold, the last move's log said "Epoch V
    begins" before the game's end: such a log rebuilds; a changed one still fails."""
    db = tmp_path / "games.db"
    store = await Store.open(db)
    try:
        game = await store.games.create_game("clans", guild_id=1, channel_id=600,
                                             players=players(2), user_ids=[101, 102], seed=SEED)
        rng = random.Random(SEED)
        while not ENGINE.is_over(game.state):
            action = rng.choice(ENGINE.legal_actions(game.state, game.state.mover))
            await store.actions.submit(game.id, action, expected_version=game.version)
            game = await store.actions.load(game.id)
        last = (await store.actions.log(game.id))[-1]
        assert [e["type"] for e in last.events] == ["move", "village", "game_end"]
        assert last.events[1]["chip"] == 11 and last.events[-1]["reason"] == "no_moves"
        old_form = [*last.events[:-1], {"type": "epoch", "epoch": 5}, last.events[-1]]

        def log_as(events: list[dict]) -> None:  # as an older release wrote it
            with sqlite3.connect(db) as conn:
                conn.execute("DROP TRIGGER IF EXISTS actions_append_only_update")
                conn.execute("UPDATE actions SET events = ? WHERE game_id = ? AND seq = ?",
                             (json.dumps(events), game.id, last.seq))

        log_as(old_form)
        await store.checks.verify_game(game.id, from_scratch=True)
        log_as([e for e in old_form if e["type"] != "village"])
        with pytest.raises(StateMismatch, match="replays with other events"):
            await store.checks.verify_game(game.id, from_scratch=True)
        log_as([*old_form[:-1], {"type": "epoch", "epoch": 4}, old_form[-1]])
        with pytest.raises(StateMismatch, match="replays with other events"):
            await store.checks.verify_game(game.id, from_scratch=True)
    finally:
        await store.close()


async def test_villages_logged_before_they_named_what_cut_them_off_still_rebuild_c_4_1(
        tmp_path: Path) -> None:
    """Until a village away from the moved huts named the territory the move emptied
    (`emptied`), no village did: such a log rebuilds; a wrong territory still fails."""
    db = tmp_path / "games.db"
    store = await Store.open(db)
    try:
        game = await store.games.create_game("clans", guild_id=1, channel_id=600,
                                             players=players(2), user_ids=[101, 102], seed=SEED)
        rng = random.Random(SEED)
        while True:  # random play up to a village away from the huts (C-4.1)
            action = rng.choice(ENGINE.legal_actions(game.state, game.state.mover))
            await store.actions.submit(game.id, action, expected_version=game.version)
            game = await store.actions.load(game.id)
            entry = (await store.actions.log(game.id))[-1]
            if any("emptied" in e for e in entry.events):
                break
        assert not ENGINE.is_over(game.state)

        def log_as(events: list[dict]) -> None:  # as an older release wrote it
            with sqlite3.connect(db) as conn:
                conn.execute("DROP TRIGGER IF EXISTS actions_append_only_update")
                conn.execute("UPDATE actions SET events = ? WHERE game_id = ? AND seq = ?",
                             (json.dumps(events), game.id, entry.seq))

        log_as([{k: v for k, v in e.items() if k != "emptied"} for e in entry.events])
        await store.checks.verify_game(game.id, from_scratch=True)
        log_as([{**e, "emptied": e["territory"]} if "emptied" in e else e
                for e in entry.events])
        with pytest.raises(StateMismatch, match="replays with other events"):
            await store.checks.verify_game(game.id, from_scratch=True)
    finally:
        await store.close()
