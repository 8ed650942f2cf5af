"""One readable line per Clans event, with player names.

Event kinds (all JSON dicts with "type"):
- move: seat, from, to, huts (how many moved)
- order_asked: seat, villages (founded together; the mover must order them, C-4.7)
- order: seat, villages (the order chosen)
- village: seat, territory, chip, epoch (1..5), terrain, huts {colour: n}, strife_losses,
  destroyed, value, scored (colours)
- village_unscored: seat, territory (after the 12th village, C-4.8)
- epoch: epoch (1..5, the one starting)
- game_end: reason, colours (per seat, revealed), clan_scores, chips, totals, ranks
"""

from __future__ import annotations

from bot.games.base import Event, PlayerSpec
from bot.games.clans.board import TERRAINS
from bot.games.clans.rules import EPOCH_BONUS, EPOCH_NAMES, FAVOURABLE, UNFAVOURABLE
from bot.games.wording import and_list, plural


def _name(players: list[PlayerSpec], seat: int) -> str:
    return players[seat].name if 0 <= seat < len(players) else f"seat {seat}"


def _place(rank: int) -> str:
    return {1: "1st", 2: "2nd", 3: "3rd"}.get(rank, f"{rank}th")


def epoch_line(epoch: int) -> str:
    """epoch: 1..5."""
    e = epoch - 1
    favourable = "every terrain" if FAVOURABLE[e] is None else TERRAINS[FAVOURABLE[e]]
    unfavourable = UNFAVOURABLE[e]
    bad = "none unfavourable" if unfavourable is None else f"{TERRAINS[unfavourable]} unfavourable"
    return f"Epoch {EPOCH_NAMES[e]} begins: {favourable} favourable (+{EPOCH_BONUS[e]}), {bad}."


def _village_line(event: Event, who: str) -> str:
    head = (f"{who} founds village {event['chip']} at {event['territory']} "
            f"({event['terrain']}, epoch {EPOCH_NAMES[event['epoch'] - 1]}) and takes its chip")
    parts = [head]
    lost = event["strife_losses"]
    if lost:  # C-4.3
        parts.append(f"strife removes the lone {and_list(lost)} "
                     + ("hut" if len(lost) == 1 else "huts"))
    huts = sum(event["huts"].values())
    scored, value = event["scored"], event["value"]
    if event["destroyed"]:  # C-4.4
        parts.append(f"unfavourable terrain destroys it and its {plural(huts, 'hut')}; "
                     "nobody scores")
    elif not huts:
        parts.append("strife leaves it empty; nobody scores")
    elif len(scored) == 1:
        parts.append(f"worth {value}: {scored[0]} scores {value}")
    else:  # C-4.5: every colour present scores the full value
        parts.append(f"worth {value}: {and_list(scored)} score {value} each")
    return "; ".join(parts) + "."


def describe_event(event: Event, players: list[PlayerSpec]) -> str:
    kind = event.get("type")
    who = _name(players, event["seat"]) if "seat" in event else ""
    if kind == "move":
        return f"{who} moves {plural(event['huts'], 'hut')} from {event['from']} to {event['to']}."
    if kind == "order_asked":
        return (f"{who} founds {len(event['villages'])} villages at once "
                f"({and_list(event['villages'])}) and chooses their order (C-4.7).")
    if kind == "order":
        return f"{who} orders them: {', then '.join(event['villages'])}."
    if kind == "village":
        return _village_line(event, who)
    if kind == "village_unscored":
        return f"{event['territory']} comes after the 12th village and does not score."
    if kind == "epoch":
        return epoch_line(event["epoch"])
    if kind == "game_end":
        why = {"twelfth_village": "after the 12th village",
               "moderator": "a moderator ended it"}.get(event["reason"], "no move is left")
        standings = sorted(range(len(event["totals"])), key=lambda s: event["ranks"][s])
        results = "; ".join(
            f"{_place(event['ranks'][s])} {_name(players, s)} ({event['colours'][s]}) "
            f"{plural(event['totals'][s], 'point')}"
            for s in standings
        )
        joint = " " if event["reason"] == "twelfth_village" else ": "
        return f"Game over{joint}{why}. {results}."
    return f"{kind} event."
