"""One readable line per event, for the channel and `replay --events`.

Events hold nothing secret, so neither does their narrative (D-10). The lines are in the
reader's language (`bot.i18n`); the events themselves stay English data. A story line
cites no rule id: the story is read as a table's talk; refusals, `/doge rules` and the
rule summaries name the rules."""

from __future__ import annotations

from collections.abc import Callable

from bot.games.base import Event
from bot.games.doge.constants import QUARANTIA_ADVISORS, area_name
from bot.games.wording import and_list, ordinal
from bot.i18n import N_, _, _n

Who = Callable[[int | None], str]

# Why the game ended, as the opening sentence of its last line.
REASONS = {
    "condition": N_("Game over in year {year}: a winning condition is met."),
    "board_full": N_("Game over in year {year}: all 30 palace spaces are full."),
    "year_limit": N_("Game over in year {year}: the year limit was reached."),
    "moderator": N_("Game over in year {year}: ended by a moderator."),
    "stalemate": N_("Game over in year {year}: stalemate, no palace was built in the last "
                    "{years} years."),
}
# What separated the winner from the next player ("shared": nothing did), rule added later.
DECIDED_BY = {
    "condition": N_("{winners} wins, the only player who met one{rule}."),
    "palaces": N_("{winners} wins with the most palaces{rule}."),
    "houses": N_("{winners} wins: as many palaces as the next, but more houses on the "
                 "board{rule}."),
    "shared": N_("{winners} share the win, level in palaces and houses on the board{rule}."),
    "alone": N_("{winners} wins{rule}."),
}
# Why a player lost the chance to place or move houses (the event's English reason).
CHANCE_LOST = {
    "no house in supply": N_("{name} has no houses left to place, so places none."),
    "no house on the board to move": N_("{name} has no house on the board, so moves none."),
}


def advisor_name(advisor: str) -> str:
    """'San Marco's advisor', 'Quarantia advisor Q1'."""
    if advisor in QUARANTIA_ADVISORS:
        return _("Quarantia advisor {name}", name=advisor.upper())
    return _("{area}'s advisor", area=area_name(advisor))


def _sentence(text: str) -> str:
    """A sentence that opens with a name given in the middle of a phrase ('de raadsheer
    van …') starts with a capital."""
    return text[:1].upper() + text[1:]


def describe_event(ev: Event, names: list[str]) -> str:
    def who(seat: int | None) -> str:
        return names[seat] if seat is not None and 0 <= seat < len(names) else _("nobody")

    handler = _HANDLERS.get(ev["type"])
    return handler(ev, who) if handler else ev["type"].replace("_", " ")


def votes_of(ev: Event, seat: int, name: str) -> str:
    """'Anna 5 (3+1+1 advisor)': a player's votes, then the markers and advisors behind
    them (D-4.2)."""
    markers = [m for st in ev["stacks"] if st["seat"] == seat for m in st["markers"]]
    advisors = sum(1 for a in ev["advisors"] if a["seat"] == seat)
    detail = "+".join(str(m) for m in markers)
    if advisors:
        detail += ("+" if detail else "") + _n("{n} advisor", "{n} advisors", advisors)
    votes = ev["votes"][str(seat)]
    return f"{name} {votes} ({detail})" if detail else f"{name} {votes}"


def _election(ev: Event, who: Who) -> str:
    """D-4.2: each player's revealed markers and advisors, then the result."""
    area = area_name(ev["area"])
    seats = sorted({int(s) for s in ev["votes"]}, key=lambda s: -ev["votes"][str(s)])
    parts = [votes_of(ev, seat, who(seat)) for seat in seats]
    bluffs = [who(st["seat"]) for st in ev["stacks"] if str(st["seat"]) not in ev["votes"]]
    bluffers = and_list(bluffs)
    if parts:
        sentences = [_("{area} votes: {votes}.", area=area, votes=", ".join(parts))]
        if bluffs:
            sentences.append(_n("{bluffers} placed a lone 0, which is no vote.",
                                "{bluffers} placed a lone 0, which is no vote.",
                                len(bluffs), bluffers=bluffers))
    elif bluffs:  # D-4.3, D-4.6: the one line of an election where nothing happens
        sentences = [_n("{area} votes: {bluffers} placed a lone 0, which is no vote, so "
                        "nothing happens.",
                        "{area} votes: {bluffers} placed a lone 0, which is no vote, so "
                        "nothing happens.",
                        len(bluffs), area=area, bluffers=bluffers)]
    else:  # D-4.6
        sentences = [_("{area} votes: no markers and no advisors there, so nothing happens.",
                       area=area)]
    winners, runners_up = ev["winners"], ev["runners_up"]
    if len(winners) == 1:
        winner = who(winners[0])
        if len(runners_up) == 1:
            sentences.append(_("{winner} wins, {runner_up} is runner-up.", winner=winner,
                               runner_up=who(runners_up[0])))
        elif runners_up:
            sentences.append(_("{winner} wins; tied runners-up: {runners_up}.", winner=winner,
                               runners_up=and_list(who(s) for s in runners_up)))
        else:
            sentences.append(_("{winner} wins.", winner=winner))
    elif winners:
        sentences.append(_("Tied winners: {winners}.",
                           winners=and_list(who(s) for s in winners)))
    return " ".join(sentences)


