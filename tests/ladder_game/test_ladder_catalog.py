"""Registering a game changes no shared text: Ladder's rule topics differ from the other
games' (no `end`, a `turns` of its own), yet with it registered, whether kept in its own
folder or among the product's catalogs, every shared template stays as it is on disk and
`i18n check` passes; its own texts are all in its catalogs, in English and Dutch."""

from __future__ import annotations

from dataclasses import replace

import pytest
from babel.messages.pofile import read_po

from bot.games.registry import PRODUCT_LOCALE, REGISTRY, Game
from bot.i18n_catalogs import ALL_PARTS, check, locale_of, template
from tests.kept_games import registered
from tests.ladder_game.register import GAME


def keys(messages) -> set[tuple[str | None, str]]:
    return {(m.context, m.id if isinstance(m.id, str) else m.id[0]) for m in messages if m.id}


def on_disk(part: str) -> set[tuple[str | None, str]]:
    with (locale_of(part) / f"{part}.pot").open("rb") as f:
        return keys(read_po(f))


def test_every_text_of_ladder_is_in_its_catalogs_in_english_and_dutch() -> None:
    with registered(GAME):
        assert check(list(ALL_PARTS)) == []


@pytest.mark.parametrize("game", [GAME, replace(GAME, locale=PRODUCT_LOCALE)],
                         ids=["own folder", "product folder"])
def test_registering_a_game_with_other_rule_topics_changes_no_shared_catalog(
        game: Game) -> None:
    shared = [part for part in ALL_PARTS if part not in REGISTRY]
    with registered(game):
        assert "end" not in game.module("discord", "commands").RULE_TOPICS
        for part in shared:  # what `i18n update` would write for it: what is there
            assert keys(template(part)) == on_disk(part), part
        assert check(shared) == []
