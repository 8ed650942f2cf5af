"""A Clans game record replays through `python -m bot replay` like a Doge one."""

from __future__ import annotations

import json
import random

from bot.cli import main
from bot.games.base import PlayerSpec
from bot.games.clans import ENGINE
from bot.games.record import make_record


def test_a_clans_record_replays_to_the_public_state(tmp_path, capsys) -> None:
    players = [PlayerSpec("Ada"), PlayerSpec("Bo"), PlayerSpec("Cy")]
    rng = random.Random(5)
    state = ENGINE.new_game(players, {}, random.Random(77))
    actions = []
    while not ENGINE.is_over(state):
        seat = ENGINE.pending(state)[0]
        action = rng.choice(ENGINE.legal_actions(state, seat))
        state = ENGINE.apply(state, action).state
        actions.append(action)
    path = tmp_path / "clans.json"
    path.write_text(json.dumps(make_record("clans", 77, players, {}, actions)))
    assert main(["replay", str(path)]) == 0
    view = json.loads(capsys.readouterr().out)
    assert view == json.loads(json.dumps(ENGINE.public_view(state, None).to_json()))
    assert main(["replay", str(path), "--at", "3"]) == 0
    early = json.loads(capsys.readouterr().out)
    assert early["result"] is None and early["turn"] == 3  # no colour before the end (C-7.2)
    assert main(["replay", str(path), "--events"]) == 0
    assert "Game over" in capsys.readouterr().out


def test_a_moderator_may_end_a_clans_game_scored_as_it_stands() -> None:
    """C-6.2 at a moderator's end: colours revealed, totals as they stand."""
    players = [PlayerSpec("Ada"), PlayerSpec("Bo")]
    state = ENGINE.new_game(players, {}, random.Random(3))
    seat = ENGINE.pending(state)[0]
    state = ENGINE.apply(state, ENGINE.legal_actions(state, seat)[0]).state
    outcome = ENGINE.apply(state, {"seat": None, "type": "end_game"})
    assert ENGINE.is_over(outcome.state) and ENGINE.pending(outcome.state) == []
    end = outcome.events[-1]
    assert end["type"] == "game_end" and end["reason"] == "moderator"
    assert all(end["colours"])
    assert "a moderator ended it" in ENGINE.describe(end, players)
    assert ENGINE.public_view(outcome.state, None).result is not None