def _game_over(ev: Event, who: Who) -> str:
    """D-9.2 ranks the qualifiers; the other ends rank everyone the same way (D-9.3)."""
    why, decided = game_over_parts(ev, who)
    return f"{why} {decided}"


def game_over_parts(ev: Event, who: Who) -> tuple[str, str]:
    """Why the game ended, and who won and by what."""
    res = ev["result"]
    reason = REASONS.get(res["reason"])
    why = _(reason, year=res["year"], years=res.get("quiet_years", "")) if reason else \
        _("Game over in year {year}: {reason}.", year=res["year"], reason=res["reason"])
    decided = DECIDED_BY.get(res["decided_by"], DECIDED_BY["alone"])
    rule = ""  # (D-9.2 to D-9.4: the rules, not the story, cite them)
    winners = and_list(who(s) for s in res["winners"])
    return why, _(decided, winners=winners, rule=rule)


def _year_end(ev: Event, who: Who) -> str:
    """D-2.2; D-9.4: from the third quiet year on, how many more end the game."""
    text = _("Year {year} ends.", year=ev["year"])  # (everyone knows the markers return)
    if "stalemate_in" not in ev:
        return text
    left = _n("if no palace is built next year, the game ends",
              "if no palace is built in the next {n} years, the game ends",
              ev["stalemate_in"])
    return text + " " + _("No palace for {years} years: {left}.",  # D-9.4
                          years=ev["quiet_years"], left=left)


def _taken(ev: Event, who: Who) -> str:
    """D-5.1: another player's ring on the advisor goes back to them."""
    previous = ev["ring_returned_to"]
    values = {"name": who(ev["seat"]), "advisor": advisor_name(ev["advisor"]),
              "area": area_name(ev["stand"])}
    if previous is None:
        return _("{name} takes {advisor} and stands it in {area}.", **values)
    return _("{name} takes {advisor} from {previous} and stands it in {area}.",
             previous=who(previous), **values)


def _neutral(ev: Event, who: Who) -> str:
    owner = ev["ring_returned_to"]
    advisor = advisor_name(ev["advisor"])
    if owner is None:
        return _sentence(_("{advisor} becomes neutral.", advisor=advisor))
    return _sentence(_("{advisor} becomes neutral; the ring returns to {owner}.",
                       advisor=advisor, owner=who(owner)))


def _revealed(ev: Event, who: Who) -> str:
    """D-3.3: each stack's area and size; then who had no marker left and sat the round
    out (D-3.4): public (D-10.1), unlike the values still held (D-10.2). A reveal logged
    before it named them has no `no_markers`."""
    out = sitting_out(ev, who)
    if not ev["placements"]:  # everyone else sat the round out (D-3.7)
        if out:
            return _("Round {round} revealed: nobody placed markers; {sitting_out}.",
                     round=ev["round"], sitting_out=out)
        return _("Round {round} revealed: nobody placed markers.", round=ev["round"])
    return _("Round {round} revealed: {placed}.", round=ev["round"],
             placed="; ".join(placements(ev, who) + ([out] if out else [])))


def placements(ev: Event, who: Who) -> list[str]:
    """A revealed round's stacks: 'Anna 2 markers on San Marco' (D-3.3)."""
    return [_n("{name} {n} marker on {area}", "{name} {n} markers on {area}",
               p["count"], name=who(p["seat"]), area=area_name(p["area"]))
            for p in ev["placements"]]


def sitting_out(ev: Event, who: Who) -> str:
    """Who had no marker left in a revealed round (D-3.4), or ''."""
    idle = [who(seat) for seat in ev.get("no_markers", ())]
    return _n("{names} has no markers left and sits out",
              "{names} have no markers left and sit out", len(idle),
              names=and_list(idle)) if idle else ""


def _placed(ev: Event, who: Who) -> str:
    name, area = who(ev["seat"]), area_name(ev["area"])
    if not ev["count"]:
        return _("{name} places no house in {area}.", name=name, area=area)
    return _n("{name} places {n} house in {area}.", "{name} places {n} houses in {area}.",
              ev["count"], name=name, area=area)


