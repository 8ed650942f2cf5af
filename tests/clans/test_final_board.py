"""The finished game's board lists the players as the result ranks them (C-6.3), not in
playing order (C-2.4), which no longer matters once the game is over."""

from __future__ import annotations

import dataclasses
import random

from bot.games.clans import ENGINE, ClansPublicView
from bot.games.wording import ordinal
from rendering.clans.board import render_clans_image
from rendering.common.text import recording
from tests.clans.helpers import new_game


def finished(seed: int = 7) -> ClansPublicView:
    """A 4-player game played out at random: seed 7 plays Dee, Ann, Bob, Cid in that
    order and ranks them 2nd, 3rd, 1st, 4th, so both orders differ."""
    state = new_game(4, seed)
    rng = random.Random(seed)
    while not state.over:
        ENGINE.apply_in_place(state, rng.choice(ENGINE.legal_actions(state, state.mover)))
    view = ENGINE.public_view(state, None)
    assert isinstance(view, ClansPublicView)
    return view


def player_rows(view: ClansPublicView) -> list[tuple[str, str]]:
    """(name, place) of each row of the players card, top to bottom, as drawn."""
    places = {ordinal(r) for r in range(1, 5)}
    with recording() as drawn:
        render_clans_image(view, "a caption")
    # The players card is drawn after the header and the scores: its rows are the last
    # names, each followed by its place.
    told = [d.text for d in drawn if d.text in view.players or d.text in places]
    rows = told[-2 * len(view.players):]
    return list(zip(rows[::2], rows[1::2], strict=True))


def test_final_result_standings_are_best_first_ties_by_seat_c_6_3() -> None:
    view = finished()
    assert view.result is not None
    assert view.turn_order == (3, 0, 1, 2) and view.result.ranks == (3, 1, 4, 2)
    assert view.result.standings == (1, 3, 0, 2)
    tied = dataclasses.replace(view.result, ranks=(1, 3, 1, 3))
    assert tied.standings == (0, 2, 1, 3)


def test_final_board_lists_players_in_rank_order_c_6_3() -> None:
    view = finished()
    assert player_rows(view) == [("Bob", "1st"), ("Dee", "2nd"), ("Ann", "3rd"),
                                 ("Cid", "4th")]
    # A shared place (C-6.3): the tied players in seat order, as the result line says.
    assert view.result is not None
    tied = dataclasses.replace(view, result=dataclasses.replace(
        view.result, ranks=(1, 3, 1, 3)))
    assert player_rows(tied) == [("Ann", "1st"), ("Cid", "1st"), ("Bob", "3rd"),
                                 ("Dee", "3rd")]


def test_a_running_game_lists_players_in_playing_order_c_2_4() -> None:
    state = new_game(4, 7)
    view = ENGINE.public_view(state, None)
    with recording() as drawn:
        render_clans_image(view, "a caption")
    names = [d.text for d in drawn if d.text in view.players]
    assert names[-4:] == [view.players[s] for s in view.turn_order]
