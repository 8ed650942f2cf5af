"""A Clans move made with buttons through the loopback Discord (C-3.1): region under the
channel's prompt, then territory and neighbour in a private panel whose ↩ Back returns
to the step before without touching the game; a Back left from an earlier turn is
refused in one line."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from bot.discord_app import TableBot
from tests.discord_emulator import DiscordEmulator, EmuMessage, EmuUser
from tests.discord_emulator.fixtures import discord_emulator  # noqa: F401  (fixture)
from tests.e2e.driver import custom_ids
from tests.e2e.test_clans_game import ClansTable

STEP, BACK = "g:dq:", "g:dqb:"  # the shared question buttons (cogs/common)


def buttons(message: EmuMessage, prefix: str) -> list[dict[str, Any]]:
    return [c for c in custom_ids(message) if c["custom_id"].startswith(prefix)]


def rows(message: EmuMessage) -> list[list[str]]:
    return [[c["custom_id"] for c in row.get("components", [])] for row in message.components]


def last_reply(emu: DiscordEmulator, user: EmuUser) -> EmuMessage:
    return emu.messages(emu.channel, visible_to=user)[-1]


async def two_players(emu: DiscordEmulator, bot: TableBot) -> tuple[ClansTable, EmuUser,
                                                                     EmuUser]:
    """A started two-seat table: (table, the mover, the other player)."""
    users = [emu.add_user("ada"), emu.add_user("bo")]
    table = ClansTable(emu, bot, emu.channel, users, seed=1)
    await table.start()
    game = await table.game()
    mover = table.user_of(game.seats[game.state.mover])
    return table, mover, next(u for u in users if u.id != mover.id)


async def state_of(table: ClansTable, prompt: EmuMessage) -> tuple[int, int, int]:
    """The game's version, its logged actions and the prompt's edits: a step or a Back
    that changes none of them reached neither the game nor the channel."""
    game = await table.game()
    actions = await table.bot.tables.store.actions.log(game.id)
    return game.version, len(actions), len(table.emu.message_index[prompt.id].history)


async def test_back_returns_to_the_step_before_and_applies_nothing(
        discord_emulator: DiscordEmulator, tmp_path: Path) -> None:  # noqa: F811
    emu = discord_emulator
    async with emu.running(TableBot(database_path=str(tmp_path / "games.db"))) as bot:
        await back_and_forth(emu, *await two_players(emu, bot))


async def back_and_forth(emu: DiscordEmulator, table: ClansTable, mover: EmuUser,
                         _: EmuUser) -> None:
    prompt = table.prompt()
    before = await state_of(table, prompt)
    version = before[0]
    regions = buttons(prompt, STEP)
    assert len(regions) > 1 and not buttons(prompt, BACK)

    # Step 2, privately: the territories of the region, and Back on a row of its own.
    first = regions[0]
    panel = await (await table.click(mover, prompt, first["custom_id"])).wait()
    assert panel.ephemeral and panel.visible_to == mover.id
    assert panel.content == f"🔒 {first['label']} — From:"
    [back] = buttons(panel, BACK)
    assert back["label"] == "Back" and back["emoji"]["name"] == "↩️"
    assert rows(panel)[-1] == [back["custom_id"]]
    territories = [b["label"] for b in buttons(panel, STEP)]

    # Step 3 in the same panel; Back shows the territories again, as they were.
    await table.click(mover, panel, buttons(panel, STEP)[0]["custom_id"])
    panel = emu.message_index[panel.id]
    assert panel.content.startswith(f"🔒 {first['label']} › {territories[0]} — ")
    assert [b["label"] for b in buttons(panel, STEP)] != territories
    await table.click(mover, panel, buttons(panel, BACK)[0]["custom_id"])
    panel = emu.message_index[panel.id]
    assert panel.content == f"🔒 {first['label']} — From:"
    assert [b["label"] for b in buttons(panel, STEP)] == territories
    assert await state_of(table, prompt) == before

    # Back again: the regions, as under the prompt, with nothing to go back to.
    await table.click(mover, panel, buttons(panel, BACK)[0]["custom_id"])
    panel = emu.message_index[panel.id]
    assert panel.content.startswith("🔒 ") and " › " not in panel.content
    assert not buttons(panel, BACK)
    assert [b["label"] for b in buttons(panel, STEP)] == [b["label"] for b in regions]
    assert await state_of(table, prompt) == before

    # Another region, its first territory and neighbour: that move is the one made.
    await table.click(mover, panel, buttons(panel, STEP)[-1]["custom_id"])
    panel = emu.message_index[panel.id]
    for _ in range(2):  # the territory, then the neighbour
        label = buttons(panel, STEP)[0]["label"]
        await table.click(mover, panel, buttons(panel, STEP)[0]["custom_id"])
        panel = emu.message_index[panel.id]
    game = await table.game()
    assert game.version == version + 1
    [made] = (await table.bot.tables.store.actions.log(game.id))[-1:]
    assert label.startswith(f"To {made.action['to']} ")
    assert made.action["from"][0] == regions[-1]["label"].split()[-1]
    assert panel.content == "✅ Done." and not custom_ids(panel)
    assert not emu.internal_errors


async def test_steps_and_backs_are_the_movers_and_this_turns_only(
        discord_emulator: DiscordEmulator, tmp_path: Path) -> None:  # noqa: F811
    emu = discord_emulator
    async with emu.running(TableBot(database_path=str(tmp_path / "games.db"))) as bot:
        await refusals(emu, *await two_players(emu, bot))


async def refusals(emu: DiscordEmulator, table: ClansTable, mover: EmuUser,
                   other: EmuUser) -> None:
    prompt = table.prompt()
    before = await state_of(table, prompt)
    version = before[0]
    region = buttons(prompt, STEP)[0]["custom_id"]

    await table.click(other, prompt, region)
    reply = last_reply(emu, other)
    assert reply.ephemeral and reply.content.startswith("It is not your turn: the game waits")
    assert await state_of(table, prompt) == before

    # The mover opens a panel at its third step, then the mover and the other player
    # both move by typing: the panel's buttons are a turn old.
    panel = await (await table.click(mover, prompt, region)).wait()
    await table.click(mover, panel, buttons(panel, STEP)[0]["custom_id"])
    panel = emu.message_index[panel.id]
    for _ in range(2):
        game = await table.game()
        seat = game.seats[game.state.mover]
        move = game.engine.legal_actions(game.state, seat.seat)[0]
        await table.slash(table.user_of(seat), "clans move",
                          {"from": move["from"], "to": move["to"]})
    game = await table.game()
    assert game.seats[game.state.mover].user_id == mover.id and game.version == version + 2
    for old in (buttons(panel, BACK)[0], buttons(panel, STEP)[0]):
        await table.click(mover, panel, old["custom_id"])
        reply = last_reply(emu, mover)
        assert reply.ephemeral and reply.content == (
            "That button is from an earlier step; use the newest message.")
        assert (await table.game()).version == version + 2
    assert not emu.internal_errors
