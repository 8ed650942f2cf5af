"""A step committed but never shown (the process died between its commit and its post,
here: a step applied through the table service alone) is shown when the channel's newest
message is clicked, and when the bot reconnects to Discord, with the current buttons."""

from __future__ import annotations

from pathlib import Path

from tests.discord_emulator import DiscordEmulator
from tests.discord_emulator.fixtures import discord_emulator  # noqa: F401  (fixture)
from tests.e2e.driver import DogeTable, find
from tests.e2e.test_doge_game import make_bot
from tests.e2e.test_doge_refusals import started_table
from tests.shards.players import poll


async def a_round_saved_but_not_shown(table: DogeTable) -> str:
    """Every awaited ballot of the round saved straight through the table service, as a
    process that dies before posting would leave it; the cast button of the newest
    message, now from a round that is over."""
    stale = find(table.prompt(), "g:doge.cast:")["custom_id"]
    game = await table.game()
    service = table.bot.tables
    for seat in service.awaited_seats(game):
        game = await table.game()
        action = game.engine.legal_actions(game.state, seat.seat)[0]
        await service.act(game.id, seat.user_id, {k: v for k, v in action.items()
                                                  if k != "seat"})
    game = await table.game()
    assert await service.store.shown.shown_version(game.id) != game.version
    assert find(table.prompt(), "g:doge.cast:")["custom_id"] == stale  # nothing shown yet
    return stale


async def current_cast_button(table: DogeTable) -> str:
    game = await table.game()
    return f"g:doge.cast:{game.id}:{game.state.year}-{game.state.round}"


async def test_a_stale_button_on_the_newest_message_shows_the_table_again(
        discord_emulator: DiscordEmulator, tmp_path: Path) -> None:  # noqa: F811
    emu = discord_emulator
    bot = make_bot(tmp_path)
    async with emu.running(bot):
        table = await started_table(emu, bot)
        stale = await a_round_saved_but_not_shown(table)
        newest = emu.last_message(table.channel, include_ephemeral=False)
        assert newest.component(stale) is not None
        await table.click(table.users[0], newest, stale)
        private = [m for m in emu.messages(table.channel, visible_to=table.users[0])
                   if m.ephemeral]
        assert "already played" in private[-1].content
        assert find(table.prompt(), "g:doge.cast:")["custom_id"] == await current_cast_button(table)
        assert emu.last_message(table.channel, include_ephemeral=False).id == table.prompt().id
        game = await table.game()
        assert await bot.tables.store.shown.shown_version(game.id) == game.version
        await table.play_turn()  # and play goes on from the new message
        assert (await table.game()).version > game.version


async def test_a_reconnect_shows_what_the_channel_is_owed(
        discord_emulator: DiscordEmulator, tmp_path: Path) -> None:  # noqa: F811
    emu = discord_emulator
    bot = make_bot(tmp_path)
    async with emu.running(bot):
        table = await started_table(emu, bot)
        await a_round_saved_but_not_shown(table)
        await emu.request_reconnect()  # Discord asks the bot to reconnect: it resumes

        async def shown() -> bool:
            game = await table.game()
            return await bot.tables.store.shown.shown_version(game.id) == game.version

        await poll(shown, 20, "the owed round to be shown after the reconnect")
        assert find(table.prompt(), "g:doge.cast:")["custom_id"] == await current_cast_button(table)
