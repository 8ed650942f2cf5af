"""Finished games for the community tests, played by the computer through the store."""

from __future__ import annotations

import random
from typing import Any

from bot.games.base import PlayerSpec
from bot.store import Store
from bot.tables.kits import KITS


class Clock:
    """The store's clock, moved by hand: finishing times decide the rating order."""

    def __init__(self, now: float = 1_000_000.0) -> None:
        self.now = now

    def __call__(self) -> float:
        self.now += 1.0
        return self.now


async def start(store: Store, game: str, users: list[int | None], *, guild: int | None = 1,
                channel: int = 10, seed: int = 1) -> int:
    """A running game; None in `users` is a computer seat."""
    kit = KITS[game]
    colours = list(kit.colours) or [None] * len(users)
    specs = [PlayerSpec(f"{'bot' if u is None else 'p'}{i}", colours[i], is_bot=u is None)
             for i, u in enumerate(users)]
    loaded = await store.games.create_game(game, guild_id=guild, channel_id=channel, players=specs,
                                           user_ids=users, settings=kit.settings_for({}), seed=seed)
    return loaded.row.id


async def play(store: Store, game_id: int, *, seed: int = 1, stop_before_end: bool = False,
               moderator_after: int | None = None, moves: int | None = None) -> Any:
    """Play the game on with the computer's moves; return the final state. With
    `stop_before_end` the last move is left unplayed (returned as an action); with
    `moves` only so many are played."""
    loaded = await store.actions.load(game_id)
    kit = KITS[loaded.row.game]
    engine, state, rng = kit.engine, loaded.state, random.Random(seed)
    done = 0
    while not engine.is_over(state) and (moves is None or done < moves):
        if moderator_after is not None and done >= moderator_after:
            action: dict[str, Any] = {"seat": None, "type": "end_game"}
        else:
            action = kit.ai_action(state, rng.choice(engine.pending(state)), rng)
        if stop_before_end and engine.is_over(engine.apply(state, action).state):
            return action
        state = (await store.actions.submit(game_id, action, expected_version=None)).state
        done += 1
    return state


async def finished(store: Store, game: str, users: list[int | None], **kw: Any) -> int:
    seed = kw.pop("seed", 1)
    game_id = await start(store, game, users, seed=seed, **kw)
    await play(store, game_id, seed=seed)
    return game_id


async def table(store: Store, sql: str) -> list[tuple[Any, ...]]:
    async with store._db.reading() as conn:
        return [tuple(r) for r in await conn.fetch_all(sql)]
