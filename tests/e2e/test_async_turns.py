"""Slow play through the loopback Discord: a later decider in an election is pinged when
their turn comes; the prompt is redrawn when what it announces for a deadline changes;
quiet hours are set whole."""

from __future__ import annotations

import re
from pathlib import Path

from bot.store import ACTIVE
from cogs.common.bells import HEADS_UP_FRESH_S
from tests.discord_emulator import DiscordEmulator
from tests.discord_emulator.fixtures import discord_emulator  # noqa: F401  (fixture)
from tests.e2e.driver import DogeTable
from tests.e2e.test_channel_posts import first_content, posted
from tests.e2e.test_clans_game import ClansTable
from tests.e2e.test_doge_clocks import FakeTime, clocked_bot, start_async_table

ALSO = re.compile(r"🔔 Also deciding in this election: (.*)\.")
MENTION = re.compile(r"<@!?(\d+)>")


async def until_a_later_decider_is_asked(table: DogeTable, time: FakeTime, *,
                                         slow: bool):
    """Played on until someone an election's message told ahead is asked in it; `slow`:
    each turn in such an election comes well after the heads-up (hours, not minutes).
    The message, and whom it told ahead that it asks now."""
    for _ in range(400):
        game = await table.game()
        assert game.row.status == ACTIVE, "no later decider was asked"
        live = table.prompt()
        told = ALSO.search(first_content(live))
        later = {int(u) for u in MENTION.findall(told.group(1))} if told else set()
        awaited = {s.user_id for s in table.bot.tables.awaited_seats(game)}
        if later & awaited:  # one told to decide later is asked now
            return live, sorted(later & awaited)
        if later and slow:
            time.now += HEADS_UP_FRESH_S + 1
        await table.play_turn()
    raise AssertionError("no later decider was asked")


def pings_for(emu: DiscordEmulator, table: DogeTable, live) -> list[str]:
    return [m.content for m in posted(emu, table)
            if m.content.startswith("🔔") and str(live.id) in m.content]


async def test_a_later_decider_told_moments_ago_is_not_pinged_again(
        discord_emulator: DiscordEmulator, tmp_path: Path) -> None:  # noqa: F811
    """At a live pace the heads-up was their ping: no 🔔 line minutes later."""
    emu, time = discord_emulator, FakeTime()
    bot = clocked_bot(tmp_path, time)
    async with emu.running(bot):
        table = await start_async_table(emu, bot)
        live, asked = await until_a_later_decider_is_asked(table, time, slow=False)
        assert asked and not any(f"<@{u}>" in p for u in asked
                                 for p in pings_for(emu, table, live))
        assert not emu.internal_errors


async def test_a_later_decider_is_pinged_when_their_turn_in_the_election_comes(
        discord_emulator: DiscordEmulator, tmp_path: Path) -> None:  # noqa: F811
    emu, time = discord_emulator, FakeTime()
    bot = clocked_bot(tmp_path, time)
    async with emu.running(bot):
        table = await start_async_table(emu, bot)
        live, asked = await until_a_later_decider_is_asked(table, time, slow=True)
        assert asked and table.prompt().id == live.id  # still that election's message
        pings = pings_for(emu, table, live)
        assert any(all(f"<@{u}>" in p for u in asked) and "your turn" in p for p in pings), \
            pings
        # Whoever the message asked when it was posted got no second ping for that turn.
        first = {int(u) for u in MENTION.findall(first_content(live).split("🔔")[0])}
        again = {int(u) for p in pings for u in MENTION.findall(p)}
        told = ALSO.search(first_content(live))
        assert told and not (again & (first - {int(u) for u in MENTION.findall(told.group(1))}))
        assert not emu.internal_errors


async def test_clans_settings_autopilot_redraws_what_the_prompt_says_of_the_deadline(
        discord_emulator: DiscordEmulator, tmp_path: Path) -> None:  # noqa: F811
    emu, time = discord_emulator, FakeTime()
    bot = clocked_bot(tmp_path, time)
    async with emu.running(bot):
        ada, bo = emu.add_user("ada"), emu.add_user("bo")
        table = ClansTable(emu, bot, emu.channel, [ada, bo])
        await table.start()
        prompt = table.prompt()
        assert "the table plays:" in prompt.content
        count = len(posted(emu, table))
        await table.slash(ada, "clans settings", {"autopilot": True})
        prompt = emu.message_index[prompt.id]
        assert "the autopilot answers for you" in prompt.content
        assert "the table plays:" not in prompt.content
        await table.slash(ada, "clans settings", {"autopilot": False})
        assert "the table plays:" in emu.message_index[prompt.id].content
        # Edited in place, never pinging: only the two public answers were posted.
        assert len(posted(emu, table)) == count + 2
        assert table.prompt().id == prompt.id and not emu.internal_errors


