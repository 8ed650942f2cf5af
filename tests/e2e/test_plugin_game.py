"""Bids, the test suite's own game (tests/plugin_game), played through the loopback
Discord from its one registration, as people would: the lobby, secret bids, a deadline,
a moderator's undo and end, the record, ratings and recap, and Dutch."""

from __future__ import annotations

import contextlib
import io
import json
from pathlib import Path

import discord

from bot.cli import main as cli
from bot.discord_app import TableBot
from tests.discord_emulator import DiscordEmulator, EmuMessage, EmuUser
from tests.discord_emulator.fixtures import discord_emulator  # noqa: F401  (fixture)
from tests.e2e.table_driver import TableDriver
from tests.e2e.test_admin_discord import confirm
from tests.e2e.test_doge_clocks import FakeTime
from tests.plugin_game.register import bids  # noqa: F401  (fixture)
from tests.plugin_game.rules.kit import coins_label

GAME_SEED = 1
MANAGE_CHANNELS = discord.Permissions(manage_channels=True).value


class BidsTable(TableDriver):
    """People bidding with the Bid button or `/bids bid`."""

    async def check(self) -> None:
        """No bid shows in the channel before its lot is revealed (B-2.1)."""
        if self.game_id is None:
            return
        game = await self.game()
        if game.state is None:
            return
        for seat, bid in enumerate(game.state.bids):
            if bid is not None:
                secret = f"{game.seats[seat].name} {bid}"  # as a reveal would tell it
                assert not any(secret in m.content and f"Lot {game.state.lot + 1} " in m.content
                               for m in self.public()), secret

    async def bid_by_button(self, user: EmuUser, amount: int) -> EmuMessage:
        """The Bid button opens a panel only `user` sees; an amount's button answers."""
        return await self.answer(user, [coins_label(amount)])


def public(emu: DiscordEmulator, channel) -> list[EmuMessage]:
    """What the bot showed in another channel than the table's."""
    return [m for m in emu.messages(channel, include_ephemeral=False)
            if m.author.id == emu.bot_user.id]


async def test_a_bids_table_from_lobby_to_a_moderators_end_and_its_record(
        discord_emulator: DiscordEmulator, tmp_path: Path, bids) -> None:  # noqa: F811
    emu, time = discord_emulator, FakeTime()
    bot = TableBot(database_path=str(tmp_path / "games.db"), clock=time)
    async with emu.running(bot):
        ann, bo = emu.add_user("ann"), emu.add_user("bo")
        mia = emu.add_user("mia", roles=[emu.add_role("Moderators", MANAGE_CHANNELS)])
        table = BidsTable(emu, bot, "bids", [ann, bo])
        lobby = await table.open(4, timing="live")
        assert lobby.content.startswith("🪙 **Bids** — a table for 4 (live play).")
        await table.type(ann, "addbot", {"level": "easy"})
        lobby = emu.message_index[lobby.id]
        assert "Bids Bot Ada (computer, easy)" in lobby.content
        await table.start(by=bo)
        prompt = table.prompt()
        assert "**Bids · lot 1 of 5**" in prompt.content and f"<@{ann.id}> (15 coins): ⏳" in \
            prompt.content
        assert any(a.filename == "bids-board.png" for a in prompt.attachments)

        # Lot 1: a button and a typed bid, each answered to its bidder alone, naming the
        # lot bid for and its worth.
        worth = (await table.game()).state.lots[0]
        lot = f"{worth} point" + ("" if worth == 1 else "s")
        panel = await table.bid_by_button(ann, 4)
        assert panel.ephemeral and panel.content == (
            f"🔒 You bid 4 coins for lot 1, worth {lot}; only you know it until everyone "
            "has bid.")
        assert "ann (15 coins): ✅ has bid" in table.prompt().content
        answer = await table.type(bo, "bid", {"amount": 13})  # more than easy bids
        assert answer.ephemeral and answer.visible_to == bo.id
        assert f"You bid 13 coins for lot 1, worth {lot};" in answer.content
        sale = table.public()[-1].content
        assert sale.startswith("Lot 1 (") and "ann 4, bo 13, Bids Bot Ada " in sale, sale
        assert "bo wins it for 13 coins." in sale
        assert "**Bids · lot 2 of 5**" in sale

        # Lot 2: ann bids and sees it privately; bo lets the deadline pass (B-2.2).
        await table.bid_by_button(ann, 2)
        await table.type(ann, "me")
        assert "your secret bid for lot 2 is 2 coins" in table.private(ann)
        time.now += 2 * 60 + 1  # the live pace: two minutes a bid
        await bot.tables.clock.tick()
        await emu.wait_until(lambda: "ran out of time" in table.said(), timeout=10)
        assert "⏰ bo ran out of time, so the table chose for them." in table.said()
        assert "Lot 2 (" in table.said() and "ann 2, bo 0," in table.said()

        # A moderator's undo: a bid is secret (the computer's, made at once, and ann's).
        await table.bid_by_button(ann, 1)
        await table.slash(mia, "table-admin undo")
        assert table.private(mia) == "Cannot undo the last step: it is a secret bid (B-2.1)."
        # The moderator's end: everyone ranked as they stand, ann's bid never shown.
        await table.slash(mia, "table-admin end")
        await confirm(emu, bot, emu.channel, mia)
        game = await table.game()
        assert game.row.status == "finished" and game.state.reason == "moderator"
        end = table.public()[-1]
        assert "🏁 A moderator ended the game; the bids for the lot up were never revealed " \
               "(B-4.2)." in end.content
        assert "ann 1" not in table.said()
        [record_file] = [a for a in end.attachments if a.filename == "bids-game-1.json"]
        record = json.loads(record_file.data)
        assert record["game"] == "bids" and record["actions"][-1]["type"] == "end_game"

        # The record replays as `python -m bot replay` does, and imports into a new channel.
        path = tmp_path / "bids.json"
        path.write_bytes(record_file.data)
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            assert cli(["replay", str(path)]) == 0
        assert json.loads(out.getvalue())["reason"] == "moderator"
        other = emu.add_text_channel(name="replays")
        await (await emu.slash(mia, other, "table-admin import", {
            "record": ("bids.json", record_file.data), "players": f"<@{ann.id}> <@{bo.id}>"}
        )).callback(timeout=10)
        await emu.wait_until(lambda: bot.in_flight == 0, timeout=20)
        assert any("restored a finished game of Bids" in m.content for m in public(emu, other))
        assert not emu.internal_errors


