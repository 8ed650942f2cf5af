"""Doge's event lines read as a player would write them, and so do its refusals."""

from __future__ import annotations

import json
import re

import pytest

from bot.demo import play_demo
from bot.games.base import IllegalAction
from bot.games.doge import ENGINE
from bot.games.doge.engine import apply_in_place
from bot.games.doge.narrate import describe_event
from bot.games.record import replay
from tests.doge.helpers import NAMES, act, elect, new_game


def lines(events: list[dict]) -> list[str]:
    return [describe_event(e, NAMES) for e in events]


def line_of(events: list[dict], kind: str) -> str:
    return next(describe_event(e, NAMES) for e in events if e["type"] == kind)


def test_d_4_4_three_tied_winners_are_listed_with_commas_and_one_and() -> None:
    st = new_game()
    events = elect(st, "castello", {1: [3, 2], 2: [3, 2], 3: [3, 2]})
    assert line_of(events, "election") == (
        "Castello votes: Bernd 5 (3+2), Claudia 5 (3+2), Daniel 5 (3+2). "
        "Tied winners: Bernd, Claudia and Daniel.")


def test_d_4_5_runner_up_and_tied_runners_up() -> None:
    st = new_game()
    one = elect(st, "san_polo", {0: [3, 3], 1: [2]})
    assert line_of(one, "election").endswith("Anna wins, Bernd is runner-up.")
    st = new_game()
    tied = elect(st, "san_polo", {0: [3, 3], 1: [1], 2: [1]})
    assert line_of(tied, "election") == (
        "San Polo votes: Anna 6 (3+3), Bernd 1 (1), Claudia 1 (1). "
        "Anna wins; tied runners-up: Bernd and Claudia.")


def test_d_4_3_a_lone_0_and_d_4_6_nobody_taking_part() -> None:
    st = new_game()
    bluff = elect(st, "dorsoduro", {0: [2], 3: [0]})
    assert line_of(bluff, "election") == (
        "Dorsoduro votes: Anna 2 (2). Daniel placed a lone 0, which is no vote. "
        "Anna wins.")
    st = new_game()
    empty = elect(st, "dorsoduro", {2: [0]})
    # One line says it all (the channel leaves the no_contest line out: cogs/doge/channel.py).
    assert lines(empty)[:2] == [
        "Dorsoduro votes: Claudia placed a lone 0, which is no vote, so nothing happens.",
        "Nothing happens in Dorsoduro."]
    st = new_game()
    assert line_of(elect(st, "dorsoduro"), "election") == \
        "Dorsoduro votes: no markers and no advisors there, so nothing happens."


def test_issue_12_quarantia_advisors_are_not_named_twice() -> None:
    """D-7.1: "takes Quarantia advisor Q1", never "Quarantia advisor Q1's advisor"."""
    st = new_game()
    elect(st, "quarantia", {0: [3, 3], 1: [2]})
    taken = act(st, 0, "take", advisor="q2", stand="castello")
    assert line_of(taken, "advisor_taken") == \
        "Anna takes Quarantia advisor Q2 and stands it in Castello."
    neutral = {"type": "advisor_neutral", "advisor": "q2", "ring_returned_to": 0}
    assert describe_event(neutral, NAMES) == \
        "Quarantia advisor Q2 becomes neutral; the ring returns to Anna."


def test_d_5_1_taking_an_advisor_from_another_player() -> None:
    st = new_game()
    st.advisors["san_marco"] = [1, "castello"]
    events = elect(st, "san_marco", {0: [3, 3]})
    taken = act(st, 0, "take", advisor="san_marco", stand="quarantia")
    assert events and line_of(taken, "advisor_taken") == \
        "Anna takes San Marco's advisor from Bernd and stands it in Quarantia."


RESULT_LINES = [
    ("condition", "condition", [3], "Game over in year 8: a winning condition is met. "
                                    "Daniel wins, the only player who met one."),
    ("condition", "palaces", [0], "Game over in year 8: a winning condition is met. "
                                  "Anna wins with the most palaces."),
    ("condition", "houses", [1], "Game over in year 8: a winning condition is met. Bernd "
                                 "wins: as many palaces as the next, but more houses on the "
                                 "board."),
    ("condition", "shared", [0, 1, 2], "Game over in year 8: a winning condition is met. "
                                       "Anna, Bernd and Claudia share the win, level in "
                                       "palaces and houses on the board."),
    ("moderator", "palaces", [2], "Game over in year 8: ended by a moderator. Claudia "
                                  "wins with the most palaces."),
    ("year_limit", "shared", [0, 3], "Game over in year 8: the year limit was reached. Anna "
                                     "and Daniel share the win, level in palaces and houses "
                                     "on the board."),
]


@pytest.mark.parametrize(("reason", "decided_by", "winners", "expected"), RESULT_LINES)
def test_d_9_the_result_says_once_why_the_game_ended_and_who_won(
        reason: str, decided_by: str, winners: list[int], expected: str) -> None:
    result = {"reason": reason, "year": 8, "winners": winners, "decided_by": decided_by,
              "ranking": []}
    assert describe_event({"type": "game_over", "result": result}, NAMES) == expected


