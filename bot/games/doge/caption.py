"""A Doge board's caption: the facts of the step it shows, the outcome first (who won
the vote, who placed what), then what changed on the board (the palaces built first, then
the moves, the newest first), so that a board short of room leaves out the details,
never the point (`bot.games.wording.facts`). It cites no rule: a caption is read as the
story is (the rules and refusals cite them)."""

from __future__ import annotations

from bot.games.base import Event
from bot.games.doge.constants import QUARANTIA, area_name
from bot.games.doge.narrate import (
    Who,
    describe_event,
    game_over_parts,
    placements,
    sitting_out,
    votes_of,
)
from bot.games.doge.together import FOLLOWS, OPENS, predicate, together
from bot.games.wording import and_list, facts
from bot.i18n import _, _n

# Lines that set the scene and never caption a board (the poster's context events).
SCENES = frozenset({"year_begins", "round_begins", "elections_begin"})
MOVES = OPENS | FOLLOWS  # what changes the board in an election


def naming(names: list[str]) -> Who:
    """A seat's name ('nobody' for none)."""
    def who(seat: int | None) -> str:
        return names[seat] if seat is not None and 0 <= seat < len(names) else _("nobody")
    return who


def votes(n: int) -> str:
    return _n("{n} vote", "{n} votes", n)


def election_outcome(ev: Event, who: Who) -> str:
    """Who won the vote and who is runner-up (D-4.4, D-4.5); tied winners and what the
    tie gives them (D-6.4, D-7.5)."""
    area, winners, runners_up = area_name(ev["area"]), ev["winners"], ev["runners_up"]
    if not winners:
        return _("Nobody takes part in the {area} vote.", area=area)  # D-4.6
    top = votes(ev["votes"][str(winners[0])])
    if len(winners) > 1:
        names = and_list(who(s) for s in winners)
        if ev["area"] == QUARANTIA:
            return _("{winners} tie for the {area} vote with {votes} each: no runner-up, "
                     "each may move up to 2 houses.", winners=names, area=area,
                     votes=top)  # D-7.5
        return _("{winners} tie for the {area} vote with {votes} each: no runner-up, each "
                 "may place up to 2 houses.", winners=names, area=area, votes=top)  # D-6.4
    won = _("{winner} wins the {area} vote with {votes}.", winner=who(winners[0]),
            area=area, votes=top)
    if len(runners_up) == 1:
        return won + " " + _("{runner_up} is runner-up with {votes}.",
                             runner_up=who(runners_up[0]),
                             votes=votes(ev["votes"][str(runners_up[0])]))
    if runners_up:
        return won + " " + _("Tied runners-up: {runners_up}.",
                             runners_up=and_list(who(s) for s in runners_up))
    return won


def _votes_cast(ev: Event, who: Who) -> str:
    seats = sorted({int(s) for s in ev["votes"]}, key=lambda s: -ev["votes"][str(s)])
    if not seats:
        return ""
    return _("{area} votes: {votes}.", area=area_name(ev["area"]),
             votes=", ".join(votes_of(ev, seat, who(seat)) for seat in seats))


def caption(events: list[Event], names: list[str]) -> str | None:
    """The caption of the step whose events these are (one action's); None: the last
    line told is caption enough, and it opens with who did what."""
    who = naming(names)
    told = [e for e in events if e.get("type") not in SCENES]
    if not told:
        return None
    last = told[-1]
    kinds = [e.get("type") for e in told]
    if "game_over" in kinds:
        why, decided = game_over_parts(told[kinds.index("game_over")], who)
        return facts(decided, why)
    if "election" in kinds:
        at = len(kinds) - 1 - kinds[::-1].index("election")
        ev = told[at]
        changed = moves_made(told[at + 1:], names)
        # Else what followed it (a tied winner's lost chance), unless it only says again
        # that nobody took part (D-4.6).
        after = (describe_event(last, names) if not changed and at < len(told) - 1
                 and last.get("type") not in ("no_contest", "election_done") else "")
        return facts(election_outcome(ev, who), *changed, after, _votes_cast(ev, who))
    if last.get("type") == "round_revealed" and last["placements"]:
        return facts(_("Round {round} revealed: {placed}.", round=last["round"],
                       placed="; ".join(placements(last, who))),
                     _sentence(sitting_out(last, who)))
    return None


def moves_made(events: list[Event], names: list[str]) -> list[str]:
    """The moves among `events` as the story tells them (a player's moves in one step
    together, `together.py`): those that built a palace first, then the others, the
    newest first; before them the palaces built, in a few words each."""
    lines: list[tuple[str, bool]] = []
    run: list[Event] = []
    for ev in events:
        if ev.get("type") not in MOVES or predicate(ev, naming(names)) is None:
            continue  # (the story leaves it out too: a choice to place no house)
        joined = together([*run, ev], names) if run else None
        if joined is not None:
            run.append(ev)
            lines[-1] = (joined, lines[-1][1] or ev.get("type") == "palace_built")
        else:
            run = [ev]
            lines.append((describe_event(ev, names), ev.get("type") == "palace_built"))
    lines.reverse()
    # First the palaces built, each builder's in a few words a board has room for.
    built: dict[tuple[int, str], int] = {}
    for ev in events:
        if ev.get("type") == "palace_built":
            key = (ev["seat"], ev["district"])
            built[key] = built.get(key, 0) + 1
    who = naming(names)
    news = [_n("{name} builds {n} palace in {district}.", "{name} builds {n} palaces in "
               "{district}.", n, name=who(seat), district=area_name(district))
            for (seat, district), n in built.items()]
    return news + [line for line, b in lines if b] + [line for line, b in lines if not b]


def _sentence(text: str) -> str:
    return f"{text[:1].upper()}{text[1:]}." if text else ""
