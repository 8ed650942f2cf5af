"""Ladder, the test suite's turn-by-turn game with hidden hands (tests/ladder_game), played
through the loopback Discord from its one registration with the game-neutral driver: the
lobby, a turn by button and one by typing, a computer seat, what each player alone is
told, and that the channel never shows a hand (L-1.2) until the end and its record."""

from __future__ import annotations

import dataclasses
import json
import random
from pathlib import Path

from bot.discord_app import TableBot
from bot.games.wording import writing_user_text
from bot.store import ACTIVE
from cogs.common.names import plain
from tests.discord_emulator import DiscordEmulator
from tests.discord_emulator.fixtures import discord_emulator  # noqa: F401  (fixture)
from tests.e2e.table_driver import TableDriver
from tests.ladder_game.discord.board import render_ladder
from tests.ladder_game.discord.prompts import ladder_prompt
from tests.ladder_game.register import ladder  # noqa: F401  (fixture)
from tests.ladder_game.rules.engine import DECK


class LadderTable(TableDriver):
    """Checks after every step that the channel's prompt and newest board would be the
    same with every hand dealt otherwise (L-1.2)."""

    boards_checked = 0

    async def check(self) -> None:
        if self.game_id is None:
            return
        game = await self.game()
        if game.row.status != ACTIVE or game.state is None:
            return
        laid = {card for _seat, card in game.state.row}
        unseen = [c for c in DECK if c not in laid]
        random.Random(len(laid)).shuffle(unseen)
        hands, at = [], 0
        for hand in game.state.hands:
            hands.append(tuple(sorted(unseen[at:at + len(hand)])))
            at += len(hand)
        twin = dataclasses.replace(game, state=dataclasses.replace(game.state,
                                                                   hands=tuple(hands)))
        prompt = self.prompt()
        with writing_user_text(plain):  # as the bot writes for Discord
            expected, _view = await ladder_prompt(self.bot.tables, twin)
        assert expected in prompt.content, "the prompt depends on a hand"
        boards = [a for a in prompt.attachments if a.filename == "ladder-board.png"]
        if boards and boards[-1].description:
            caption = boards[-1].description.removeprefix("The board after: ")
            assert boards[-1].data == await render_ladder(twin, caption), \
                "the board depends on a hand"
            self.boards_checked += 1


async def test_a_ladder_table_from_lobby_to_its_record(
        discord_emulator: DiscordEmulator, tmp_path: Path, ladder) -> None:  # noqa: F811
    emu = discord_emulator
    bot = TableBot(database_path=str(tmp_path / "games.db"))
    async with emu.running(bot):
        ann, bo = emu.add_user("ann"), emu.add_user("bo")
        table = LadderTable(emu, bot, "ladder", [ann, bo])
        lobby = await table.open(3, timing="live")
        assert lobby.content.startswith("🪜 **Ladder** — a table for 3 (live play).")
        await table.type(ann, "addbot", {"level": "easy"})
        await table.start(seed=3)
        game = await table.game()
        hands = game.state.hands
        prompt = table.prompt()
        assert "🪜 **Ladder** · the row is empty" in prompt.content
        assert f"<@{ann.id}> (0 rungs, 4 cards held): ⏳" in prompt.content
        assert [a.filename for a in prompt.attachments] == ["ladder-board.png"]

        # ann lays her highest card with the button; only she sees her hand's buttons.
        panel = await table.answer(ann, [str(max(hands[0]))])
        assert panel.ephemeral and panel.visible_to == ann.id
        assert panel.content == f"You laid {max(hands[0])}: it climbs a rung (L-2.2)."
        assert f"ann lays {max(hands[0])}: a rung up (L-2.2)." in table.said()
        # bo sees his hand privately, then types a card.
        assert (await table.type(bo, "me")).content == "🔒 Your hand: " + ", ".join(
            str(c) for c in hands[1]) + "."
        status = await table.type(bo, "status")
        assert "⏳ Your turn" in status.content and status.visible_to == bo.id
        answer = await table.type(bo, "lay", {"card": min(hands[1])})
        climbed = ": it climbs a rung (L-2.2)" if min(hands[1]) > max(hands[0]) else ""
        assert answer.ephemeral and answer.content == f"You laid {min(hands[1])}{climbed}."
        refused = await table.type(bo, "lay", {"card": hands[1][-1]})  # not his turn now
        assert refused.ephemeral and "You laid" not in refused.content
        assert (await table.game()).state.turn >= 3  # the computer laid at once

        game = await table.play_to_the_end()
        assert game.row.status == "finished" and table.boards_checked >= 2
        end = table.public()[-1]
        assert "🏁 Every hand is empty: the game is over (L-3.1)." in end.content
        assert "climbed highest." in end.content
        [record] = [a for a in end.attachments if a.filename == f"ladder-game-{game.id}.json"]
        assert json.loads(record.data)["game"] == "ladder"
        assert not emu.internal_errors
