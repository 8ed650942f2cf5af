"""Doge's election decisions as questions asked one step at a time (D-11)."""

from __future__ import annotations

from bot.games.base import Action
from bot.games.doge.constants import PALACE_COSTS, SPACES_PER_DISTRICT, area_name
from bot.games.doge.view import PlayerView
from bot.games.question import Option, Question

KIND_TITLES = {
    "advisor": ["Your choice", "Where?", "To where?"],
    "qadvisor": ["Your choice", "Where?", "To where?"],
    "qmove": ["Move a house?", "From", "To"],
    "place": ["Houses"],
    "build": ["Palaces"],
}


def _houses(n: int) -> str:
    return f"{n} house" if n == 1 else f"{n} houses"


def _move_path(head: str, src: str, dst: str) -> tuple[str, ...]:
    return (head, f"From {area_name(src)}", f"To {area_name(dst)}")


def _advisor_options(legal: list[Action], take_label: str,
                     only_advisor: str | None) -> list[Option]:
    """Take (then where to stand it) or abstain (then which house to move, if any)."""
    options = []
    for a in legal:
        if a["type"] == "take":
            if only_advisor is None or a["advisor"] == only_advisor:
                options.append(Option((take_label, f"Stand it in {area_name(a['stand'])}"),
                                      a))
        elif a["move"]:
            options.append(Option(_move_path("Abstain", *a["move"]), a))
        else:
            options.append(Option(("Abstain", "Move no house"), a))
    return options


def build_question(view: PlayerView, legal: list[Action], default: Action,
                   names: list[str]) -> Question:
    """The question for the election decision `legal` answers."""
    pub, seat = view.public, view.own.seat
    el = pub.election
    kind = el.question if el and el.question else "place"
    area = area_name(el.area) if el else ""
    name = names[seat] if seat < len(names) else f"Seat {seat}"
    options: list[Option] = []
    if kind == "advisor":
        prompt = (f"{name}, you won {area}: take its advisor and stand it in another area "
                  f"(D-5.3), or abstain: it becomes neutral and you may move one house to "
                  f"or from {area} (D-6.2).")
        options = _advisor_options(legal, "Take the advisor", None)
    elif kind == "qadvisor":
        prompt = (f"{name}: take a Quarantia advisor and stand it in a district (D-7.1), "
                  "or abstain and you may move one house between districts (D-7.2).")
        neutral = sorted({a["advisor"] for a in legal if a["type"] == "take"})
        # The three are alike (D-7.1 ruling): only the lowest neutral one is offered.
        options = _advisor_options(legal, "Take an advisor", neutral[0] if neutral else None)
    elif kind == "qmove":
        prompt = (f"{name}: you may move a house from any district to any other "
                  "(D-7.3, D-7.5).")
        for a in legal:
            if a["type"] == "move":
                options.append(Option(_move_path("Move a house", a["from"], a["to"]), a))
            else:
                options.append(Option(("Make no more moves",), a))
    elif kind == "place":
        top = legal[0]["count"] if legal else 0
        prompt = (f"{name}: place up to {_houses(top)} from your supply in {area} "
                  f"(D-6, D-6.5).")
        for a in legal:
            label = f"Place {_houses(a['count'])}" if a["count"] else "Place none"
            options.append(Option((label,), a))
    else:
        district = legal[0]["district"]
        filled = len(pub.palaces[district])
        costs = [PALACE_COSTS[i] for i in range(filled, SPACES_PER_DISTRICT)]
        mine = pub.houses[district][seat]
        prompt = (f"{name}: you may build in {area_name(district)}: you have {_houses(mine)} "
                  f"there, the next palace costs {costs[0] if costs else '-'} (D-8.2, D-8.4).")
        for a in legal:
            n = a["count"]
            if n == 0:
                label = "Don't build"
            else:
                label = f"Build {n} palace" + ("s" if n > 1 else "") + \
                    f" (for {', '.join(str(c) for c in costs[:n])} houses)"
            options.append(Option((label,), a))
    default_path = next((o.path for o in options if o.action == default), ())
    if not default_path and options:
        default_path = options[0].path
    return Question(seat=seat, kind=kind, prompt=prompt, options=options,
                    default_path=default_path, level_titles=KIND_TITLES.get(kind, []))
