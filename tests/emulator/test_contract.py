"""The emulator refuses what Discord refuses: bodies against the published OpenAPI schema
and the limits Discord adds (50035 Invalid Form Body, 413 for huge uploads)."""

from __future__ import annotations

import io
from typing import Any

import discord
import pytest
from discord.http import Route

from tests.discord_emulator import DiscordEmulator, EmuUser
from tests.discord_emulator.contract import contract
from tests.discord_emulator.limits import request_problems
from tests.emulator.demo_bot import MESSAGES_ROUTE, DemoBot, make_png


def button(n: int, **extra: Any) -> dict[str, Any]:
    return {"type": 2, "style": 2, "label": f"b{n}", "custom_id": f"b:{n}", **extra}


def select(custom_id: str, options: int) -> dict[str, Any]:
    choices = [{"label": f"o{n}", "value": f"v{n}"} for n in range(options)]
    return {"type": 3, "custom_id": custom_id, "options": choices}


def row(*components: dict[str, Any]) -> dict[str, Any]:
    return {"type": 1, "components": list(components)}


# (body, where Discord puts the error, its code)
BAD_BODIES = {
    "content over 2000": ({"content": "x" * 2001}, ["content"], "BASE_TYPE_MAX_LENGTH"),
    "six buttons in a row": (
        {"content": "pick", "components": [row(*(button(n) for n in range(6)))]},
        ["components", "0", "components"],
        "BASE_TYPE_MAX_LENGTH",
    ),
    "26 select options": (
        {"content": "pick", "components": [row(select("s", 26))]},
        ["components", "0", "components", "0", "options"],
        "BASE_TYPE_MAX_LENGTH",
    ),
    "an unknown button style": (
        {"content": "pick", "components": [row(button(1, style=9))]},
        ["components", "0", "components", "0", "style"],
        "BASE_TYPE_CHOICES",
    ),
    "six action rows": (
        {"content": "pick", "components": [row(button(n)) for n in range(6)]},
        ["components"],
        "BASE_TYPE_MAX_LENGTH",
    ),
    "a select beside a button": (
        {"content": "pick", "components": [row(select("s", 2), button(1))]},
        ["components", "0", "components"],
        "COMPONENT_LAYOUT_WIDTH_EXCEEDED",
    ),
    "a custom_id over 100": (
        {"content": "pick", "components": [row(button(1, custom_id="c" * 101))]},
        ["components", "0", "components", "0", "custom_id"],
        "BASE_TYPE_MAX_LENGTH",
    ),
    "a label over 80": (
        {"content": "pick", "components": [row(button(1, label="l" * 81))]},
        ["components", "0", "components", "0", "label"],
        "BASE_TYPE_MAX_LENGTH",
    ),
    "a repeated custom_id": (
        {"content": "pick", "components": [row(button(1), button(1))]},
        ["components"],
        "COMPONENT_CUSTOM_ID_DUPLICATED",
    ),
    "embeds over 6000 characters": (
        {"embeds": [{"description": "d" * 4000}, {"description": "d" * 2001}]},
        ["embeds"],
        "MAX_EMBED_SIZE_EXCEEDED",
    ),
}


@pytest.mark.parametrize("case", list(BAD_BODIES))
async def test_known_bad_bodies_are_refused_with_50035(
    emu: DiscordEmulator, bot: DemoBot, case: str
) -> None:
    body, where, code = BAD_BODIES[case]
    assert emu.channel is not None
    route = Route("POST", MESSAGES_ROUTE, channel_id=emu.channel.id)
    with pytest.raises(discord.HTTPException) as refused:
        await bot.http.request(route, json=body)
    assert refused.value.status == 400 and refused.value.code == 50035
    violations = emu.take_violations()
    assert len(violations) == 1 and violations[0].route == MESSAGES_ROUTE
    assert code in [p.code for p in violations[0].problems]
    # Discord's error shape, an errors tree keyed by the failing field's path, is what
    # discord.py flattens into "In components.0.components: ...".
    assert f"In {'.'.join(where)}: " in refused.value.text
    assert emu.requests[-1].status == 400 and not emu.messages(emu.channel)


