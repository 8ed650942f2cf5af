"""People at a table of any registered game, through the loopback Discord, as a person
plays: `/<game> new`, Join and Start (with the seed the test picks), answers by button
(the prompt's steps, or the private panel its button opens) and by typing the game's own
commands, and what the channel and each player's private answers say. It asks the game
only through the registry (its kit's question), so a new game's end-to-end tests use it
as they are; a test adds its game's own checks by overriding `check`.

    table = TableDriver(emu, bot, "<game>", users)
    await table.open(seats=3)
    await table.start(seed=4)
    await table.answer(users[0])                      # the seat's question, by buttons
    answer = await table.type(users[1], "cmd", {"opt": 1})   # `/<game> cmd opt:1`
    await table.play_to_the_end()
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from bot.discord_app import TableBot
from bot.games.wording import user_text
from bot.store import ACTIVE, LoadedGame, Seat
from bot.store import games as store_games
from bot.tables.kits import get_kit
from tests.discord_emulator import DiscordEmulator, EmuChannel, EmuMessage, EmuUser
from tests.discord_emulator.messages import walk_components

QUESTION = "g:dq:"  # the shared question's buttons (cogs/common/table_ui.py)


def components(message: EmuMessage, prefix: str = "") -> list[dict[str, Any]]:
    """The message's buttons and selects whose custom id starts with `prefix`."""
    return [c for c in walk_components(message.components)
            if c.get("custom_id", "").startswith(prefix)]


def component(message: EmuMessage, prefix: str) -> dict[str, Any]:
    found = components(message, prefix)
    assert found, f"no component {prefix!r} on {message.content[:80]!r}"
    return found[0]


