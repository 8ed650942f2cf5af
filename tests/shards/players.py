"""A person playing Clans against three computer players through the loopback Discord,
while the bot runs in other processes: what the game waits for is read from the shared
PostgreSQL database, moves are typed (`/clans move`), questions answered by button."""

from __future__ import annotations

import random
from typing import Any

from bot.store import ACTIVE, LoadedGame, Store
from tests.discord_emulator import DiscordEmulator, EmuChannel, EmuMessage, EmuUser
from tests.discord_emulator.messages import walk_components
from tests.waiting import poll

HUMAN = 0  # the person takes the first seat; /clans addbot fills the others
REPLY_TIMEOUT = 60.0  # a bound for a stalled bot, not a wait: polls end at once


def buttons(message: EmuMessage, prefix: str) -> list[dict[str, Any]]:
    return [c for c in walk_components(message.components)
            if c.get("custom_id", "").startswith(prefix)]


class ClansPlayer:
    def __init__(self, emu: DiscordEmulator, store: Store, channel: EmuChannel,
                 user: EmuUser, seed: int) -> None:
        self.emu, self.store, self.channel, self.user = emu, store, channel, user
        self.rng = random.Random(seed)
        self.game_id: int | None = None
        self.lobby_id = 0
        self.moves = 0  # the person's own actions, each seen committed

    async def open_table(self, start: bool = True) -> None:
        """/clans new (async clocks: no deadline falls due during the test), three
        computer players, Start (unless not `start`: the lobby is `lobby_id`)."""
        new = await self.emu.slash(self.user, self.channel, "clans new",
                                   {"seats": 4, "timing": "async"})
        lobby = await new.wait(timeout=REPLY_TIMEOUT)
        for _ in range(3):
            await (await self.emu.slash(self.user, self.channel, "clans addbot", {})
                   ).wait(timeout=REPLY_TIMEOUT)
        row = await self.store.games.open_game_in_channel(self.channel.id)
        assert row is not None
        self.game_id, self.lobby_id = row.id, lobby.id
        if not start:
            return
        lobby = self.emu.message_index[lobby.id]
        start = buttons(lobby, "g:start:")[0]["custom_id"]
        await (await self.emu.click(self.user, lobby, start)).callback(timeout=REPLY_TIMEOUT)
        await poll(self._started, REPLY_TIMEOUT, "the game to start")

    async def _started(self) -> bool:
        return (await self.game()).row.status != "lobby"

    async def game(self) -> LoadedGame:
        assert self.game_id is not None
        return await self.store.actions.load(self.game_id)

    async def finished(self) -> bool:
        return (await self.game()).row.status != ACTIVE

    async def play(self, moves: int | None = None) -> None:
        """Make `moves` of the person's actions (None: to the end of the game)."""
        made = 0
        while moves is None or made < moves:
            game = await self.game()
            if game.row.status != ACTIVE:
                return
            if HUMAN not in game.engine.pending(game.state):  # computer players still to move
                await self._committed(game.version - 1)
                continue
            await self._act(game)
            made += 1

    async def _act(self, game: LoadedGame) -> None:
        legal = game.engine.legal_actions(game.state, HUMAN)
        if legal[0]["type"] == "move":
            move = self.rng.choice(legal)
            handle = await self.emu.slash(self.user, self.channel, "clans move",
                                          {"from": move["from"], "to": move["to"]})
            await handle.callback(timeout=REPLY_TIMEOUT)
            await self._committed(game.version)
            return
        # A question (the order of new villages, C-4.7): the highlighted answer, step by
        # step until it is applied.
        message = self._prompt()
        for _ in range(6):
            choices = buttons(message, "g:dq:")
            pick = next((b for b in choices if b.get("style") == 1), choices[0])
            shown_before = self._last_step()
            await (await self.emu.click(self.user, message, pick["custom_id"])
                   ).callback(timeout=REPLY_TIMEOUT)
            # The answer either was the last step (the move commits) or brought the next
            # step; the commit may become visible a moment after the reply.
            await poll(lambda before=shown_before: self._answered(game.version, before),
                       REPLY_TIMEOUT,
                       "the answer to be applied or the next step to be shown")
            if (await self.game()).version != game.version:
                await self._committed(game.version)
                return
            message = self.emu.message_index[self._last_step()[0]]
        raise AssertionError("a question took more than 6 steps")

    def _last_step(self) -> tuple[int, tuple[str, ...]]:
        """The newest private question step shown to the person, as its id and buttons
        (a step may replace the one before in the same message)."""
        steps = [m for m in self.emu.messages(self.channel, visible_to=self.user)
                 if m.ephemeral and buttons(m, "g:dq:")]
        if not steps:
            return (0, ())
        return (steps[-1].id, tuple(b["custom_id"] for b in buttons(steps[-1], "g:dq:")))

    async def _answered(self, version: int, shown_before: tuple[int, tuple[str, ...]]) -> bool:
        if (await self.game()).version != version:
            return True
        return self._last_step() not in (shown_before, (0, ()))

    def _prompt(self) -> EmuMessage:
        for message in reversed(self.emu.messages(self.channel, include_ephemeral=False)):
            if buttons(message, "g:dq:"):
                return message
        raise AssertionError("no prompt in the channel")

    async def _committed(self, before: int) -> None:
        """The action is in the database and the computer players have replied."""
        async def settled() -> bool:
            game = await self.game()
            return game.version > before and (
                game.row.status != ACTIVE or HUMAN in game.engine.pending(game.state)
            ) and await self.store.shown.shown_version(game.id) == game.version

        await poll(settled, REPLY_TIMEOUT, "the move to be committed")
        self.moves += 1
