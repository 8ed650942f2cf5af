"""Component handlers are named within their game (`doge.cast`), and the names they had
before (`cast`) are still answered: the buttons and panels posted before an upgrade stay
in the channels and must keep working. A second handler under a taken name is refused."""

from __future__ import annotations

import importlib
from pathlib import Path

import pytest

from bot.games.doge.constants import AREAS, MAX_YEAR_LIMIT
from bot.games.registry import GAMES
from bot.games.registry import game as registered
from cogs.common import ui
from cogs.common.ui import HANDLERS, GameButton, game_handler, handler
from tests.discord_emulator import DiscordEmulator
from tests.discord_emulator.fixtures import discord_emulator  # noqa: F401  (fixture)
from tests.e2e.test_clans_game import ClansTable
from tests.e2e.test_crafted_input import (
    BUTTON,
    STRING_SELECT,
    answered,
    click_crafted,
    crafted_message,
    table_running,
)
from tests.e2e.test_doge_game import make_bot
from tests.e2e.test_doge_refusals import last_reply

# Each game's own ops and the plain names its components carried before.
OLD_NAMES = {"cast": "doge.cast", "bpa": "doge.bpa", "bpm": "doge.bpm", "bpc": "doge.bpc",
             "me": "doge.me", "clanme": "clans.me"}


@pytest.fixture(autouse=True)
def games_loaded() -> None:
    """Every game's handlers registered, as the bot's extensions register them."""
    for name in GAMES:
        importlib.import_module(registered(name).extension)


def test_the_old_names_answer_as_the_new_ones() -> None:
    for old, new in OLD_NAMES.items():
        assert HANDLERS[old] is HANDLERS[new], old


async def test_a_ballot_cast_with_the_components_of_an_old_message(
        discord_emulator: DiscordEmulator, tmp_path: Path) -> None:  # noqa: F811
    """A placement prompt and a ballot panel as the bot posted them before its handlers
    had their game's name: every step of the ballot still works."""
    emu = discord_emulator
    async with table_running(emu, tmp_path) as table:
        anna = table.users[0]
        game = await table.game()
        key = f"{game.state.year}-{game.state.round}"
        assert "Markers in hand" in await click_crafted(table, anna, f"g:me:{game.id}:")
        assert "Your ballot" in await click_crafted(table, anna, f"g:cast:{game.id}:{key}")

        # The old panel's selects redraw it where it is; its Confirm casts the ballot.
        panel = await crafted_message(emu, {
            "type": STRING_SELECT, "custom_id": f"s:bpa:{game.id}:{key}.0", "min_values": 1,
            "max_values": 1, "options": [{"label": "area", "value": "1"}]})
        await answered(table, await emu.select(anna, panel, f"s:bpa:{game.id}:{key}.0",
                                               ["1"]))
        assert "Your ballot" in emu.message_index[panel.id].content
        await emu.delete_message(panel)
        panel = await crafted_message(emu, {
            "type": STRING_SELECT, "custom_id": f"s:bpm:{game.id}:{key}.1", "min_values": 1,
            "max_values": 1, "options": [{"label": "marker", "value": "0"}]})
        await answered(table, await emu.select(anna, panel, f"s:bpm:{game.id}:{key}.1",
                                               ["0"]))
        assert "➡️" in emu.message_index[panel.id].content  # area and marker picked
        await emu.delete_message(panel)
        confirm = f"g:bpc:{game.id}:{key}.1.1"
        panel = await crafted_message(emu, {"type": BUTTON, "style": 3, "label": "Confirm",
                                            "custom_id": confirm})
        await answered(table, await emu.click(anna, panel, confirm))
        assert last_reply(emu, anna).startswith("✅ Your ballot")
        assert anna_seat_has_cast(await table.game(), table.bot.tables, anna.id)
        assert not emu.internal_errors


def anna_seat_has_cast(game, service, user_id: int) -> bool:
    seat = service.seat_of(game, user_id)
    return game.state.ballots.get(seat.seat) is not None


async def test_the_old_clan_button_still_shows_the_clan(
        discord_emulator: DiscordEmulator, tmp_path: Path) -> None:  # noqa: F811
    emu = discord_emulator
    bot = make_bot(tmp_path)
    async with emu.running(bot):
        table = ClansTable(emu, bot, emu.channel, [emu.add_user(n) for n in ("anna", "bo")])
        await table.start()
        game = await table.game()
        reply = await click_crafted(table, table.users[0], f"g:clanme:{game.id}:")
        assert reply.startswith("🔒 You lead the") and "Only you see this" in reply
        assert not emu.internal_errors


def test_a_second_handler_under_a_taken_name_is_refused(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(ui, "HANDLERS", dict(HANDLERS))  # the bot's own stay as they are

    async def elsewhere(*_args: object) -> None: ...

    for taken in (game_handler("doge", "cast"), game_handler("other", "x", aliases=("cast",)),
                  handler("join"), game_handler("other", "y", aliases=("join",))):
        with pytest.raises(ValueError, match="is taken by"):
            taken(elsewhere)
    game_handler("other", "cast")(elsewhere)  # another game may use the same word
    assert ui.HANDLERS["other.cast"] is elsewhere


def test_names_are_plain_words_and_ids_fit_discord() -> None:
    for wrong in (lambda: handler("doge.cast"), lambda: game_handler("Doge", "cast"),
                  lambda: game_handler("doge", "ca:st"),
                  lambda: game_handler("doge", "z", aliases=("x.y",))):
        with pytest.raises(ValueError):
            wrong()
    # The longest id a Doge ballot panel makes: the largest game id, the last round of
    # the longest year limit, the last area and every marker of a hand (two digits).
    arg = f"{MAX_YEAR_LIMIT}-4.{len(AREAS) - 1}.99"
    longest = GameButton("doge.bpc", ui.MAX_GAME_ID, arg).item.custom_id
    assert len(longest) <= ui.MAX_CUSTOM_ID
