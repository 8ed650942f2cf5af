"""Between the engine's Doge and the compact game of `fast.py`: a state in, a `Sim` out;
a listed tuple out, the public action it stands for."""

from __future__ import annotations

from bot.games.base import Action
from bot.games.doge.constants import ADVISORS, AREA_INDEX, AREAS, DISTRICTS, placement_rounds
from bot.games.doge.fast import FastAction, Sim
from bot.games.doge.fast_rules import ELECTIONS, OVER, PLACEMENT, Phase
from bot.games.doge.state import DogeState
from bot.games.doge.state import Phase as StatePhase

ADVISOR_INDEX = {a: i for i, a in enumerate(ADVISORS)}
PHASES = {"placement": PLACEMENT, "elections": ELECTIONS, "over": OVER}


def from_state(st: DogeState) -> Sim:
    n = st.player_count
    sim = Sim.__new__(Sim)
    sim.n, sim.year, sim.phase, sim.round = n, st.year, PHASES[st.phase], st.round
    sim.rounds = placement_rounds(n)
    sim.houses = [list(st.houses[d]) for d in DISTRICTS]
    sim.house_supply = [p.houses for p in st.players]
    sim.palace_supply = [p.palaces for p in st.players]
    sim.palaces = [list(st.palaces[d]) for d in DISTRICTS]
    sim.ctrl = [-1 if st.advisors[a][0] is None else st.advisors[a][0] for a in ADVISORS]
    sim.stand = [-1 if st.advisors[a][1] is None else AREA_INDEX[st.advisors[a][1]]
                 for a in ADVISORS]
    sim.markers = [sorted(p.markers) for p in st.players]
    sim.used = [sum(1 << AREA_INDEX[a] for a in p.cards_used) for p in st.players]
    sim.votes = [[0] * n for _ in AREAS]
    sim.counts = [[0] * n for _ in AREAS]
    for area, stacks in st.stacks.items():
        for stack in stacks:
            sim.votes[AREA_INDEX[area]][stack.seat] += sum(stack.markers)
            sim.counts[AREA_INDEX[area]][stack.seat] += len(stack.markers)
    sim.ballots = {s: None if b is None else (AREA_INDEX[b.area], tuple(b.markers))
                   for s, b in st.ballots.items()}
    sim.order = [AREA_INDEX[a] for a in st.order_current]
    sim.order_next = [AREA_INDEX[a] for a in st.order_next]
    sim.done, sim.chance_seed, sim.year_limit = st.elections_done, st.chance_seed, st.year_limit
    sim.stalemate_years, sim.last_palace_year = st.stalemate_years, st.last_palace_year
    sim.winners = list(st.result["winners"]) if st.result else None
    el = st.election
    sim.area = -1 if el is None else AREA_INDEX[el.area]
    sim.queue = [] if el is None else [_phase(p) for p in el.queue]
    sim.current = None if el is None or el.current is None else _phase(el.current)
    sim.received = {} if el is None else {
        s: [r.get(d, 0) for d in DISTRICTS] for s, r in el.received.items()}
    sim.wants = {} if el is None else {
        s: {DISTRICTS.index(d): n for d, n in w.items()} for s, w in el.wants.items()}
    return sim


def _phase(p: StatePhase) -> Phase:
    ph = Phase(p.kind, list(p.seats), p.limit)
    ph.awaiting = {s: ([[DISTRICTS.index(d), n] for d, n in v] if isinstance(v, list) else v)
                   for s, v in p.awaiting.items()}
    ph.chosen = dict(p.chosen)
    return ph


def to_action(sim: Sim, seat: int, fa: FastAction) -> Action:
    """The public action a listed tuple stands for, as `legal_actions` lists it."""
    kind = fa[0]
    if kind == "ballot":
        return {"seat": seat, "type": "ballot", "area": AREAS[fa[1]], "markers": list(fa[2])}
    if kind == "take":
        return {"seat": seat, "type": "take", "advisor": ADVISORS[fa[1]], "stand": AREAS[fa[2]]}
    if kind == "abstain":
        move = [AREAS[fa[1][0]], AREAS[fa[1][1]]] if fa[1] else None
        return {"seat": seat, "type": "abstain", "move": move}
    if kind == "place":
        return {"seat": seat, "type": "place", "count": fa[1]}
    if kind == "move":
        return {"seat": seat, "type": "move", "from": AREAS[fa[1]], "to": AREAS[fa[2]]}
    if kind == "pass":
        return {"seat": seat, "type": "pass"}
    district = sim.current.awaiting[seat][0][0]  # type: ignore[union-attr]
    return {"seat": seat, "type": "build", "district": DISTRICTS[district], "count": fa[1]}