def test_d_4_1_the_turned_card_and_d_3_7_sitting_out() -> None:
    done = {"type": "election_done", "area": "castello", "next_year_card": "castello",
            "place": 2}
    assert describe_event(done, NAMES) == ("Castello's election is over; next year, "
                                           "Castello votes 2nd.")
    older = {"type": "election_done", "area": "castello", "next_year_card": "san_polo"}
    assert describe_event(older, NAMES) == \
        "Castello's election is over; San Polo is turned face up in next year's order."
    assert ENGINE.same_events([older], [{**older, "place": 1}])
    assert not ENGINE.same_events([{**older, "place": 2}], [{**older, "place": 1}])
    sat = {"type": "sat_out", "seat": 2, "round": 2}
    assert describe_event(sat, NAMES) == ("The table sits Claudia out of round 2: "
                                          "their markers stay for later rounds.")


SLIPS = [
    (r"\b(\w+)'s advisor's\b", "a doubled possessive"),
    (r"Quarantia advisor Q\d's advisor", "a Quarantia advisor named twice"),
    (r"\b(\w+) \1\b", "a doubled word"),
    (r"\b1 (houses|markers|palaces|advisors|huts)\b", "a plural after 1"),
    (r"\b([02-9]|\d\d+) (house|marker|palace|advisor)\b(?!')", "a singular after a number"),
    (r"\w+ and \w+ and \w+", "a list joined with two ands"),
    (r"None|nobody's|\{|\}|_", "a raw value"),
]


def test_every_line_of_whole_games_reads_without_slips(tmp_path) -> None:
    for seed in (1, 2):
        result = replay(json.loads(play_demo(tmp_path, seed=seed, images=False).read_text()))
        for events in result.events:
            for line in (ENGINE.describe(e, result.players) for e in events):
                assert line[0].isupper() and line.endswith("."), line
                for pattern, slip in SLIPS:
                    assert not re.search(pattern, line), f"{slip}: {line}"


REFUSALS = [
    ({"seat": 0, "type": "ballot", "area": "castello", "markers": [9]},
     "there is no marker of value 9: markers are 0, 1, 2 and 3 (D-1.2)"),
    ({"seat": 0, "type": "ballot", "area": "castello", "markers": [3, 3, 3]},
     "you have only 2 markers of value 3 left (D-3.2)"),
    ({"seat": 0, "type": "ballot", "area": "atlantis", "markers": [3]},
     "there is no area called 'atlantis' (D-1.3)"),
    ({"seat": None, "type": "ballot", "area": "castello", "markers": [3]},
     "this action needs the seat that makes it"),
    ({"seat": 7, "type": "ballot", "area": "castello", "markers": [3]},
     "there is no seat 7 at this table"),
    ({"seat": 0, "type": "place", "count": 2},
     "the game is in its placement phase: choose an area and markers (D-3.2)"),
]


@pytest.mark.parametrize(("action", "message"), REFUSALS, ids=[m[:30] for _, m in REFUSALS])
def test_refusals_in_placement_read_well(action: dict, message: str) -> None:
    with pytest.raises(IllegalAction) as refused:
        act(new_game(), action["seat"], action["type"],
            **{k: v for k, v in action.items() if k not in ("seat", "type")})
    assert str(refused.value) == message


def test_d_11_2_an_answer_to_another_question_is_refused_in_words() -> None:
    st = new_game()
    elect(st, "castello", {0: [3, 3]})
    with pytest.raises(IllegalAction) as refused:
        act(st, 0, "place", count=2)
    assert str(refused.value) == ("placing houses does not fit the question now: take the "
                                  "district's advisor or abstain (D-11.2)")


def test_d_7_5_a_pass_says_whether_a_house_was_moved_first() -> None:
    """'moves no house' when none was, 'makes no more moves' after one; a log of older
    releases (no `moved`) still rebuilds and reads as before."""
    st = new_game(4)
    st.houses["castello"][0] = st.houses["castello"][1] = 2
    elect(st, "quarantia", {0: [2], 1: [2]})  # tied winners: up to 2 moves each
    [none] = act(st, 0, "pass")
    act(st, 1, "move", **{"from": "castello", "to": "dorsoduro"})
    after = act(st, 1, "pass")[0]  # then the step goes on
    assert describe_event(none, NAMES) == "Anna moves no house."
    assert describe_event(after, NAMES) == "Bernd makes no more moves."
    older = {"type": "passed", "seat": 0}
    assert describe_event(older, NAMES) == "Anna makes no more moves."
    assert ENGINE.same_events([older], [none]) and not ENGINE.same_events([after], [none])


def test_d_9_3_in_a_year_limited_games_last_year_no_next_year_is_promised() -> None:
    """The card still turns (D-4.1), but the line does not say where it votes next year:
    the game ends with the year (D-9.3). A log from before says so no more than it did."""
    st = new_game(4, year_limit=1)
    events = elect(st, "castello", {0: [3]})
    while not any(e["type"] == "election_done" for e in events):
        events += apply_in_place(st, ENGINE.default_action(st, ENGINE.pending(st)[0]))
    [done] = [e for e in events if e["type"] == "election_done"]
    assert done["last_year"] and done["next_year_card"]
    assert describe_event(done, NAMES) == "Castello's election is over."
    older = {k: v for k, v in done.items() if k not in ("last_year", "place")}
    assert ENGINE.same_events([older], [done])
