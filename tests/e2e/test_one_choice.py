"""No question without a choice (D-11.1): a step with one possible answer is not asked.
A district winner with no house on the board who abstains has no house to move (D-6.2):
the Abstain button answers at once, and the record holds the abstention."""

from __future__ import annotations

from pathlib import Path

from bot.store import ACTIVE
from tests.discord_emulator import DiscordEmulator
from tests.discord_emulator.fixtures import discord_emulator  # noqa: F401  (fixture)
from tests.e2e.driver import custom_ids
from tests.e2e.test_doge_clocks import start_async_table
from tests.e2e.test_doge_game import make_bot


async def test_abstaining_with_no_house_on_the_board_asks_no_house_move_d_11_1(
        discord_emulator: DiscordEmulator, tmp_path: Path) -> None:  # noqa: F811
    emu = discord_emulator
    bot = make_bot(tmp_path)
    async with emu.running(bot):
        table = await start_async_table(emu, bot)
        game = await table.game()
        while game.state.phase == "placement":
            seat = bot.tables.awaited_seats(game)[0]
            await table.cast_ballot(table.user_of(seat), game, seat.seat)
            game = await table.game()
        # The first election: its winner has no house anywhere on the board yet.
        assert game.row.status == ACTIVE and game.state.election.current.kind == "advisor"
        [seat] = bot.tables.awaited_seats(game)
        assert game.state.houses_on_board(seat.seat) == 0
        user, prompt = table.user_of(seat), table.prompt()
        buttons = {c["label"]: c["custom_id"] for c in custom_ids(prompt)
                   if c["custom_id"].startswith("g:dq:")}
        assert set(buttons) == {"Take the advisor", "Abstain"}
        assert "Right now this advisor belongs to nobody and is off the board." in \
            prompt.content  # plain words: where it is and whose
        # Spoken to by their mention, as every prompt of both games speaks to its player.
        assert f"\n<@{user.id}>, you won " in prompt.content
        assert "You have no house on the board to move." in prompt.content
        before = game.version
        await table.click(user, prompt, buttons["Abstain"])
        game = await table.game()
        assert game.version > before  # answered at once: no further step was asked
        seen = [m.content for m in emu.messages(emu.channel, visible_to=user)]
        assert not any("Which house to move" in text or "Move no house" in text
                       for text in seen)
        actions = await bot.tables.store.actions.log(game.id)
        abstained = [a.action for a in actions if a.action.get("type") == "abstain"]
        assert abstained and abstained[0] == {"type": "abstain", "move": None,
                                              "seat": seat.seat}
        channel = [m.content for m in emu.messages(emu.channel, include_ephemeral=False)]
        assert any("abstain" in text for text in channel)  # narrated as any other step
        assert not emu.internal_errors
