"""A month of slow games through the loopback Discord on a fake clock.

Simulated people play asynchronous Doge and Clans tables in many channels. The clock
moves in big steps; at each step the table clock handles what fell due (time-outs,
reminders), then whoever is around that day answers what waits for them, by typed
commands and buttons. Now and then the bot restarts, the gateway asks for a RESUME or
a new IDENTIFY, and Discord answers posts with 429. ``SoakChecks`` (soak_checks.py)
watches every step; the run passes with none lost or doubled, no reminder twice, every
deadline honoured, and every game finished or waiting on a person.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from pathlib import Path

from bot.discord_app import TableBot
from bot.store import ACTIVE
from tests.discord_emulator import DiscordEmulator, EmuChannel, EmuMessage, EmuUser, RunningClient
from tests.e2e.driver import custom_ids, find
from tests.e2e.soak_checks import Attempt, SoakChecks, SoakReport
from tests.e2e.test_doge_clocks import FakeTime

HOUR, DAY = 3600.0, 86400.0
DOGE_AREAS = ("cannaregio", "castello", "dorsoduro", "san_marco", "san_polo", "santa_croce",
              "quarantia")


@dataclass
class SoakConfig:
    games: int = 20
    days: float = 30.0
    step_hours: float = 8.0
    restart_every_days: float = 4.0
    clans_every: int = 3  # every third table plays Clans, the others Doge
    people: int = 14
    around: float = 0.6  # the share of days a person looks at their games
    seed: int = 5


@dataclass
class SoakTable:
    game: str  # "doge" or "clans"
    channel: EmuChannel
    users: list[EmuUser]
    game_id: int = 0


@dataclass
class Soak:
    emu: DiscordEmulator
    db_path: Path
    config: SoakConfig = field(default_factory=SoakConfig)

    def __post_init__(self) -> None:
        self.time = FakeTime()  # the one wall clock of the bot and the emulator
        self.start = self.time.now
        self.emu.clock = self.time
        self.rng = random.Random(self.config.seed)
        self.tables: list[SoakTable] = []
        self.bot: TableBot | None = None
        self.running: RunningClient | None = None
        self.checks = SoakChecks(self)
        self.restarts = 0

    # ---- the bot -----------------------------------------------------------------------

    async def start_bot(self) -> TableBot:
        self.bot = TableBot(database_path=str(self.db_path), clock=self.time)
        self.running = await self.emu.start_client(self.bot)
        return self.bot

    async def restart(self) -> None:
        await self.settle()
        assert self.running is not None
        await self.running.close()
        await self.start_bot()
        self.restarts += 1

    async def settle(self) -> None:
        """Until the bot has finished with every interaction it was given."""
        await self.emu.wait_until(lambda: self.bot is not None and self.bot.in_flight == 0,
                                  timeout=30)

    # ---- the people --------------------------------------------------------------------

    def around_today(self, user: EmuUser) -> bool:
        day = int((self.time.now - self.start) // DAY)
        return random.Random(f"{self.config.seed}:{user.id}:{day}").random() < self.config.around

    async def slash(self, user: EmuUser, table: SoakTable, command: str,
                    options: dict | None = None):
        handle = await self.emu.slash(user, table.channel, command, options or {})
        await handle.callback(timeout=10)
        await self.settle()
        return handle

    async def click(self, user: EmuUser, message: EmuMessage, custom_id: str):
        handle = await self.emu.click(user, message, custom_id)
        await handle.callback(timeout=10)
        await self.settle()
        return handle

    async def open_tables(self) -> None:
        people = [self.emu.add_user(f"p{n}") for n in range(self.config.people)]
        for n, person in enumerate(people):
            if n % 4 == 1:  # some like DMs, and some of those have them closed
                self.emu.block_dms(person, blocked=n % 8 == 1)
        for n in range(self.config.games):
            game = "clans" if n % self.config.clans_every == 2 else "doge"
            seats = 2 if game == "clans" else 3
            channel = self.emu.add_text_channel(name=f"{game}-{n}")
            table = SoakTable(game, channel, self.rng.sample(people, seats))
            options = {"seats": seats, "timing": "async"}
            if game == "doge":
                options["year_limit"] = 1
            handle = await self.slash(table.users[0], table, f"{game} new", options)
            lobby = await handle.wait()
            opened = await self.bot.tables.game_in_channel(channel.id)  # type: ignore[union-attr]
            table.game_id = opened.id
            for user in table.users[1:]:
                await self.click(user, lobby, find(lobby, "g:join:")["custom_id"])
            await self.click(table.users[1], lobby, find(lobby, "g:start:")["custom_id"])
            self.tables.append(table)
        for n, person in enumerate(people):
            if n % 4 == 1:
                await self.slash(person, self.tables[0], "doge notify", {"mode": "dm"})

    async def people_act(self) -> None:
        service = self.bot.tables  # type: ignore[union-attr]
        for table in self.tables:
            game = await service.load(table.game_id)
            for seat in game.seats:
                if game.row.status != ACTIVE:
                    break
                user = next((u for u in table.users if u.id == seat.user_id), None)
                if user is None or not self.around_today(user):
                    continue
                if seat.autopilot:  # back from missing deadlines: play their own seat
                    await self.slash(user, table, f"{table.game} back")
                    game = await service.load(table.game_id)
                    continue
                if seat.seat in game.engine.pending(game.state) and self.rng.random() < 0.75:
                    await self.answer(table, user, game, seat.seat)
                    game = await service.load(table.game_id)

    async def answer(self, table: SoakTable, user: EmuUser, game, seat: int) -> None:
        """The person answers what waits for them: typed when they can, else buttons."""
        legal = game.engine.legal_actions(game.state, seat)
        if table.game == "doge" and game.state.phase == "placement":
            player = game.state.players[seat]
            area = self.rng.choice([a for a in DOGE_AREAS if a not in player.cards_used])
            held = sorted(player.markers, reverse=True)
            markers = self.rng.sample(held, min(len(held), self.rng.choice((1, 2, 3))))
            options = {"area": area, "markers": " ".join(map(str, markers))}
            handle = await self.slash(user, table, "doge ballot", options)
            self.checks.attempted(Attempt.typed(table, user, handle))
        elif table.game == "clans" and legal and legal[0]["type"] == "move":
            move = self.rng.choice(legal)
            handle = await self.slash(user, table, "clans move",
                                      {"from": move["from"], "to": move["to"]})
            self.checks.attempted(Attempt.typed(table, user, handle))
        else:
            await self.press_buttons(table, user)

    def prompt(self, table: SoakTable) -> EmuMessage:
        for message in reversed(self.emu.messages(table.channel, include_ephemeral=False)):
            if any(c["custom_id"].startswith("g:dq:") for c in custom_ids(message)):
                return message
        raise AssertionError(f"no question in #{table.channel.name}")

    async def press_buttons(self, table: SoakTable, user: EmuUser) -> None:
        """Answer a question step by step, mostly with the highlighted choice."""
        message = self.prompt(table)
        for _ in range(8):
            buttons = [c for c in custom_ids(message) if c["custom_id"].startswith("g:dq:")]
            if buttons[0]["custom_id"].endswith(".open") or self.rng.random() < 0.7:
                pick = next((b for b in buttons if b.get("style") == 1), buttons[0])
            else:
                pick = self.rng.choice(buttons)
            handle = await self.click(user, message, pick["custom_id"])
            panels = [m for m in handle.record.messages() if m.ephemeral and
                      any(c["custom_id"].startswith("g:dq:") for c in custom_ids(m))]
            source = self.emu.message_index[message.id]
            if source.ephemeral and handle.record.callback_type == 7 and \
                    any(c["custom_id"].startswith("g:dq:") for c in custom_ids(source)):
                panels.append(source)  # the next step, shown in the same private panel
            if not panels:  # the answer was submitted (or refused)
                self.checks.attempted(Attempt.clicked(table, user, handle))
                return
            message = panels[-1]
        raise AssertionError("a question took more than 8 steps")

    # ---- the month ---------------------------------------------------------------------

    async def disturb(self, step: int) -> None:
        """Discord's own weather: 429s, a RESUME, a new IDENTIFY, a dropped socket."""
        gateway = self.emu.gateway
        if step % 3 == 1:
            self.emu.rate_limit_next("POST", "/channels/*/messages", retry_after=0.05, times=2)
        if step % 7 == 3:
            resumes = gateway.resume_count
            await self.emu.request_reconnect()
            await self.emu.wait_until(lambda: gateway.resume_count > resumes, timeout=10)
        if step % 11 == 6:
            identifies = gateway.identify_count
            await self.emu.invalidate_sessions()
            await self.emu.wait_until(lambda: gateway.identify_count > identifies, timeout=10)
        if step % 13 == 9:
            resumes = gateway.resume_count
            await self.emu.drop_connections()
            await self.emu.wait_until(lambda: gateway.resume_count > resumes, timeout=10)

    async def run(self) -> SoakReport:
        await self.start_bot()
        await self.open_tables()
        steps = int(self.config.days * 24 / self.config.step_hours)
        restart_every = max(1, int(self.config.restart_every_days * 24 / self.config.step_hours))
        for step in range(1, steps + 1):
            self.time.now += self.config.step_hours * HOUR
            await self.disturb(step)
            await self.checks.before_clock()
            await self.bot.tables.clock.tick()  # type: ignore[union-attr]
            await self.settle()
            await self.checks.after_clock()
            await self.people_act()
            await self.checks.after_people()
            if step % restart_every == 0:
                await self.restart()
        report = await self.checks.final()
        report.restarts = self.restarts
        await self.running.close()  # type: ignore[union-attr]
        return report
