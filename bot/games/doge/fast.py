"""The search's fast path through Doge: a compact copy of the game that the search plays
thousands of times a decision.

Areas, districts and advisors are small ints (their index in `AREAS` / `ADVISORS`), the
board is lists of ints, a face-down stack is only its count and sum of votes, actions are tuples,
and nothing is checked again or narrated: the search only ever applies actions this
module listed. The rules are the engine's (D-3 to D-9, D-11): a property test plays
thousands of random games through both, step by step, and finds them equal.

    ("ballot", area, markers)     ("take", advisor, stand)    ("abstain", (from, to) | None)
    ("place", count)              ("move", from, to)          ("pass",)
    ("build", count)
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from typing import Any

from bot.games.doge.building import palaces_affordable
from bot.games.doge.constants import MARKER_VALUES, PALACE_COSTS, RINGS, SPACES_PER_DISTRICT
from bot.games.doge.fast_rules import (
    DISTRICT_RANGE,
    ELECTIONS,
    N_DISTRICTS,
    OVER,
    PLACEMENT,
    Q_ADVISORS,
    Phase,
    plan_election,
    winners_at_year_end,
)
from bot.games.doge.placement import marker_choices

FastAction = tuple[Any, ...]
# Where a district's advisor may stand (D-5.3): any area but its home.
STANDS = tuple(tuple(a for a in range(7) if a != home) for home in DISTRICT_RANGE)


def _moves(mask: int, area: int) -> tuple[tuple[int, int], ...]:
    return tuple((src, dst) for src in DISTRICT_RANGE if mask >> src & 1
                 for dst in DISTRICT_RANGE
                 if dst != src and (area < 0 or src == area or dst == area))


# MOVES[districts holding the seat's houses, as bits][area, or -1 for anywhere]
MOVES = tuple({area: _moves(mask, area) for area in range(-1, 7)} for mask in range(64))


UNUSED = tuple([a for a in range(7) if not used >> a & 1] for used in range(128))
CHOICES: dict[tuple[int, ...], tuple[tuple[int, ...], ...]] = {}  # held markers -> choices


class Ballots(Sequence[FastAction]):
    """Every ballot of a seat (an unused area times a marker choice), listed lazily: a
    random pick costs no more than one ballot."""

    def __init__(self, areas: list[int], choices: tuple[tuple[int, ...], ...]) -> None:
        self.areas, self.choices = areas, choices
        self.size = len(areas) * len(choices)

    def __len__(self) -> int:
        return self.size

    def __getitem__(self, i):  # type: ignore[override]
        if i >= self.size:
            raise IndexError(i)
        area, markers = divmod(i, len(self.choices))
        return ("ballot", self.areas[area], self.choices[markers])

    def __iter__(self) -> Iterator[FastAction]:
        for area in self.areas:
            for markers in self.choices:
                yield ("ballot", area, markers)


class Sim:
    """A whole Doge game, secrets included, in compact form."""

    __slots__ = ("n", "houses", "house_supply", "palace_supply", "palaces", "ctrl", "stand",
                 "markers", "used", "votes", "counts", "ballots", "year", "phase", "round",
                 "rounds", "order", "order_next", "done", "chance_seed", "year_limit", "area",
                 "stalemate_years", "last_palace_year",
                 "queue", "current", "received", "wants", "winners")

    def copy(self) -> Sim:
        c = Sim.__new__(Sim)
        c.n, c.year, c.phase, c.round, c.rounds = self.n, self.year, self.phase, \
            self.round, self.rounds
        c.houses = [row[:] for row in self.houses]
        c.house_supply, c.palace_supply = self.house_supply[:], self.palace_supply[:]
        c.palaces = [row[:] for row in self.palaces]
        c.ctrl, c.stand = self.ctrl[:], self.stand[:]
        c.markers = [m[:] for m in self.markers]
        c.used = self.used[:]
        c.votes = [row[:] for row in self.votes]
        c.counts = [row[:] for row in self.counts]
        c.ballots = dict(self.ballots)
        c.order, c.order_next, c.done = self.order[:], self.order_next[:], self.done
        c.chance_seed, c.year_limit, c.area = self.chance_seed, self.year_limit, self.area
        c.stalemate_years, c.last_palace_year = self.stalemate_years, self.last_palace_year
        c.queue = [p.copy() for p in self.queue]
        c.current = self.current.copy() if self.current else None
        c.received = {s: r[:] for s, r in self.received.items()}
        c.wants = {s: dict(w) for s, w in self.wants.items()}
        c.winners = self.winners
        return c

    # ---- who acts, and what they may do ----------------------------------------------

    def pending(self) -> list[int]:
        if self.phase == PLACEMENT:
            return [s for s in range(self.n) if self.markers[s] and s not in self.ballots]
        if self.phase == ELECTIONS and self.current is not None:
            return sorted(self.current.awaiting)
        return []

    def legal(self, seat: int) -> Sequence[FastAction]:
        if self.phase == PLACEMENT:
            if not self.markers[seat]:
                return []
            key = tuple(self.markers[seat])
            choices = CHOICES.get(key)
            if choices is None:
                choices = CHOICES[key] = marker_choices(self.markers[seat])
            return Ballots(UNUSED[self.used[seat]], choices)
        ph = self.current
        if self.phase != ELECTIONS or ph is None or seat not in ph.awaiting:
            return []
        kind = ph.kind
        if kind == "advisor" or kind == "qadvisor":
            return self._advisor_actions(seat, kind)
        if kind == "place":
            return [("place", n) for n in range(min(ph.limit, self.house_supply[seat]), -1, -1)]
        if kind == "qmove":
            return [("pass",)] + [("move", a, b) for a, b in self.movable(seat, -1)]
        district, received = ph.awaiting[seat][0]
        top = self.build_max(seat, district, received, self.promised(seat))
        return [("build", n) for n in range(top, -1, -1)]

    def _advisor_actions(self, seat: int, kind: str) -> list[FastAction]:
        out: list[FastAction] = []
        if kind == "advisor":
            area = self.area
            if self.ctrl[area] == seat or self.rings(seat) > 0:  # D-5.2
                out += [("take", area, a) for a in STANDS[area]]
            moves = self.movable(seat, area)  # D-6.2
        else:
            if self.rings(seat) > 0:
                out += [("take", q, d) for q in Q_ADVISORS if self.ctrl[q] < 0
                        for d in DISTRICT_RANGE]
            moves = self.movable(seat, -1)  # D-7.2
        out.append(("abstain", None))
        out += [("abstain", m) for m in moves]
        return out

    def movable(self, seat: int, area: int) -> tuple[tuple[int, int], ...]:
        """House moves (D-6.2 into or out of `area`; D-7.2 anywhere when area is -1)."""
        mask = 0
        for d in DISTRICT_RANGE:
            if self.houses[d][seat]:
                mask |= 1 << d
        return MOVES[mask][area]

    def rings(self, seat: int) -> int:
        return RINGS - self.ctrl.count(seat)

    def on_board(self, seat: int) -> int:
        return sum(row[seat] for row in self.houses)

    def promised(self, seat: int) -> int:
        wants = self.wants.get(seat)
        return sum(wants.values()) if wants else 0

    def build_max(self, seat: int, district: int, received: int, promised: int) -> int:
        """D-8.4, D-8.5: palaces `seat` could build alone in `district` now."""
        return palaces_affordable(self.houses[district][seat], len(self.palaces[district]),
                                  self.palace_supply[seat] - promised, received)

    # ---- acting ------------------------------------------------------------------------

    def apply(self, seat: int, fa: FastAction) -> None:
        """Carry out a listed action, then run the game on until someone must decide."""
        kind = fa[0]
        if kind == "ballot":
            self.ballots[seat] = (fa[1], fa[2])
            if any(self.markers[s] and s not in self.ballots for s in range(self.n)):
                return
            self._reveal()
            if self.phase == PLACEMENT:
                return
        else:
            self._answer(seat, fa)
        self._advance()

    def _reveal(self) -> None:
        """D-3.3, D-3.6: the round's ballots go on the board; rounds nobody can play are
        skipped; elections begin after the last round."""
        for seat in sorted(self.ballots):
            ballot = self.ballots[seat]
            if ballot is None:
                continue
            area, markers = ballot
            held = self.markers[seat]
            for m in markers:
                held.remove(m)
            self.used[seat] |= 1 << area
            self.votes[area][seat] += sum(markers)
            self.counts[area][seat] += len(markers)
        self.ballots = {}
        while True:
            if self.round >= self.rounds:
                self.phase = ELECTIONS
                return
            self.round += 1
            if any(self.markers):
                return

    def _answer(self, seat: int, fa: FastAction) -> None:
        ph = self.current
        assert ph is not None
        kind = fa[0]
        if kind == "take":
            self.ctrl[fa[1]], self.stand[fa[1]] = seat, fa[2]  # D-5.1, D-5.3
            del ph.awaiting[seat]
        elif kind == "abstain":
            if ph.kind == "advisor":
                self.ctrl[self.area], self.stand[self.area] = -1, -1  # D-5.4
            if fa[1]:
                self._move_house(seat, *fa[1])
            del ph.awaiting[seat]
        elif kind == "place":
            del ph.awaiting[seat]
            ph.chosen[seat] = fa[1]  # carried out when the step resolves (D-11.2)
        elif kind == "pass":
            del ph.awaiting[seat]
        elif kind == "move":
            self._move_house(seat, fa[1], fa[2])
            ph.awaiting[seat] -= 1
            if ph.awaiting[seat] == 0 or self.on_board(seat) == 0:
                del ph.awaiting[seat]
        else:
            todo = ph.awaiting[seat]
            self.wants.setdefault(seat, {})[todo[0][0]] = fa[1]
            todo.pop(0)
            self._skip_unbuildable(seat, ph)

    def _move_house(self, seat: int, src: int, dst: int) -> None:
        self.houses[src][seat] -= 1
        self.houses[dst][seat] += 1
        self._receive(seat, dst, 1)

    def _receive(self, seat: int, district: int, count: int) -> None:
        row = self.received.get(seat)
        if row is None:
            row = self.received[seat] = [0] * N_DISTRICTS
        row[district] += count  # D-8.4

    def _skip_unbuildable(self, seat: int, ph: Phase) -> None:
        todo = ph.awaiting[seat]
        promised = self.promised(seat)
        while todo and self.build_max(seat, todo[0][0], todo[0][1], promised) == 0:
            todo.pop(0)
        if not todo:
            del ph.awaiting[seat]

    def _advance(self) -> None:
        while self.phase == ELECTIONS:
            if self.area < 0:
                if self.done == 7:
                    self._end_year()
                else:
                    self._start_election()
                continue
            ph = self.current
            if ph is not None:
                if ph.awaiting:
                    return
                self._close(ph)
                self.current = None
            if self.queue:
                self.current = self.queue.pop(0)
                self._open(self.current)
                continue
            self.votes[self.area] = [0] * self.n  # D-4.7: the stacks leave the area
            self.counts[self.area] = [0] * self.n
            self.area = -1
            self.done += 1

    def _start_election(self) -> None:
        """D-4.2 to D-4.6: count, rank, and plan the questions the result asks."""
        plan_election(self, self.order[self.done])

    def _open(self, ph: Phase) -> None:
        """Ask each seat, taking answers with no real choice at once (D-11.1)."""
        kind = ph.kind
        for seat in ph.seats:
            if kind == "advisor" or kind == "qadvisor":
                if self._has_advisor_choice(seat, kind):
                    ph.awaiting[seat] = 1
                elif kind == "advisor":
                    self.ctrl[self.area], self.stand[self.area] = -1, -1
            elif kind == "place":
                if min(ph.limit, self.house_supply[seat]) > 0:
                    ph.awaiting[seat] = 1
            elif kind == "qmove":
                if self.on_board(seat) > 0:
                    ph.awaiting[seat] = ph.limit
            else:
                received = self.received.get(seat)
                if received:
                    todo = [[d, received[d]] for d in DISTRICT_RANGE if received[d]]
                    if todo:
                        ph.awaiting[seat] = todo
                        self._skip_unbuildable(seat, ph)

    def _has_advisor_choice(self, seat: int, kind: str) -> bool:
        """Whether `_advisor_actions` offers more than abstaining without a move: a house
        on the board can always move somewhere (into or out of the area, D-6.2)."""
        if kind == "advisor":
            if self.ctrl[self.area] == seat or self.rings(seat) > 0:
                return True
        elif self.rings(seat) > 0 and any(self.ctrl[q] < 0 for q in Q_ADVISORS):
            return True
        return self.on_board(seat) > 0

    def _close(self, ph: Phase) -> None:
        if ph.kind == "place":
            area = self.area
            for seat in sorted(ph.chosen):  # D-11.2: together, once all have answered
                count = ph.chosen[seat]
                if count:
                    self.house_supply[seat] -= count
                    self.houses[area][seat] += count
                    self._receive(seat, area, count)
        elif ph.kind == "build":
            if not self.wants:
                self.received = {}
                return
            for district in DISTRICT_RANGE:
                wants = {s: w[district] for s, w in self.wants.items() if w.get(district)}
                if wants:
                    self._build(district, wants)
            self.wants = {}
            self.received = {}

    def _build(self, district: int, wants: dict[int, int]) -> None:
        """D-8.5: builders of one step build in rounds at the cost of the first free
        space; spaces go to more houses in the district first, then seat order."""
        row, owners = self.houses[district], self.palaces[district]
        while wants and len(owners) < SPACES_PER_DISTRICT:
            cost = PALACE_COSTS[len(owners)]
            able = sorted((s for s in wants if row[s] >= cost and self.palace_supply[s] > 0),
                          key=lambda s: (-row[s], s))
            if not able:
                return
            for seat in able:
                if len(owners) >= SPACES_PER_DISTRICT:
                    break
                row[seat] -= cost
                self.house_supply[seat] += cost
                self.palace_supply[seat] -= 1
                owners.append(seat)
                self.last_palace_year = self.year  # D-9.4
                wants[seat] -= 1
            wants = {s: n for s, n in wants.items() if n > 0 and s in able}

    def _end_year(self) -> None:
        """D-2.2, D-4.1, D-9: markers and cards return, next year's order, the end?"""
        n = self.n
        self.markers = [list(MARKER_VALUES) for _ in range(n)]
        self.used = [0] * n
        self.votes = [[0] * n for _ in range(7)]
        self.counts = [[0] * n for _ in range(7)]
        used_order = self.order
        self.order = self.order_next
        self.order_next = list(used_order)
        random.Random(f"{self.chance_seed}:{self.year}").shuffle(self.order_next)
        self.done = 0
        winners = winners_at_year_end(self)
        if winners is not None:
            self.phase, self.winners = OVER, winners
            return
        self.year += 1
        self.phase, self.round, self.ballots = PLACEMENT, 1, {}
