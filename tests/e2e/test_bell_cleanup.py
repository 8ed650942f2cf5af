"""The short 🔔 pings (someone asked later in a segment than its message was posted) are
deleted once everyone they pinged is no longer awaited, so the channel keeps only its
segment messages; never earlier, which would leave a notification pointing nowhere. A
delete Discord refuses, or of a 🔔 line someone else removed already, changes nothing
else."""

from __future__ import annotations

import logging
import re
from pathlib import Path
from types import SimpleNamespace

import pytest

from bot.games.base import PlayerSpec
from bot.store import ACTIVE
from cogs.common.bells import HEADS_UP_FRESH_S, Bells
from cogs.common.segments import Place, Segment
from tests.discord_emulator import DiscordEmulator, EmuMessage
from tests.discord_emulator.fixtures import discord_emulator  # noqa: F401  (fixture)
from tests.e2e.driver import DogeTable, find
from tests.e2e.test_doge_clocks import FakeTime, clocked_bot
from tests.e2e.test_doge_game import make_bot, open_table

MENTION = re.compile(r"<@!?(\d+)>")
DELETE = "/channels/{channel_id}/messages/{message_id}"


def bells(emu: DiscordEmulator, table: DogeTable) -> list[EmuMessage]:
    """Every 🔔 line the bot posted in the channel, deleted ones included."""
    return [m for m in emu.messages(table.channel, include_ephemeral=False,
                                    include_deleted=True)
            if m.author.id == emu.bot_user.id and m.content.startswith("🔔")]


def pinged_by(bell: EmuMessage) -> set[int]:
    return {int(u) for u in MENTION.findall(bell.content)}


async def awaited(table: DogeTable) -> set[int]:
    return {s.user_id for s in table.bot.tables.awaited_seats(await table.game())}


async def start(emu: DiscordEmulator, tmp_path: Path, time: FakeTime,
                year_limit: int | None = None) -> DogeTable:
    """A 3-player table (its game dealt at random), started; the emulator's fixture
    closes the bot afterwards."""
    bot = clocked_bot(tmp_path, time)
    await emu.start_client(bot)
    table = await open_table(emu, bot, ["anna", "bernd", "claudia"], 3,
                             year_limit=year_limit)
    lobby = emu.last_message(emu.channel, include_ephemeral=False)
    await table.click(table.users[0], lobby, find(lobby, "g:start:")["custom_id"])
    return table


async def one_answer(table: DogeTable) -> None:
    """The first person the game waits for answers, alone."""
    game = await table.game()
    seat = table.bot.tables.awaited_seats(game)[0]
    user = table.user_of(seat)
    if game.state.phase == "placement":
        await table.cast_ballot(user, game, seat.seat)
    else:
        await table.decide(user)


async def to_next_bell(emu: DiscordEmulator, table: DogeTable) -> EmuMessage:
    """Played on, one answer at a time, until a later decider is pinged by a 🔔 line: in
    an election with a heads-up, each answer comes well after it (a slow table)."""
    seen = {b.id for b in bells(emu, table)}
    for _ in range(200):
        assert (await table.game()).row.status == ACTIVE, "the game ended without a 🔔"
        if "🔔 Also deciding" in table.prompt().content:
            table.bot.tables.clock.clock.now += HEADS_UP_FRESH_S + 1
        await one_answer(table)
        fresh = [b for b in bells(emu, table) if b.id not in seen]
        if fresh:
            assert len(fresh) == 1
            return fresh[0]
    raise AssertionError("nobody was pinged by a 🔔 line")


async def until_done(emu: DiscordEmulator, table: DogeTable, bell: EmuMessage) -> None:
    """Played on until nobody `bell` pinged is awaited; the bot leaves it all the while."""
    for _ in range(20):
        if not pinged_by(bell) & await awaited(table):
            return
        assert delete_requests(emu, bell) == []
        await one_answer(table)
    raise AssertionError("they were asked for ever")


def delete_requests(emu: DiscordEmulator, bell: EmuMessage) -> list[int]:
    """The statuses Discord answered the bot's deletes of `bell` with."""
    return [r.status for r in emu.requests if r.method == "DELETE"
            and r.route == DELETE and r.path.endswith(f"/messages/{bell.id}")]


