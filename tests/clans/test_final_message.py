"""The result of a Clans game tells the ranking once: its first line says only why the
game ended (C-6.1), every clan is revealed (C-6.2), and a line per player, best first,
ranks them (C-6.3). The story above it in the channel's last message tells the last move
and its village, never the end a second time."""

from __future__ import annotations

import random
from pathlib import Path

from bot.discord_app import TableBot
from bot.games.base import PlayerSpec
from bot.games.clans import ENGINE
from bot.store import LoadedGame, Store
from cogs.clans.prompts import final_text
from tests.discord_emulator import DiscordEmulator
from tests.discord_emulator.fixtures import discord_emulator  # noqa: F401  (fixture)
from tests.e2e.driver import DogeTable

REASONS = ("🏁 Game over: no move is left.", "🏁 Game over after the 12th village.")
MEDALS = ("🥇 ", "🥈 ", "🥉 ")
SEED = 2


async def near_the_end(store: Store, game: LoadedGame) -> LoadedGame:
    """Random play, through the store, up to a move late in the game that leaves it
    going on."""
    rng = random.Random(SEED)
    while True:
        legal = ENGINE.legal_actions(game.state, game.state.mover)
        late = len(game.state.villages) >= 8 or len(legal) <= 10
        if late and legal[0]["type"] == "move" and any(
                not ENGINE.apply(game.state, a).state.over for a in legal):
            return game
        action = rng.choice(legal)
        await store.actions.submit(game.id, action, expected_version=game.version)
        game = await store.actions.load(game.id)


def result_lines(text: str) -> list[str]:
    """The lines of the result: from its 🏁 on."""
    lines = text.splitlines()
    return lines[next(i for i, line in enumerate(lines) if line.startswith("🏁")):]


def test_the_result_says_why_then_ranks_each_player_once_c_6() -> None:
    state, rng = ENGINE.new_game([PlayerSpec(n) for n in ("ada", "bo", "cy")], {},
                                 random.Random(SEED)), random.Random(SEED)
    events = []
    while not ENGINE.is_over(state):
        outcome = ENGINE.apply(state, rng.choice(ENGINE.legal_actions(state, state.mover)))
        state, events = outcome.state, events + outcome.events
    players = list(state.players)
    text = final_text(_Ended(state, players))  # type: ignore[arg-type]
    lines = text.splitlines()
    assert lines[0] in REASONS  # the reason alone (C-6.1)
    assert lines[1] == "Every clan is revealed (C-6.2):"
    ranked = lines[2:2 + len(players)]
    assert [line.split(":")[0].split(" ", 1)[1] for line in ranked] == \
        [players[s].name for s in ENGINE.public_view(state, None).result.standings]
    assert " points; " not in text and "1st" not in text
    # The logged end is told in the very lines the result opens with: the channel's
    # story leaves a line the result tells out (cogs/common/poster.py), so it is told once.
    assert ENGINE.describe(events[-1], players) in text


class _Ended:
    """What `final_text` reads of a finished game."""

    def __init__(self, state, players) -> None:
        self.engine, self.state, self.shown_players = ENGINE, state, players


class _Table(DogeTable):
    async def check_channel(self) -> None:  # Doge's checks; Clans' colours stay unseen
        return None


async def test_the_last_message_tells_the_last_move_then_the_ranking_once_c_6(
        discord_emulator: DiscordEmulator, tmp_path: Path) -> None:  # noqa: F811
    emu = discord_emulator
    bot = TableBot(database_path=str(tmp_path / "games.db"))
    async with emu.running(bot):
        users = [emu.add_user("ada"), emu.add_user("bo")]
        store = bot.tables.store
        game = await store.games.create_game("clans", guild_id=emu.guild.id,
                                             channel_id=emu.channel.id,
                                             players=[PlayerSpec(u.name) for u in users],
                                             user_ids=[u.id for u in users], seed=SEED)
        game = await near_the_end(store, game)
        table = _Table(emu, bot, emu.channel, users, seed=SEED)
        table.game_id = game.id
        first = True
        while not ENGINE.is_over(game.state):
            user = users[game.state.mover]
            if game.state.to_order:  # the order of villages, by its buttons (C-4.7)
                await table.decide(user)
            else:
                legal = ENGINE.legal_actions(game.state, game.state.mover)
                going = [a for a in legal if not ENGINE.apply(game.state, a).state.over]
                made = going[0] if first else legal[0]  # a message stands before the end
                await table.slash(user, "clans move", {"from": made["from"], "to": made["to"]})
                first = False
            game = await table.game()
        last = emu.last_message(emu.channel, include_ephemeral=False)
        story, result = last.content.split("\n\n", 1)
        told = (await store.actions.log(game.id))[-1]
        assert told.events[0]["type"] in ("move", "order") and told.events[-1]["type"] == \
            "game_end"
        assert story and "Game over" not in story and " points" not in story
        lines = result_lines(result)
        assert lines[0] in REASONS and lines[1] == "Every clan is revealed (C-6.2):"
        assert lines[2].startswith("🥇 ") and lines[3].startswith(("🥈 ", "🥇 "))  # or shared
        assert last.content.count("Game over") == 1
        assert sum(line.startswith(MEDALS) for line in last.content.splitlines()) == 2
        assert "1st" not in last.content and " points; " not in last.content
        assert not emu.internal_errors
