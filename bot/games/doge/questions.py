"""Doge's election decisions as questions asked one step at a time (D-11)."""

from __future__ import annotations

from bot.games.base import Action
from bot.games.doge.constants import PALACE_COSTS, SPACES_PER_DISTRICT, area_name
from bot.games.doge.view import ElectionPublic, PlayerView
from bot.games.question import Option, Question
from bot.i18n import N_, _, _n

KIND_TITLES = {
    "advisor": [N_("Your choice"), N_("Where to stand it, or which house to move?"),
                N_("To where?")],
    "qadvisor": [N_("Your choice"), N_("Where to stand it, or which house to move?"),
                 N_("To where?")],
    "qmove": [N_("Move a house?"), N_("From"), N_("To")],
    "place": [N_("Houses")],
    "build": [N_("Palaces")],
}
# After the first choice of an advisor decision, each branch asks its own question.
BRANCH_TITLES = {
    "advisor": {N_("Take the advisor"): N_("Where to stand it?"),
                N_("Abstain"): N_("Which house to move, if any?")},
    "qadvisor": {N_("Take an advisor"): N_("Where to stand it?"),
                 N_("Abstain"): N_("Which house to move, if any?")},
}


def _move_path(head: str, src: str, dst: str) -> tuple[str, ...]:
    return (head, _("From {area}", area=area_name(src)), _("To {area}", area=area_name(dst)))


def _advisor_options(legal: list[Action], take_label: str, only_advisor: str | None,
                     movable: bool, stands_in: str | None = None) -> list[Option]:
    """Take (then where to stand it) or abstain (then which house to move, if any, when
    one could move). The place the advisor stands in now reads as keeping it there
    (D-5.3)."""
    options = []
    for a in legal:
        if a["type"] == "take":
            if only_advisor is None or a["advisor"] == only_advisor:
                where = area_name(a["stand"])
                options.append(Option((take_label, _("Keep it in {area}", area=where)
                                       if a["stand"] == stands_in else
                                       _("Stand it in {area}", area=where)), a))
        elif a["move"]:
            options.append(Option(_move_path(_("Abstain"), *a["move"]), a))
        elif movable:
            options.append(Option((_("Abstain"), _("Move no house")), a))
        else:  # no house to move (D-11.1): abstaining asks nothing more
            options.append(Option((_("Abstain"),), a))
    return options


def _placing_rule(election: ElectionPublic | None, seat: int) -> str:
    """Why the seat may place: as the single winner (D-6.1), a tied winner (D-6.4) or a
    runner-up (D-6.3)."""
    if election is None:
        return "D-6"
    if seat in election.runners_up:
        return "D-6.3"
    return "D-6.4" if len(election.winners) > 1 else "D-6.1"


def _advisor_now(holder: int | None, stands_in: str | None, seat: int,
                 names: list[str]) -> str:
    """Where the advisor at stake is and whose it is: what taking it changes."""
    if holder is None or stands_in is None:
        return _("Right now this advisor belongs to nobody and is off the board.")
    where = area_name(stands_in)
    if holder == seat:
        return _("The advisor is yours and stands in {area} now.", area=where)
    owner = names[holder] if holder < len(names) else _("Seat {seat}", seat=holder)
    return _("The advisor is {owner}'s and stands in {area} now.", owner=owner, area=where)


