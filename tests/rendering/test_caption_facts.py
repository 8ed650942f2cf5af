"""A board's caption never hides the point: every kind of step that captions a board, in
both games, told with four 32-character names (Latin, CJK, emoji-heavy, with a space)
in English and in Dutch. The board's own fitting of the caption (the lines it draws,
not pixels) must hold the outcome: the winner's or mover's name (shortened with an
ellipsis at most), and the numbers and places of the facts. Names are shortened before
any fact is left out, and the first fact, the outcome, never is."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from bot.games.base import Event, PlayerSpec
from bot.games.clans import ENGINE as CLANS
from bot.games.clans.community import captions as clans_recap
from bot.games.doge.community import captions as doge_recap
from bot.games.doge.engine import DogeEngine
from bot.games.wording import facts
from bot.i18n import current_language, speaking
from rendering.clans.board import render_clans_board
from rendering.clans.panels import caption_lines as clans_lines
from rendering.common.caption import MIN_NAME, clusters, fit_caption, shortened
from rendering.doge.board import render_doge_board
from rendering.doge.panel import caption_lines as doge_lines
from tests.rendering import views as V
from tests.rendering.test_clans_board import _new, _view

NAMES = ("W" + "w" * 31, "王" * 32, "🦊Fox" * 8, "Marguerite-Annabelle Vandenbroek")
assert all(len(n) == 32 for n in NAMES)
PLAYERS = [PlayerSpec(n) for n in NAMES]
DOGE = DogeEngine()
CONTEXT = {"doge": {"year_begins", "round_begins", "elections_begin"}, "clans": {"epoch"}}


def _stack(seat: int, *markers: int) -> dict[str, Any]:
    return {"seat": seat, "markers": list(markers)}


def _election(area: str, votes: dict[int, int], winners: list[int],
              runners_up: list[int]) -> Event:
    return {"type": "election", "area": area,
            "stacks": [_stack(s, *([3, 1] if v > 3 else [v])) for s, v in votes.items()],
            "advisors": [{"seat": s} for s, v in votes.items() if v > 3],
            "votes": {str(s): v for s, v in votes.items()},
            "winners": winners, "runners_up": runners_up}


def _over(decided_by: str, winners: list[int], reason: str = "year_limit") -> Event:
    return {"type": "game_over", "result": {"reason": reason, "year": 6, "quiet_years": 4,
                                            "decided_by": decided_by, "winners": winners}}


# The verbs of outcomes, in the language drawn.
WINS, RUNNER_UP = {"en": " wins ", "nl": " wint "}, {"en": "runner-up", "nl": "tweede"}
TIE, WIN = {"en": " tie ", "nl": " gelijk "}, {"en": " win", "nl": " win"}
SCORE = {"en": " score", "nl": " scoren"}
# Each step: its events, the seats whose names must be drawn, the words that must be
# (a word given per language: in that language).
Words = list[str | dict[str, str]]
DOGE_STEPS: dict[str, tuple[list[Event], list[int], Words]] = {
    "round revealed": ([{"type": "round_revealed", "round": 2, "no_markers": [3],
                         "placements": [{"seat": 0, "count": 3, "area": "san_marco"},
                                        {"seat": 1, "count": 2, "area": "castello"},
                                        {"seat": 2, "count": 1, "area": "quarantia"}]}],
                       [0, 1, 2], ["San Marco", "Castello", "Quarantia", "3", "2"]),
    "election": ([_election("san_marco", {0: 5, 1: 3, 2: 2, 3: 1}, [0], [1])],
                 [0, 1], ["San Marco", "5", "3", WINS, RUNNER_UP]),
    "election, tied runners-up": ([_election("dorsoduro", {2: 6, 0: 3, 3: 3}, [2], [0, 3])],
                                  [2, 0, 3], ["Dorsoduro", "6", WINS]),
    "election, tied winners": ([_election("san_polo", {1: 4, 3: 4, 0: 2}, [1, 3], []),
                                {"type": "advisor_neutral", "advisor": "san_polo",
                                 "ring_returned_to": 2},
                                {"type": "chance_lost", "seat": 3,
                                 "reason": "no house in supply"}],
                               [1, 3], ["San Polo", "4", TIE]),
    "Quarantia, tied winners": ([_election("quarantia", {0: 5, 2: 5}, [0, 2], [])],
                                [0, 2], ["Quarantia", "5", TIE]),
    "nobody votes": ([_election("cannaregio", {}, [], []),
                      {"type": "no_contest", "area": "cannaregio"}], [], ["Cannaregio"]),
    "advisor taken": ([{"type": "advisor_taken", "seat": 1, "advisor": "castello",
                        "stand": "san_marco", "ring_returned_to": 3}], [1], ["Castello"]),
    "abstained": ([{"type": "abstained", "seat": 2, "automatic": False}], [2], []),
    "houses placed": ([{"type": "houses_placed", "seat": 0, "area": "santa_croce",
                        "count": 2}], [0], ["Santa Croce", "2"]),
    "house moved": ([{"type": "house_moved", "seat": 3, "from": "castello",
                      "to": "dorsoduro"}], [3], ["Castello", "Dorsoduro"]),
    "palace built": ([{"type": "palace_built", "seat": 1, "district": "cannaregio",
                       "cost": 4}], [1], ["Cannaregio", "4"]),
    "chance lost": ([{"type": "chance_lost", "seat": 2, "reason": "no house in supply"}],
                    [2], []),
    "build answered": ([{"type": "build_answered", "seat": 0, "district": "san_marco"}],
                       [0], ["San Marco"]),
    "sat out": ([{"type": "sat_out", "seat": 3, "round": 4}], [3], ["4"]),
    "election over": ([{"type": "election_done", "area": "castello", "next_year_card":
                        "dorsoduro", "place": 3}], [], ["Castello", "Dorsoduro"]),
    # The winners first; why the game ended (in words, no rule id) follows where there is
    # room, so only the winners and the win are facts every caption keeps.
    "game over, palaces": ([_over("palaces", [2])], [2], [WIN]),
    "game over, houses": ([_over("houses", [0])], [0], [WIN]),
    "game over, condition": ([_over("condition", [3], "condition")], [3], [WIN]),
    "game over, shared": ([_over("shared", [0, 1, 2])], [0, 1, 2], [WIN]),
    "game over, stalemate": ([_over("palaces", [1], "stalemate")], [1], [WIN]),
}


def _village(**changes: Any) -> Event:
    return {"type": "village", "seat": 1, "territory": "Tarhuna", "chip": 7, "epoch": 3,
            "terrain": "forest", "huts": {"red": 3, "blue": 2}, "strife_losses": ["green"],
            "destroyed": False, "value": 9, "scored": ["red", "blue"],
            "emptied": "Gharyan"} | changes


END = {"type": "game_end", "reason": "twelfth_village",
       "colours": ["red", "blue", "green", "yellow"], "clan_scores": [31, 27, 20, 12, 9],
       "chips": [2, 3, 1, 0], "totals": [33, 30, 21, 12], "ranks": [1, 2, 3, 4]}
CLANS_STEPS: dict[str, tuple[list[Event], list[int], Words]] = {
    "move": ([{"type": "move", "seat": 2, "from": "Tarhuna", "to": "Gharyan", "huts": 5}],
             [2], ["Tarhuna", "Gharyan", "5"]),
    "order asked": ([{"type": "order_asked", "seat": 0, "villages": ["Tarhuna", "Gharyan"]}],
                    [0], ["Tarhuna", "Gharyan"]),
    "order": ([{"type": "order", "seat": 3, "villages": ["Gharyan", "Tarhuna"]}],
              [3], ["Gharyan", "Tarhuna"]),
    "village": ([{"type": "move", "seat": 1, "from": "Sirte", "to": "Tarhuna", "huts": 2},
                 _village(), {"type": "epoch", "epoch": 4}], [1],
                ["Tarhuna", "7", "9", SCORE]),
    "village destroyed": ([_village(destroyed=True, scored=[], value=0, strife_losses=[])],
                          [1], ["Tarhuna", "7", "5"]),
    "village emptied by strife": ([_village(huts={}, scored=[], value=0,
                                            strife_losses=["red", "blue"])],
                                  [1], ["Tarhuna", "7"]),
    "village unscored": ([{"type": "village_unscored", "territory": "Sirte"}], [], ["Sirte"]),
    "epoch": ([{"type": "epoch", "epoch": 2}], [], ["II"]),
    "game end": ([_village(), END], [0], ["33", WIN]),
    "game end, shared": ([END | {"totals": [30, 30, 21, 12], "ranks": [1, 1, 3, 4]}],
                         [0, 1], ["30", WIN]),
}


def _poster_caption(engine: Any, game: str, events: list[Event]) -> str:
    """What the poster captions a step with: the game's own caption of the action, else
    its last line that tells a move (cogs/common/segment_messages.py)."""
    own = engine.caption(events, PLAYERS)
    if own:
        return str(own)
    moves = [e for e in events if e["type"] not in CONTEXT[game]] or events
    line = engine.describe(moves[-1], PLAYERS)
    return line.split("\n", 1)[0] if game == "clans" else line


def _drawn_as(name: str, text: str) -> bool:
    """The name whole, or cut with an ellipsis to no fewer than MIN_NAME characters."""
    return any(shortened(name, keep) in text
               for keep in range(MIN_NAME, len(clusters(name)) + 1))


def _assert_told(lines: tuple[str, ...], seats: list[int], words: Words,
                 caption: str) -> None:
    text = " ".join(lines)
    assert len(lines) <= 2, lines
    for seat in seats:
        assert _drawn_as(NAMES[seat], text), (NAMES[seat], lines, caption)
    for word in words:
        drawn = word if isinstance(word, str) else word[current_language()]
        assert drawn in text, (drawn, lines, caption)


GAMES = {"doge": (DOGE, DOGE_STEPS, doge_lines), "clans": (CLANS, CLANS_STEPS, clans_lines)}


@pytest.mark.parametrize("language", ["en", "nl"])
@pytest.mark.parametrize(("game", "step"), [(g, s) for g in GAMES for s in sorted(GAMES[g][1])])
def test_a_caption_keeps_its_outcome(game: str, step: str, language: str) -> None:
    engine, steps, fit = GAMES[game]
    events, seats, words = steps[step]
    with speaking(language):
        caption = _poster_caption(engine, game, events)
        _assert_told(fit(caption, NAMES).lines, seats, words, caption)


@pytest.mark.parametrize("language", ["en", "nl"])
def test_recap_captions_name_who_won(language: str) -> None:
    """A recap frame after each election says who won it (D-4.4); after each village,
    who founded it and who scored (C-4.2, C-4.4)."""
    view = V.build(4, names=NAMES)
    doge_moments = [(None, {"type": "elections_begin", "year": 3}),
                    (None, DOGE_STEPS["election, tied winners"][0][0]),
                    (view, {"type": "election_done", "area": "san_polo"})]
    clans_view = replace(_view(_new(4)), players=NAMES)
    with speaking(language):
        ((_v, doge),) = doge_recap(doge_moments)
        ((_v, clans),) = clans_recap([(clans_view, _village())])
        _assert_told(doge_lines(doge, NAMES).lines, [1, 3], ["San Polo", "4", TIE], doge)
        _assert_told(clans_lines(clans, NAMES).lines, [1], ["Tarhuna", "9", SCORE], clans)


def test_names_are_shortened_before_a_fact_is_left_out() -> None:
    """Both facts fit once the names are short: no fact is left out, the names are cut."""
    caption = facts(f"{NAMES[0]} wins the San Marco vote with 5 votes.",
                    f"{NAMES[1]} is runner-up with 3 votes.", f"{NAMES[2]} placed a lone 0.")
    lines, _size = clans_lines(caption, NAMES)
    text = " ".join(lines)
    assert "with 5 votes." in text and "runner-up with 3 votes." in text
    assert text.endswith("placed a lone 0.")
    assert all(n not in text and _drawn_as(n, text) for n in NAMES[:3])


def test_the_outcome_stays_when_the_last_facts_cannot() -> None:
    caption = facts(f"{NAMES[1]} wins the San Marco vote with 5 votes.",
                    " ".join(f"{n} placed a lone 0." for n in NAMES * 3))
    lines, _size = clans_lines(caption, NAMES)
    assert " ".join(lines).endswith("with 5 votes.") and _drawn_as(NAMES[1], lines[0])


def test_a_caption_that_fits_is_drawn_whole() -> None:
    text = "Anna places 2 houses in San Marco."
    assert fit_caption(text, ("Anna",), 1168, 24, 22).lines == (text,)


@pytest.mark.parametrize("language", ["en", "nl"])
def test_boards_draw_the_fitted_captions(language: str, tmp_path) -> None:
    """The boards render with these captions (the PNGs are the ones to look at)."""
    with speaking(language):
        for step in ("election, tied winners", "round revealed", "game over, houses"):
            caption = _poster_caption(DOGE, "doge", DOGE_STEPS[step][0])
            png = render_doge_board(V.build(4, names=NAMES), caption)
            (tmp_path / f"doge-{step}-{language}.png").write_bytes(png)
        for step in ("village", "game end"):
            caption = _poster_caption(CLANS, "clans", CLANS_STEPS[step][0])
            view = replace(_view(_new(4)), players=NAMES)
            png = render_clans_board(view, caption)
            (tmp_path / f"clans-{step}-{language}.png").write_bytes(png)