class TableDriver:
    def __init__(self, emu: DiscordEmulator, bot: TableBot, game: str,
                 users: list[EmuUser], channel: EmuChannel | None = None,
                 seed: int = 1) -> None:
        self.emu, self.bot, self.name, self.users = emu, bot, game, users
        self.channel = channel or emu.channel
        self.rng = random.Random(seed)  # the people's own choices
        self.game_id: int | None = None

    # ---- acting ------------------------------------------------------------------

    async def check(self) -> None:
        """After every interaction: a test's own checks of what the channel shows."""

    async def settle(self, handle):
        await handle.callback(timeout=10)
        await self.emu.wait_until(lambda: self.bot.in_flight == 0, timeout=20)
        await self.check()
        return handle

    async def slash(self, user: EmuUser, command: str, options: dict | None = None):
        """A slash command by its whole name (`table-admin end`)."""
        return await self.settle(await self.emu.slash(user, self.channel, command,
                                                      options or {}))

    async def click(self, user: EmuUser, message: EmuMessage, custom_id: str):
        return await self.settle(await self.emu.click(user, message, custom_id))

    async def open(self, seats: int | None = None, **options: Any) -> EmuMessage:
        """The first user opens a table (`/<game> new`), the others join; the lobby."""
        if seats is not None:
            options["seats"] = seats
        handle = await self.slash(self.users[0], f"{self.name} new", options)
        lobby = await handle.wait()
        assert not lobby.ephemeral, lobby.content
        self.game_id = (await self.bot.tables.game_in_channel(self.channel.id)).id
        for user in self.users[1:]:
            await self.click(user, lobby, component(lobby, "g:join:")["custom_id"])
        return self.emu.message_index[lobby.id]

    async def start(self, seed: int | None = None, by: EmuUser | None = None) -> None:
        """Start pressed in the lobby (by the first user unless `by`); with `seed`, the
        game deals from it."""
        lobby = self.prompt()
        original = store_games.new_seed
        if seed is not None:
            store_games.new_seed = lambda: seed
        try:
            await self.click(by or self.users[0], lobby,
                             component(lobby, "g:start:")["custom_id"])
        finally:
            store_games.new_seed = original
        assert (await self.game()).row.status == ACTIVE

    async def type(self, user: EmuUser, command: str, options: dict | None = None
                   ) -> EmuMessage:
        """The game's own command typed (`/<game> <command>`): the answer `user` gets."""
        handle = await self.slash(user, f"{self.name} {command}", options)
        return await handle.wait()

    async def answer(self, user: EmuUser, path: Sequence[str] | None = None) -> EmuMessage:
        """`user`'s question answered by buttons, step by step, with the labels of `path`
        as the kit words them here (else one of its answers at random): the prompt's
        button opens a private panel where it asks so. The last message clicked (a
        private panel's answer, if any)."""
        game, seat = await self.seat_of(user)
        question = self.kit.question(game.state, seat.seat,
                                     [user_text(s.name) for s in game.seats])
        assert question is not None, f"{user.name} is asked nothing now"
        path = tuple(path or self.rng.choice(question.options).path)
        message = self.prompt()
        opener = [c for c in components(message, QUESTION) if c["custom_id"].endswith(".open")]
        if opener:
            panel = await (await self.click(user, message, opener[0]["custom_id"])).wait()
            assert panel.ephemeral and panel.visible_to == user.id, panel.content
            message = panel
        for depth, label in enumerate(path):
            # By position: the buttons show the labels in the reader's language.
            place = question.labels_after(path[:depth]).index(label)
            buttons = [c for c in components(message, QUESTION)
                       if not c["custom_id"].endswith(".open")]
            before = (await self.game()).version
            await self.click(user, message, buttons[place]["custom_id"])
            message = self.emu.message_index[message.id]
            if (await self.game()).version != before:
                return message  # applied
            message = self.private_messages(user, QUESTION)[-1]
        raise AssertionError(f"{path} did not answer the question")

    async def play_turn(self) -> None:
        """Everyone the game waits for answers once, by buttons."""
        for seat in self.bot.tables.awaited_seats(await self.game()):
            game = await self.game()
            if seat.seat in game.engine.pending(game.state) and seat.user_id:
                await self.answer(self.user_of(seat))

    async def play_to_the_end(self, turns: int = 500) -> LoadedGame:
        for _turn in range(turns):
            game = await self.game()
            if game.row.status != ACTIVE:
                return game
            await self.play_turn()
        raise AssertionError(f"not over after {turns} turns")

    # ---- reading -------------------------------------------------------------------

    @property
    def kit(self) -> Any:  # bot.games.kit.GameKit
        return get_kit(self.name)

    async def game(self) -> LoadedGame:
        assert self.game_id is not None, "no table opened"
        return await self.bot.tables.load(self.game_id)

    async def seat_of(self, user: EmuUser) -> tuple[LoadedGame, Seat]:
        game = await self.game()
        seat = next((s for s in game.seats if s.user_id == user.id), None)
        assert seat is not None, f"{user.name} holds no seat"
        return game, seat

    def user_of(self, seat: Seat) -> EmuUser:
        return next(u for u in self.users if u.id == seat.user_id)

    def public(self) -> list[EmuMessage]:
        """What everyone in the channel sees from the bot, oldest first."""
        return [m for m in self.emu.messages(self.channel, include_ephemeral=False)
                if m.author.id == self.emu.bot_user.id]

    def said(self) -> str:
        """Everything the channel has shown, every revision of every message."""
        return "\n".join(r.content for m in self.public() for r in m.revisions)

    def prompt(self) -> EmuMessage:
        """The table's live message: the newest that asks with the game's buttons or
        selects (the lobby's, before the start)."""
        for message in reversed(self.public()):
            if components(message, "g:") or components(message, "s:"):
                return message
        raise AssertionError("no prompt message in the channel")

    def private_messages(self, user: EmuUser, prefix: str = "") -> list[EmuMessage]:
        """The answers only `user` sees (with a component of `prefix`, if given)."""
        return [m for m in self.emu.messages(self.channel, visible_to=user)
                if m.ephemeral and (not prefix or components(m, prefix))]

    def private(self, user: EmuUser) -> str:
        """The newest answer only `user` sees."""
        found = self.private_messages(user)
        assert found, f"{user.name} has no private answer"
        return found[-1].content
