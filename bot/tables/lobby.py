"""The table before the game: opening a lobby, joining and leaving, colours, computer
players. Mixed into the table service (bot/tables/service.py)."""

from __future__ import annotations

from contextlib import AbstractAsyncContextManager
from typing import TYPE_CHECKING, Any

from bot.i18n import later
from bot.store import ACTIVE, LOBBY, ChannelBusy, LoadedGame, Seat, Store
from bot.tables.kits import (
    AI_LEVELS,
    DEFAULT_LEVEL,
    GameKit,
    colour_word,
    get_kit,
    installed,
    option_word,
)
from bot.tables.not_installed import NotInstalled
from bot.tables.steps import TableError

TIMINGS = ("live", "async")


class LobbyMixin:
    """Mixed into TableService, whose store, lock(), load(), kit() and seat_of() it uses."""

    store: Store

    if TYPE_CHECKING:  # the service's own, declared for the type checker only
        def lock(self, game_id: int) -> AbstractAsyncContextManager[None]: ...
        async def load(self, game_id: int) -> LoadedGame: ...
        @staticmethod
        def kit(game: LoadedGame) -> GameKit: ...
        @staticmethod
        def seat_of(game: LoadedGame, user_id: int) -> Seat | None: ...

    async def open_lobby(self, game: str, *, guild_id: int | None, channel_id: int,
                         user_id: int, user_name: str, seats: int, timing: str,
                         options: dict[str, Any] | None = None,
                         parent_channel_id: int | None = None) -> LoadedGame:
        kit = get_kit(game)
        if not kit.min_players <= seats <= kit.max_players:
            raise TableError(later("{title} is played by {least} to {most} players.",
                                    title=kit.title, least=kit.min_players, most=kit.max_players))
        if timing not in TIMINGS:
            raise TableError(later("Timing is either `{live}` or `{async_}`.",
                                    live=option_word("live"), async_=option_word("async")))
        settings = {**kit.settings_for(options or {}), "seats": seats, "timing": timing}
        try:
            row = await self.store.lobbies.create(game, guild_id=guild_id, channel_id=channel_id,
                                                  parent_channel_id=parent_channel_id,
                                                  created_by=user_id, settings=settings)
        except ChannelBusy as exc:
            busy = await self.store.games.open_game_in_channel(channel_id)
            if busy is not None and not installed(busy.game):
                raise NotInstalled(busy) from exc  # a moderator's end frees the channel
            if busy is not None and busy.status == LOBBY:
                raise TableError(later(
                    "A {title} table is already open in this channel: join it there, or "
                    "start a new one in another channel or thread.",
                    title=get_kit(busy.game).title)) from exc
            raise TableError(later("A game is already running in this channel: finish it, or "
                                    "start a new one in another channel or thread.")) from exc
        await self.join(row.id, user_id, user_name)
        return await self.load(row.id)

    async def _lobby(self, game_id: int) -> LoadedGame:
        game = await self.load(game_id)
        if game.row.status != LOBBY:
            raise TableError(later("This game has already started.") if game.row.status == ACTIVE
                             else later("This game is over."))
        return game

    async def join(self, game_id: int, user_id: int, name: str) -> LoadedGame:
        async with self.lock(game_id):
            game = await self._lobby(game_id)
            if self.seat_of(game, user_id):
                raise TableError(later("You are already seated at this table."))
            if len(game.seats) >= game.row.settings.get("seats", 4):
                raise TableError(later("The table is full."))
            kit = self.kit(game)
            await self.store.lobbies.join(game_id, user_id=user_id, name=name[:32],
                                          colour=self._free_colour(kit, game))
            return await self.load(game_id)

    @staticmethod
    def _free_colour(kit: GameKit, game: LoadedGame) -> str | None:
        taken = {s.colour for s in game.seats}
        return next((c for c in kit.colours if c not in taken), None)

    async def leave(self, game_id: int, user_id: int) -> LoadedGame:
        async with self.lock(game_id):
            await self._lobby(game_id)
            if not await self.store.lobbies.leave(game_id, user_id):
                raise TableError(later("You are not seated at this table."))
            return await self.close_if_nobody_left(game_id)

    async def close_if_nobody_left(self, game_id: int) -> LoadedGame:
        """A lobby with no person left in it is closed (under the table's lock): nobody
        is left to start it, and it would only keep the channel busy."""
        game = await self.load(game_id)
        if game.row.status == LOBBY and not any(s.user_id and not s.is_bot
                                                for s in game.seats):
            await self.store.games.end_game(game_id)
            game = await self.load(game_id)
        return game

    async def pick_colour(self, game_id: int, user_id: int, colour: str) -> LoadedGame:
        async with self.lock(game_id):
            game = await self._lobby(game_id)
            seat = self.seat_of(game, user_id)
            if seat is None:
                raise TableError(later("Join the table first, then pick a colour."))
            kit = self.kit(game)
            if colour not in kit.colours:
                raise TableError(later("Pick one of: {colours}.", colours=", ".join(
                    colour_word(c) for c in kit.colours)))
            if any(s.colour == colour and s.seat != seat.seat for s in game.seats):
                raise TableError(later("{colour} is taken; pick a free colour.",
                                        colour=colour_word(colour).capitalize()))
            await self.store.lobbies.set_colour(game_id, seat.seat, colour)
            return await self.load(game_id)

    async def add_bot(self, game_id: int, user_id: int,
                      level: str = DEFAULT_LEVEL) -> LoadedGame:
        if level not in AI_LEVELS:
            raise TableError(later("A computer player's level is one of: {levels}.",
                                    levels=", ".join(option_word(v) for v in AI_LEVELS)))
        async with self.lock(game_id):
            game = await self._lobby(game_id)
            if self.seat_of(game, user_id) is None and game.row.created_by != user_id:
                raise TableError(later("Only players at this table may add computer players."))
            if len(game.seats) >= game.row.settings.get("seats", 4):
                raise TableError(later("The table is full."))
            kit = self.kit(game)
            used = {s.name for s in game.seats}
            name = next(n for n in kit.ai_names if n not in used)
            await self.store.lobbies.add_ai_seat(game_id, name=name,
                                                 colour=self._free_colour(kit, game))
            levels = {**game.row.settings.get("ai_levels", {}), name: level}
            await self.store.tables.update_settings(game_id, {"ai_levels": levels})
            return await self.load(game_id)
