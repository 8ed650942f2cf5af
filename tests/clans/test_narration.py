"""Clans' event lines read as a player would write them, and so do its refusals."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from bot.demo import play_demo
from bot.games.base import IllegalAction, PlayerSpec
from bot.games.clans import ENGINE
from bot.games.clans.events import describe_event
from bot.games.record import replay
from tests.clans.helpers import new_game

PLAYERS = [PlayerSpec(name) for name in ("Anna", "Bernd", "Claudia", "Daniel")]


def village(**changes: object) -> dict:
    event = {"type": "village", "seat": 2, "territory": "C5", "chip": 12, "epoch": 5,
             "terrain": "mountain", "huts": {"red": 2, "green": 2, "yellow": 2, "black": 2},
             "strife_losses": [], "destroyed": False, "value": 13,
             "scored": ["red", "green", "yellow", "black"]}
    return {**event, **changes}


def test_c_4_5_every_colour_present_scores_the_value_listed_with_one_and() -> None:
    assert describe_event(village(), PLAYERS) == (
        "Claudia founds village 12 at C5 (mountain, epoch V) and takes its chip; worth 13 "
        "(8 huts + 5): red, green, yellow and black score 13 each.")
    alone = village(huts={"blue": 1}, value=2, scored=["blue"], epoch=1, chip=1,
                    terrain="forest")  # C-4.4: epoch I's forest adds 1
    assert describe_event(alone, PLAYERS).endswith("; worth 2 (1 hut + 1): blue scores 2.")
    plain = village(huts={"blue": 3}, value=3, scored=["blue"], epoch=1, chip=1,
                    terrain="steppe")
    assert describe_event(plain, PLAYERS).endswith("; worth 3: blue scores 3.")


def test_c_4_3_strife_names_the_lone_huts_it_removes() -> None:
    one = village(strife_losses=["blue"])
    assert "; strife removes the lone blue hut; worth 13 (8 huts + 5):" in \
        describe_event(one, PLAYERS)
    two = village(strife_losses=["blue", "red"], huts={"green": 2, "yellow": 2, "black": 2},
                  scored=["green", "yellow", "black"], value=11)
    assert ("; strife removes the lone blue and red huts; worth 11 (6 huts + 5): green, yellow "
            "and black score 11 each.") in describe_event(two, PLAYERS)


def test_c_4_4_an_unfavourable_village_is_destroyed() -> None:
    ruined = village(terrain="grassland", epoch=2, destroyed=True, value=0, scored=[],
                     huts={"red": 1})
    assert describe_event(ruined, PLAYERS).endswith(
        "its terrain is unfavourable this epoch, so it is destroyed with its only hut; "
        "nobody scores.")


def test_c_4_7_several_villages_and_their_order() -> None:
    asked = {"type": "order_asked", "seat": 1, "villages": ["C5", "I1", "A2"]}
    assert describe_event(asked, PLAYERS) == \
        "Bernd founds 3 villages at once (C5, I1 and A2) and chooses their order (C-4.7)."
    order = {"type": "order", "seat": 1, "villages": ["I1", "C5"]}
    assert describe_event(order, PLAYERS) == "Bernd orders them: I1, then C5."


def test_c_6_the_end_says_why_then_ranks_everyone_once_with_points() -> None:
    """The reason alone on the first line (C-6.1); the player lines, best first, carry
    the ranking (C-6.3), each clan revealed (C-6.2): no second ranking on the first."""
    end = {"type": "game_end", "reason": "twelfth_village",
           "colours": ["blue", "yellow", "green", "black"], "chips": [4, 3, 2, 3],
           "totals": [21, 24, 22, 26], "ranks": [4, 2, 3, 1]}
    assert describe_event(end, PLAYERS).splitlines() == [
        "Game over after the 12th village.",
        "Every clan is revealed (C-6.2):",
        "🥇 Daniel: ⚫ black clan, 26 points (23 for the clan + 3 chips)",
        "🥈 Bernd: 🟡 yellow clan, 24 points (21 for the clan + 3 chips)",
        "🥉 Claudia: 🟢 green clan, 22 points (20 for the clan + 2 chips)",
        "4. Anna: 🔵 blue clan, 21 points (17 for the clan + 4 chips)"]
    stuck = {**end, "reason": "no_moves"}
    assert describe_event(stuck, PLAYERS).startswith("Game over: no move is left.\nEvery")
    ended = {**end, "reason": "moderator"}
    assert describe_event(ended, PLAYERS).startswith("Game over: a moderator ended it.\n")
    # C-6.3: equal points ranked apart by chips are said to be so, under the ranking.
    tied = {**end, "totals": [21, 26, 22, 26], "ranks": [4, 2, 3, 1]}
    assert describe_event(tied, PLAYERS).endswith(
        "\nEqual points are ranked by more chips (C-6.3).")


def test_c_4_1_a_village_away_from_the_move_says_what_cut_it_off() -> None:
    """A village not where the huts went lost its last occupied neighbour, the
    territory the move emptied (C-4.1); one where they went needs no word of it."""
    away = village(emptied="C4")
    assert describe_event(away, PLAYERS) == (
        "Claudia founds village 12 at C5 (mountain, epoch V) and takes its chip; its last "
        "occupied neighbour, C4, was emptied (C-4.1); worth 13 (8 huts + 5): red, green, "
        "yellow and black score 13 each.")
    assert "emptied" not in describe_event(village(), PLAYERS)


SLIPS = [
    (r"\b(\w+) \1\b", "a doubled word"),
    (r"\b1 (huts|points|villages)\b", "a plural after 1"),
    (r"\b([02-9]|\d\d+) (hut|point|village)\b(?! \d)", "a singular after a number"),
    (r"\w+, \w+ score", "a list without 'and'"),
    (r"None|\{|\}|_", "a raw value"),
]


def test_every_line_of_whole_games_reads_without_slips(tmp_path: Path) -> None:
    for seed in (1, 2, 3):
        record = json.loads(play_demo(tmp_path, seed=seed, images=False, game="clans")
                            .read_text())
        result = replay(record)
        for events in result.events:
            for line in (ENGINE.describe(e, result.players) for e in events):
                # The end's player lines follow its reason (C-6.1): a sentence each other.
                first = line.splitlines()[0]
                assert first[0].isupper() and first.endswith("."), line
                for pattern, slip in SLIPS:
                    assert not re.search(pattern, line), f"{slip}: {line}"


def test_refusals_name_whose_turn_it_is_and_what_clans_knows() -> None:
    state = new_game(3)
    mover = ENGINE.pending(state)[0]
    other = (mover + 1) % 3
    move = ENGINE.legal_actions(state, mover)[0]
    with pytest.raises(IllegalAction) as refused:
        ENGINE.apply(state, {**move, "seat": other})
    assert str(refused.value) == f"it is {state.players[mover].name}'s turn (C-2.4)"
    with pytest.raises(IllegalAction) as refused:
        ENGINE.apply(state, {"seat": mover, "type": "ballot"})
    assert str(refused.value) == "Clans has moves and village orders only, not 'ballot' (C-3.1)"


def test_c_4_3_a_village_emptied_by_strife_is_told_in_one_clause() -> None:
    emptied = village(strife_losses=["red", "blue", "green", "yellow", "black"], huts={},
                      value=0, scored=[])
    assert describe_event(emptied, PLAYERS).endswith(
        "; strife removes the lone red, blue, green, yellow and black huts and leaves it "
        "empty; nobody scores.")