async def doge_decision_an_order_covers(table: DogeTable):
    """Played on until an election asks one person a decision a standing order covers
    (D-5.1 advisor, D-6.1 houses, D-8 palaces) with a prompt saying what the table plays."""
    for _ in range(200):
        game = await table.game()
        awaited = table.bot.tables.awaited_seats(game)
        if game.state.phase == "elections" and len(awaited) == 1 and \
                game.state.election.current.kind in ("advisor", "qadvisor", "place", "build") \
                and "the table plays:" in table.prompt().content:
            return table.user_of(awaited[0])
        await table.play_turn()
    raise AssertionError("no decision a standing order covers")


async def test_standing_orders_change_one_at_a_time_and_redraw_the_prompt(
        discord_emulator: DiscordEmulator, tmp_path: Path) -> None:  # noqa: F811
    emu, time = discord_emulator, FakeTime()
    bot = clocked_bot(tmp_path, time)
    async with emu.running(bot):
        table = await start_async_table(emu, bot)
        user = await doge_decision_an_order_covers(table)
        prompt = table.prompt()

        async def orders(options: dict) -> str:
            reply = await (await table.slash(user, "doge orders", options)).wait()
            assert reply.ephemeral
            return reply.content

        async def in_force() -> dict:
            game = await table.game()
            return next(s for s in game.seats if s.user_id == user.id).orders

        assert await orders({}) == "You have no standing orders in this game."
        assert await orders({"advisor": "abstain", "place": "none"}) == (
            "Saved: at a missed deadline, advisor → abstain, place → none.")
        assert await orders({"build": "none"}) == (  # the others stay
            "Saved: at a missed deadline, advisor → abstain, place → none, build → none.")
        assert await in_force() == {"advisor": "abstain", "place": "none", "build": "none"}
        prompt = emu.message_index[prompt.id]
        assert "your standing order answers for you" in prompt.content
        assert "the table plays:" not in prompt.content
        # Without options: shown, nothing changed.
        assert await orders({}) == ("Your standing orders: at a missed deadline, "
                                    "advisor → abstain, place → none, build → none.")
        assert await orders({"place": "default"}) == (
            "Saved: at a missed deadline, advisor → abstain, build → none.")
        assert await in_force() == {"advisor": "abstain", "build": "none"}
        assert await orders({"advisor": "default", "build": "default"}) == (
            "Your standing orders are cleared: if you run out of time, the table chooses for "
            "you.")
        assert await in_force() == {}
        assert "the table plays:" in emu.message_index[prompt.id].content
        assert table.prompt().id == prompt.id and not emu.internal_errors


async def test_quiet_hours_are_set_with_both_ends_then_either_changes_alone(
        discord_emulator: DiscordEmulator, tmp_path: Path) -> None:  # noqa: F811
    emu, time = discord_emulator, FakeTime()
    bot = clocked_bot(tmp_path, time)
    async with emu.running(bot):
        ada = emu.add_user("ada")

        async def notify(options: dict) -> str:
            reply = await (await emu.slash(ada, emu.channel, "doge notify", options)).wait()
            assert reply.ephemeral
            return reply.content

        for half in ({"quiet_start": 22}, {"quiet_end": 7, "mode": "dm"}):
            refusal = await notify(half)
            assert refusal.startswith("Quiet hours need a start and an end") and \
                "</doge notify:" in refusal and "\n" not in refusal
            assert "> `quiet_start:22 quiet_end:7`" in refusal
        prefs = await bot.tables.store.tables.get_user_prefs(ada.id)
        assert (prefs.notify, prefs.quiet_start, prefs.quiet_end) == ("mention", None, None)
        assert await notify({"quiet_start": 22, "quiet_end": 7}) == (
            "🔔 Reminders: a mention in the channel, quiet 22:00–7:00 UTC.")
        assert await notify({"quiet_end": 6}) == (  # the start is kept
            "🔔 Reminders: a mention in the channel, quiet 22:00–6:00 UTC.")
        assert (await bot.tables.store.tables.get_user_prefs(ada.id)).quiet == (22, 6)
        assert not emu.internal_errors
