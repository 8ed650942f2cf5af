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


def _name(players: list[PlayerSpec], seat: int) -> str:
    return players[seat].name if 0 <= seat < len(players) else f"seat {seat}"


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


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
    if event["strife_losses"]:
        parts.append(f"strife removes the lone {', '.join(event['strife_losses'])} hut"
                     + ("s" if len(event["strife_losses"]) > 1 else ""))
    huts = sum(event["huts"].values())
    if event["destroyed"]:
        parts.append(f"unfavourable terrain destroys it and its {_plural(huts, 'hut')}; "
                     "nobody scores")
    elif not huts:
        parts.append("strife leaves it empty; nobody scores")
    else:
        parts.append(f"worth {event['value']}: {', '.join(event['scored'])} score "
                     f"{event['value']}")
    return "; ".join(parts) + "."


def describe_event(event: Event, players: list[PlayerSpec]) -> str:
    kind = event.get("type")
    who = _name(players, event["seat"]) if "seat" in event else ""
    if kind == "move":
        return f"{who} moves {_plural(event['huts'], 'hut')} from {event['from']} to {event['to']}."
    if kind == "order_asked":
        return (f"{who} founds {len(event['villages'])} villages at once "
                f"({', '.join(event['villages'])}) and chooses their order.")
    if kind == "order":
        return f"{who} scores the villages in this order: {', '.join(event['villages'])}."
    if kind == "village":
        return _village_line(event, who)
    if kind == "village_unscored":
        return f"{event['territory']} comes after the 12th village and does not score."
    if kind == "epoch":
        return epoch_line(event["epoch"])
    if kind == "game_end":
        why = {"twelfth_village": "the 12th village",
               "moderator": "a moderator ended it"}.get(event["reason"], "no move is left")
        standings = sorted(range(len(event["totals"])), key=lambda s: event["ranks"][s])
        results = "; ".join(
            f"{_place(event['ranks'][s])} {_name(players, s)} ({event['colours'][s]}) "
            f"{event['totals'][s]}"
            for s in standings
        )
        return f"Game over after {why}. {results}."
    return f"{kind} event."
