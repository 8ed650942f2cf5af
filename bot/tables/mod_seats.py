"""A moderator's changes to who sits where (`/table-admin replace|kick`). Part of the
moderator operations (mixed into `Moderation`)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

from bot.games.wording import later_cmd, user_text
from bot.i18n import _, cmd, later
from bot.store import ACTIVE, LOBBY, LoadedGame, Seat, Store
from bot.tables.steps import Moderator, ModResult, Step, TableError


class SeatsMixin:
    """Uses the moderation's service, store, require_moderator(), _audit(), _open(),
    _computer_moves() and _unpublished()."""

    service: Any  # the TableService
    store: Store

    async def replace(self, mod: Moderator, channel_id: int, old_user: int | None,
                      new_user: int, new_name: str | None = None, *,
                      seat_no: int | None = None) -> ModResult:
        """The new player takes the seat of `old_user`, or seat `seat_no` (counted from
        0) whoever plays it, a computer included; and so its secrets (they see them with
        the game's own "me" command). The seat goes by their name (`new_name`, what
        Discord calls them) from now on; the record keeps the names the game began with."""
        await self.require_moderator(mod)
        game = await self._open(channel_id)
        if (old_user is None) == (seat_no is None):
            raise TableError(later("Name who leaves, or the number of the seat to hand on: "
                                    "one of the two."))
        if old_user == new_user:
            raise TableError(later("Name two different members: who leaves and who takes "
                                    "over."))
        async with self.service.lock(game.id):
            game = await self.service.load(game.id)
            if self.service.seat_of(game, new_user) is not None:
                raise TableError(later("{member} already sits at this table.",
                                        member=f"<@{new_user}>"))
            seat = self._seat_to_hand_on(game, old_user, seat_no)
            await self.store.seats.replace_seat_user(game.id, seat.seat, user_id=new_user,
                                                     name=new_name)
            await self.store.seats.update_seat(game.id, seat.seat, misses=0)
            game = await self.service.load(game.id)
            await self.service.clock.sync(game)
        old = seat.user_id if old_user is None else old_user  # None: the computer's seat
        await self._audit(mod, "replace", game, {"seat": seat.seat, "old": old, "new": new_user})
        # The prompt names who is awaited: refresh it so it names the new player.
        steps = [Step(game)] if game.row.status == ACTIVE else []
        values = {"moderator": mod.mention, "seat": user_text(seat.name), "new": f"<@{new_user}>",
                  "me": cmd(f"{game.row.game} me")}
        line = (_("🛡️ {moderator} handed {seat}'s seat to {new} (instead of {old}). {new}: "
                  "{me} shows your secret pieces.", old=f"<@{old}>", **values)
                if old is not None else
                _("🛡️ {moderator} handed {seat}'s seat to {new} (instead of the computer). "
                  "{new}: {me} shows your secret pieces.", **values))
        # Someone plays their own seat again: paced autopilot seats move at once now.
        return ModResult(line, ping=[new_user], steps=steps, board=False,
                         lobby=game if game.row.status == LOBBY else None,
                         then=self._computer_moves_after(game.id))

    def _seat_to_hand_on(self, game: LoadedGame, old_user: int | None,
                         seat_no: int | None) -> Seat:
        if seat_no is not None:
            if not 0 <= seat_no < len(game.seats):
                raise TableError(later("This table has seats 1 to {n}.", n=len(game.seats)))
            return game.seats[seat_no]
        seat = self.service.seat_of(game, old_user) or next(
            (s for s in game.seats if s.user_id is None and s.replaced_from == old_user),
            None)  # a seat the computer took over when its player was removed
        if seat is None:
            raise TableError(later("{member} does not play in this game.",
                                    member=f"<@{old_user}>"))
        return seat

    async def kick(self, mod: Moderator, channel_id: int, user: int, *,
                   game_id: int | None = None) -> ModResult:
        """Remove a player for good: the computer plays the seat, at once if it is awaited
        (not autopilot, which stays its player's: `back`, secrets). A lobby seat is freed.
        With `game_id`, only from that game (see `_open`)."""
        await self.require_moderator(mod)
        game = await self._open(channel_id, game_id)
        async with self.service.lock(game.id):
            game = await self.service.load(game.id)
            seat = self.service.seat_of(game, user)
            if seat is None:
                raise TableError(later("{member} does not play in this game.",
                                        member=f"<@{user}>"))
            if game.row.status == LOBBY:
                await self.store.lobbies.remove_seat(game.id, seat.seat)
                lobby = await self.service.close_if_nobody_left(game.id)
            else:
                refuse_last_person(game, seat)
                await self.store.seats.hand_seat_to_ai(game.id, seat.seat)
                await self.service.clock.sync(await self.service.load(game.id))
        await self._audit(mod, "kick", game, {"seat": seat.seat, "user": user})
        if game.row.status == LOBBY:
            return ModResult(_("🛡️ {moderator} removed {member} from the table.",
                               moderator=mod.mention, member=f"<@{user}>")
                             if lobby.row.status == LOBBY else
                             _("🛡️ {moderator} removed {member} from the table; nobody is "
                               "left, so it is closed.", moderator=mod.mention,
                               member=f"<@{user}>"), lobby=lobby)

        return ModResult(_("🛡️ {moderator} removed {member} from the game: the computer "
                           "plays {seat}'s seat from now on.", moderator=mod.mention,
                           member=f"<@{user}>", seat=user_text(seat.name)),
                         then=self._computer_moves_after(game.id))

    def _computer_moves_after(self, game_id: int) -> Callable[[], Awaitable[list[Step]]]:
        """What a change of who plays sets off, once it is told: the computer seats now
        awaited move (`moves_at_once` may have changed for them)."""
        async def computer_moves() -> list[Step]:
            moved = await self._computer_moves(await self.service.load(game_id))
            return self._unpublished([moved] if moved else [])

        return computer_moves


def refuse_last_person(game: LoadedGame, seat: Seat) -> None:
    """A kick from a running game is refused when nobody else at the table is a person:
    the computer would play the whole rest of the game at once. (People on autopilot
    keep it at the clock's pace, `moves_at_once`.)"""
    if not any(s.user_id is not None and not s.is_bot for s in game.seats
               if s.seat != seat.seat):
        raise TableError(later(
            "{member} is the last person playing here: {end} ends the game, everyone "
            "ranked as it stands.", member=f"<@{seat.user_id}>",
            end=later_cmd("table-admin end")))