def _build_chosen(ev: Event, who: Who) -> str:
    name, district = who(ev["seat"]), area_name(ev["district"])
    if not ev["count"]:
        return _("{name} builds no palace in {district}.", name=name, district=district)
    return _n("{name} will build {n} palace in {district}.",
              "{name} will build {n} palaces in {district}.", ev["count"], name=name,
              district=district)


def _election_done(ev: Event, who: Who) -> str:
    """D-4.1: the next card of the other deck is turned face up."""
    card = ev.get("next_year_card")
    if not card or ev.get("last_year"):  # no next year to vote in (D-9.3)
        return _("{area}'s election is over.", area=area_name(ev["area"]))
    if "place" in ev:  # what the card turned means: where it votes next year
        return _("{area}'s election is over; next year, {card} votes {place}.",
                 area=area_name(ev["area"]), card=area_name(card), place=ordinal(ev["place"]))
    return _("{area}'s election is over; {card} is turned face up in next year's order.",
             area=area_name(ev["area"]), card=area_name(card))


def _abstained(ev: Event, who: Who) -> str:
    """D-5.4: in a district the advisor is left neutral; in the Quarantia the taker takes
    none of the three this time, and may still take one at a later choice (D-7.1)."""
    name = who(ev["seat"])
    if ev.get("area") == "quarantia":
        if ev["automatic"]:
            return _("{name} takes no Quarantia advisor: there is no choice to make.",
                     name=name)
        return _("{name} takes no Quarantia advisor this time.", name=name)
    if ev["automatic"]:
        return _("{name} abstains: there is no choice to make.", name=name)
    if ev.get("area"):
        return _("{name} abstains, leaving {area}'s advisor neutral.", name=name,
                 area=area_name(ev["area"]))
    return _("{name} abstains.", name=name)


def _chance_lost(ev: Event, who: Who) -> str:
    text = CHANCE_LOST.get(ev["reason"])
    if text is None:
        return _("{name} has {reason}, so does nothing here.", name=who(ev["seat"]),
                 reason=ev["reason"])
    return _(text, name=who(ev["seat"]))


_HANDLERS: dict[str, Callable[[Event, Who], str]] = {
    "year_begins": lambda ev, who: _("Year {year} begins.", year=ev["year"]),
    # The prompt below it asks for the choice: the story only marks the round.
    "round_begins": lambda ev, who: _("Placement round {round} begins.", round=ev["round"]),
    "ballot_set": lambda ev, who: _("{name} has chosen.", name=who(ev["seat"])),
    "ballot_changed": lambda ev, who: _("{name} changed their choice.", name=who(ev["seat"])),
    # Why (a deadline, a moderator's skip) is the table's note just above this line
    # ("… so the table chose for them"): this line says what it chose (D-3.7).
    "sat_out": lambda ev, who: _("The table sits {name} out of round {round}: their markers "
                                 "stay for later rounds.",
                                 name=who(ev["seat"]), round=ev["round"]),
    "round_revealed": _revealed,
    "round_skipped": lambda ev, who: _("Round {round} is skipped: nobody has a marker left.",
                                       round=ev["round"]),
    "elections_begin": lambda ev, who: _("The elections begin."),
    "election": _election,
    # Follows the votes line, which already says it (the channel leaves it out).
    "no_contest": lambda ev, who: _("Nothing happens in {area}.",
                                    area=area_name(ev["area"])),
    "advisor_neutral": _neutral,
    "advisor_taken": _taken,
    "abstained": _abstained,
    "house_moved": lambda ev, who: _("{name} moves a house from {source} to {target}.",
                                     name=who(ev["seat"]), source=area_name(ev["from"]),
                                     target=area_name(ev["to"])),
    "houses_placed": _placed,
    "placement_answered": lambda ev, who: _("{name} has answered; the houses are placed "
                                            "when every tied player has answered.",
                                            name=who(ev["seat"])),
    "chance_lost": _chance_lost,
    # A log of older releases does not say whether a move was made (no `moved`).
    "passed": lambda ev, who: _("{name} moves no house.", name=who(ev["seat"]))
    if ev.get("moved") == 0 else _("{name} makes no more moves.", name=who(ev["seat"])),
    # D-11.2: who of the tied builders answered, never how many (D-10.2).
    "build_answered": lambda ev, who: _("{name} has answered about {district}; the palaces "
                                        "are built when every tied player has answered.",
                                        name=who(ev["seat"]),
                                        district=area_name(ev["district"])),
    "build_chosen": _build_chosen,
    "palace_built": lambda ev, who: _("{name} builds a palace in {district} for {cost} "
                                      "houses.", name=who(ev["seat"]),
                                      district=area_name(ev["district"]), cost=ev["cost"]),
    "election_done": _election_done,
    "year_end": _year_end,
    "game_over": _game_over,
}
