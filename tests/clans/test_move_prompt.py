"""The channel's prompt for a Clans move: whose move and how to make it, what the table
plays at the deadline, and the rule of a move (C-3.1 to C-3.3) only where it helps: in
everyone's first move, and while the 7-hut limit holds a group back (C-3.2, C-3.3)."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from bot.games.base import PlayerSpec
from bot.games.clans import ENGINE
from bot.games.clans.questions import move_reminder_helps
from bot.games.clans.rules import ClansState
from bot.store import LoadedGame, Store
from bot.tables.service import TableService
from cogs.clans.prompts import clans_prompt
from tests.clans.helpers import blank, pair, place

RULE = ("-# Move all huts of one territory to a neighbouring one that holds huts (C-3.1); "
        "7 or more huts cannot leave, except onto a neighbour with at least as many "
        "(C-3.2, C-3.3).")


@pytest.fixture
async def store(tmp_path: Path):
    opened = await Store.open(tmp_path / "games.db")
    yield opened
    await opened.close()


async def started(store: Store) -> LoadedGame:
    return await store.games.create_game("clans", guild_id=1, channel_id=500,
                                         players=[PlayerSpec("Ann"), PlayerSpec("Bob")],
                                         user_ids=[101, 102], seed=4)


def played(game: LoadedGame, moves: int) -> LoadedGame:
    """The game after its movers took their first legal move `moves` times."""
    state = game.state
    for _ in range(moves):
        seat = ENGINE.pending(state)[0]
        state = ENGINE.apply(state, ENGINE.legal_actions(state, seat)[0]).state
    return dataclasses.replace(game, state=state)


def at(game: LoadedGame, state: ClansState) -> LoadedGame:
    return dataclasses.replace(game, state=state)


def expected(game: LoadedGame) -> list[str]:
    """The three lines every move's prompt has."""
    seat = ENGINE.pending(game.state)[0]
    question = TableService.kit(game).question(game.state, seat, ["Ann", "Bob"])
    view = ENGINE.public_view(game.state, None)
    chips = "chip" if view.chips_left_in_epoch == 1 else "chips"
    # Regions while many territories could be left (C-1.1), else the territories.
    by_region = question.level_titles[0] == "Region"
    pick = "a region" if by_region else "the territory to leave"
    return [f"🛖 **Clans · turn {view.turn + 1} · epoch I** ({view.chips_left_in_epoch} "
            f"{chips} left in this epoch)",
            f"<@{game.seats[seat].user_id}>, your move: pick {pick} below, or type "
            "`/clans move`.",
            # The default's territories name its region (C-1.3): it is not told again.
            f"At the deadline the table plays: "
            f"{' › '.join(question.whole_default[1 if by_region else 0:])}."]


async def test_a_later_move_is_asked_in_three_short_lines(store: Store) -> None:
    game = played(await started(store), 2)  # both players have moved once
    assert max(game.state.totals) < 7  # nothing held back by the limit
    text, _ = await clans_prompt(TableService(store), game)
    lines = text.splitlines()
    assert lines == expected(game)
    assert lines[2].startswith("At the deadline the table plays: From ")
    assert " › To " in lines[2] and "Region" not in lines[2]


async def test_the_first_round_recalls_what_a_move_may_do(store: Store) -> None:
    game = await started(store)
    for moves in (0, 1):  # each player's first move (C-2.4)
        later = played(game, moves)
        text, _ = await clans_prompt(TableService(store), later)
        assert text.splitlines() == [*expected(later), RULE]


def held_back(biggest: int) -> ClansState:
    """After the first round: a group of `biggest` huts beside a lone hut."""
    state = blank(2)
    state.turn = 4
    big, small = pair()
    place(state, big, "rrbbggy"[:biggest] + "k" * max(0, biggest - 7))
    place(state, small, "b")
    return state


async def test_the_rule_returns_while_the_limit_holds_a_group_back(store: Store) -> None:
    game = await started(store)
    for biggest, recalled in ((7, True), (6, False)):
        state = held_back(biggest)
        moves = ENGINE.legal_actions(state, ENGINE.pending(state)[0])
        view = ENGINE.public_view(state, None)
        assert move_reminder_helps(view, moves) == recalled  # C-3.2: 7 cannot leave
        text, _ = await clans_prompt(TableService(store), at(game, state))
        lines = text.splitlines()
        assert lines[:3] == expected(at(game, state))
        assert " › To " in lines[2]  # one legal move or many: the whole move is named
        assert lines[3:] == ([RULE] if recalled else [])


def test_the_rule_is_recalled_in_everyones_first_move_only() -> None:
    state = held_back(6)
    moves = ENGINE.legal_actions(state, 0)
    for turn, recalled in ((0, True), (1, True), (2, False)):
        state.turn = turn
        assert move_reminder_helps(ENGINE.public_view(state, None), moves) == recalled