async def test_a_good_message_passes_and_is_counted(emu: DiscordEmulator, bot: DemoBot) -> None:
    assert emu.channel is not None
    rows = [row(*(button(5 * r + n) for n in range(5))) for r in range(4)]
    rows.append(row(select("s", 25)))
    channel = bot.get_channel(emu.channel.id)
    assert isinstance(channel, discord.TextChannel)
    before = emu.contract_checks
    route = Route("POST", MESSAGES_ROUTE, channel_id=emu.channel.id)
    await bot.http.request(route, json={"content": "x" * 2000, "components": rows})
    await channel.send("with a file", file=discord.File(io.BytesIO(make_png()), "b.png"))
    assert emu.contract_checks == before + 2 and not emu.contract_violations
    assert len(emu.messages(emu.channel)) == 2


async def test_multipart_bodies_are_checked_through_payload_json(
    emu: DiscordEmulator, bot: DemoBot
) -> None:
    assert emu.channel is not None
    channel = bot.get_channel(emu.channel.id)
    assert isinstance(channel, discord.TextChannel)
    with pytest.raises(discord.HTTPException) as refused:
        await channel.send("x" * 2001, file=discord.File(io.BytesIO(make_png()), "b.png"))
    assert refused.value.code == 50035 and "content" in refused.value.text
    assert [str(v.problems[0]) for v in emu.take_violations()] == [
        "content: Must be 2000 or fewer in length. [BASE_TYPE_MAX_LENGTH]"
    ]


async def test_uploads_over_10_mib_are_refused(emu: DiscordEmulator, bot: DemoBot) -> None:
    assert emu.channel is not None
    channel = bot.get_channel(emu.channel.id)
    assert isinstance(channel, discord.TextChannel)
    big = bytes(10 * 1024 * 1024 + 1)
    with pytest.raises(discord.HTTPException) as refused:
        await channel.send("huge", file=discord.File(io.BytesIO(big), "big.bin"))
    assert refused.value.status == 413 and refused.value.code == 40005
    assert len(emu.take_violations()) == 1 and not emu.messages(emu.channel)


async def test_an_interaction_callback_over_the_limit_is_refused(
    emu: DiscordEmulator, bot: DemoBot, alice: EmuUser
) -> None:
    assert emu.channel is not None
    emu.ack_deadline = 0.3  # the refused callback leaves the interaction unanswered
    handle = await emu.slash(alice, emu.channel, "demo echo", {"text": "ab", "times": 1001})
    await emu.wait_until(lambda: bool(emu.interaction_failures), timeout=5)
    (violation,) = emu.take_violations()
    assert violation.route == "/interactions/{interaction_id}/{interaction_token}/callback"
    assert [p.location for p in violation.problems] == [("data", "content")]
    assert [f.interaction for f in emu.take_failures()] == [handle.record]


def test_limits_the_schema_carries_itself() -> None:
    callback = "/interactions/1/token/callback"
    choices = [{"name": f"c{n}", "value": f"c{n}"} for n in range(26)]
    _, problems = request_problems("POST", callback, {"type": 8, "data": {"choices": choices}}, [])
    assert [(p.location, p.code) for p in problems] == [
        (("data", "choices"), "BASE_TYPE_MAX_LENGTH")
    ]
    _, problems = request_problems("POST", callback, {"type": 3}, [])
    assert [p.code for p in problems] == ["BASE_TYPE_CHOICES"]  # no such callback type
    _, fine = request_problems("POST", callback, {"type": 8, "data": {"choices": choices[:25]}}, [])
    assert fine == []
    # A route Discord does not have is left to the emulator's own 404.
    assert contract().route("POST", "/no/such/route") is None
