"""One readable line per Clans event, with player names.

Event kinds (all JSON dicts with "type"):
- move: seat, from, to, huts (how many moved)
- order_asked: seat, villages (founded together; the mover must order them, C-4.7)
- order: seat, villages (the order chosen)
- village: seat, territory, chip, epoch (1..5), terrain, huts {colour: n}, strife_losses,
  destroyed, value, scored (colours); emptied (the territory the move left, whose emptying
  cut the village off, C-4.1) only when the village is not where the huts went, and not
  in logs of older releases
- village_unscored: seat, territory (after the 12th village, C-4.8)
- epoch: epoch (1..5, the one starting); none when the game ends first (C-6.1), though
  logs of older releases may hold one right before game_end
- game_end: reason, colours (per seat, revealed), clan_scores, chips, totals, ranks

Every event is told in one line but `game_end`: the reason, then a line per player,
best first. The channel's result opens with those very lines (cogs/clans/prompts.py), so
it tells the ranking once, and the story above it leaves the end out as told there.
"""

from __future__ import annotations

from bot.games.base import Event, PlayerSpec
from bot.games.clans.board import COLOUR_NAMES, TERRAIN_NAMES, TERRAINS
from bot.games.clans.rules import EPOCH_BONUS, EPOCH_NAMES, FAVOURABLE, UNFAVOURABLE
from bot.games.wording import and_list
from bot.i18n import N_, _, _n

GAME_OVER = {"twelfth_village": N_("Game over after the 12th village."),
             "moderator": N_("Game over: a moderator ended it.")}
NO_MOVE_LEFT = N_("Game over: no move is left.")
CLAN_MARKS = {"red": "🔴", "blue": "🔵", "green": "🟢", "yellow": "🟡", "black": "⚫"}
MEDALS = {1: "🥇", 2: "🥈", 3: "🥉"}


def colour_name(colour: str | None) -> str:
    """A clan's colour as shown ("red" is "rood" in Dutch)."""
    return _(COLOUR_NAMES[colour]) if colour in COLOUR_NAMES else str(colour)


def colour_list(colours: list[str]) -> str:
    return and_list(colour_name(c) for c in colours)


def terrain_name(terrain: str) -> str:
    return _(TERRAIN_NAMES[terrain]) if terrain in TERRAIN_NAMES else terrain


def _name(players: list[PlayerSpec], seat: int) -> str:
    return players[seat].name if 0 <= seat < len(players) else _("seat {seat}", seat=seat)


def epoch_line(epoch: int) -> str:
    """epoch: 1..5."""
    e = epoch - 1
    good, bad = FAVOURABLE[e], UNFAVOURABLE[e]
    values = {"epoch": EPOCH_NAMES[e], "bonus": EPOCH_BONUS[e]}
    if good is None and bad is None:
        return _("Epoch {epoch} begins: every terrain favourable (+{bonus}), none "
                 "unfavourable.", **values)
    if good is None:
        return _("Epoch {epoch} begins: every terrain favourable (+{bonus}), {bad} "
                 "unfavourable.", bad=terrain_name(TERRAINS[bad]), **values)
    if bad is None:
        return _("Epoch {epoch} begins: {good} favourable (+{bonus}), none unfavourable.",
                 good=terrain_name(TERRAINS[good]), **values)
    return _("Epoch {epoch} begins: {good} favourable (+{bonus}), {bad} unfavourable.",
             good=terrain_name(TERRAINS[good]), bad=terrain_name(TERRAINS[bad]), **values)


def without_unplayed_epochs(events: list[Event]) -> list[Event]:
    """`events` without an epoch told right before the game's end: releases before the
    engine stopped telling it logged one, though no village could belong to it (C-6.1)."""
    following = [*events[1:], None]
    return [e for e, after in zip(events, following, strict=True)
            if not (e.get("type") == "epoch" and after is not None
                    and after.get("type") == "game_end")]


def without_emptied(events: list[Event]) -> list[Event]:
    """`events` as releases before villages named the territory that cut them off
    logged them (C-4.1): without `emptied`."""
    return [{k: v for k, v in e.items() if k != "emptied"} if e.get("type") == "village"
            else e for e in events]


def _village_line(event: Event, who: str) -> str:
    """Clauses, each whole, joined by semicolons: founding, what cut it off when that is
    not where the huts went, strife, outcome."""
    return "; ".join(village_clauses(event, who)) + "."


