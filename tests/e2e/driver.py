"""Simulated people playing Doge through the loopback Discord, as a person would: slash
commands, buttons, selects. After every interaction it checks what the channel shows."""

from __future__ import annotations

import dataclasses
import random
from typing import Any

from bot.discord_app import TableBot
from bot.games.wording import writing_user_text
from bot.i18n import LANGUAGES, speaking
from bot.i18n import _ as translated
from bot.store import ACTIVE, LoadedGame
from cogs.common.names import plain
from cogs.doge.board import render_doge
from cogs.doge.prompts import doge_prompt
from tests.discord_emulator import DiscordEmulator, EmuChannel, EmuMessage, EmuUser
from tests.discord_emulator.messages import EmuAttachment, walk_components
from tests.doge.helpers import scrambled

PROMPT_BUTTONS = ("g:doge.cast:", "g:dq:")  # what a Doge prompt asks with


def custom_ids(message: EmuMessage) -> list[dict[str, Any]]:
    return [c for c in walk_components(message.components) if "custom_id" in c]


def find(message: EmuMessage, prefix: str) -> dict[str, Any]:
    for c in custom_ids(message):
        if c["custom_id"].startswith(prefix):
            return c
    raise AssertionError(f"no component {prefix!r} on {message.content[:80]!r}")


def board_caption(board: EmuAttachment) -> str:
    """The caption drawn on a board, which its alt text repeats (cogs/common/story.py;
    `/doge board` names whom the game waits for)."""
    text = board.description or ""
    waiting = "The board as it stands, waiting for "
    if text.startswith(waiting):
        return "Waiting for " + text[len(waiting):]
    for language in LANGUAGES:  # the channel speaks the server's language
        with speaking(language):
            prefix = translated("The board after: {caption}", caption="\0").partition("\0")[0]
        if text.startswith(prefix):
            return text[len(prefix):]
    return ""


def new_boards(message: EmuMessage, filename: str, seen: set[int]) -> list[EmuAttachment]:
    """The message's board images not checked yet (an edit may keep the old image)."""
    found = [a for a in message.attachments if a.filename == filename and a.id not in seen]
    seen.update(a.id for a in found)
    return found


