"""Building palaces (D-8)."""

from __future__ import annotations

from bot.games.base import Event
from bot.games.doge.constants import DISTRICTS, PALACE_COSTS, SPACES_PER_DISTRICT
from bot.games.doge.state import DogeState


def next_cost(st: DogeState, district: str) -> int | None:
    """D-8.2: the next free space's number; None when the district is full (D-8.3)."""
    filled = len(st.palaces[district])
    return PALACE_COSTS[filled] if filled < SPACES_PER_DISTRICT else None


def build_max(st: DogeState, seat: int, district: str, received: int,
              palaces_promised: int = 0) -> int:
    """How many palaces `seat` could build alone in `district` now (D-8.4, D-8.5): at most
    one per house received there this step, each at the then current cost, while houses,
    free spaces and palaces in supply last. `palaces_promised` are palaces the player
    already asked for elsewhere in the same step."""
    return palaces_affordable(st.houses[district][seat], len(st.palaces[district]),
                              st.players[seat].palaces - palaces_promised, received)


def palaces_affordable(houses: int, filled: int, supply: int, received: int) -> int:
    """D-8.4, D-8.5: palaces built one after another with `houses` in a district whose
    first `filled` spaces are taken, each at the then current cost, at most `received`
    and `supply` (the palaces left to the player)."""
    count = 0
    while count < received and filled < SPACES_PER_DISTRICT and supply > 0:
        cost = PALACE_COSTS[filled]
        if houses < cost:
            break
        houses -= cost
        filled += 1
        supply -= 1
        count += 1
    return count


def build_in_rounds(st: DogeState, district: str, wants: dict[int, int]) -> list[Event]:
    """D-8.5: players of one step build at the same time, in rounds.

    In each round everyone who still wants a palace and can pay the cost of the first
    free space at that moment builds one at that cost; spaces go to the player with more
    houses in the district first, then in seat order. A lone builder is the one-player
    case of the same procedure (D-8.2)."""
    events: list[Event] = []
    wants = {s: n for s, n in wants.items() if n > 0}
    while wants:
        cost = next_cost(st, district)
        if cost is None:
            break
        row = st.houses[district]
        able = [s for s in wants if row[s] >= cost and st.players[s].palaces > 0]
        if not able:
            break
        able.sort(key=lambda s: (-row[s], s))
        for seat in able:
            if len(st.palaces[district]) >= SPACES_PER_DISTRICT:
                break
            row[seat] -= cost
            st.players[seat].houses += cost
            st.players[seat].palaces -= 1
            st.palaces[district].append(seat)
            st.last_palace_year = st.year  # D-9.4
            events.append({"type": "palace_built", "seat": seat, "district": district,
                           "cost": cost, "space": len(st.palaces[district])})
            wants[seat] -= 1
        # Whoever could not pay this round cannot later: costs only rise, houses only fall.
        wants = {s: n for s, n in wants.items() if n > 0 and s in able}
    return events


def board_full(st: DogeState) -> bool:
    """D-9.3: all 30 palace spaces are full."""
    return all(len(st.palaces[d]) >= SPACES_PER_DISTRICT for d in DISTRICTS)
