"""The questions an election asks (D-5 to D-8, D-11): who is asked what, what they may
answer, what the table answers for them at a deadline, and what an answer does."""

from __future__ import annotations

from bot.games.base import Action, Event, IllegalAction
from bot.games.doge.building import build_in_rounds, build_max
from bot.games.doge.constants import DISTRICTS
from bot.games.doge.election import (
    may_take,
    movable_houses,
    neutral_quarantia_advisors,
    neutralise,
    stand_options,
)
from bot.games.doge.state import DogeState, Election, Phase
from bot.i18n import N_, _

# For refusals: what each step of an election asks, and what each kind of answer does.
_QUESTIONS = {"advisor": N_("take the district's advisor or abstain"),
              "qadvisor": N_("take a Quarantia advisor or abstain"),
              "place": N_("how many houses to place"), "qmove": N_("move a house or stop"),
              "build": N_("how many palaces to build")}
_ANSWERS = {"take": N_("taking an advisor"), "abstain": N_("abstaining"),
            "place": N_("placing houses"), "move": N_("moving a house"),
            "pass": N_("stopping"), "build": N_("building palaces")}

# ---- opening and closing a phase ---------------------------------------------------


def has_choice(st: DogeState, el: Election, ph: Phase, seat: int) -> bool:
    """Whether opening the phase asks `seat` (D-11.1: no choice, no question): an advisor
    step with more than abstaining open to them, a placement with houses in supply (D-6.5),
    Quarantia moves with a house on the board (D-7.3, D-7.5). Building is asked about the
    houses the step brought in (D-8.4), known only when it opens."""
    if ph.kind in ("advisor", "qadvisor"):
        return len(_advisor_actions(st, el, ph, seat)) > 1
    if ph.kind == "place":
        return min(ph.limit, st.players[seat].houses) > 0
    if ph.kind == "qmove":
        return st.houses_on_board(seat) > 0
    return False


def asked_later(st: DogeState) -> list[int]:
    """Seats a step still to come in this election will ask, as the board stands now:
    whom a heads-up names (a runner-up with an empty supply is not, D-6.5). Building is
    left out: it follows a step that asks its builders first."""
    el = st.election
    if el is None:
        return []
    return list(dict.fromkeys(seat for ph in el.queue for seat in ph.seats
                              if has_choice(st, el, ph, seat)))


def open_phase(st: DogeState, el: Election, ph: Phase) -> list[Event]:
    """Ask the phase's question of each seat, taking no-choice answers at once (D-11.1)."""
    events: list[Event] = []
    for seat in ph.seats:
        asked = has_choice(st, el, ph, seat)
        if ph.kind in ("advisor", "qadvisor"):
            if asked:
                ph.awaiting[seat] = 1
            else:
                events += _abstain(st, el, ph, seat, None, automatic=True)
        elif ph.kind == "place":
            if asked:
                ph.awaiting[seat] = 1
            else:
                events.append({"type": "chance_lost", "seat": seat, "area": el.area,
                               "reason": "no house in supply"})  # D-6.5
        elif ph.kind == "qmove":
            if asked:
                ph.awaiting[seat] = ph.limit
            else:
                events.append({"type": "chance_lost", "seat": seat, "area": el.area,
                               "reason": "no house on the board to move"})
        elif ph.kind == "build":
            received = el.received.get(seat, {})
            todo = [[d, received[d]] for d in DISTRICTS if received.get(d)]
            if todo:
                ph.awaiting[seat] = todo
                _skip_unbuildable(st, el, seat, ph)
    return events


def _promised(el: Election, seat: int) -> int:
    return sum(el.wants.get(seat, {}).values())


def _skip_unbuildable(st: DogeState, el: Election, seat: int, ph: Phase) -> None:
    """D-11.1: a district where no palace can be built is not asked about."""
    todo = ph.awaiting[seat]
    while todo and build_max(st, seat, todo[0][0], todo[0][1], _promised(el, seat)) == 0:
        todo.pop(0)
    if not todo:
        del ph.awaiting[seat]


def close_phase(st: DogeState, el: Election, ph: Phase) -> list[Event]:
    events: list[Event] = []
    if ph.kind == "place":
        # D-11.2: the step resolves when all have answered; every placement of it is
        # carried out now, together (tied winners D-6.4, tied runners-up D-6.3).
        together = len(ph.seats) > 1
        for seat in sorted(ph.chosen):
            events += _place(st, el, ph, seat, ph.chosen[seat], together)
        ph.chosen = {}
    if ph.kind == "build":
        # D-8.5: everyone of the step builds together, district by district. Tied
        # builders' answers were kept hidden (D-11.2, D-10.2): they are told now.
        together = len(ph.seats) > 1
        for district in DISTRICTS:
            if together:
                events += [{"type": "build_chosen", "seat": s, "district": district,
                            "count": w[district], "together": True}
                           for s, w in sorted(el.wants.items()) if district in w]
            wants = {s: w[district] for s, w in el.wants.items() if w.get(district)}
            if wants:
                events += build_in_rounds(st, district, wants)
        el.wants = {}
        el.received = {}  # D-8.4: the step is over
    return events


