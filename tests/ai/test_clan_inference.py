"""The `strong` Clans level guesses the other players' clans (secret, C-2.3 / C-7.2) from
their public moves (C-7.1): a starting board rebuilt from the view replays to exactly the
view, the guess draws a seat's true clan far more often than chance once the seat has
played for it, and no deal the view allows is ever ruled out."""

from __future__ import annotations

import random
from collections import Counter

from bot.games.base import PlayerSpec
from bot.games.clans import ENGINE
from bot.games.clans.board import COLOURS
from bot.games.clans.inference import (
    REGION_OF,
    ClanGuess,
    replay,
    start_board,
    start_groups,
    start_state,
)
from bot.games.clans.rules import ClansState
from bot.games.clans.views import player_view, spectator_view
from bot.tables.kits import get_kit
from tests.ai.helpers import positions

KIT = get_kit("clans")


def _played(seed: int, villages: int) -> ClansState:
    """Four `normal` seats play until `villages` villages stand (or the game ends)."""
    state = ENGINE.new_game([PlayerSpec(f"P{i}") for i in range(4)], {},
                            random.Random(f"clans:{seed}"))
    step = 0
    while not state.over and len(state.villages) < villages:
        seat = state.mover
        ENGINE.apply_in_place(state, KIT.ai_action(state, seat, random.Random(step), "normal"))
        step += 1
    return state


def test_a_rebuilt_starting_board_replays_to_the_view() -> None:
    """C-2.2: one hut a territory, one of each colour a region, dealt so that the public
    history (every move, village, strife, score) comes out as the view shows it."""
    checked = 0
    for k, state in enumerate(positions("clans", 60, seed=7, smart=0.5)):
        view = player_view(state, k % len(state.players))
        groups = start_groups(view)
        assert sorted(t for members, _ in groups for t in members) == list(range(60))
        huts = start_board(groups, random.Random(k))
        assert all(sum(huts[t * 5:(t + 1) * 5]) == 1 for t in range(60))
        replayed = start_state(view, huts)
        for move in view.public.moves:
            replay(replayed, move)
        replayed.colours = state.colours
        assert spectator_view(replayed) == view.public
        checked += 1
    assert checked == 60
    # Most rebuilt boards keep to one hut of each colour in every region.
    regions: Counter[bool] = Counter()
    state = _played(3, 9)
    for k in range(20):
        huts = start_board(start_groups(player_view(state, 0)), random.Random(k))
        regions[_regions_true_to_setup(huts)] += 1
    assert regions[True] >= 15, regions


def _regions_true_to_setup(huts: list[int]) -> bool:
    seen: set[tuple[int, int]] = set()
    for t in range(60):
        colour = huts[t * 5:(t + 1) * 5].index(1)
        if (REGION_OF[t], colour) in seen:
            return False
        seen.add((REGION_OF[t], colour))
    return True


def test_the_guess_draws_the_clans_seats_played_for() -> None:
    """After eight villages among `normal` players, each other seat's true clan is drawn
    far more often than the one in four a blind deal gives it."""
    hits = draws = 0
    for seed in range(8):
        state = _played(seed, 8)
        seat = seed % 4
        guess = ClanGuess(player_view(state, seat))
        rng = random.Random(seed)
        for _ in range(200):
            deal = guess.draw(rng)
            assert deal[seat] == state.colours[seat]
            for other in range(4):
                if other != seat:
                    hits += deal[other] == state.colours[other]
                    draws += 1
    assert hits / draws >= 0.45, hits / draws


def test_a_seat_is_taken_to_hold_the_clan_it_played_for() -> None:
    """After ten villages among `normal` players, a seat's true clan is the likeliest of
    the four it may hold for most seats (a blind guess: one seat in four), and for some
    the guess is all but sure."""
    likeliest = sure = 0
    for seed in range(8):
        state = _played(seed, 10)
        guess = ClanGuess(player_view(state, 0))
        for other in (1, 2, 3):
            chances = {c: guess.chance(other, c) for c in range(5) if c != state.colours[0]}
            true = state.colours[other]
            likeliest += max(chances, key=chances.__getitem__) == true
            sure += chances[true] >= 0.9
    assert likeliest >= 15 and sure >= 8, (likeliest, sure)


def test_no_deal_the_view_allows_is_ruled_out() -> None:
    """Players may play against their own clan, so every deal keeps some weight: from
    random play, each other seat is still drawn with every colour its viewer lacks."""
    state = ENGINE.new_game([PlayerSpec(f"P{i}") for i in range(4)], {}, random.Random(9))
    rng = random.Random(9)
    while len(state.villages) < 8:
        ENGINE.apply_in_place(state, rng.choice(ENGINE.legal_actions(state, state.mover)))
    view = player_view(state, 2)
    guess = ClanGuess(view)
    assert len(guess.deals) == 24  # 4 colours for 3 seats
    mine = COLOURS.index(view.colour)
    for other in (0, 1, 3):
        for colour in range(5):
            if colour != mine:
                assert guess.chance(other, colour) > 0.004  # FLOOR / 4 at least
    assert guess.chance(0, mine) == 0.0
