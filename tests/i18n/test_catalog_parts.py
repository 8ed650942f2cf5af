"""Each part's catalog holds only its own texts: a game's part every text of its folders
(rules, Discord side, board) and of its own slash commands; the shared parts only the
shared code's, so a new game is translated without touching them."""

from __future__ import annotations

from babel.messages.pofile import read_po

from bot.games.registry import REGISTRY, Game
from bot.i18n_catalogs import (
    ALL_PARTS,
    COMMANDS_PART,
    COMMANDS_WHERE,
    ROOT,
    attribute_command_texts,
    command_texts,
    locale_of,
    part_of,
)
from cogs.common.translation import CommandText


def _locations(part: str) -> set[str]:
    with (locale_of(part) / f"{part}.pot").open("rb") as f:
        return {file for message in read_po(f) for file, _line in message.locations}


def test_every_template_holds_only_texts_of_its_own_folders() -> None:
    wrong = {part: sorted(file for file in _locations(part) if file != COMMANDS_WHERE
                          and part_of(ROOT / file) != part) for part in ALL_PARTS}
    assert {part: files for part, files in wrong.items() if files} == {}


def test_a_games_board_texts_are_in_its_own_catalog() -> None:
    boards = _locations("boards")
    assert boards and all(file.startswith("rendering/common/") for file in boards)
    assert any(file.startswith("rendering/doge/") for file in _locations("doge"))
    assert any(file.startswith("rendering/clans/") for file in _locations("clans"))


def test_a_games_own_commands_are_in_its_catalog_the_shared_ones_in_commands() -> None:
    doge, shared = set(command_texts("doge")), set(command_texts(COMMANDS_PART))
    ballot = {("ballot", "command-name"), ("Cast your secret ballot by typing", "command"),
              ("markers", "command-name")}
    assert ballot <= doge and not ballot & shared
    assert {("doge", "command-name"), ("How to play Doge here", "command")} <= doge
    board = {("board", "command-name"), ("Show the board of this channel's game", "command")}
    assert board <= shared and not board & doge
    assert ("move", "command-name") in set(command_texts("clans")) - shared


def test_what_the_shared_code_gives_one_game_only_is_that_games() -> None:
    """A text the shared code adds to every game's group is shared; one a game gives it
    (its rule topics, its clocks) or one worded with the game's title is that game's."""
    games = [Game("doge"), Game("clans")]
    found = [
        CommandText("doge", "command-name", "cogs.doge.commands", "doge"),
        CommandText("clans", "command-name", "cogs.clans.commands", "clans"),
        *(CommandText("board", "command-name", "cogs.common.shared_commands", game)
          for game in ("doge", "clans")),
        CommandText("How to play Doge here", "command", "cogs.common.shared_commands", "doge"),
        CommandText("stacks", "command", "cogs.common.shared_commands", "doge"),
        CommandText("table-admin", "command-name", "cogs.common.admin", "table-admin"),
    ]
    given = {"doge": {("stacks", "command")}, "clans": set()}
    titles = {"doge": "Doge", "clans": "Clans"}
    assert attribute_command_texts(found, games, given, titles) == {
        "doge": [("doge", "command-name"), ("How to play Doge here", "command"),
                 ("stacks", "command")],
        "clans": [("clans", "command-name")],
        COMMANDS_PART: [("board", "command-name"), ("table-admin", "command-name")],
    }


def topics(game: str, names: tuple[str, ...]) -> list[CommandText]:
    return [CommandText(name, "command", "cogs.common.shared_commands", game)
            for name in names]


def test_a_game_with_other_rule_topics_moves_no_shared_text() -> None:
    """Which games are registered, product games or not, decides nothing: a third game
    whose rule topics differ from the others' (no `secrets`, a `hands` of its own) leaves
    the shared topic names shared and every game's own texts its own."""
    two = [Game("doge"), Game("clans")]
    given = {"doge": {("stacks", "command")}, "clans": set()}
    titles = {"doge": "Doge", "clans": "Clans", "third": "Third"}
    found = topics("doge", ("end", "secrets", "stacks")) + topics("clans", ("end", "secrets"))
    before = attribute_command_texts(found, two, given, titles, [("end", "command")])
    after = attribute_command_texts(
        found + topics("third", ("end", "hands")), [*two, Game("third")],
        given | {"third": {("hands", "command")}}, titles, [("end", "command")])
    assert after[COMMANDS_PART] == before[COMMANDS_PART] == [("end", "command"),
                                                             ("secrets", "command")]
    assert after["doge"] == before["doge"] == [("stacks", "command")]
    assert after["third"] == [("hands", "command")]


def test_the_products_games_keep_their_catalogs_with_the_shared_ones() -> None:
    assert {locale_of(game) for game in ("doge", "clans")} == {locale_of(COMMANDS_PART)}
    assert set(REGISTRY) <= set(ALL_PARTS)
