"""A player with no marker left sits the round out (D-3.4), and the round's reveal line
says so. That their supply is empty is public (D-10.1); which values anyone still holds
is not (D-10.2), so neither the event nor the line names a value. Reveals logged before
the event named them still rebuild (the store's rebuild check, `same_events`)."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.games.base import Event, PlayerSpec
from bot.games.doge import ENGINE
from bot.games.doge.narrate import describe_event
from bot.games.doge.state import DogeState
from bot.store import StateMismatch, Store
from tests.doge.helpers import NAMES, act, new_game

ANNA, BERND, CLAUDIA = 0, 1, 2
# Anna places all 7 markers in rounds 1 and 2 (D-3.2), the others one each round.
TWO_ROUNDS = [
    {"seat": ANNA, "type": "ballot", "area": "castello", "markers": [3, 3, 2, 2]},
    {"seat": BERND, "type": "ballot", "area": "castello", "markers": [1]},
    {"seat": CLAUDIA, "type": "ballot", "area": "castello", "markers": [1]},
    {"seat": ANNA, "type": "ballot", "area": "dorsoduro", "markers": [1, 1, 0]},
    {"seat": BERND, "type": "ballot", "area": "dorsoduro", "markers": [1]},
    {"seat": CLAUDIA, "type": "ballot", "area": "dorsoduro", "markers": [1]},
]


def _anna_spent() -> DogeState:
    st = new_game(3)
    for action in TWO_ROUNDS:
        act(st, action["seat"], "ballot", area=action["area"], markers=action["markers"])
    assert st.round == 3 and not st.players[ANNA].markers
    return st


def _reveal(events: list[Event]) -> Event:
    return next(e for e in events if e["type"] == "round_revealed")


def test_d_3_4_the_reveal_names_who_sat_out_with_no_marker_left() -> None:
    st = _anna_spent()
    act(st, BERND, "ballot", area="san_marco", markers=[3])
    reveal = _reveal(act(st, CLAUDIA, "ballot", area="san_polo", markers=[2, 0]))
    # Seats only (D-10.1): no values, nothing of what Bernd and Claudia still hold.
    assert reveal == {"type": "round_revealed", "round": 3, "no_markers": [ANNA],
                      "placements": [{"seat": BERND, "area": "san_marco", "count": 1},
                                     {"seat": CLAUDIA, "area": "san_polo", "count": 2}]}
    assert describe_event(reveal, NAMES) == (
        "Round 3 revealed: Bernd 1 marker on San Marco; Claudia 2 markers on San Polo; "
        "Anna has no markers left and sits out.")


def test_d_3_4_a_round_everyone_could_play_keeps_its_reveal_as_it_was() -> None:
    st = new_game(3)
    for action in TWO_ROUNDS[:2]:
        act(st, action["seat"], "ballot", area=action["area"], markers=action["markers"])
    reveal = _reveal(act(st, CLAUDIA, "ballot", area="castello", markers=[1]))
    assert "no_markers" not in reveal
    assert describe_event(reveal, NAMES) == (
        "Round 1 revealed: Anna 4 markers on Castello; Bernd 1 marker on Castello; "
        "Claudia 1 marker on Castello.")


def test_d_3_4_two_out_of_markers_and_d_3_7_a_deadline_sit_out_told_apart() -> None:
    """Out of markers (D-3.4) is told in the reveal; a deadline sit-out (D-3.7) keeps its
    markers and its own line, and is not named as out of markers."""
    st = _anna_spent()
    events = ENGINE.apply(st, ENGINE.default_action(st, BERND)).events
    assert [e["type"] for e in events] == ["sat_out"]
    st = ENGINE.apply(st, ENGINE.default_action(st, BERND)).state
    reveal = _reveal(ENGINE.apply(st, ENGINE.default_action(st, CLAUDIA)).events)
    assert reveal["placements"] == [] and reveal["no_markers"] == [ANNA]
    assert describe_event(reveal, NAMES) == (
        "Round 3 revealed: nobody placed markers; Anna has no markers left and sits out.")
    both = {"type": "round_revealed", "round": 4, "no_markers": [ANNA, BERND],
            "placements": [{"seat": CLAUDIA, "area": "san_marco", "count": 1}]}
    assert describe_event(both, NAMES) == (
        "Round 4 revealed: Claudia 1 marker on San Marco; Anna and Bernd have no markers "
        "left and sit out.")


def test_a_reveal_logged_without_no_markers_still_narrates_and_compares_as_the_same() -> None:
    st = _anna_spent()
    act(st, BERND, "ballot", area="san_marco", markers=[3])
    replayed = ENGINE.apply(st, {"seat": CLAUDIA, "type": "ballot", "area": "san_polo",
                                 "markers": [2, 0]}).events
    assert _reveal(replayed)["no_markers"] == [ANNA]
    old_form = [{k: v for k, v in e.items() if k != "no_markers"} for e in replayed]
    assert describe_event(_reveal(old_form), NAMES) == (
        "Round 3 revealed: Bernd 1 marker on San Marco; Claudia 2 markers on San Polo.")
    assert ENGINE.same_events(old_form, replayed)
    assert ENGINE.same_events(replayed, replayed)
    # A genuine difference still counts: another seat named, a stack changed or lost.
    named = [{**e, "no_markers": [BERND]} if e["type"] == "round_revealed" else e
             for e in replayed]
    assert not ENGINE.same_events(named, replayed)
    assert not ENGINE.same_events(replayed, [e for e in replayed if e is not replayed[0]])
    changed = [{**e, "placements": e["placements"][:1]} if e["type"] == "round_revealed"
               else e for e in old_form]
    assert not ENGINE.same_events(changed, replayed)


# ---- through the store: an older log still rebuilds ----------------------------------------

@pytest.fixture
async def store(tmp_path: Path) -> AsyncIterator[Store]:
    opened = await Store.open(tmp_path / "games.db")
    yield opened
    await opened.close()


async def test_a_log_of_reveals_without_no_markers_still_rebuilds(store: Store,
                                                                  tmp_path: Path) -> None:
    """A game logged before reveals named who had no marker left passes the rebuild
    check (doctor, `migrate`); a log whose reveal differs otherwise is still caught."""
    game = await store.games.create_game("doge", guild_id=1, channel_id=600,
                                         players=[PlayerSpec(n) for n in NAMES[:3]],
                                         user_ids=[101, 102, 103], seed=1)
    for action in [*TWO_ROUNDS,
                   {"seat": BERND, "type": "ballot", "area": "san_marco", "markers": [3]},
                   {"seat": CLAUDIA, "type": "ballot", "area": "san_polo", "markers": [2]}]:
        await store.actions.submit(game.id, action, expected_version=game.version)
        game = await store.actions.load(game.id)
    entry = (await store.actions.log(game.id))[-1]
    assert _reveal(entry.events)["no_markers"] == [ANNA]
    old_form = [{k: v for k, v in e.items() if k != "no_markers"} for e in entry.events]
    db = tmp_path / "games.db"
    with sqlite3.connect(db) as conn:  # as an older release wrote it
        conn.execute("DROP TRIGGER actions_append_only_update")
        conn.execute("UPDATE actions SET events = ? WHERE game_id = ? AND seq = ?",
                     (json.dumps(old_form), game.id, entry.seq))
    await store.checks.verify_game(game.id, from_scratch=True)
    changed = [{**e, "placements": e["placements"][1:]} if e["type"] == "round_revealed"
               else e for e in old_form]
    with sqlite3.connect(db) as conn:
        conn.execute("UPDATE actions SET events = ? WHERE game_id = ? AND seq = ?",
                     (json.dumps(changed), game.id, entry.seq))
    with pytest.raises(StateMismatch, match="replays with other events"):
        await store.checks.verify_game(game.id, from_scratch=True)