# ---- what a seat may answer -----------------------------------------------------------


def _advisor_actions(st: DogeState, el: Election, ph: Phase, seat: int) -> list[Action]:
    actions: list[Action] = []
    if ph.kind == "advisor":
        advisor = el.area
        if may_take(st, seat, advisor):
            actions += [{"seat": seat, "type": "take", "advisor": advisor, "stand": a}
                        for a in stand_options(advisor)]
        moves = movable_houses(st, seat, el.area)  # D-6.2
    else:
        if st.rings_in_supply(seat) > 0:  # D-5.2
            actions += [{"seat": seat, "type": "take", "advisor": q, "stand": d}
                        for q in neutral_quarantia_advisors(st) for d in DISTRICTS]
        moves = movable_houses(st, seat, None)  # D-7.2
    actions.append({"seat": seat, "type": "abstain", "move": None})
    actions += [{"seat": seat, "type": "abstain", "move": [a, b]} for a, b in moves]
    return actions


def legal_decisions(st: DogeState, seat: int) -> list[Action]:
    el = st.election
    if el is None or el.current is None or seat not in el.current.awaiting:
        return []
    ph = el.current
    if ph.kind in ("advisor", "qadvisor"):
        return _advisor_actions(st, el, ph, seat)
    if ph.kind == "place":
        top = min(ph.limit, st.players[seat].houses)
        return [{"seat": seat, "type": "place", "count": n}
                for n in range(top, -1, -1)]
    if ph.kind == "qmove":
        return [{"seat": seat, "type": "pass"}] + [
            {"seat": seat, "type": "move", "from": a, "to": b}
            for a, b in movable_houses(st, seat, None)]
    district, received = ph.awaiting[seat][0]
    top = build_max(st, seat, district, received, _promised(el, seat))
    return [{"seat": seat, "type": "build", "district": district, "count": n}
            for n in range(top, -1, -1)]


def default_decision(st: DogeState, seat: int) -> Action:
    """The safe default (D-11): take the advisor and stand it where it votes soonest,
    place every house allowed, build every palace allowed, make no optional move."""
    actions = legal_decisions(st, seat)
    if not actions:
        raise IllegalAction(_("that player is not awaited now"), "D-11.2")
    kind = st.election.current.kind  # type: ignore[union-attr]
    if kind in ("advisor", "qadvisor"):
        upcoming = st.order_current[st.elections_done + 1:] + st.order_next
        takes = [a for a in actions if a["type"] == "take"]
        for area in upcoming:
            for a in takes:
                if a["stand"] == area:
                    return a
        return {"seat": seat, "type": "abstain", "move": None}
    if kind == "qmove":
        return {"seat": seat, "type": "pass"}
    return actions[0]  # place and build list the most first


# ---- what an answer does ------------------------------------------------------------


def answer(st: DogeState, action: Action) -> list[Event]:
    """Apply one decision of the current phase; the caller advances the game after."""
    el = st.election
    seat = action["seat"]
    if el is None or el.current is None or seat not in el.current.awaiting:
        raise IllegalAction(_("no decision of yours is awaited now"), "D-11.2")
    ph = el.current
    kind = action.get("type")
    expected = {"advisor": ("take", "abstain"), "qadvisor": ("take", "abstain"),
                "place": ("place",), "qmove": ("move", "pass"), "build": ("build",)}[ph.kind]
    if kind not in expected:
        if not isinstance(kind, str):
            answer_words = _("that answer")
        elif kind in _ANSWERS:
            answer_words = _(_ANSWERS[kind])
        else:
            answer_words = _("a {kind} answer", kind=repr(kind))
        raise IllegalAction(_("{answer} does not fit the question now: {question}",
                              answer=answer_words, question=_(_QUESTIONS[ph.kind])), "D-11.2")
    if not _is_legal(action, legal_decisions(st, seat)):
        raise IllegalAction(*_why_illegal(st, el, ph, action))
    return carry_out(st, action)


def carry_out(st: DogeState, action: Action) -> list[Event]:
    """What a decision known to be legal does (`answer` checks it first; simulations that
    only ever choose among legal actions call this directly)."""
    el, seat, kind = st.election, action["seat"], action["type"]
    assert el is not None and el.current is not None
    ph = el.current
    if kind == "take":
        return _take(st, el, ph, seat, action["advisor"], action["stand"])
    if kind == "abstain":
        return _abstain(st, el, ph, seat, action.get("move"), automatic=False)
    if kind == "place":
        return _choose_placement(el, ph, seat, action["count"])
    if kind == "pass":
        moved = ph.limit - ph.awaiting.pop(seat)  # moves made before (D-7.3, D-7.5)
        return [{"type": "passed", "seat": seat, "moved": moved}]
    if kind == "move":
        events = _move_house(st, el, seat, action["from"], action["to"])
        ph.awaiting[seat] -= 1
        if ph.awaiting[seat] == 0 or st.houses_on_board(seat) == 0:
            del ph.awaiting[seat]
        return events
    return _choose_build(st, el, ph, seat, action["count"])


