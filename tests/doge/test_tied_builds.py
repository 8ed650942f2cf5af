"""Tied players build at the same time (D-8.5): each is asked how many palaces, in any
order, and the step resolves when all have answered (D-11.2). Until then how many a
player asked for is their secret (D-10.2): no event, line, public view or public export
of the running game may tell it, only that they have answered."""

from __future__ import annotations

import json
import random
import sqlite3
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.games.base import Event, PlayerSpec
from bot.games.doge import ENGINE
from bot.games.doge.constants import area_name
from bot.games.doge.narrate import describe_event
from bot.games.doge.players import random_action
from bot.games.doge.state import DogeState
from bot.store import ActionEntry, StateMismatch, Store
from bot.tables.undo_rules import undo_refusal
from tests.doge.helpers import NAMES, act, elect, new_game, question, types

ANNA, BERND, CLAUDIA, DANIEL = 0, 1, 2, 3
PLAYERS = [PlayerSpec(name) for name in NAMES]


def lines(events: list[Event]) -> list[str]:
    return [describe_event(e, NAMES) for e in events]


def tied_build(anna_wants: int) -> tuple[DogeState, list[Event]]:
    """Anna and Bernd tie in Dorsoduro (D-6.4) and place 2 houses each, so each holds 9
    there and may ask for up to 2 palaces. Anna answers first, Bernd is still asked."""
    st = new_game(4)
    st.houses["dorsoduro"][ANNA] = 7
    st.houses["dorsoduro"][BERND] = 7
    elect(st, "dorsoduro", {ANNA: [2], BERND: [2]})
    act(st, ANNA, "place", count=2)
    act(st, BERND, "place", count=2)
    assert question(st) == "build" and ENGINE.pending(st) == [ANNA, BERND]
    assert [a["count"] for a in ENGINE.legal_actions(st, ANNA)] == [2, 1, 0]
    events = act(st, ANNA, "build", district="dorsoduro", count=anna_wants)
    return st, events


def test_d_8_5_d_11_2_a_tied_builders_count_is_not_told_before_the_last_answer() -> None:
    st, events = tied_build(1)
    # Only who answered, never how many (copying tied placements' `placement_answered`).
    assert events == [{"type": "build_answered", "seat": ANNA, "district": "dorsoduro"}]
    assert "count" not in json.dumps(events)
    assert lines(events) == ["Anna has answered about Dorsoduro; the palaces are built when "
                             "every tied player has answered."]
    assert st.palaces["dorsoduro"] == [] and ENGINE.pending(st) == [BERND]
    view = ENGINE.public_view(st, None)
    assert view.election.answered == (ANNA,) and view.awaiting == (BERND,)
    # Anna keeps seeing her own answer; nobody else does.
    assert ENGINE.public_view(st, ANNA).own.build_wants == {"dorsoduro": 1}
    assert ENGINE.public_view(st, BERND).own.build_wants == {}


def test_d_10_2_d_11_2_what_others_see_does_not_depend_on_a_tied_builders_count() -> None:
    """Bernd, still deciding, and any spectator see the same whatever Anna answered."""
    seen = [tied_build(count) for count in (0, 1, 2)]
    public = [(ENGINE.public_view(st, None).to_json(), events, lines(events))
              for st, events in seen]
    bernd = [ENGINE.public_view(st, BERND).to_json() for st, _events in seen]
    assert public[0] == public[1] == public[2]
    assert bernd[0] == bernd[1] == bernd[2]


def test_d_8_5_the_counts_and_builds_are_told_when_the_step_resolves() -> None:
    st, _events = tied_build(1)
    events = act(st, BERND, "build", district="dorsoduro", count=2)
    chosen = [(e["seat"], e["count"], e["together"]) for e in events
              if e["type"] == "build_chosen"]
    assert chosen == [(ANNA, 1, True), (BERND, 2, True)]
    assert types(events)[:2] == ["build_chosen", "build_chosen"]
    built = [(e["seat"], e["cost"]) for e in events if e["type"] == "palace_built"]
    assert built == [(ANNA, 3), (BERND, 3), (BERND, 5)]  # rounds, seat order (D-8.5)
    assert lines(events)[:3] == [
        "Anna will build 1 palace in Dorsoduro.",
        "Bernd will build 2 palaces in Dorsoduro.",
        "Anna builds a palace in Dorsoduro for 3 houses."]
    assert st.palaces["dorsoduro"] == [ANNA, BERND, BERND]


def test_d_8_5_a_tied_builder_asking_for_none_is_told_at_the_end_too() -> None:
    st, _events = tied_build(0)
    events = act(st, BERND, "build", district="dorsoduro", count=0)
    assert lines(events)[:2] == ["Anna builds no palace in Dorsoduro.",
                                 "Bernd builds no palace in Dorsoduro."]
    assert "palace_built" not in types(events)