async def play_out(table: BidsTable, amounts: dict[int, list[int]]) -> None:
    """The lots left, each person bidding their listed amounts with the Bid button."""
    for lot in range(len(next(iter(amounts.values())))):
        for user in table.users:
            await table.bid_by_button(user, amounts[user.id][lot])


async def test_a_finished_game_is_rated_and_recapped(
        discord_emulator: DiscordEmulator, tmp_path: Path, bids) -> None:  # noqa: F811
    emu = discord_emulator
    bot = TableBot(database_path=str(tmp_path / "games.db"))
    async with emu.running(bot):
        users = [emu.add_user(n) for n in ("ann", "bo", "cy")]
        table = BidsTable(emu, bot, "bids", users)
        await table.open(3)
        await table.start(seed=GAME_SEED)  # its lots, and so who wins: cy
        ann, bo, cy = (u.id for u in users)
        for user, amount in zip(users, (5, 1, 0), strict=True):
            await table.bid_by_button(user, amount)
        mia = emu.add_user("mia", roles=[emu.add_role("Moderators", MANAGE_CHANNELS)])
        await table.slash(mia, "table-admin undo")  # everyone saw the bids: no undo
        assert table.private(mia) == "Cannot undo the last step: it revealed a lot's bids " \
                                     "(B-3.1)."
        await play_out(table, {ann: [0, 3, 0, 1], bo: [4, 3, 0, 2], cy: [1, 0, 6, 3]})
        game = await table.game()
        assert game.row.status == "finished"
        assert game.engine.ranking(game.state)[0] > 1  # ann did not win this seed's game
        end = table.public()[-1].content
        assert "Game over: all lots are sold (B-4.1)." in end and "🏁" in end
        board = await (await emu.slash(users[1], emu.channel, "bids leaderboard")).wait()
        assert board.ephemeral and "Bids leaderboard" in board.content
        assert [a.filename for a in board.attachments] == ["bids-leaderboard.png"]
        stats = await (await emu.slash(users[0], emu.channel, "bids stats")).wait()
        assert "1 game, 0 wins, average place" in stats.content
        first = game.state.lots[0]  # ann's only lot
        assert f"won most often {first}-point lots." in stats.content
        handle = await emu.slash(users[2], emu.channel, "bids recap")
        recap = await handle.wait(timeout=30)
        [gif] = recap.attachments
        assert gif.filename == f"bids-recap-{game.id}.gif"
        assert recap.content == "🎞️ Bids game 1: the board after each lot, 5 in all."
        assert not emu.internal_errors


async def test_a_dutch_channel_and_a_dutch_player_read_bids_in_dutch(
        discord_emulator: DiscordEmulator, tmp_path: Path, bids) -> None:  # noqa: F811
    emu = discord_emulator
    bot = TableBot(database_path=str(tmp_path / "games.db"))
    async with emu.running(bot):
        anke, bob = emu.add_user("anke", locale="nl"), emu.add_user("bob")
        cor = emu.add_user("cor", locale="nl")
        mia = emu.add_user("mia", roles=[emu.add_role("Moderators", MANAGE_CHANNELS)])
        await (await emu.slash(mia, emu.channel, "table-admin language",
                               {"language": "nl"})).callback(timeout=10)
        table = BidsTable(emu, bot, "bids", [anke, bob, cor])
        lobby = await table.open(3)
        assert "een tafel voor 3" in lobby.content
        await table.start(by=anke)
        prompt = table.prompt().content
        assert "**Bids · kavel 1 van 5**" in prompt, prompt
        panel = await table.bid_by_button(anke, 3)  # her own panel speaks her language
        assert panel.content.startswith("🔒 Je hebt 3 munten geboden"), panel.content
        help_text = await (await emu.slash(anke, emu.channel, "bids help")).wait()
        assert "**Bids in Discord**" in help_text.content and "munten" in help_text.content
        english = await (await emu.slash(bob, emu.channel, "bids help")).wait()
        assert "press **Join** and **Start**" in english.content
        await table.bid_by_button(bob, 2)
        await table.type(cor, "bid", {"amount": 1})
        sale = table.public()[-1].content
        assert sale.startswith("Kavel 1 (") and "anke wint hem voor 3 munten." in sale, sale
        assert not emu.internal_errors
