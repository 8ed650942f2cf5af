"""A component acts only where it was posted: a click naming a table of another channel
(a forged request, or a client that rewrote a message) is refused in one line, opens
nothing and posts nothing, neither there nor here."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.store import games as store_games
from tests.admin.helpers import db_rows
from tests.discord_emulator import DiscordEmulator, EmuChannel, EmuUser
from tests.discord_emulator.fixtures import discord_emulator  # noqa: F401  (fixture)
from tests.e2e.driver import DogeTable, find
from tests.e2e.test_crafted_input import BUTTON, answered
from tests.e2e.test_crafted_input import table_running as doge_table_running

OTHER_CHANNEL = "That button belongs to a table in another channel."


async def click_in(table: DogeTable, channel: EmuChannel, user: EmuUser,
                   custom_id: str) -> list[str]:
    """Click `custom_id` on a message of the bot's in `channel`; what `user` sees there
    afterwards, besides the message itself."""
    emu = table.emu
    message = await emu.create_message(channel, emu.bot_user, {
        "content": "copied", "components": [{"type": 1, "components": [
            {"type": BUTTON, "style": 2, "label": "x", "custom_id": custom_id}]}]})
    seen = {m.id for m in emu.messages(channel, visible_to=user)}
    await answered(table, await emu.click(user, message, custom_id))
    await emu.delete_message(message)
    return [m.content for m in emu.messages(channel, visible_to=user) if m.id not in seen]


async def test_a_component_of_another_channels_table_is_refused(
        discord_emulator: DiscordEmulator, tmp_path: Path,  # noqa: F811
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(store_games, "new_seed", lambda: 5)
    emu = discord_emulator
    async with doge_table_running(emu, tmp_path) as table:
        anna = table.users[0]
        game = await table.game()
        key = f"{game.state.year}-{game.state.round}"
        third = emu.add_text_channel(name="third")
        before = db_rows(tmp_path / "games.db")
        said = [m.content for m in emu.messages(emu.channel)]
        # The ballot panel, its confirmation, a private look and the lobby's buttons.
        for custom_id in (f"g:doge.cast:{game.id}:{key}", f"g:doge.bpc:{game.id}:{key}.0.1",
                          f"g:doge.me:{game.id}:", f"g:join:{game.id}:"):
            assert await click_in(table, third, anna, custom_id) == [OTHER_CHANNEL], custom_id
        assert db_rows(tmp_path / "games.db") == before  # no message record moved
        assert [m.content for m in emu.messages(emu.channel)] == said
        # In its own channel the same button opens the panel, as ever.
        await table.click(anna, table.prompt(), find(table.prompt(), "g:doge.cast:")["custom_id"])
        panel = emu.messages(emu.channel, visible_to=anna)[-1]
        assert panel.ephemeral and find(panel, "g:doge.bpc:")
        assert not emu.internal_errors
