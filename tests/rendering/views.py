"""Hand-built public views for the renderer tests (no engine needed)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from bot.games.doge.constants import (
    ADVISORS,
    AREAS,
    COLOURS,
    DISTRICTS,
    HOUSES,
    PALACES,
    QUARANTIA,
    RINGS,
    placement_rounds,
)
from bot.games.doge.view import ElectionPublic, PlayerPublic, PublicView, StackPublic

NAMES = ("Alice", "Bruno", "Chiara", "Dmitri")
ORDER = ("castello", "san_marco", "quarantia", "dorsoduro", "cannaregio", "santa_croce",
         "san_polo")


def build(n: int = 4, *, names: tuple[str, ...] = NAMES,
          palaces: dict[str, tuple[int, ...]] | None = None,
          houses: dict[str, tuple[int, ...]] | None = None,
          advisors: dict[str, tuple[int | None, str | None]] | None = None,
          stacks: dict[str, tuple[StackPublic, ...]] | None = None,
          revealed: dict[str, tuple[StackPublic, ...]] | None = None,
          markers_left: tuple[int, ...] | None = None,
          has_chosen: tuple[int, ...] = (),
          **fields: Any) -> PublicView:
    """A consistent view: supplies and per-player counts follow from the board."""
    palaces = {d: () for d in DISTRICTS} | (palaces or {})
    houses = {d: (0,) * n for d in DISTRICTS} | (houses or {})
    advisors = {a: (None, None) for a in ADVISORS} | (advisors or {})
    stacks = stacks or {}
    revealed = revealed or {}
    players = []
    for seat in range(n):
        per_district = {d: palaces[d].count(seat) for d in DISTRICTS}
        on_board = sum(houses[d][seat] for d in DISTRICTS)
        used = tuple(a for a in AREAS if any(s.seat == seat for s in
                                             (*stacks.get(a, ()), *revealed.get(a, ()))))
        placed = sum(s.count for v in (*stacks.values(), *revealed.values()) for s in v
                     if s.seat == seat)
        players.append(PlayerPublic(
            seat=seat, name=names[seat], colour=COLOURS[seat], is_bot=seat == n - 1,
            houses_supply=max(0, HOUSES - on_board - 3 * sum(per_district.values())),
            palaces_supply=PALACES - sum(per_district.values()),
            rings_supply=RINGS - sum(1 for c, _ in advisors.values() if c == seat),
            markers_left=max(0, 7 - placed) if markers_left is None else markers_left[seat],
            cards_used=used, has_chosen=seat in has_chosen, houses_on_board=on_board,
            palaces=per_district,
        ))
    base: dict[str, Any] = dict(
        year=1, phase="placement", round=1, rounds_per_year=placement_rounds(n),
        players=tuple(players), houses=houses, palaces=palaces, advisors=advisors,
        stacks=stacks, revealed=revealed, order_current=ORDER, elections_done=0,
        order_next_face_up=(), election=None, awaiting=tuple(range(n)), year_limit=None,
        result=None,
    )
    base.update(fields)
    return PublicView(**base)


def stack(seat: int, count: int, values: tuple[int, ...] | None = None) -> StackPublic:
    return StackPublic(seat, count, values)


def placement(n: int = 4, names: tuple[str, ...] = NAMES) -> PublicView:
    """Round 2 of placement: stacks face down, one player has chosen already."""
    return build(n, names=names, round=2, has_chosen=(1,),
                 awaiting=tuple(s for s in range(n) if s != 1),
                 stacks={"san_marco": (stack(0, 2), stack(1, 1)), "castello": (stack(2, 3),),
                         "quarantia": (stack(0, 1), stack(n - 1, 4))},
                 houses={"san_marco": (2, 1, 0, 3)[:n]})


def _board(n: int) -> dict[str, Any]:
    """A mid-game board shared by the election scenarios."""
    return dict(
        year=3,
        palaces={"san_marco": (0, 1), "castello": (2,), "cannaregio": (0, 0, 1)},
        houses={"san_marco": (3, 2, 0, 1)[:n], "dorsoduro": (1, 4, 2, 0)[:n],
                "castello": (0, 1, 5, 2)[:n], "cannaregio": (12, 0, 0, 1)[:n]},
        advisors={"castello": (1, "dorsoduro"), "san_polo": (0, "san_marco"),
                  "q1": (2, "castello"), "q2": (None, None), "q3": (0, "san_marco"),
                  "dorsoduro": (n - 1, QUARANTIA)},
    )


def election(area: str, votes: dict[int, int], winners: tuple[int, ...],
             runners_up: tuple[int, ...], n: int = 4, question: str | None = "advisor",
             done: int | None = None) -> PublicView:
    """The election of `area` under way: its stacks face up, earlier ones revealed."""
    order = (area, *(a for a in ORDER if a != area)) if done is None else ORDER
    idx = order.index(area)
    revealed = {a: (stack(0, 2, (3, 1)), stack(1, 1, (0,))) for a in order[:idx]}
    here = tuple(stack(s, 2, (v - 1, 1) if v > 1 else (v, 0)) for s, v in sorted(votes.items())
                 if s < n)
    later = {a: (stack(2 % n, 1),) for a in order[idx + 1:idx + 3]}
    return build(
        n, phase="elections", round=placement_rounds(n), order_current=order,
        elections_done=idx, order_next_face_up=tuple(ORDER[::-1][:idx]),
        revealed=revealed, stacks={area: here, **later}, markers_left=(0,) * n,
        election=ElectionPublic(area, votes, winners, runners_up, question),
        awaiting=winners[:1] if question else (), **_board(n),
    )


def outcomes(n: int = 4) -> dict[str, PublicView]:
    """Every kind of election result (D-4.4 to D-7.5)."""
    return {
        "winner_runner_up": election("san_marco", {0: 6, 1: 3, 2: 1}, (0,), (1,), n),
        "tied_runners_up": election("castello", {0: 5, 1: 2, 2: 2}, (0,), (1, 2), n,
                                    question="place"),
        "tied_winners": election("dorsoduro", {1: 4, 2: 4, 0: 1}, (1, 2), (), n,
                                 question="place"),
        "no_runner_up": election("cannaregio", {2: 3}, (2,), (), n, question="build"),
        "quarantia": election(QUARANTIA, {0: 7, 2: 4, 1: 4}, (0,), (1, 2), n,
                              question="qadvisor"),
        "quarantia_tied": election(QUARANTIA, {0: 5, 1: 5}, (0, 1), (), n, question="qmove"),
        "nobody": election("santa_croce", {}, (), (), n, question=None),
    }


def game_over(n: int = 4, shared: bool = False, names: tuple[str, ...] = NAMES) -> PublicView:
    board = _board(n)
    board["palaces"] = {"san_marco": (0, 1, 0), "castello": (2, 0), "cannaregio": (0, 1),
                        "dorsoduro": (0, 1), "san_polo": (0, 1), "santa_croce": (0, 1)}
    view = build(n, names=names, phase="over", markers_left=(7,) * n, awaiting=(), **board)
    rows = sorted(view.players, key=lambda p: (-p.palace_total, -p.houses_on_board))
    ranking = [{"seat": p.seat, "palaces": p.palace_total, "houses": p.houses_on_board,
                "place": 1 if (shared and i < 2) else i + 1, "qualified": i == 0}
               for i, p in enumerate(rows)]
    winners = [r["seat"] for r in ranking if r["place"] == 1]
    return replace(view, result={"reason": "condition", "year": 3, "ranking": ranking,
                                 "winners": winners})