class DogeTable:
    def __init__(self, emu: DiscordEmulator, bot: TableBot, channel: EmuChannel,
                 users: list[EmuUser], seed: int = 1) -> None:
        self.emu, self.bot, self.channel, self.users = emu, bot, channel, users
        self.rng = random.Random(seed)
        self.game_id: int | None = None
        self.checked: set[tuple[int, int]] = set()  # (message id, revision) checked
        self.boards_checked = 0
        self.checked_boards: set[int] = set()  # attachment ids
        self.typed_ballots: set[int] = set()  # user ids who type /doge ballot

    # ---- driving -------------------------------------------------------------------

    async def settle(self, handle) -> None:
        await handle.callback(timeout=10)
        await self.emu.wait_until(lambda: self.bot.in_flight == 0, timeout=20)
        await self.check_channel()

    async def slash(self, user: EmuUser, command: str, options: dict | None = None):
        handle = await self.emu.slash(user, self.channel, command, options or {})
        await self.settle(handle)
        return handle

    async def click(self, user: EmuUser, message: EmuMessage, custom_id: str):
        handle = await self.emu.click(user, message, custom_id)
        await self.settle(handle)
        return handle

    async def select(self, user: EmuUser, message: EmuMessage, custom_id: str,
                     values: list[str]):
        handle = await self.emu.select(user, message, custom_id, values)
        await self.settle(handle)
        return handle

    def user_of(self, seat) -> EmuUser:
        return next(u for u in self.users if u.id == seat.user_id)

    async def game(self):
        assert self.game_id is not None
        return await self.bot.tables.load(self.game_id)

    def prompt(self) -> EmuMessage:
        for message in reversed(self.emu.messages(self.channel, include_ephemeral=False)):
            if any(c["custom_id"].startswith(PROMPT_BUTTONS) for c in custom_ids(message)):
                return message
        raise AssertionError("no prompt message in the channel")

    async def play_turn(self) -> None:
        """Every awaited person makes their choice once."""
        game = await self.game()
        for seat in self.bot.tables.awaited_seats(game):
            game = await self.game()
            if seat.seat not in game.engine.pending(game.state):
                continue
            user = self.user_of(seat)
            if game.state.phase == "placement":
                await self.cast_ballot(user, game, seat.seat)
            else:
                await self.decide(user)

    async def cast_ballot(self, user: EmuUser, game, seat: int) -> None:
        p = game.state.players[seat]
        free = [a for a in ("cannaregio", "castello", "dorsoduro", "san_marco", "san_polo",
                            "santa_croce", "quarantia") if a not in p.cards_used]
        held = sorted(p.markers, reverse=True)
        count = min(len(held), self.rng.choice([1, 2, 2, 3]))
        if user.id in self.typed_ballots:
            area = self.rng.choice(free)
            markers = " ".join(str(m) for m in self.rng.sample(held, count))
            await self.slash(user, "doge ballot", {"area": area, "markers": markers})
            return
        cast = find(self.prompt(), "g:doge.cast:")["custom_id"]
        handle = await self.click(user, self.prompt(), cast)
        panel = await handle.wait()
        assert panel.ephemeral and panel.visible_to == user.id
        area_select = find(panel, "s:doge.bpa:")
        choice = self.rng.choice(area_select["options"])["value"]
        await self.select(user, panel, area_select["custom_id"], [choice])
        panel = self.emu.message_index[panel.id]
        indexes = [str(i) for i in self.rng.sample(range(len(held)), count)]
        await self.select(user, panel, find(panel, "s:doge.bpm:")["custom_id"], indexes)
        panel = self.emu.message_index[panel.id]
        await self.click(user, panel, find(panel, "g:doge.bpc:")["custom_id"])

    async def decide(self, user: EmuUser) -> None:
        """Answer the question put to `user` one step at a time, mostly taking the
        highlighted (default) choice, sometimes another."""
        message = self.prompt()
        for _ in range(6):
            buttons = [c for c in custom_ids(message) if c["custom_id"].startswith("g:dq:")]
            assert buttons, f"no decision buttons on {message.content[:80]!r}"
            if buttons[0]["custom_id"].endswith(".open"):
                pick = buttons[0]
            elif self.rng.random() < 0.7:
                pick = next((b for b in buttons if b.get("style") == 1), buttons[0])
            else:
                pick = self.rng.choice(buttons)
            before = (await self.game()).version
            await self.click(user, message, pick["custom_id"])
            if (await self.game()).version != before:
                return  # the answer was applied
            steps = [m for m in self.emu.messages(self.channel, visible_to=user)
                     if m.ephemeral and any(c["custom_id"].startswith("g:dq:")
                                            for c in custom_ids(m))]
            assert steps, "the click neither applied an answer nor asked the next step"
            message = steps[-1]
        raise AssertionError("a question took more than 6 steps")

    # ---- checking what everyone sees ---------------------------------------------------

    async def check_channel(self) -> None:
        """D-10: what the channel shows must not change if every secret were different.
        Boards are re-rendered from a state with all secrets replaced and must be
        identical to the pixel; prompts are rebuilt the same way."""
        if self.game_id is None:
            return
        game = await self.game()
        if game.row.status != ACTIVE or game.state is None:
            return
        twin = dataclasses.replace(game, state=scrambled(game.state))
        for message in self.emu.messages(self.channel, include_ephemeral=False):
            key = (message.id, len(message.history))
            if key in self.checked:
                continue
            self.checked.add(key)
            # A message that is no longer the table's prompt is over: its board was drawn
            # as a record when it closed, or is its last live one if nothing came since.
            ways = (False, True) if message.id != self.prompt().id else (False,)
            for board in new_boards(message, "doge-board.png", self.checked_boards):
                # Drawn as the table draws it (seats under their holders' names).
                drawn = [await render_doge(twin, board_caption(board), closed=closed)
                         for closed in ways]
                if board.data not in drawn and len(ways) > 1:
                    drawn = await self.drawn_earlier(game, board_caption(board))
                assert board.data in drawn, "a board image depends on a secret"
                self.boards_checked += 1
            if any(c["custom_id"].startswith(PROMPT_BUTTONS) for c in custom_ids(message)):
                if message.id == self.prompt().id:
                    with writing_user_text(plain):  # as the bot writes for Discord
                        expected, _ = await doge_prompt(self.bot.tables, twin)
                    assert expected in message.content, "a prompt depends on a secret"


    async def drawn_earlier(self, game: LoadedGame, caption: str,
                            back: int = 12) -> list[bytes]:
        """A closed message's board drawn again after a state the game has left (its
        record's caption says more, e.g. a seat's new holder named), from the states of
        the last `back` actions with every secret replaced."""
        drawn = []
        for version in range(game.version - 1, max(game.version - back, 0), -1):
            state = await self.bot.tables.store.actions.state_at(game.id, version)
            earlier = dataclasses.replace(game, state=scrambled(state))
            drawn.append(await render_doge(earlier, caption, closed=True))
        return drawn


async def start_and_play_to_the_end(table: DogeTable, steps: int = 2000) -> None:
    """The second player starts the table from its lobby; everyone plays until it ends."""
    lobby = table.emu.last_message(table.channel, include_ephemeral=False)
    await table.click(table.users[1], lobby, find(lobby, "g:start:")["custom_id"])
    for _ in range(steps):
        if (await table.game()).row.status != ACTIVE:
            return
        await table.play_turn()
