"""Where each line of a game's story lands in the channel (cogs/common/poster.py): every
move told once and in order, also those the computer made before anyone could see them;
what the table did for someone (a deadline, a moderator's skip) told once, just above the
move it made, in the message that tells that move; a closed message's board drawn after
the last move its story tells."""

from __future__ import annotations

import random
import re
from pathlib import Path

import discord
import pytest

import bot.store.games as store_games
from bot.discord_app import TableBot
from bot.games.base import PlayerSpec
from bot.games.registry import get_engine
from bot.games.wording import FACTS
from bot.store import ACTIVE, ActionEntry
from bot.tables.kits import get_kit
from cogs.common.segments import Place, segments_of
from cogs.doge.show import SHOW
from rendering.clans.board import render_clans_board
from tests.discord_emulator import DiscordEmulator, EmuMessage
from tests.discord_emulator.fixtures import discord_emulator  # noqa: F401  (fixture)
from tests.e2e.driver import DogeTable, board_caption, custom_ids, find
from tests.e2e.test_clans_game import ClansTable
from tests.e2e.test_doge_clocks import FakeTime, clocked_bot, start_async_table

MANAGE_CHANNELS = discord.Permissions(manage_channels=True).value
NOTES = ("⏰", "🤖")  # what the table did for someone: not a move's line
# Lines that set the scene (DOGE_SCENES) and footnotes (-# hashes): the board is captioned
# with the move before them.
SCENE = re.compile(r"^(Year \d+ begins|Placement round \d+ begins|The elections begin)\.$")


def story(message: EmuMessage) -> list[str]:
    """The message's story: its lines above the prompt (a closed message is all story)."""
    told = message.content.split("\n\n", 1)[0] if custom_ids(message) else message.content
    return told.splitlines()


async def segment_messages(table: DogeTable) -> list[EmuMessage]:
    """The game's story messages, oldest first, as the channel shows them now."""
    rows = segments_of(await table.bot.tables.store.messages.list_messages(table.game_id))
    return [table.emu.message_index[s.message_id] for s in rows]


async def message_telling(table: DogeTable, entry: ActionEntry) -> EmuMessage:
    """The message whose segment holds the first told event of the action."""
    quiet = get_kit("doge").quiet_events
    index = next(i for i, e in enumerate(entry.events) if e["type"] not in quiet)
    rows = segments_of(await table.bot.tables.store.messages.list_messages(table.game_id))
    [row] = [s for s in rows if s.start <= Place(entry.version, index)][-1:]
    return table.emu.message_index[row.message_id]


async def told_moves(table: DogeTable) -> list[list[str]]:
    """Per action of the log, the lines that tell it in the channel (not those the
    prompt says below them: a new round, a new year, who of the tied has answered)."""
    game = await table.game()
    left_out = SHOW.left_out or (lambda e: False)  # what the channel leaves to the web page
    return [[line for kind, line in await table.bot.tables.narration_kinds(
                game, [e for e in entry.events if e["type"] not in get_kit("doge").quiet_events
                       and not left_out(e)])
             if kind not in SHOW.said_below]
            for entry in await table.bot.tables.store.actions.log(game.id)]


async def assert_every_move_told_once_in_order(table: DogeTable) -> None:
    shown = [line for m in await segment_messages(table) for line in story(m)
             if not line.startswith(NOTES) and not line.startswith("A new game of")]
    assert "…" not in shown  # nothing clipped: the whole story is there to compare
    moves = [line for lines in await told_moves(table) for line in lines]
    # A player's moves in a step may share a line, the runner-up's after them
    # (bot/games/doge/together.py): each move is told there, in order, and no line
    # tells nothing.
    at = 0
    for line in moves:
        told = line.rstrip(".").split(" ", 1)[-1] if line.split(" ", 1)[0] in \
            {s.name for s in (await table.game()).seats} else line
        while at < len(shown) and told not in shown[at]:
            at += 1
        assert at < len(shown), (line, shown)
    assert len(shown) <= len(moves)


def record_time_outs(bot: TableBot, monkeypatch: pytest.MonkeyPatch) -> set[int]:
    """The versions of the moves the table makes at deadlines (not the autopilot's after
    them, which come with no note)."""
    made: set[int] = set()
    time_out = bot.tables.time_out

    async def recorded(*args, **kwargs):
        step = await time_out(*args, **kwargs)
        if step is not None:
            made.add(step.since + 1)
        return step

    monkeypatch.setattr(bot.tables, "time_out", recorded)
    return made


