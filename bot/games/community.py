"""What the community features (ratings, stats, recaps) need to know of a game, from its
public view and its events only: each game says it in its own `community.py`, and the
shared code asks `community_of(game)`."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from bot.games.registry import GAMES
from bot.games.registry import game as registered
from bot.i18n import _n


@dataclass(frozen=True)
class Finish:
    """A finished game's outcome: each seat's place (1 is best, equal numbers are shared
    places), whether a moderator ended it, and per seat what they built, counted by the
    kind of place they are known for (a district, a terrain)."""

    places: tuple[int, ...]
    by_moderator: bool
    tallies: tuple[dict[str, int], ...]


def tallied(seats: int, counted: Iterable[tuple[int, str]]) -> tuple[dict[str, int], ...]:
    """`Finish.tallies` from what a game counts, a (seat, key) pair each: per seat, how
    many of each key (`((v.founder, v.terrain) for v in view.villages)`)."""
    tallies: list[Counter[str]] = [Counter() for _ in range(seats)]
    for seat, key in counted:
        tallies[seat][key] += 1
    return tuple(dict(t) for t in tallies)


Moment = tuple[Any, dict[str, Any]]  # a public view (or None) and the event it follows


@dataclass(frozen=True)
class Community:
    finish: Callable[[Any], Finish]  # the public view of a finished game; ValueError if not
    # What a player built most, by what the game's tallies count (N_-marked, translated
    # where shown): the stats image's tile, e.g. N_("favourite district"), and the words
    # before its name at the end of the /stats line ("…, favourite district Castello.").
    favourite_label: str
    # Events the recap follows (setting a scene or making one), the last the one after
    # which the board makes a scene.
    scene_events: tuple[str, ...]
    captions: Callable[[list[Moment]], list[tuple[Any, str]]]  # scenes: view and caption
    # The recap's text for screen readers, what each frame shows, with {title}, {game}
    # and {n} scenes: N_n-marked, singular and plural.
    recap_text: tuple[str, str]
    # A tally's key as the reader sees it (a district's, a terrain's name, translated);
    # the key itself for one the game does not know.
    tally_name: Callable[[str], str] = str

    @property
    def scene_made_by(self) -> str:
        """The event after which the board makes a scene: the last the recap follows."""
        return self.scene_events[-1]

    def recap_description(self, title: str, game_id: int, scenes: int) -> str:
        return _n(*self.recap_text, scenes, title=title, game=game_id)

    def shown_tally(self, key: str) -> str:
        """The tally's name; a key the game's `tally_name` refuses is shown as it is, so
        stats of games recorded under other rules still show."""
        try:
            return self.tally_name(key)
        except KeyError:
            return key


def community_of(game: str) -> Community:
    """The game's description in its `community.py`; ValueError for an unknown game."""
    if game not in GAMES:
        raise ValueError(f"no community features for the game {game!r}")
    community: Community = registered(game).community
    return community
