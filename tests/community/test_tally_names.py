"""What a player built most, as each game names it: the game's own `Community` says the
stats tile's label, the /stats line and each tally's name (bot/games/community.py), and a
tally the game does not know is shown as it is, never a failure."""

from __future__ import annotations

import dataclasses
from types import SimpleNamespace

import pytest

from bot.games.community import Community, community_of
from bot.i18n import _, speaking
from cogs.common import community as commands
from rendering.common import community as images
from rendering.common.community import favourite_name


def summary(favourite: str | None) -> SimpleNamespace:
    return SimpleNamespace(played=3, wins=1, average_place=1.5, favourite=favourite)


@pytest.mark.parametrize(("game", "key", "starting", "within"), [
    ("doge", "san_marco", "San Marco", "San Marco"),  # a proper name stays as it is
    ("clans", "forest", "Forest", "forest"),  # a terrain is a word: lower case within
])
def test_each_game_names_its_tallies(game: str, key: str, starting: str, within: str) -> None:
    assert favourite_name(game, key) == starting
    assert favourite_name(game, key, starts=False) == within
    assert favourite_name(game, None) is None


def test_the_stats_line_is_the_games_own() -> None:
    assert commands.record_line("doge", summary("castello")) == \
        "3 games, 1 win, average place 1.50, favourite district Castello."
    assert commands.record_line("clans", summary("steppe")) == \
        "3 games, 1 win, average place 1.50, favourite terrain steppe."
    with speaking("nl"):
        assert favourite_name("clans", "forest") == "Bos"
        assert _label("clans") == "favoriet terrein" and _label("doge") == "favoriet stadsdeel"
        line = commands.record_line("clans", summary("forest"))
    assert line.endswith("gemiddelde plaats 1,50, favoriet terrein bos."), line


def _label(game: str) -> str:
    return _(community_of(game).favourite_label)


def test_an_unknown_tally_key_is_shown_as_it_is(monkeypatch: pytest.MonkeyPatch) -> None:
    # A game whose names come from a table that knows only its own keys.
    strict: Community = dataclasses.replace(community_of("clans"),
                                            tally_name={"forest": "Forest"}.__getitem__)
    assert strict.shown_tally("forest") == "Forest" and strict.shown_tally("lot_6") == "lot_6"
    for where in (commands, images):
        monkeypatch.setattr(where, "community_of", lambda _game: strict)
    assert commands.record_line("clans", summary("lot_6")).endswith(
        "favourite terrain lot_6.")
    monkeypatch.undo()
    # The product's games fall back to the key themselves.
    assert favourite_name("clans", "lot_6", starts=False) == "lot_6"
    assert favourite_name("doge", "lot_6", starts=False) == "lot_6"


def test_a_game_that_names_nothing_shows_its_keys() -> None:
    plain = Community(finish=community_of("doge").finish, favourite_label="favourite lot",
                      scene_events=(), captions=lambda moments: [],
                      recap_text=("{title}", "{title}"))
    assert plain.shown_tally("lot_6") == "lot_6"