def fix_seed(monkeypatch: pytest.MonkeyPatch, seed: int) -> None:
    monkeypatch.setattr(store_games, "new_seed", lambda: seed)


# ---- every move told once ----------------------------------------------------------------


async def test_the_computer_moves_made_before_the_first_person_are_all_told(
        discord_emulator: DiscordEmulator, tmp_path: Path,  # noqa: F811
        monkeypatch: pytest.MonkeyPatch) -> None:
    """C-7.1: every move is public, also those the computer players make at the start,
    before the table has any message (once only the last of them was told)."""
    engine = get_engine("clans")
    seats = [PlayerSpec(n) for n in ("ada", "b", "c", "d")]
    fix_seed(monkeypatch, next(s for s in range(1, 500) if engine.new_game(
        seats, {}, random.Random(s)).turn_order.index(0) >= 2))  # two computers move first
    emu = discord_emulator
    bot = TableBot(database_path=str(tmp_path / "games.db"))
    async with emu.running(bot):
        ada = emu.add_user("ada")
        table = ClansTable(emu, bot, emu.channel, [ada], seed=1)
        lobby = await (await table.slash(ada, "clans new", {"seats": 4})).wait()
        table.game_id = (await bot.tables.game_in_channel(emu.channel.id)).id
        for _ in range(3):
            await (await table.slash(ada, "clans addbot", {"level": "easy"})).wait()
        lobby = emu.message_index[lobby.id]
        await table.click(ada, lobby, find(lobby, "g:start:")["custom_id"])
        moves = await told_moves(table)
        assert len(moves) >= 2
        [first] = await segment_messages(table)
        assert story(first)[1:] == [line for lines in moves for line in lines]
        assert board_caption(first.attachments[0]) == moves[-1][-1]
        for _ in range(2):  # ada moves, the computers answer: one message each time
            await table.play_turn()
        assert len(await segment_messages(table)) == 3
        await assert_every_move_told_once_in_order(table)
        assert not emu.internal_errors


# ---- a deadline's note beside its move; each closed board drawn after its story -------------


async def test_a_placement_time_out_is_told_in_its_rounds_message_only(
        discord_emulator: DiscordEmulator, tmp_path: Path) -> None:  # noqa: F811
    """Claudia misses round 1: the round's message says so just above her sitting out; the
    message of the revealed round does not begin with it."""
    emu, time = discord_emulator, FakeTime()
    bot = clocked_bot(tmp_path, time)
    async with emu.running(bot):
        table = await start_async_table(emu, bot)
        anna, bernd, _ = table.users
        await table.slash(anna, "doge ballot", {"area": "castello", "markers": "3"})
        await table.slash(bernd, "doge ballot", {"area": "dorsoduro", "markers": "2"})
        time.now += 5 * 60 + 1
        await bot.tables.clock.tick()
        round_one, revealed = await segment_messages(table)
        # The note says the table chose; the line below, what it chose (D-3.7).
        sits_out = "The table sits claudia out of round 1: their markers stay"
        [at] = [i for i, line in enumerate(story(round_one)) if line.startswith(sits_out)]
        assert story(round_one)[at - 1] == \
            "⏰ claudia ran out of time, so the table chose for them."
        assert story(revealed)[0].startswith("-# 🔒 round sealed · ")  # its seal, above
        assert story(revealed)[1].startswith("Round 1 revealed")
        assert not any(line.startswith(NOTES) for line in story(revealed))
        assert board_caption(round_one.attachments[0]) == story(round_one)[-1]
        assert not emu.internal_errors


