"""Fixed facts of Doge (D-1): colours, areas, advisors, pieces."""

from __future__ import annotations

COLOURS = ("red", "blue", "green", "yellow")  # D-1.1

DISTRICTS = ("cannaregio", "castello", "dorsoduro", "san_marco", "san_polo", "santa_croce")
QUARANTIA = "quarantia"
AREAS = (*DISTRICTS, QUARANTIA)  # D-1.3: the 7 areas
AREA_INDEX = {area: i for i, area in enumerate(AREAS)}

AREA_NAMES = {
    "cannaregio": "Cannaregio",
    "castello": "Castello",
    "dorsoduro": "Dorsoduro",
    "san_marco": "San Marco",
    "san_polo": "San Polo",
    "santa_croce": "Santa Croce",
    "quarantia": "Quarantia",
}

# D-1.4: one advisor lives in each district, three in the Quarantia (named Q1-Q3, D-7.1).
QUARANTIA_ADVISORS = ("q1", "q2", "q3")
ADVISORS = (*DISTRICTS, *QUARANTIA_ADVISORS)
ADVISOR_HOME = {**{d: d for d in DISTRICTS}, **{q: QUARANTIA for q in QUARANTIA_ADVISORS}}
ADVISOR_NAMES = {**AREA_NAMES, "q1": "Quarantia advisor Q1", "q2": "Quarantia advisor Q2",
                 "q3": "Quarantia advisor Q3"}

# D-1.2: what each player owns.
HOUSES = 15
PALACES = 8
RINGS = 6
MARKER_VALUES = (0, 1, 1, 2, 2, 3, 3)
MAX_MARKERS_PER_STACK = 4  # D-3.2
MAX_YEAR_LIMIT = 50  # the most `/doge new year_limit:` takes (D-9.3)

# D-1.3: palace spaces cost 3..7 houses, filled in that order.
PALACE_COSTS = (3, 4, 5, 6, 7)
SPACES_PER_DISTRICT = len(PALACE_COSTS)


def placement_rounds(player_count: int) -> int:
    """D-3.1: 4 rounds with 3 players, 3 with 4."""
    return 4 if player_count == 3 else 3


def area_name(area: str) -> str:
    return AREA_NAMES.get(area, area)

# D-9.4: the stalemate end, after this many years running without a palace; a table may
# set 2 to 20 or none. Settings written before the rule lack the key and mean none.
STALEMATE_YEARS = 5
STALEMATE_RANGE = (2, 20)
QUIET_YEARS_TOLD = 3  # from this many quiet years on, the channel counts the rest down
