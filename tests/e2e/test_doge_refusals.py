"""Refusals, a restart mid-election, and Discord failures that must not lose a step."""

from __future__ import annotations

from pathlib import Path

from bot.discord_app import TableBot
from tests.discord_emulator import DiscordEmulator
from tests.discord_emulator.fixtures import discord_emulator  # noqa: F401  (fixture)
from tests.e2e.driver import DogeTable, custom_ids, find
from tests.e2e.test_doge_game import make_bot, open_table


async def started_table(emu: DiscordEmulator, bot: TableBot, players: int = 3,
                        seed: int = 3) -> DogeTable:
    table = await open_table(emu, bot, ["anna", "bernd", "claudia", "daniel"][:players],
                             players, seed=seed)
    lobby = emu.last_message(emu.channel, include_ephemeral=False)
    await table.click(table.users[0], lobby, find(lobby, "g:start:")["custom_id"])
    return table


async def until_election_question(table: DogeTable) -> None:
    for _ in range(100):
        game = await table.game()
        if game.state.phase == "elections" and len(table.bot.tables.awaited_seats(game)) == 1:
            return
        await table.play_turn()
    raise AssertionError("no election question came up")


def last_reply(emu: DiscordEmulator, user) -> str:
    return emu.messages(emu.channel, visible_to=user)[-1].content


async def test_refusals_change_nothing(discord_emulator: DiscordEmulator,  # noqa: F811
                                       tmp_path: Path) -> None:
    emu = discord_emulator
    bot = make_bot(tmp_path)
    async with emu.running(bot):
        table = await started_table(emu, bot)
        stranger = emu.add_user("stranger")
        # Second game in the channel.
        handle = await table.slash(stranger, "doge new", {})
        reply = await handle.wait()
        assert reply.ephemeral and "already running" in reply.content
        # Someone not at the table.
        cast = find(table.prompt(), "g:doge.cast:")["custom_id"]
        await table.click(stranger, table.prompt(), cast)
        assert "not playing" in last_reply(emu, stranger)
        before = (await table.game()).version
        await table.slash(stranger, "doge ballot", {"area": "castello", "markers": "3"})
        assert "not playing" in last_reply(emu, stranger)
        # Bad input from a player: one line, nothing changed.
        anna = table.users[0]
        await table.slash(anna, "doge ballot", {"area": "castello", "markers": "3 3 3"})
        assert "D-3.2" in last_reply(emu, anna) and "\n" not in last_reply(emu, anna)
        await table.slash(anna, "doge ballot", {"area": "rialto", "markers": "3"})
        assert "Unknown area" in last_reply(emu, anna)
        # Typed input quoted back stays far below Discord's 2000 characters.
        for command, options in (("doge ballot", {"area": "x" * 2100, "markers": "3"}),
                                 ("doge ballot", {"area": "castello", "markers": "9" * 2100}),
                                 ("doge notify", {"timezone": "y" * 2100})):
            await table.slash(anna, command, options)
            reply = last_reply(emu, anna)
            assert len(reply) <= 1000 and "\n" not in reply and reply.endswith("…"), command
        assert (await table.game()).version == before
        # An election question: the wrong player, then a stale button.
        await until_election_question(table)
        game = await table.game()
        decider = table.user_of(bot.tables.awaited_seats(game)[0])
        other = next(u for u in table.users if u.id != decider.id)
        prompt = table.prompt()
        first = next(c for c in custom_ids(prompt) if c["custom_id"].startswith("g:dq:"))
        await table.click(other, prompt, first["custom_id"])
        assert last_reply(emu, other).startswith("It is not your turn: the game waits for")
        assert (await table.game()).version == game.version
        # A stale button: a next-step panel left over from an answered question.
        await table.click(decider, prompt, first["custom_id"])
        panels = [m for m in emu.messages(emu.channel, visible_to=decider) if m.ephemeral
                  and any(c["custom_id"].startswith("g:dq:") for c in custom_ids(m))]
        assert (await table.game()).version == game.version and panels  # the next step
        # ↩ Back redraws the step before in the same panel, answering nothing.
        [back] = [c for c in custom_ids(panels[-1]) if c["custom_id"].startswith("g:dqb:")]
        await table.click(decider, panels[-1], back["custom_id"])
        again = emu.message_index[panels[-1].id]
        assert " › " not in again.content and not any(
            c["custom_id"].startswith("g:dqb:") for c in custom_ids(again))
        assert [c["label"] for c in custom_ids(again) if c["custom_id"].startswith("g:dq:")] \
            == [c["label"] for c in custom_ids(prompt) if c["custom_id"].startswith("g:dq:")]
        assert (await table.game()).version == game.version
        if panels:
            stale = panels[-1]
            await table.decide(decider)  # answered through the public prompt instead
            version = (await table.game()).version
            assert version > game.version
            button = next(c for c in custom_ids(stale) if c["custom_id"].startswith("g:dq:"))
            await table.click(decider, stale, button["custom_id"])
            reply = last_reply(emu, decider)
            assert "earlier step" in reply  # their own button, of an answered step
            assert (await table.game()).version == version
        # A channel without a game.
        empty = emu.add_text_channel(name="empty")
        handle = await emu.slash(anna, empty, "doge board", {})
        assert "no Doge game in this channel" in (await handle.wait()).content
        assert not emu.internal_errors


async def test_a_restart_mid_election_answers_old_buttons(
        discord_emulator: DiscordEmulator, tmp_path: Path) -> None:  # noqa: F811
    emu = discord_emulator
    first_bot = make_bot(tmp_path)
    running = await emu.start_client(first_bot)
    table = await started_table(emu, first_bot, players=4, seed=8)
    await until_election_question(table)
    version = (await table.game()).version
    await running.close()  # the process goes away mid-election

    second_bot = make_bot(tmp_path)
    async with emu.running(second_bot):
        table.bot = second_bot
        assert (await table.game()).version == version  # nothing lost
        await table.decide(table.user_of(second_bot.tables.awaited_seats(
            await table.game())[0]))  # an old button, answered by the new process
        assert (await table.game()).version > version
        game = await table.game()
        game_id = game.id
        await second_bot.tables.store.checks.verify_game(game_id)
        for _ in range(400):
            if (await table.game()).row.status != "active":
                break
            await table.play_turn()
            if (await table.game()).state.year > 1:
                break
        assert (await table.game()).state.year > 1 or \
            (await table.game()).row.status == "finished"


async def test_a_refused_post_loses_no_step_and_says_which_permission(
        discord_emulator: DiscordEmulator, tmp_path: Path) -> None:  # noqa: F811
    emu = discord_emulator
    bot = make_bot(tmp_path)
    async with emu.running(bot):
        table = await started_table(emu, bot)
        game = await table.game()
        anna, bernd, claudia = table.users
        await table.slash(anna, "doge ballot", {"area": "castello", "markers": "3"})
        await table.slash(bernd, "doge ballot", {"area": "castello", "markers": "2"})
        emu.deny_sends(emu.channel)
        await table.slash(claudia, "doge ballot", {"area": "dorsoduro", "markers": "1"})
        assert "Send Messages" in last_reply(emu, claudia)
        after = await table.game()
        assert after.version == game.version + 3 and after.state.round == 2  # committed
        emu.deny_sends(emu.channel, False)
        emu.fail_next("POST", "/channels/{channel_id}/messages", times=1, status=500)
        await table.slash(anna, "doge board", {})  # shows the table again
        boards = [m for m in emu.messages(emu.channel, include_ephemeral=False)
                  if any(a.filename == "doge-board.png" for a in m.attachments)]
        assert boards
