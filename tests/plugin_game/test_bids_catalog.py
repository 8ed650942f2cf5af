"""Bids's texts, its slash commands' included, are all in its own catalogs
(tests/plugin_game/locale), translated into Dutch as the product's catalogs translate the
same texts; the product's catalogs hold none of them."""

from __future__ import annotations

from bot.i18n_catalogs import ALL_PARTS, check, extract_part
from tests.plugin_game.register import bids_game


def test_every_text_of_bids_is_in_its_catalogs_in_english_and_dutch() -> None:
    with bids_game():
        texts = extract_part("bids")
        assert any(where == "slash commands" for _text, _context, where in texts)
        assert check(list(ALL_PARTS)) == []