def village_clauses(event: Event, who: str) -> list[str]:
    """The village's clauses in the line's order, the outcome (who scores) last."""
    parts = [_("{who} founds village {chip} at {territory} ({terrain}, epoch {epoch}) and "
               "takes its chip", who=who, chip=event["chip"], territory=event["territory"],
               terrain=terrain_name(event["terrain"]),
               epoch=EPOCH_NAMES[event["epoch"] - 1])]
    if event.get("emptied"):  # C-4.1: the move left it with no occupied neighbour
        parts.append(_("its last occupied neighbour, {territory}, was emptied (C-4.1)",
                       territory=event["emptied"]))
    lost = event["strife_losses"]
    huts = sum(event["huts"].values())
    if lost and not huts:  # C-4.3 ruling: emptied by strife, it scores for nobody
        parts.append(_n("strife removes the lone {colours} hut and leaves it empty",
                        "strife removes the lone {colours} huts and leaves it empty",
                        len(lost), colours=colour_list(lost)))
    elif lost:  # C-4.3
        parts.append(_n("strife removes the lone {colours} hut",
                        "strife removes the lone {colours} huts", len(lost),
                        colours=colour_list(lost)))
    scored, value = event["scored"], event["value"]
    if event["destroyed"]:  # C-4.4
        parts.append(_n("its terrain is unfavourable this epoch, so it is destroyed with "
                        "its only hut; nobody scores",
                        "its terrain is unfavourable this epoch, so it is destroyed with "
                        "its {n} huts; nobody scores", huts))
    elif not huts:
        parts.append(_("nobody scores"))
    else:
        # C-4.4: the huts left, plus the epoch's bonus on favourable terrain (C-4.8: the
        # 12th village's +5), said so the value can be checked on the board.
        worth = str(value) if value == huts else _n(
            "{value} ({n} hut + {bonus})", "{value} ({n} huts + {bonus})", huts,
            value=value, bonus=value - huts)
        if len(scored) == 1:
            parts.append(_("worth {worth}: {colour} scores {value}", worth=worth,
                           value=value, colour=colour_name(scored[0])))
        else:  # C-4.5: every colour present scores the full value
            parts.append(_("worth {worth}: {colours} score {value} each", worth=worth,
                           value=value, colours=colour_list(scored)))
    return parts


def _order_line(who: str, villages: list[str]) -> str:
    order = villages[0] if villages else ""
    for village in villages[1:]:
        order = _("{first}, then {next}", first=order, next=village)
    return _("{who} orders them: {order}.", who=who, order=order)


def _end_line(event: Event, players: list[PlayerSpec]) -> str:
    """Why the game ended (C-6.1), then every clan revealed (C-6.2) with each player's
    total, best first (C-6.3): the ranking in the player lines alone."""
    totals, ranks = event["totals"], event["ranks"]
    lines = [_(GAME_OVER.get(event["reason"], NO_MOVE_LEFT)),
             _("Every clan is revealed (C-6.2):")]
    standings = sorted(range(len(totals)), key=lambda s: (ranks[s], s))
    for seat in standings:
        colour, chips = event["colours"][seat], event["chips"][seat]  # a point each (C-6.2)
        line = _("{name}: {mark} {colour} clan, {points} ({clan} for the clan + {chips})",
                 name=_name(players, seat), mark=CLAN_MARKS.get(colour, ""),
                 colour=colour_name(colour),
                 points=_n("{n} point", "{n} points", totals[seat]),
                 clan=totals[seat] - chips, chips=_n("{n} chip", "{n} chips", chips))
        lines.append(f"{MEDALS.get(ranks[seat], f'{ranks[seat]}.')} {line}")
    tied = [(totals[s], ranks[s]) for s in standings]
    if any(a[0] == b[0] and a[1] != b[1] for a, b in zip(tied, tied[1:], strict=False)):
        lines.append(_("Equal points are ranked by more chips (C-6.3)."))
    return "\n".join(lines)


def describe_event(event: Event, players: list[PlayerSpec]) -> str:
    kind = event.get("type")
    who = _name(players, event["seat"]) if "seat" in event else ""
    if kind == "move":
        return _n("{who} moves {n} hut from {source} to {target}.",
                  "{who} moves {n} huts from {source} to {target}.", event["huts"],
                  who=who, source=event["from"], target=event["to"])
    if kind == "order_asked":
        return _("{who} founds {count} villages at once ({villages}) and chooses their "
                 "order (C-4.7).", who=who, count=len(event["villages"]),
                 villages=and_list(event["villages"]))
    if kind == "order":
        return _order_line(who, event["villages"])
    if kind == "village":
        return _village_line(event, who)
    if kind == "village_unscored":
        return _("{territory} comes after the 12th village and does not score.",
                 territory=event["territory"])
    if kind == "epoch":
        return epoch_line(event["epoch"])
    if kind == "game_end":
        return _end_line(event, players)
    return _("{kind} event.", kind=kind)