def _is_legal(action: Action, legal: list[Action]) -> bool:
    """Whether `action` equals one of `legal`, judged on the fields legal actions have."""
    same_type = [a for a in legal if a["type"] == action["type"]]
    if not same_type:
        return False
    clean = {k: action.get(k) for k in same_type[0]}
    if isinstance(clean.get("move"), tuple):
        clean["move"] = list(clean["move"])
    return clean in same_type


def _why_illegal(st: DogeState, el: Election, ph: Phase, action: Action) -> tuple[str, str]:
    seat, kind = action["seat"], action["type"]
    if kind == "take":
        advisor = action.get("advisor")
        if ph.kind == "advisor" and advisor != el.area:
            return _("only this district's advisor can be taken here"), "D-6.1"
        if ph.kind == "qadvisor" and advisor not in neutral_quarantia_advisors(st):
            return _("take one of the neutral Quarantia advisors"), "D-7.1"
        if not may_take(st, seat, advisor) or (ph.kind == "qadvisor"
                                               and st.rings_in_supply(seat) == 0):
            return _("you have no control ring left, so you must abstain"), "D-5.2"
        return _("an advisor may not stand in that area"), "D-5.3"
    if kind in ("abstain", "move"):
        return _("that house move is not allowed"), "D-6.2" if ph.kind == "advisor" else "D-7.2"
    if kind == "place":
        return _("you may not place that many houses"), "D-6.5"
    return _("you may not build that many palaces there"), "D-8.4"


def _take(st: DogeState, el: Election, ph: Phase, seat: int, advisor: str,
          stand: str) -> list[Event]:
    """D-5.1, D-5.3: the ring goes on (another's returns), the advisor stands at once."""
    previous, stood = st.advisors[advisor]
    st.advisors[advisor] = [seat, stand]
    del ph.awaiting[seat]
    return [{"type": "advisor_taken", "seat": seat, "advisor": advisor, "stand": stand,
             "from_area": stood,
             "ring_returned_to": previous if previous not in (None, seat) else None}]


def _abstain(st: DogeState, el: Election, ph: Phase, seat: int, move: list[str] | None,
             automatic: bool) -> list[Event]:
    """D-5.4: the advisor becomes neutral (a district's; Quarantia ones already are)."""
    events: list[Event] = [{"type": "abstained", "seat": seat, "area": el.area,
                            "automatic": automatic}]
    if ph.kind == "advisor":
        ev = neutralise(st, el.area)
        if ev:
            events.append(ev)
    if move:
        events += _move_house(st, el, seat, move[0], move[1])
    ph.awaiting.pop(seat, None)
    return events


def _move_house(st: DogeState, el: Election, seat: int, src: str, dst: str) -> list[Event]:
    st.houses[src][seat] -= 1
    st.houses[dst][seat] += 1
    el.received.setdefault(seat, {})
    el.received[seat][dst] = el.received[seat].get(dst, 0) + 1  # D-8.4
    return [{"type": "house_moved", "seat": seat, "from": src, "to": dst}]


def _choose_placement(el: Election, ph: Phase, seat: int, count: int) -> list[Event]:
    """Keep the answer until the step resolves (D-11.2). Others still deciding learn
    that this seat has answered, not what."""
    del ph.awaiting[seat]
    ph.chosen[seat] = count
    if ph.awaiting:
        return [{"type": "placement_answered", "seat": seat, "area": el.area}]
    return []


def _choose_build(st: DogeState, el: Election, ph: Phase, seat: int,
                  count: int) -> list[Event]:
    """Keep the palaces asked for until the step resolves (D-8.5). A lone builder's
    answer is told at once; tied builders answer at the same time (D-11.2), so the
    others learn that this seat has answered, not what (`close_phase` tells it)."""
    district = ph.awaiting[seat][0][0]
    el.wants.setdefault(seat, {})[district] = count
    ph.awaiting[seat].pop(0)
    _skip_unbuildable(st, el, seat, ph)
    if len(ph.seats) == 1:
        return [{"type": "build_chosen", "seat": seat, "district": district, "count": count}]
    if ph.awaiting:
        return [{"type": "build_answered", "seat": seat, "district": district}]
    return []


def _place(st: DogeState, el: Election, ph: Phase, seat: int, count: int,
           together: bool) -> list[Event]:
    """D-6.1, D-6.3, D-6.4, D-6.5: houses from supply into the voting district."""
    if count:
        st.players[seat].houses -= count
        st.houses[el.area][seat] += count
        el.received.setdefault(seat, {})
        el.received[seat][el.area] = el.received[seat].get(el.area, 0) + count
    return [{"type": "houses_placed", "seat": seat, "area": el.area, "count": count,
             "allowed": ph.limit, "together": together}]
