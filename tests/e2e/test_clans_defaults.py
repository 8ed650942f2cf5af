"""No Clans prompt with an empty or cut default: every "the table plays" names the whole
move, in every prompt of a played game; a position with one legal move is no question
at all: the table makes the move and tells it (D-11.1, C-3.1), also in a game restored
from a record right at such a position. The same in a Dutch server's channel."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest

from bot.discord_app import TableBot
from bot.games.base import PlayerSpec
from bot.games.clans import ENGINE
from bot.games.record import make_record
from bot.i18n import _ as translated
from bot.i18n import speaking
from bot.store import ACTIVE
from bot.store import games as store_games
from bot.tables.kits import get_kit
from tests.discord_emulator import DiscordEmulator
from tests.discord_emulator.fixtures import discord_emulator  # noqa: F401  (fixture)
from tests.e2e.test_admin_discord import MANAGE_CHANNELS
from tests.e2e.test_clans_game import ClansTable
from tests.e2e.test_crafted_input import answered

DEFAULT = re.compile(r"the table plays: (.*)\.$")
MIA_ROLE = ("Moderators", MANAGE_CHANNELS)
ONE_MOVE_SEED, ONE_MOVE_AFTER = 8, 48  # random play of this seed: then one legal move


def defaults(texts: list[str], pattern: re.Pattern[str] = DEFAULT) -> list[str]:
    return [m.group(1) for text in texts for line in text.splitlines()
            if (m := pattern.search(line))]


def default_pattern(language: str) -> tuple[re.Pattern[str], str, str]:
    """The line that names a prompt's default in `language`, and the words that start
    a move's two steps there (from the catalogs, so a better wording keeps the test)."""
    with speaking(language):
        before, _sep, after = translated("the table plays: {path}", path="\0").partition("\0")
        return (re.compile(re.escape(before) + r"(.*)" + re.escape(after) + r"\.$"),
                translated("From {place}", place="").strip(),
                translated("To {place}", place="").strip())


@pytest.mark.parametrize("language", ["en", "nl"])
async def test_every_default_names_the_whole_move(
        discord_emulator: DiscordEmulator, tmp_path: Path,  # noqa: F811
        monkeypatch: pytest.MonkeyPatch, language: str) -> None:
    monkeypatch.setattr(store_games, "new_seed", lambda: 3)
    emu = discord_emulator
    bot = TableBot(database_path=str(tmp_path / "games.db"))
    pattern, move_from, move_to = default_pattern(language)
    async with emu.running(bot):
        users = [emu.add_user(n) for n in ("ada", "bo", "cy", "di")]
        table = ClansTable(emu, bot, emu.channel, users, seed=3)
        if language != "en":  # the channel speaks the server's language
            mia = emu.add_user("mia", roles=[emu.add_role(*MIA_ROLE)])
            await table.slash(mia, "table-admin language", {"language": language})
            assert await bot.languages.of(emu.guild.id) == language
        await table.start()
        for _ in range(200):
            if (await table.game()).row.status != ACTIVE:
                break
            await table.play_turn()
        texts = [text for m in emu.messages(emu.channel, include_deleted=True)
                 for text in [*(r.content for r in m.history), m.content]]
        told = defaults(texts, pattern)
        assert len(told) > 20
        moves = [d for d in told if move_from in d or move_to in d]
        # A move's default: where from, where to (its region is in the labels, C-1.3).
        assert moves and all(move_from in d and move_to in d for d in moves), \
            [d for d in moves if not (move_from in d and move_to in d)]
        assert all(d.strip() for d in told)
        assert not emu.internal_errors


def one_move_record() -> tuple[dict, dict]:
    """A record of a 4-player game played at random up to a position where the mover
    has one legal move; and that move."""
    players = [PlayerSpec(name) for name in ("ada", "bo", "cy", "di")]
    settings = get_kit("clans").settings_for({})
    state = ENGINE.new_game(players, settings, random.Random(ONE_MOVE_SEED))
    rng, actions = random.Random(ONE_MOVE_SEED), []
    for _ in range(ONE_MOVE_AFTER):
        action = rng.choice(ENGINE.legal_actions(state, ENGINE.pending(state)[0]))
        actions.append(action)
        ENGINE.apply_in_place(state, action)
    [only] = ENGINE.legal_actions(state, ENGINE.pending(state)[0])
    return make_record("clans", ONE_MOVE_SEED, players, settings, actions), only


async def test_a_single_legal_move_is_made_and_told_not_asked(
        discord_emulator: DiscordEmulator, tmp_path: Path) -> None:  # noqa: F811
    emu = discord_emulator
    bot = TableBot(database_path=str(tmp_path / "games.db"))
    record, only = one_move_record()
    async with emu.running(bot):
        users = [emu.add_user(name) for name in ("ada", "bo", "cy", "di")]
        mia = emu.add_user("mia", roles=[emu.add_role(*MIA_ROLE)])
        table = ClansTable(emu, bot, emu.channel, users)
        await answered(table, await emu.slash(mia, emu.channel, "table-admin import", {
            "record": ("game.json", json.dumps(record).encode()),
            "players": " ".join(f"<@{u.id}>" for u in users)}))
        [row] = await bot.tables.store.games.list_games(channel_id=emu.channel.id)
        game = await bot.tables.load(row.id)
        assert game.version == ONE_MOVE_AFTER + 1  # the one move was made for its player
        [entry] = await bot.tables.store.actions.log(row.id, after_version=ONE_MOVE_AFTER)
        assert entry.action == only
        public = "\n".join(m.content for m in emu.messages(emu.channel, include_deleted=True))
        assert only["from"] in public and only["to"] in public  # told in the channel
        assert all(d.strip() for d in defaults([public]))
        assert not emu.internal_errors
