"""Games for the operations tests, played through the table service with the computer
player's choices standing in for the people."""

from __future__ import annotations

import random

from bot.store import ACTIVE
from bot.tables.service import TableService

GUILD = 1000
HUMANS = (201, 202)


async def open_doge(service: TableService, channel_id: int, *, humans=HUMANS,
                    guild_id: int = GUILD, year_limit: int | None = 2, seed: int = 1) -> int:
    """A started 3-seat Doge game with `humans` and computer players; its id."""
    lobby = await service.open_lobby("doge", guild_id=guild_id, channel_id=channel_id,
                                     user_id=humans[0], user_name="anna", seats=3,
                                     timing="async", options={"year_limit": year_limit})
    for n, user in enumerate(humans[1:]):
        await service.join(lobby.id, user, f"player{n}")
    for _ in range(3 - len(humans)):
        await service.add_bot(lobby.id, humans[0])
    await service.start(lobby.id, humans[0], seed=seed)
    return lobby.id


async def play(service: TableService, game_id: int, steps: int, seed: int = 7) -> int:
    """Up to `steps` moves of the people awaited, chosen as the computer player would;
    returns the game's version afterwards."""
    rng = random.Random(seed)
    for _ in range(steps):
        game = await service.load(game_id)
        if game.row.status != ACTIVE:
            break
        seat = next(s for s in service.awaited_seats(game) if not s.played_by_ai)
        kit = service.kit(game)
        action = kit.ai_action(game.state, seat.seat, rng)
        body = {k: v for k, v in action.items() if k != "seat"}
        await service.act(game_id, seat.user_id, body)
    return (await service.load(game_id)).version