def build_question(view: PlayerView, legal: list[Action], default: Action,
                   names: list[str]) -> Question:
    """The question for the election decision `legal` answers."""
    pub, seat = view.public, view.own.seat
    el = pub.election
    kind = el.question if el and el.question else "place"
    area = area_name(el.area) if el else ""
    name = names[seat] if seat < len(names) else _("Seat {seat}", seat=seat)
    options: list[Option] = []
    movable = any(a["type"] == "abstain" and a["move"] for a in legal)  # D-6.2, D-7.2
    if kind == "advisor":
        prompt = _("{name}, you won {area}: take its advisor and stand it in another area "
                   "(D-5.3), or abstain: it becomes neutral and you may move one house to "
                   "or from {area} (D-6.2).", name=name, area=area) if movable else _(
            "{name}, you won {area}: take its advisor and stand it in another area (D-5.3), "
            "or abstain: it becomes neutral (D-5.4). You have no house on the board to "
            "move.", name=name, area=area)
        holder, stands_in = pub.advisors.get(el.area, (None, None))
        prompt += " " + _advisor_now(holder, stands_in, seat, names)
        options = _advisor_options(legal, _("Take the advisor"), None, movable, stands_in)
    elif kind == "qadvisor":
        prompt = _("{name}: take a Quarantia advisor and stand it in a district (D-7.1), "
                   "or abstain and you may move one house between districts (D-7.2).",
                   name=name) if movable else _(
            "{name}: take a Quarantia advisor and stand it in a district (D-7.1), or "
            "abstain (D-5.4). You have no house on the board to move.", name=name)
        neutral = sorted({a["advisor"] for a in legal if a["type"] == "take"})
        # The three are alike (D-7.1 ruling): only the lowest neutral one is offered.
        options = _advisor_options(legal, _("Take an advisor"),
                                   neutral[0] if neutral else None, movable)
    elif kind == "qmove":
        tied_winner = el is not None and len(el.winners) > 1 and seat in el.winners
        left = dict(el.owed).get(seat, 0) if el else 0
        moved = el is not None and left < el.limit  # a move made already in this step
        if moved:
            prompt = _("{name}: you may move one more house from any district to any other "
                       "(D-7.5).", name=name)
        elif tied_winner:
            prompt = _("{name}: you may move up to 2 of your houses, one after the other, "
                       "each from any district to any other (D-7.5).", name=name)
        else:
            prompt = _("{name}: you may move 1 of your houses from any district to any "
                       "other (D-7.3).", name=name)
        for a in legal:
            if a["type"] == "move":
                options.append(Option(_move_path(_("Move a house"), a["from"], a["to"]), a))
            else:
                options.append(Option((_("Make no more moves") if moved
                                       else _("Move no house"),), a))
    elif kind == "place":
        top = legal[0]["count"] if legal else 0
        prompt = _n("{name}: you may place a house from your supply in {area}, or none "
                    "({rule}, D-6.5).",
                    "{name}: you may place up to {n} houses from your supply in {area} "
                    "({rule}, D-6.5).", top, name=name, area=area, rule=_placing_rule(el, seat))
        for a in legal:
            label = _n("Place {n} house", "Place {n} houses", a["count"]) if a["count"] \
                else _("Place none")
            options.append(Option((label,), a))
    else:
        district = legal[0]["district"]
        filled = len(pub.palaces[district])
        costs = [PALACE_COSTS[i] for i in range(filled, SPACES_PER_DISTRICT)]
        mine = pub.houses[district][seat]
        prompt = _n("{name}: you may build in {district}: you have {n} house there, the next "
                    "palace costs {cost} (D-8.2, D-8.4).",
                    "{name}: you may build in {district}: you have {n} houses there, the "
                    "next palace costs {cost} (D-8.2, D-8.4).", mine, name=name,
                    district=area_name(district), cost=costs[0] if costs else "-")
        for a in legal:
            n = a["count"]
            if n == 0:
                label = _("Don't build")
            else:
                label = _n("Build {n} palace (for {costs} houses)",
                           "Build {n} palaces (for {costs} houses)", n,
                           costs=", ".join(str(c) for c in costs[:n]))
            options.append(Option((label,), a))
    default_path = next((o.path for o in options if o.action == default), ())
    if not default_path and options:
        default_path = options[0].path
    return Question(seat=seat, kind=kind, prompt=prompt, options=options,
                    default_path=default_path,
                    level_titles=[_(title) for title in KIND_TITLES.get(kind, [])],
                    titles_after={(_(first),): _(title) for first, title
                                  in BRANCH_TITLES.get(kind, {}).items()},
                    secret=False)  # an election's decisions are open (the ballot is no question)
