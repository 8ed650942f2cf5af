"""`/clans move` autocomplete through the loopback Discord: each territory described as
the prompts describe it, moves that found a village (C-4.1) first, so that the 25
choices Discord shows are the useful ones on a map of 60; the values stay plain labels."""

from __future__ import annotations

import random
from pathlib import Path

from bot.discord_app import TableBot
from bot.games.base import PlayerSpec
from bot.games.clans import ENGINE
from bot.games.clans.rules import ClansState
from tests.discord_emulator import DiscordEmulator
from tests.discord_emulator.fixtures import discord_emulator  # noqa: F401  (fixture)

# Random play from this seed soon reaches a position where leaving E1 or L3 founds a
# village, while alphabetically the first 25 territories that may be left end before L.
SEED = 3


def founding_sources(state: ClansState) -> set[str]:
    """Territories whose move founds a village, by playing each legal move (C-4.1)."""
    if state.to_order:  # villages to order first (C-4.7): no move now
        return set()
    return {a["from"] for a in ENGINE.legal_actions(state, state.mover)
            if any(e["type"] in ("village", "order_asked")
                   for e in ENGINE.apply(state, a).events)}


def first_sources(state: ClansState) -> set[str]:
    """The 25 territories alphabetically first that may be left (what Discord showed)."""
    return set(sorted({a["from"] for a in ENGINE.legal_actions(state, state.mover)})[:25])


def described(state: ClansState, label: str, founds: bool) -> str:
    [where] = [t for t in ENGINE.public_view(state, None).board if t.label == label]
    huts = f"{where.total} hut" + ("s" if where.total != 1 else "")
    # The point first, the detail last (a label cut short keeps the point).
    return f"{label}" + (" — founds a village" if founds else "") + f" ({where.terrain}, {huts})"


async def test_move_autocomplete_describes_places_and_offers_founding_moves_first_c_4_1(
        discord_emulator: DiscordEmulator, tmp_path: Path) -> None:  # noqa: F811
    emu = discord_emulator
    bot = TableBot(database_path=str(tmp_path / "games.db"))
    async with emu.running(bot):
        ada, bo = emu.add_user("ada"), emu.add_user("bo")
        store = bot.tables.store
        game = await store.games.create_game("clans", guild_id=emu.guild.id,
                                             channel_id=emu.channel.id,
                                             players=[PlayerSpec("ada"), PlayerSpec("bo")],
                                             user_ids=[ada.id, bo.id], seed=SEED)
        rng = random.Random(SEED)
        while not founding_sources(game.state) - first_sources(game.state):
            action = rng.choice(ENGINE.legal_actions(game.state, game.state.mover))
            await store.actions.submit(game.id, action, expected_version=game.version)
            game = await store.actions.load(game.id)
        state = game.state
        mover = (ada, bo)[state.mover]
        founding = sorted(founding_sources(state))
        legal = ENGINE.legal_actions(state, state.mover)
        sources = sorted({a["from"] for a in legal})
        assert len(sources) > 25 and len(founding) > 1 and not state.to_order

        choices = await emu.autocomplete(mover, emu.channel, "clans move",
                                         {"from": "", "to": ""}, focused="from")
        rest = [s for s in sources if s not in founding][:25 - len(founding)]
        assert [c["value"] for c in choices] == founding + rest
        assert [c["name"] for c in choices] == (
            [described(state, s, True) for s in founding]
            + [described(state, s, False) for s in rest])
        assert all(len(c["name"]) <= 100 for c in choices)

        # Typed, as before: the labels that begin so (any case), founding ones first.
        typed = await emu.autocomplete(mover, emu.channel, "clans move",
                                       {"from": "l", "to": ""}, focused="from")
        assert [c["value"] for c in typed] == (
            [s for s in founding if s.startswith("L")]
            + [s for s in sources if s.startswith("L") and s not in founding])

        # Into, once the territory left is chosen: its neighbours, each move founding.
        source = founding[-1]
        targets = await emu.autocomplete(mover, emu.channel, "clans move",
                                         {"from": source, "to": ""}, focused="to")
        into = sorted(a["to"] for a in legal if a["from"] == source)
        assert [c["value"] for c in targets] == into
        assert [c["name"] for c in targets] == [described(state, t, True) for t in into]

        # Whoever is not to move is offered nothing, as before.
        other = (ada, bo)[1 - state.mover]
        assert await emu.autocomplete(other, emu.channel, "clans move",
                                      {"from": "", "to": ""}, focused="from") == []
        assert not emu.internal_errors