async def test_a_missed_deadline_is_told_beside_the_move_made_for_it(
        discord_emulator: DiscordEmulator, tmp_path: Path,  # noqa: F811
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A deadline's note stands just above the move the table made, in the message that
    tells it: not at the top of the next election's message; a placement round's time-out
    is told in its round's message only."""
    fix_seed(monkeypatch, 11)
    emu, time = discord_emulator, FakeTime()
    bot = clocked_bot(tmp_path, time)
    async with emu.running(bot):
        table = await start_async_table(emu, bot)
        anna, bernd, _ = table.users
        made = record_time_outs(bot, monkeypatch)
        await table.slash(anna, "doge ballot", {"area": "castello", "markers": "3"})
        await table.slash(bernd, "doge ballot", {"area": "dorsoduro", "markers": "2"})
        time.now += 5 * 60 + 1  # claudia's placement deadline passes
        await bot.tables.clock.tick()
        while (await table.game()).state.phase == "placement":
            await table.play_turn()
        for _ in range(6):  # then the election decisions are left to their deadlines,
            game = await table.game()  # until the autopilot would play on for everyone
            if game.state.phase != "elections" or any(s.autopilot for s in game.seats):
                break
            time.now += 2 * 60 + 1
            await bot.tables.clock.tick()

        game = await table.game()
        assert game.row.status == ACTIVE
        log = await bot.tables.store.actions.log(game.id)
        lines = await told_moves(table)
        messages = await segment_messages(table)
        timed_out = [(entry, told) for entry, told in zip(log, lines, strict=True)
                     if entry.version in made and told  # (a placement's: the test above)
                     and entry.action["type"] != "sit_out"]
        assert len(timed_out) >= 2
        # One of them ended an election and opened the next: where notes went astray.
        assert any(any(e["type"] == "election" for e in entry.events[1:])
                   for entry, _ in timed_out)
        for entry, told in timed_out:
            name = game.seats[entry.action["seat"]].name
            message = await message_telling(table, entry)
            # The move's line, or the line that tells it with the player's other moves
            # in the step or the runner-up's after them (bot/games/doge/together.py).
            move = told[0].removeprefix(f"{name} ").rstrip(".")  # 'places 2 houses in …'
            [at] = [i for i, line in enumerate(story(message)) if move in line][:1]
            notes = []  # the notes just above it: one of them is this move's
            for line in reversed(story(message)[:at]):
                if not line.startswith(("⏰", "🤖")):
                    break
                notes.append(line)
            assert any(n.startswith(f"⏰ {name} ran out of time") for n in notes), \
                (told[0], story(message))
        said = [line for m in messages for line in story(m)]
        for seat in game.seats:  # each note once: not again at the top of a later message
            misses = sum(1 for entry in log if entry.version in made
                         and entry.action["seat"] == seat.seat)
            told = f"⏰ {seat.name} ran out of time"
            assert sum(line.startswith(told) for line in said) == misses
        for message in messages[:-1]:  # a closed message's board, drawn after its story
            last = [line for line in story(message) if not line.startswith(NOTES)
                    and not line.startswith("-# ") and not SCENE.match(line)][-1]
            # (after the election's outcome, which a board names first: issue 47)
            assert last in board_caption(message.attachments[0]), story(message)
        await assert_every_move_told_once_in_order(table)
        assert not emu.internal_errors


# ---- a moderator's skip --------------------------------------------------------------------


async def test_a_moderators_skip_is_told_once_above_the_move_it_made(
        discord_emulator: DiscordEmulator, tmp_path: Path) -> None:  # noqa: F811
    """The move's message says who was skipped, just above the move made for them; the
    moderator's announcement does not say it again."""
    emu = discord_emulator
    bot = TableBot(database_path=str(tmp_path / "games.db"))
    async with emu.running(bot):
        ada, bo = emu.add_user("ada"), emu.add_user("bo")
        mia = emu.add_user("mia", roles=[emu.add_role("Moderators", MANAGE_CHANNELS)])
        table = ClansTable(emu, bot, emu.channel, [ada, bo], seed=2)
        await table.start()
        await table.play_turn()
        game = await table.game()
        skipped = game.seats[game.state.mover].name

        await table.slash(mia, "table-admin skip")
        note = f"⏰ A moderator skipped {skipped}"
        [move] = (await told_moves(table))[-1:]
        messages = await segment_messages(table)
        said = [line for m in emu.messages(emu.channel, include_ephemeral=False)
                for line in m.content.splitlines()]
        assert sum(line.startswith(note) for line in said) == 1
        newest = story(messages[-1])
        assert newest[newest.index(move[0]) - 1].startswith(note)
        announced = [m.content for m in emu.messages(emu.channel, include_ephemeral=False)
                     if m.content.startswith("🛡️")]
        assert announced == [f"🛡️ <@{mia.id}> skipped the awaited players."]
        # The moderator's line first, then the message telling the move it caused.
        posted = [m.id for m in emu.messages(emu.channel, include_ephemeral=False)]
        shield = next(m.id for m in emu.messages(emu.channel, include_ephemeral=False)
                      if m.content.startswith("🛡️"))
        assert posted.index(shield) < posted.index(messages[-1].id)
        assert not emu.internal_errors


# ---- the village order that ends a game ----------------------------------------------------


def path_to_a_final_order(state, engine) -> list[dict]:
    """Moves from `state` to a move whose villages the mover must order, which ends the
    game whatever the order: a random walk, tried until one gets there."""
    for attempt in range(200):
        rng, st, moves = random.Random(attempt), state, []
        while not st.over:
            seat = engine.pending(st)[0]
            legal = engine.legal_actions(st, seat)
            if legal[0]["type"] == "order":
                if all(engine.apply(st, a).state.over for a in legal):
                    return moves
                break
            move = rng.choice(legal)
            moves.append(move)
            st = engine.apply(st, move).state
    raise AssertionError("no game of this seed ends with a village order")


async def test_a_village_order_that_ends_the_game_redraws_its_move(
        discord_emulator: DiscordEmulator, tmp_path: Path,  # noqa: F811
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The move's message, closed by the order that ends the game, says the villages were
    scored: its board shows them, and its alt text no longer says an order is awaited."""
    fix_seed(monkeypatch, 4)
    emu = discord_emulator
    bot = TableBot(database_path=str(tmp_path / "games.db"))
    async with emu.running(bot):
        ada, bo = emu.add_user("ada"), emu.add_user("bo")
        table = ClansTable(emu, bot, emu.channel, [ada, bo], seed=4)
        await table.start()
        game = await table.game()
        for move in path_to_a_final_order(game.state, game.engine):
            mover = table.user_of(game.seats[move["seat"]])
            await table.slash(mover, "clans move", {"from": move["from"], "to": move["to"]})
            game = await table.game()
        asked = (await segment_messages(table))[-1]
        before = asked.attachments[0]
        assert "chooses their order" in board_caption(before)

        await table.decide(table.user_of(game.seats[game.state.mover]))
        assert (await table.game()).row.status != ACTIVE
        closed = emu.message_index[asked.id]
        assert not custom_ids(closed) and "Game over" not in closed.content
        [board] = closed.attachments
        assert board.id != before.id  # drawn again, after the villages it tells
        # The village's founding and who scores first, then what else happened there.
        outcome = board_caption(board).split(FACTS)[0]
        assert outcome.startswith(story(closed)[-1].split("; ")[0]) and " score" in outcome
        assert "chooses their order" not in (board.description or "")
        final = await table.game()
        assert board.data == render_clans_board(final.engine.public_view(final.state, None),
                                                board_caption(board))
        assert not emu.internal_errors


async def test_after_a_restart_each_note_stays_above_its_move(
        discord_emulator: DiscordEmulator, tmp_path: Path) -> None:  # noqa: F811
    """The notes are not in the log: after a restart they are read back from the message,
    each with the move below it, and told once when the message is closed."""
    emu, time = discord_emulator, FakeTime()
    first = clocked_bot(tmp_path, time)
    running = await emu.start_client(first)
    ada, bo = emu.add_user("ada"), emu.add_user("bo")
    table = ClansTable(emu, first, emu.channel, [ada, bo], seed=5)
    await table.start()
    game = await table.game()
    late = game.seats[game.state.mover].name
    time.now += 2 * 86400  # the mover's deadline passes: the table moves for them
    await first.tables.clock.tick()
    [move] = (await told_moves(table))[-1:]
    live = (await segment_messages(table))[-1]
    assert story(live)[0].startswith(f"⏰ {late} ran out of time")
    assert story(live)[1:] == move
    await running.close()

    second = clocked_bot(tmp_path, time)
    async with emu.running(second):
        table.bot = second
        await table.play_turn()  # the other player moves: a new message closes that one
        closed = emu.message_index[live.id]
        assert not custom_ids(closed)
        assert story(closed) == [story(live)[0], *move]
        assert not emu.internal_errors