def shown_failures(emu: DiscordEmulator, table: DogeTable) -> list[str]:
    """Ephemeral answers saying a step was saved but not shown."""
    return [m.content for m in emu.messages(table.channel)
            if m.ephemeral and ("failed to show" in m.content or "can't post" in m.content)]


async def test_a_bell_stays_while_they_are_awaited_and_goes_once_they_answer(
        discord_emulator: DiscordEmulator, tmp_path: Path) -> None:  # noqa: F811
    emu = discord_emulator
    table = await start(emu, tmp_path, FakeTime(), year_limit=1)
    bell = await to_next_bell(emu, table)
    people = pinged_by(bell)
    live = table.prompt()
    assert people and people <= await awaited(table)
    assert str(live.id) in bell.content and "your turn" in bell.content
    assert {f"user:{u}" for u in people} == set(bell.pinged)  # it did notify them
    # The prompt is redrawn (their clock waits longer), they are still awaited: it stays.
    someone = next(u for u in table.users if u.id in people)
    edits = len(emu.message_index[live.id].history)
    await table.slash(someone, "doge away", {"days": 1.0})
    assert len(emu.message_index[live.id].history) > edits  # the poster ran
    assert not bell.deleted and delete_requests(emu, bell) == []
    # They answer (an election may ask them again at once): then it has served its purpose.
    await until_done(emu, table, bell)
    assert bell.deleted and delete_requests(emu, bell) == [204]
    # Played to the end: each 🔔 line goes exactly when its people are all done, never
    # while one of them is awaited; none is left once the game is over.
    gone = {b.id for b in bells(emu, table) if b.deleted}
    while (await table.game()).row.status == ACTIVE:
        await one_answer(table)
        now = await awaited(table)
        for b in bells(emu, table):
            if b.deleted and b.id not in gone:
                assert not pinged_by(b) & now, "a 🔔 line went while its person was awaited"
                gone.add(b.id)
            elif not b.deleted:
                assert pinged_by(b) & now, "a 🔔 line stayed after its people answered"
    assert all(b.deleted for b in bells(emu, table))
    assert not shown_failures(emu, table) and not emu.internal_errors
    assert emu.rate_limit_hits == 0


async def test_a_deadline_answering_for_them_removes_their_bell(
        discord_emulator: DiscordEmulator, tmp_path: Path) -> None:  # noqa: F811
    emu, time = discord_emulator, FakeTime()
    table = await start(emu, tmp_path, time)
    bell = await to_next_bell(emu, table)
    people = pinged_by(bell)
    for _ in range(10):  # nobody answers: the table does at their deadlines
        version = (await table.game()).version
        time.now += 3 * 24 * 3600
        await table.bot.tables.clock.tick()
        await emu.wait_until(lambda: table.bot.in_flight == 0, timeout=20)
        assert (await table.game()).version > version
        if not people & await awaited(table):
            break
        assert not bell.deleted
    assert bell.deleted and delete_requests(emu, bell) == [204]
    assert not emu.internal_errors


async def test_a_bell_someone_else_deleted_is_no_error(
        discord_emulator: DiscordEmulator, tmp_path: Path,  # noqa: F811
        caplog: pytest.LogCaptureFixture) -> None:
    emu = discord_emulator
    table = await start(emu, tmp_path, FakeTime())
    bell = await to_next_bell(emu, table)
    await emu.delete_message(bell)  # a moderator tidied up by hand
    with caplog.at_level(logging.DEBUG, logger="cogs"):
        await until_done(emu, table, bell)
        live = table.prompt()
        edits = len(emu.message_index[live.id].history)
        await one_answer(table)  # the poster runs again, its step shown as ever
    # The bot tried once, Discord said it was gone: nothing else came of it.
    assert delete_requests(emu, bell) == [404]
    assert len(emu.message_index[live.id].history) > edits or table.prompt().id != live.id
    assert not [r for r in caplog.records if r.levelno >= logging.WARNING
                and r.name.startswith("cogs")]
    assert not shown_failures(emu, table)
    # The next 🔔 line is deleted as usual once its people answered.
    following = await to_next_bell(emu, table)
    await until_done(emu, table, following)
    assert following.deleted and delete_requests(emu, following) == [204]
    assert not emu.internal_errors


