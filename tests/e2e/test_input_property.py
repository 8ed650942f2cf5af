"""A property: nothing a member can type into a command's text options, and no component
id they could send, makes a handler raise. Every answer is the command's own (a refusal
in one line, or what it does), never the apology for an unexpected error, no interaction
goes unanswered, and the bot answers the next ordinary command.

Hypothesis runs in a thread of its own; each example is sent through the loopback
Discord on the test's event loop, where the bot keeps running between examples."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from tests.discord_emulator import DiscordEmulator, EmuUser
from tests.discord_emulator.fixtures import discord_emulator  # noqa: F401  (fixture)
from tests.e2e.driver import DogeTable
from tests.e2e.test_crafted_input import (
    BUTTON,
    STRING_SELECT,
    answered,
    crafted_message,
    still_works,
    table_running,
)
from tests.e2e.test_doge_refusals import last_reply

APOLOGY = "Something went wrong"
TEXT = st.text(min_size=1, max_size=300) | st.from_regex(r"(a/){1,1500}a?", fullmatch=True) \
    | st.from_regex(r"[0-9 <@>]{1,400}", fullmatch=True)
TYPED = st.one_of(
    st.tuples(st.just("doge notify"), st.fixed_dictionaries({"timezone": TEXT})),
    st.tuples(st.just("doge ballot"), st.fixed_dictionaries({"area": TEXT, "markers": TEXT})),
    st.tuples(st.just("doge settings"), st.fixed_dictionaries({"reminders": TEXT})),
    st.tuples(st.just("table-admin import"), st.fixed_dictionaries({"players": TEXT})),
    st.tuples(st.just("table-admin void"), st.fixed_dictionaries(
        {"game_id": st.integers(-(2**53) + 1, 2**53 - 1)})),  # Discord's integers
    st.tuples(st.just("doge away"), st.fixed_dictionaries({"days": st.floats(0.1, 7.0)})),
)
ARGS = st.text(alphabet="0123456789.-xabc", max_size=40)
# Every kind of component the bot makes, the older names some still carry, and one it
# never made.
OPS = ("join", "leave", "colour", "start", "dq", "dqb", "doge.me", "doge.cast", "doge.bpa",
       "doge.bpm", "doge.bpc", "clans.me", "modok", "modno", "me", "cast", "bpa", "bpm", "bpc",
       "clanme", "nosuch", "doge.nosuch")
CLICKED = st.tuples(st.sampled_from(OPS), st.integers(0, 10**30), ARGS,
                    st.lists(st.text(alphabet="0123456789-x", min_size=1, max_size=30),
                             max_size=4))


async def typed(table: DogeTable, user: EmuUser, command: str,
                options: dict[str, Any]) -> str:
    if command == "table-admin import":
        options = {**options, "record": ("game.json", b"{}")}
    await answered(table, await table.emu.slash(user, table.channel, command, options))
    return last_reply(table.emu, user)


async def clicked(table: DogeTable, user: EmuUser, op: str, game_id: int, arg: str,
                  values: list[str]) -> str:
    prefix = "s" if values else "g"
    custom_id = f"{prefix}:{op}:{game_id}:{arg}"[:100]
    component: dict[str, Any] = {"type": BUTTON, "style": 2, "label": "x",
                                 "custom_id": custom_id}
    if values:
        values = list(dict.fromkeys(values))
        component = {"type": STRING_SELECT, "custom_id": custom_id, "min_values": 1,
                     "max_values": len(values),
                     "options": [{"label": v, "value": v} for v in values]}
    message = await crafted_message(table.emu, component)
    emu = table.emu
    handle = (await emu.select(user, message, custom_id, values) if values
              else await emu.click(user, message, custom_id))
    await answered(table, handle)
    await emu.delete_message(message)
    return last_reply(emu, user)


async def holds(emu: DiscordEmulator, tmp_path: Path, caplog: pytest.LogCaptureFixture,
                sender: Callable[..., Awaitable[str]],
                prove: Callable[[Callable[[tuple[Any, ...]], str]], None]) -> None:
    """Run the hypothesis test `prove` in a thread, each example sent by `sender` on the
    test's loop as anna (the table's creator, and a moderator here)."""
    async with table_running(emu, tmp_path) as table:
        anna = table.users[0]
        emu.set_permissions(table.channel, anna, allow=1 << 4)  # Manage Channels
        loop = asyncio.get_running_loop()

        def send(example: tuple[Any, ...]) -> str:
            sent = sender(table, anna, *example)
            return asyncio.run_coroutine_threadsafe(sent, loop).result(timeout=120)

        with caplog.at_level(logging.ERROR):
            await loop.run_in_executor(None, prove, send)
        assert not [r for r in caplog.records if r.levelno >= logging.ERROR], \
            caplog.records[0].getMessage()
        assert not emu.internal_errors
        await still_works(table, anna)


BUDGET = settings(max_examples=40, deadline=None, database=None,
                  suppress_health_check=[HealthCheck.too_slow])


@BUDGET
@given(example=TYPED)
@example(example=("doge notify", {"timezone": "a/" * 1500 + "a"}))  # it recursed
@example(example=("table-admin import", {"players": "1" * 5000}))  # int() refused it
def typed_input_never_raises(send: Callable[[tuple[Any, ...]], str],
                             example: tuple[Any, ...]) -> None:
    reply = send(example)
    assert reply and APOLOGY not in reply, (example, reply[:200])


@BUDGET
@given(example=CLICKED)
@example(example=("doge.bpm", 1, "1-1.x", ["1" + "0" * 25]))  # a shift by 10**25
@example(example=("clans.me", 1, "", []))  # a Clans button on a Doge game
@example(example=("doge.cast", 10**29, "1-1", []))  # no database row has that id
def clicked_input_never_raises(send: Callable[[tuple[Any, ...]], str],
                               example: tuple[Any, ...]) -> None:
    reply = send(example)
    assert reply and APOLOGY not in reply, (example, reply[:200])


async def test_no_typed_input_makes_a_command_raise(
        discord_emulator: DiscordEmulator, tmp_path: Path,  # noqa: F811
        caplog: pytest.LogCaptureFixture) -> None:
    await holds(discord_emulator, tmp_path, caplog, typed, typed_input_never_raises)


async def test_no_component_id_makes_a_handler_raise(
        discord_emulator: DiscordEmulator, tmp_path: Path,  # noqa: F811
        caplog: pytest.LogCaptureFixture) -> None:
    await holds(discord_emulator, tmp_path, caplog, clicked, clicked_input_never_raises)