def test_d_8_4_a_lone_builders_answer_is_told_at_once_as_before() -> None:
    """No tie, no secret: the event is exactly the one older logs hold."""
    st = new_game(4)
    st.houses["castello"][ANNA] = 4
    elect(st, "castello", {ANNA: [3]})
    act(st, ANNA, "abstain", move=None)
    act(st, ANNA, "place", count=2)
    events = act(st, ANNA, "build", district="castello", count=1)
    assert events[0] == {"type": "build_chosen", "seat": ANNA, "district": "castello",
                         "count": 1}
    assert lines(events)[:2] == ["Anna will build 1 palace in Castello.",
                                 "Anna builds a palace in Castello for 3 houses."]


def test_d_11_2_undo_takes_back_a_hidden_build_answer_not_the_revealing_one() -> None:
    """D-7.3: Anna wins the Quarantia, Bernd and Claudia tie as runners-up, each moves a
    house into Dorsoduro and may build there; the election goes on after their step."""
    st = new_game(4)
    for seat in (BERND, CLAUDIA):
        st.houses["castello"][seat] = 1
        st.houses["dorsoduro"][seat] = 2
    elect(st, "quarantia", {ANNA: [3, 3], BERND: [2], CLAUDIA: [2]})
    act(st, ANNA, "take", advisor="q1", stand="castello")
    for seat in (BERND, CLAUDIA):
        act(st, seat, "move", **{"from": "castello", "to": "dorsoduro"})
    assert question(st) == "build" and ENGINE.pending(st) == [BERND, CLAUDIA]
    first = act(st, CLAUDIA, "build", district="dorsoduro", count=1)
    last = act(st, BERND, "build", district="dorsoduro", count=1)
    assert types(last) == ["build_chosen", "build_chosen", "palace_built", "palace_built"]
    assert question(st) == "qadvisor"  # D-7.3: Anna's second choice comes next

    def entry(action: dict, events: list) -> ActionEntry:
        return ActionEntry(game_id=1, seq=1, actor_id=None, created_at=0.0, action=action,
                           events=events, version=1, idempotency_key=None)

    assert undo_refusal("doge", entry({"type": "build", "seat": CLAUDIA}, first)) is None
    why = undo_refusal("doge", entry({"type": "build", "seat": BERND}, last))
    assert why == "it revealed tied players' builds (D-11.2)"


def test_d_8_5_tied_builds_over_several_districts_stay_hidden_until_all_answered() -> None:
    """D-7.5: tied Quarantia winners each move houses into two districts, so each answers
    about two districts before the step resolves."""
    st = new_game(4)
    for seat in (ANNA, BERND):
        st.houses["castello"][seat] = 2
        st.houses["dorsoduro"][seat] = 2
        st.houses["san_polo"][seat] = 2
    elect(st, "quarantia", {ANNA: [2], BERND: [2]})
    for seat in (ANNA, BERND):
        act(st, seat, "move", **{"from": "castello", "to": "dorsoduro"})
        act(st, seat, "move", **{"from": "castello", "to": "san_polo"})
    assert question(st) == "build" and ENGINE.pending(st) == [ANNA, BERND]
    for seat, district in ((ANNA, "dorsoduro"), (BERND, "dorsoduro"), (ANNA, "san_polo")):
        events = act(st, seat, "build", district=district, count=1)
        assert types(events) == ["build_answered"] and "count" not in events[0]
    assert not any(st.palaces[d] for d in ("dorsoduro", "san_polo"))
    events = act(st, BERND, "build", district="san_polo", count=0)
    chosen = [(e["seat"], e["district"], e["count"]) for e in events
              if e["type"] == "build_chosen"]
    assert chosen == [(ANNA, "dorsoduro", 1), (BERND, "dorsoduro", 1),
                      (ANNA, "san_polo", 1), (BERND, "san_polo", 0)]
    assert st.palaces["dorsoduro"] == [ANNA, BERND] and st.palaces["san_polo"] == [ANNA]


# ---- a seeded game through the store: the log, its narrative and the public export -------

@pytest.fixture
async def store(tmp_path: Path) -> AsyncIterator[Store]:
    opened = await Store.open(tmp_path / "games.db")
    yield opened
    await opened.close()