async def test_a_refused_delete_leaves_the_bell_and_the_step_is_shown(
        discord_emulator: DiscordEmulator, tmp_path: Path) -> None:  # noqa: F811
    emu = discord_emulator
    table = await start(emu, tmp_path, FakeTime())
    bell = await to_next_bell(emu, table)
    emu.fail_next("DELETE", DELETE, status=403, code=50013, message="Missing Permissions")
    await until_done(emu, table, bell)
    assert delete_requests(emu, bell) == [403]  # tried once, refused: it stays
    assert not bell.deleted and not shown_failures(emu, table)
    await one_answer(table)  # not tried again at every step
    assert delete_requests(emu, bell) == [403]
    following = await to_next_bell(emu, table)
    await until_done(emu, table, following)
    assert following.deleted and not emu.internal_errors


async def stub_table(bot, emu: DiscordEmulator, users: list, now: list[float]):
    """The poster's bell keeping driven directly, on the bot's real store and a game of
    its own, with whom the table awaits set by hand (`waiting`): a stand-in service."""
    seats = [SimpleNamespace(user_id=u.id, played_by_ai=False) for u in users]
    waiting: list = []
    stored = await bot.tables.store.games.create_game(  # a Clans table of two: a store's game
        "clans", guild_id=emu.guild.id, channel_id=emu.channel.id,
        players=[PlayerSpec(u.name) for u in users], user_ids=[u.id for u in users], seed=1)
    service = SimpleNamespace(awaited_seats=lambda game: list(waiting),
                              clock=SimpleNamespace(clock=lambda: now[0]),
                              store=bot.tables.store)
    game = SimpleNamespace(id=stored.id, seats=seats,
                           row=SimpleNamespace(guild_id=emu.guild.id, game="doge"))
    return service, game, seats, waiting


async def quarantia_message(bot, emu: DiscordEmulator) -> SimpleNamespace:
    """A stub table of two whose message asks the Quarantia winner first (D-7.1)."""
    winner, runner = emu.add_user("wanda"), emu.add_user("rui")
    now = [0.0]
    service, game, seats, waiting = await stub_table(bot, emu, [winner, runner], now)
    waiting.append(seats[0])
    channel = bot.get_channel(emu.channel.id)
    segment = await channel.send(f"<@{winner.id}> the Quarantia votes")
    live = Segment(Place(1, 0), 1, channel.id, segment.id)
    return SimpleNamespace(winner=winner, runner=runner, now=now, service=service,
                           game=game, seats=seats, waiting=waiting, channel=channel,
                           segment=segment, live=live)


async def test_a_bell_pinging_two_goes_when_both_are_no_longer_awaited(
        discord_emulator: DiscordEmulator, tmp_path: Path) -> None:  # noqa: F811
    """Two people asked at once in a segment share one 🔔 line (driven directly: a Doge
    table rarely asks two later deciders at once); the line is stored with the game's
    messages, so another process (or this one after a restart) deletes it."""
    emu = discord_emulator
    bot = make_bot(tmp_path)
    async with emu.running(bot):
        anna, bernd = emu.add_user("anna"), emu.add_user("bernd")
        service, game, seats, waiting = await stub_table(bot, emu, [anna, bernd], [0.0])
        waiting += seats
        channel = bot.get_channel(emu.channel.id)
        segment = await channel.send("the election")
        live = Segment(Place(1, 0), 1, channel.id, segment.id)
        ringer = Bells(service)  # type: ignore[arg-type]
        await ringer.posted(game, segment.id, "nobody mentioned")  # type: ignore[arg-type]
        await ringer.ring(channel, game, live)  # type: ignore[arg-type]
        bell = emu.last_message(emu.channel)
        assert pinged_by(bell) == {anna.id, bernd.id}
        other = Bells(service)  # type: ignore[arg-type]  # another process's poster
        waiting.remove(seats[0])  # anna answered, bernd is still asked
        await other.sweep(channel, game, await bot.tables.store.messages.list_messages(game.id))  # type: ignore[arg-type]
        assert not emu.message_index[bell.id].deleted
        waiting.clear()  # bernd too
        await other.sweep(channel, game, await bot.tables.store.messages.list_messages(game.id))  # type: ignore[arg-type]
        assert emu.message_index[bell.id].deleted
        await ringer.sweep(channel, game, await bot.tables.store.messages.list_messages(game.id))  # type: ignore[arg-type]  # forgotten: no retry
        assert len([r for r in emu.requests if r.method == "DELETE"]) == 1
        assert not [m for m in await bot.tables.store.messages.list_messages(game.id)
                    if m.kind.startswith("bell:")]


