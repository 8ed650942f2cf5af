"""The game-neutral driver plays the product's games by their buttons as it plays the
test games': Clans moves answered step by step from the channel's prompt (and one typed),
Doge's secret ballots typed and the decisions after them answered by button."""

from __future__ import annotations

from pathlib import Path

from bot.discord_app import TableBot
from tests.discord_emulator import DiscordEmulator
from tests.discord_emulator.fixtures import discord_emulator  # noqa: F401  (fixture)
from tests.e2e.table_driver import TableDriver

TURNS = 6
AREAS = ("cannaregio", "castello", "dorsoduro", "san_marco", "san_polo", "santa_croce",
         "quarantia")


async def test_clans_moves_by_button_and_by_typing(
        discord_emulator: DiscordEmulator, tmp_path: Path) -> None:  # noqa: F811
    emu = discord_emulator
    async with emu.running(bot := TableBot(database_path=str(tmp_path / "games.db"))):
        table = TableDriver(emu, bot, "clans", [emu.add_user("ada"), emu.add_user("bo")])
        await table.open(2, timing="live")
        await table.start(seed=5)
        for _turn in range(TURNS):
            await table.play_turn()
        game, [seat] = await table.game(), bot.tables.awaited_seats(await table.game())
        move = game.engine.legal_actions(game.state, seat.seat)[0]
        answer = await table.type(table.user_of(seat), "move",
                                  {"from": move["from"], "to": move["to"]})
        assert answer.ephemeral and answer.content.startswith("✅ Moved ")
        assert (await table.game()).version > TURNS and not emu.internal_errors


async def test_doge_ballots_typed_then_a_decision_by_button(
        discord_emulator: DiscordEmulator, tmp_path: Path) -> None:  # noqa: F811
    emu = discord_emulator
    async with emu.running(bot := TableBot(database_path=str(tmp_path / "games.db"))):
        users = [emu.add_user(name) for name in ("anna", "bernd", "claudia")]
        table = TableDriver(emu, bot, "doge", users)
        await table.open(3, timing="live")
        await table.start(seed=2)
        while (await table.game()).state.phase == "placement":  # a year's rounds
            for user in users:  # a secret ballot: no question, a command of its own
                game, seat = await table.seat_of(user)
                player = game.state.players[seat.seat]
                area = next(a for a in AREAS if a not in player.cards_used)
                answer = await table.type(user, "ballot", {"area": area,
                                                           "markers": str(min(player.markers))})
                assert answer.content.startswith("✅ Your ballot: "), answer.content
        answered = 0
        for _step in range(6):  # the decisions the reveal opened, by their buttons
            game = await table.game()
            asked = [s for s in bot.tables.awaited_seats(game)
                     if table.kit.question(game.state, s.seat, [u.name for u in users])]
            if not asked:
                break
            before = game.version
            await table.answer(table.user_of(asked[0]))
            answered += (await table.game()).version > before
        assert answered >= 1 and not emu.internal_errors
