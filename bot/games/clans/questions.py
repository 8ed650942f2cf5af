"""Clans decisions as questions asked one step at a time: a move as region (while many
territories could be left), territory, neighbour (C-3.1); the order of several villages
founded at once (C-4.7)."""

from __future__ import annotations

from bot.games.base import Action
from bot.games.clans.events import terrain_name
from bot.games.clans.fast import founds_village
from bot.games.clans.rules import EPOCH_NAMES, EPOCH_OF_CHIP, LAST_CHIP, MAP, NEIGHBOURS
from bot.games.clans.views import ClansPlayerView, ClansPublicView, TerritoryView
from bot.games.question import Option, Question
from bot.games.wording import ordinal
from bot.i18n import _, _n

# The most territories to leave a move's first step offers as buttons of their own: a
# prompt's rows hold 25, one of them its "My clan"; more are grouped by region (C-1.1).
BY_TERRITORY = 20


def place_words(territory: TerritoryView) -> str:
    """A territory with what a choice of it weighs: its terrain and its huts."""
    return _n("{territory} ({terrain}, {n} hut)", "{territory} ({terrain}, {n} huts)",
              territory.total, territory=territory.label,
              terrain=terrain_name(territory.terrain))


def region_label(territory: str) -> str:
    """A move's first step: the region of the territory it leaves (C-1.3)."""
    return _("Region {region}", region=territory[0])


def move_places(view: ClansPublicView, moves: list[Action], end: str) -> list[tuple[str, str]]:
    """(label, words) of each territory the legal `moves` leave (`end` "from") or enter
    ("to"): first those of moves that found a village (C-4.1), then the rest, each part
    in label order. Whether a move founds one depends on the territory it leaves only."""
    totals = [t.total for t in view.board]
    founding = {m[end] for m in moves if founds_village(totals, MAP.index_of[m["from"]])}
    where = {t.label: t for t in view.board}
    labels = sorted({m[end] for m in moves}, key=lambda label: (label not in founding, label))
    return [(label, founding_words(where[label]) if label in founding
             else place_words(where[label])) for label in labels]


def founding_words(territory: TerritoryView) -> str:
    """A territory a move founds a village from, the founding before the detail: a
    label shortened for Discord loses the terrain and huts, never the point."""
    return _n("{territory} — founds a village ({terrain}, {n} hut)",
              "{territory} — founds a village ({terrain}, {n} huts)", territory.total,
              territory=territory.label, terrain=terrain_name(territory.terrain))


def move_words(view: ClansPublicView, moves: list[Action],
               ) -> tuple[dict[str, str], dict[tuple[str, str], str]]:
    """The words of each territory the legal `moves` leave, and of each (from, to) they
    enter, as `move_places` gives them (`/clans move` offers the same): terrain, huts,
    and whether the move founds a village (C-4.1)."""
    sources = dict(move_places(view, moves, "from"))
    by_source: dict[str, list[Action]] = {}
    for m in moves:
        by_source.setdefault(m["from"], []).append(m)
    targets = {(source, label): words for source, leaving in by_source.items()
               for label, words in move_places(view, leaving, "to")}
    return sources, targets


def move_reminder_helps(view: ClansPublicView, moves: list[Action]) -> bool:
    """Whether the mover is helped by a reminder of what a move may do (C-3.1 to C-3.3):
    in everyone's first move, and whenever the 7-hut limit holds a group back from a
    neighbour holding huts (C-3.2, C-3.3), a move the board seems to offer but the legal
    `moves` leave out."""
    if view.turn < len(view.players):
        return True
    totals = [t.total for t in view.board]  # in the map's order
    offered = {(MAP.index_of[m["from"]], MAP.index_of[m["to"]]) for m in moves
               if m["type"] == "move"}
    return any(totals[a] and totals[b] and (a, b) not in offered
               for a in range(len(totals)) for b in NEIGHBOURS[a])


def _order_epochs(view: ClansPlayerView, count: int) -> str:
    """What each place in the order scores in: the epoch of the chip it takes (C-5.2),
    or nothing after the 12th village (C-4.8)."""
    taken = sum(view.public.chips)
    places = []
    for i in range(count):
        chip, place = taken + 1 + i, ordinal(i + 1)
        if chip > LAST_CHIP:
            places.append(_("the {place} scores nothing (C-4.8)", place=place))
        elif i == 0:
            places.append(_("the {place} village scores in epoch {epoch}", place=place,
                            epoch=EPOCH_NAMES[EPOCH_OF_CHIP[chip]]))
        else:
            places.append(_("the {place} in epoch {epoch}", place=place,
                            epoch=EPOCH_NAMES[EPOCH_OF_CHIP[chip]]))
    return ", ".join(places)


def build_question(view: ClansPlayerView, legal: list[Action], default: Action,
                   names: list[str]) -> Question:
    seat = view.seat
    if legal and legal[0]["type"] == "order":
        count = len(legal[0]["villages"])
        # The story just above says the villages were founded at once: not said again.
        prompt = _("{name}, choose the order in which your {count} new villages score "
                   "(C-4.7): each takes the next village chip, so {positions}.",
                   name=names[seat], count=count,
                   positions=_order_epochs(view, count))
        places = [ordinal(i + 1) for i in range(count - 1)]
        where = {t.label: t for t in view.public.board}

        def village(label: str) -> str:  # what the order decides with: terrain and huts
            return place_words(where[label])

        options = [Option(tuple(_("{place}: {village}", place=places[i], village=village(label))
                                for i, label in enumerate(a["villages"][:-1])), a)
                   for a in legal]
        titles = [_("{place} village", place=place) for place in places]
        kind = "order"
    else:
        prompt = _("Move all huts of one territory to a neighbouring one that holds huts "
                   "(C-3.1); 7 or more huts cannot leave, except onto a neighbour with at "
                   "least as many (C-3.2, C-3.3).")
        sources, targets = move_words(view.public, legal)
        # A region first only where the territories to leave fill more than a panel.
        regions = len(sources) > BY_TERRITORY
        options = [Option((region_label(a["from"]),) * regions + (
                           _("From {place}", place=sources[a["from"]]),
                           _("To {place}", place=targets[a["from"], a["to"]])), a)
                   for a in legal]
        titles = [_("Region")] * regions + [_("From"), _("To")]
        kind = "move"
    default_path = next((o.path for o in options if o.action == default), options[0].path)
    return Question(seat=seat, kind=kind, prompt=prompt, options=options,
                    default_path=default_path, level_titles=titles,
                    secret=False)  # a move and an order are made in the open (C-3.1, C-4.7)