async def _export_after_first_tied_build_answer(store: Store, channel_id: int,
                                                most: bool) -> tuple[dict, list[Event]]:
    """Random legal moves (seed 36) up to a tied build step where the first to answer may
    build; that seat asks for as many palaces as allowed (`most`) or none. The answer goes
    through the store like any click; returns the public export and the logged events."""
    game = await store.games.create_game("doge", guild_id=1, channel_id=channel_id,
                                         players=PLAYERS, user_ids=[101, 102, 103, 104], seed=36)
    rng = random.Random(36)
    for _move in range(1000):
        pending = ENGINE.pending(game.state)
        el = game.state.election
        if el and el.current and el.current.kind == "build" and len(pending) > 1 \
                and ENGINE.legal_actions(game.state, pending[0])[0]["count"] > 0:
            break
        await store.actions.submit(game.id, random_action(game.state, pending[0], rng),
                                   expected_version=game.version)
        game = await store.actions.load(game.id)
    else:
        pytest.fail("no tied build step with a palace to build in 1000 moves")
    legal = ENGINE.legal_actions(game.state, pending[0])
    answer = legal[0] if most else legal[-1]
    await store.actions.submit(game.id, answer, expected_version=game.version)
    logged = (await store.actions.log(game.id, after_version=game.version))[-1].events
    loaded = await store.actions.load(game.id)  # the engine keeps the answer all the same
    assert loaded.state.election.wants[answer["seat"]] == {answer["district"]: answer["count"]}
    return await store.records.export_public(game.id), logged


async def test_d_10_2_a_running_games_log_and_public_export_hold_no_tied_build_count(
        store: Store) -> None:
    most, logged = await _export_after_first_tied_build_answer(store, 500, most=True)
    none, _logged = await _export_after_first_tied_build_answer(store, 501, most=False)
    assert [e["type"] for e in logged] == ["build_answered"]
    assert "count" not in json.dumps(logged)
    seat, district = logged[0]["seat"], logged[0]["district"]
    assert most["narrative"][-1] == (
        f"{NAMES[seat]} has answered about {area_name(district)}; the palaces are built "
        "when every tied player has answered.")
    assert seat not in most["view"]["awaiting"]
    assert most == none  # narrative and public view alike, whatever was answered


async def test_d_11_2_a_tied_build_logged_in_the_older_form_still_rebuilds(
        store: Store, tmp_path: Path) -> None:
    """Before D-11.2 kept tied builders' answers hidden, each was logged as `build_chosen`
    with its count when given: such a log still passes the rebuild check (doctor,
    `migrate`), while a changed build is still caught."""
    _export, logged = await _export_after_first_tied_build_answer(store, 502, most=True)
    game = await store.actions.load((await store.games.open_game_in_channel(502)).id)
    rng = random.Random(1)
    while game.state.election and game.state.election.current \
            and game.state.election.current.kind == "build":  # the rest answer
        seat = ENGINE.pending(game.state)[0]
        await store.actions.submit(game.id, random_action(game.state, seat, rng),
                                   expected_version=game.version)
        game = await store.actions.load(game.id)
    entries = await store.actions.log(game.id)
    answered = [e for e in entries if any(ev["type"] == "build_answered" for ev in e.events)]
    resolved = next(e for e in entries if any(
        ev["type"] == "build_chosen" and ev.get("together") for ev in e.events))
    assert answered and resolved.seq > answered[-1].seq
    old_form = {}  # each answer told when given, nothing told again at the end
    for entry in answered:
        before = await store.actions.state_at(game.id, entry.seq - 1)
        wants = ENGINE.apply(before, entry.action).state.election.wants
        old_form[entry.seq] = [
            {"type": "build_chosen", "seat": ev["seat"], "district": ev["district"],
             "count": wants[ev["seat"]][ev["district"]]} if ev["type"] == "build_answered"
            else ev for ev in entry.events]
    old_form[resolved.seq] = [ev for ev in resolved.events
                              if not (ev["type"] == "build_chosen" and ev.get("together"))]
    db = tmp_path / "games.db"
    with sqlite3.connect(db) as conn:  # as an older release wrote it
        conn.execute("DROP TRIGGER actions_append_only_update")
        for seq, events in old_form.items():
            conn.execute("UPDATE actions SET events = ? WHERE game_id = ? AND seq = ?",
                         (json.dumps(events), game.id, seq))
    await store.checks.verify_game(game.id, from_scratch=True)
    built = [ev for ev in old_form[resolved.seq] if ev["type"] == "palace_built"]
    assert built
    with sqlite3.connect(db) as conn:
        conn.execute("UPDATE actions SET events = ? WHERE game_id = ? AND seq = ?",
                     (json.dumps([ev for ev in old_form[resolved.seq] if ev is not built[0]]),
                      game.id, resolved.seq))
    with pytest.raises(StateMismatch, match="replays with other events"):
        await store.checks.verify_game(game.id, from_scratch=True)
