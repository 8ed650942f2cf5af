"""The table never answers a secret question for a player, in any game: a Bids player
with no coins left has one possible bid (0), yet it stays theirs to make (B-2.1), since
the table placing it at once would tell the others that they cannot bid; an open
question with one answer is still answered at once (D-11.1)."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.discord_app import TableBot
from bot.store import games as store_games
from tests.discord_emulator import DiscordEmulator
from tests.discord_emulator.fixtures import discord_emulator  # noqa: F401  (fixture)
from tests.e2e.driver import find
from tests.e2e.test_plugin_game import GAME_SEED, BidsTable
from tests.plugin_game.register import bids  # noqa: F401  (fixture)


async def test_a_sealed_bid_with_one_possible_amount_is_left_to_its_player(
        discord_emulator: DiscordEmulator, tmp_path: Path, bids,  # noqa: F811
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(store_games, "new_seed", lambda: GAME_SEED)
    emu = discord_emulator
    ann, bo, cy = people = [emu.add_user(n) for n in ("ann", "bo", "cy")]
    async with emu.running(TableBot(database_path=str(tmp_path / "games.db"))) as bot:
        table = BidsTable(emu, bot, "bids", people)
        lobby = await table.open(len(people))
        await table.click(ann, lobby, find(lobby, "g:start:")["custom_id"])
        for user, amount in ((ann, 15), (bo, 0), (cy, 0)):  # ann spends every coin
            await table.slash(user, "bids bid", {"amount": amount})
        game = await table.game()
        assert game.state.lot == 1 and game.state.coins[0] == 0
        assert len(game.engine.legal_actions(game.state, 0)) == 1  # only 0 is possible
        assert game.state.bids[0] is None  # not bid for her when the lot came up
        await table.slash(bo, "bids bid", {"amount": 2})
        game = await table.game()
        assert game.state.bids[0] is None  # nor when another player bid
        assert f"<@{ann.id}> (0 coins): ⏳" in table.prompt().content
        panel = await table.bid_by_button(ann, 0)  # she bids herself, as anyone
        assert "0" in panel.content
        assert (await table.game()).state.bids[0] == 0
        assert not emu.internal_errors
