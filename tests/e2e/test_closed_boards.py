"""An election's message, once over, keeps a board that is its record: when the answer
that ended it also opened the next election (no state in between), the board drawn as
it closes asks nothing and waits for nobody, rather than showing the next election's
question and whom it waits for under the old caption."""

from __future__ import annotations

from pathlib import Path

from bot.store import ACTIVE
from bot.tables.service import Step
from cogs.doge.board import render_doge
from tests.discord_emulator import DiscordEmulator
from tests.discord_emulator.fixtures import discord_emulator  # noqa: F401  (fixture)
from tests.e2e.driver import board_caption, find, start_and_play_to_the_end
from tests.e2e.test_doge_game import make_bot, open_table


def board_of(message):
    return next((a for a in message.attachments if a.filename == "doge-board.png"), None)


async def test_a_closed_election_board_shows_no_next_question(
        discord_emulator: DiscordEmulator, tmp_path: Path) -> None:  # noqa: F811
    emu = discord_emulator
    bot = make_bot(tmp_path)
    async with emu.running(bot):
        table = await open_table(emu, bot, ["anna", "bernd", "claudia"], 3)
        lobby = emu.last_message(emu.channel, include_ephemeral=False)
        await table.click(table.users[0], lobby, find(lobby, "g:start:")["custom_id"])
        for _ in range(400):
            game = await table.game()
            assert game.row.status == ACTIVE, "no election closed into the next"
            live = table.prompt()
            before = board_of(live)
            await table.play_turn()
            game = await table.game()
            closed = emu.message_index[live.id]
            board = board_of(closed)
            if table.prompt().id == live.id or board is None or board is before or \
                    game.state.election is None or live.content.startswith("🗳️"):
                continue
            # The old election's message, drawn again at the state that opened the next.
            caption = board_caption(board)
            assert board.data == await render_doge(game, caption, closed=True)
            assert board.data != await render_doge(game, caption)  # the live board differs
            assert not emu.internal_errors
            return
        raise AssertionError("no election closed into the next")


async def test_a_finished_game_leaves_nothing_behind_in_the_posters_memory(
        discord_emulator: DiscordEmulator, tmp_path: Path) -> None:  # noqa: F811
    """Every message's bookkeeping goes when it closes, the result's as it is posted: a
    bot that runs for months does not keep a little of every game it ever showed, in
    memory or in the database (who was pinged for a message's turns)."""
    emu = discord_emulator
    bot = make_bot(tmp_path)
    async with emu.running(bot):
        table = await open_table(emu, bot, ["anna", "bernd", "claudia"], 3, year_limit=1)
        await start_and_play_to_the_end(table)
        assert (await table.game()).row.status != ACTIVE
        poster = bot.posters["doge"]
        assert poster._notes == {} and poster._drawn == {}
        game = await table.game()  # nor a 🔔 line in the channel or among its messages
        channel_ids = [m.id for m in emu.messages(table.channel, include_ephemeral=False)]
        assert [await bot.tables.store.pings.get_turn_pings(game.id, message_id)
                for message_id in channel_ids] == [None] * len(channel_ids)
        assert not [m for m in await bot.tables.store.messages.list_messages(game.id)
                    if m.kind.startswith("bell:")]
        assert not emu.internal_errors


async def test_a_late_show_leaves_the_result_message_as_it_was(
        discord_emulator: DiscordEmulator, tmp_path: Path) -> None:  # noqa: F811
    """A step shown after the result was posted (a burst of clicks, a restart's catch-up)
    does not rewrite it: its ranking is told once and everyone who played stays named."""
    emu = discord_emulator
    bot = make_bot(tmp_path)
    async with emu.running(bot):
        table = await open_table(emu, bot, ["anna", "bernd", "claudia"], 3, year_limit=1)
        await start_and_play_to_the_end(table)
        result = emu.last_message(emu.channel, include_ephemeral=False)
        before = (result.content, len(result.history))
        assert "-# <@" in result.content  # everyone who played, named
        game = await table.game()
        await bot.posters["doge"].publish(bot.get_channel(emu.channel.id), Step(game))
        after = emu.message_index[result.id]
        assert (after.content, len(after.history)) == before and not emu.internal_errors