@pytest.mark.parametrize(("hours_later", "pinged_again"), [(3.0, True), (0.05, False)])
async def test_one_asked_again_later_in_the_same_message_is_pinged_again(
        discord_emulator: DiscordEmulator, tmp_path: Path,  # noqa: F811
        hours_later: float, pinged_again: bool) -> None:
    """A Quarantia winner chooses, the runner-up, then the winner again (D-7.1): hours
    after their first turn ended the winner gets a 🔔 line; minutes after, none."""
    emu = discord_emulator
    bot = make_bot(tmp_path)
    async with emu.running(bot):
        q = await quarantia_message(bot, emu)
        ringer = Bells(q.service)  # type: ignore[arg-type]
        await ringer.posted(q.game, q.segment.id, q.segment.content)  # type: ignore[arg-type]
        q.waiting[:] = [q.seats[1]]  # the winner chose; the runner-up is asked
        await ringer.ring(q.channel, q.game, q.live)  # type: ignore[arg-type]
        assert pinged_by(emu.last_message(emu.channel)) == {q.runner.id}
        q.now[0] += hours_later * 3600
        q.waiting[:] = [q.seats[0]]  # the winner's second choice
        await ringer.ring(q.channel, q.game, q.live)  # type: ignore[arg-type]
        again = [m for m in emu.messages(emu.channel) if q.winner.id in pinged_by(m)
                 and m.content.startswith("🔔")]
        assert bool(again) == pinged_again


async def test_whom_a_message_pinged_is_known_to_every_process(
        discord_emulator: DiscordEmulator, tmp_path: Path) -> None:  # noqa: F811
    """Who has been pinged for a message's turns is stored: a process that did not post
    the message (it handled a deadline, or restarted) pings the one newly asked, once,
    and a third process does not ping them again."""
    emu = discord_emulator
    bot = make_bot(tmp_path)
    async with emu.running(bot):
        q = await quarantia_message(bot, emu)
        await Bells(q.service).posted(q.game, q.segment.id, q.segment.content)  # type: ignore[arg-type]
        q.now[0] += 3600
        q.waiting[:] = [q.seats[1]]  # the winner chose (a deadline, in another process)
        await Bells(q.service).ring(q.channel, q.game, q.live)  # type: ignore[arg-type]
        assert [pinged_by(b) for b in bells_in(emu)] == [{q.runner.id}]
        await Bells(q.service).ring(q.channel, q.game, q.live)  # type: ignore[arg-type]  # a third
        assert len(bells_in(emu)) == 1
        q.now[0] += 3 * 3600
        q.waiting[:] = [q.seats[0]]  # the winner's second choice, hours later
        await Bells(q.service).ring(q.channel, q.game, q.live)  # type: ignore[arg-type]
        assert [pinged_by(b) for b in bells_in(emu)] == [{q.runner.id}, {q.winner.id}]
        await Bells(q.service).closed(q.game.id, q.segment.id)  # type: ignore[arg-type]
        assert await bot.tables.store.pings.get_turn_pings(q.game.id, q.segment.id) is None


def bells_in(emu: DiscordEmulator) -> list[EmuMessage]:
    return [m for m in emu.messages(emu.channel) if m.content.startswith("🔔")]
