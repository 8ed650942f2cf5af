"""What moderators may do to a channel's game (`/table-admin`), with no Discord in it.

Every operation first checks that the caller is a moderator (the Discord layer passes
what Discord says about them; the decision is made here, not in Discord's command
settings), refuses with a one-line `TableError` when it cannot be done (nothing changed
then), writes the audit log, and returns the line to announce in the channel plus any
step whose board still has to be shown."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from bot.games.base import IllegalAction
from bot.store import ACTIVE, LOBBY, ActionEntry, AuditEntry, LoadedGame, StoreError
from bot.store.moderation import PUBLIC_EXPORT_FORMAT
from bot.tables.service import QUIET_EVENTS, Step, TableError, TableService
from bot.tables.undo_rules import undo_refusal

UNDO_WINDOW = 200  # actions looked at when walking back over computer players' moves
MAX_EXTEND_HOURS = 14 * 24
NOT_A_MODERATOR = ("🛡️ Only moderators may use `/table-admin`: members who can manage this "
                   "channel, or who have the server's moderator role.")


@dataclass(frozen=True)
class Moderator:
    """Who asks, as Discord resolved them in the channel of the request."""

    user_id: int
    guild_id: int | None
    manage_channels: bool = False  # in this channel (Administrator implies it)
    manage_guild: bool = False
    role_ids: frozenset[int] = frozenset()

    @property
    def mention(self) -> str:
        return f"<@{self.user_id}>"


@dataclass
class ModResult:
    line: str  # what the channel is told
    steps: list[Step] = field(default_factory=list)  # board changes still to be posted
    file: tuple[str, bytes] | None = None  # export: (file name, JSON)
    ping: list[int] = field(default_factory=list)  # users the announcement may notify
    board: bool = True  # post the steps' board; False: only refresh the prompt message


class Moderation:
    def __init__(self, service: TableService) -> None:
        self.service = service
        self.store = service.store

    # ---- who may ----------------------------------------------------------------------

    async def is_moderator(self, mod: Moderator) -> bool:
        if mod.manage_channels:
            return True
        if mod.guild_id is None:
            return False
        role = (await self.store.get_guild_settings(mod.guild_id)).moderator_role_id
        return role is not None and role in mod.role_ids

    async def require_moderator(self, mod: Moderator) -> None:
        if not await self.is_moderator(mod):
            raise TableError(NOT_A_MODERATOR)

    async def set_role(self, mod: Moderator, role_id: int | None) -> ModResult:
        # Holding the role is not enough to hand it on: only people who run the server.
        if not (mod.manage_guild or mod.manage_channels):
            raise TableError("🛡️ Only members who can manage the server or this channel may "
                             "set the moderator role.")
        if mod.guild_id is None:
            raise TableError("The moderator role is set in a server, not in direct messages.")
        await self.store.set_guild_settings(mod.guild_id, moderator_role_id=role_id)
        await self._audit(mod, "role", None, {"role_id": role_id})
        if role_id is None:
            return ModResult(f"🛡️ {mod.mention} cleared the moderator role: only members who "
                             "can manage a channel moderate its games.")
        return ModResult(f"🛡️ {mod.mention} made <@&{role_id}> the moderator role for "
                         "`/table-admin`.")

    # ---- clocks -----------------------------------------------------------------------

    async def pause(self, mod: Moderator, channel_id: int) -> ModResult:
        await self.require_moderator(mod)
        game = await self._running(channel_id)
        async with self.service.lock(game.id):
            game = await self.service.load(game.id)
            if game.row.settings.get("paused"):
                raise TableError("The game is already paused; `/table-admin resume` restarts "
                                 "the clocks.")
            await self.store.update_settings(game.id, {"paused": True})
            await self.store.pause_deadlines(game.id, now=self.service.clock.clock())
        await self._audit(mod, "pause", game)
        self.service.clock.poke()
        return ModResult(f"🛡️ {mod.mention} paused the game: the clocks stop until a "
                         "moderator resumes it (moves may still be made).")

    async def resume(self, mod: Moderator, channel_id: int) -> ModResult:
        await self.require_moderator(mod)
        game = await self._running(channel_id)
        async with self.service.lock(game.id):
            game = await self.service.load(game.id)
            if not game.row.settings.get("paused"):
                raise TableError("The game is not paused.")
            await self.store.update_settings(game.id, {"paused": False})
            await self.store.resume_deadlines(game.id, now=self.service.clock.clock())
            await self.service.clock.sync(await self.service.load(game.id))
        await self._audit(mod, "resume", game)
        self.service.clock.poke()
        return ModResult(f"🛡️ {mod.mention} resumed the game: the clocks run again with the "
                         "time they had left.")

    async def extend(self, mod: Moderator, channel_id: int, hours: float) -> ModResult:
        await self.require_moderator(mod)
        if not 0 < hours <= MAX_EXTEND_HOURS:
            raise TableError(f"Extend by more than 0 and at most {MAX_EXTEND_HOURS} hours.")
        game = await self._running(channel_id)
        async with self.service.lock(game.id):
            moved = await self.store.shift_deadlines(game.id, hours * 3600)
        if not moved:
            raise TableError("No clock is running in this game: nobody has a deadline.")
        await self._audit(mod, "extend", game, {"hours": hours})
        self.service.clock.poke()
        return ModResult(f"🛡️ {mod.mention} gave the awaited players {hours:g} more hours.")

    # ---- seats ------------------------------------------------------------------------

    async def skip(self, mod: Moderator, channel_id: int) -> ModResult:
        """Apply the deadline default now for everyone awaited (time_out, as a clock
        would, but counted as no missed deadline)."""
        await self.require_moderator(mod)
        game = await self._running(channel_id)
        kit = self.service.kit(game)
        waiting = {s.seat: kit.decision_key(game.state, s.seat)
                   for s in self.service.awaited_seats(game)}
        if not waiting:
            raise TableError("The game waits for nobody right now.")
        steps: list[Step] = []
        for seat_no, decision in waiting.items():
            now = await self.service.load(game.id)
            if now.row.status != ACTIVE or seat_no not in now.engine.pending(now.state) \
                    or kit.decision_key(now.state, seat_no) != decision:
                continue  # answered meanwhile, or asked something new: not ours to skip
            step = await self.service.time_out(game.id, seat_no, by="moderator")
            if step is not None:
                steps.append(step)
        if not steps:
            raise TableError("Everyone answered meanwhile: nobody was skipped.")
        notes = [line for s in steps for line in s.notes]
        await self._audit(mod, "skip", game, {"seats": list(waiting)})
        return ModResult("\n".join([f"🛡️ {mod.mention} skipped the awaited players.", *notes]),
                         steps=self._unpublished(steps))

    async def replace(self, mod: Moderator, channel_id: int, old_user: int,
                      new_user: int) -> ModResult:
        """The new player takes the seat, and so its secrets (they see them with the
        game's own "me" command). The seat keeps its name, as the record and board do."""
        await self.require_moderator(mod)
        game = await self._open(channel_id)
        if old_user == new_user:
            raise TableError("Name two different members: who leaves and who takes over.")
        async with self.service.lock(game.id):
            game = await self.service.load(game.id)
            if self.service.seat_of(game, new_user) is not None:
                raise TableError(f"<@{new_user}> already sits at this table.")
            seat = self.service.seat_of(game, old_user) or next(
                (s for s in game.seats if s.user_id is None and s.replaced_from == old_user),
                None)  # a seat the computer took over when its player was removed
            if seat is None:
                raise TableError(f"<@{old_user}> does not play in this game.")
            await self.store.replace_seat_user(game.id, seat.seat, user_id=new_user)
            await self.store.update_seat(game.id, seat.seat, misses=0)
            game = await self.service.load(game.id)
            await self.service.clock.sync(game)
        await self._audit(mod, "replace", game,
                          {"seat": seat.seat, "old": old_user, "new": new_user})
        # The prompt names who is awaited: refresh it so it names the new player.
        steps = [Step(game)] if game.row.status == ACTIVE else []
        return ModResult(f"🛡️ {mod.mention} handed {seat.name}'s seat to <@{new_user}> "
                         f"(instead of <@{old_user}>). <@{new_user}>: "
                         f"`/{game.row.game} me` shows your secret pieces.", ping=[new_user],
                         steps=steps, board=False)

    async def kick(self, mod: Moderator, channel_id: int, user: int) -> ModResult:
        """Remove a player for good: the computer plays the seat, at once if it is awaited
        (not autopilot, which stays its player's: `back`, secrets). A lobby seat is freed."""
        await self.require_moderator(mod)
        game = await self._open(channel_id)
        async with self.service.lock(game.id):
            game = await self.service.load(game.id)
            seat = self.service.seat_of(game, user)
            if seat is None:
                raise TableError(f"<@{user}> does not play in this game.")
            if game.row.status == LOBBY:
                await self.store.remove_lobby_seat(game.id, seat.seat)
            else:
                await self.store.hand_seat_to_ai(game.id, seat.seat)
                await self.service.clock.sync(await self.service.load(game.id))
        await self._audit(mod, "kick", game, {"seat": seat.seat, "user": user})
        if game.row.status == LOBBY:
            return ModResult(f"🛡️ {mod.mention} removed <@{user}> from the table.")
        moved = await self._computer_moves(await self.service.load(game.id))
        return ModResult(f"🛡️ {mod.mention} removed <@{user}> from the game: the computer "
                         f"plays {seat.name}'s seat from now on.",
                         steps=self._unpublished([moved] if moved else []))

    # ---- the game itself ----------------------------------------------------------------

    async def end(self, mod: Moderator, channel_id: int) -> ModResult:
        """End now with everyone ranked, marked as ended by a moderator (D-9.3)."""
        await self.require_moderator(mod)
        game = await self._open(channel_id)
        if game.row.status == LOBBY:
            async with self.service.lock(game.id):
                await self.store.end_game(game.id, result={"reason": "moderator"})
            await self._audit(mod, "end", game)
            return ModResult(f"🛡️ {mod.mention} closed the table before the game began.")
        async with self.service.lock(game.id):
            game = await self.service.load(game.id)
            try:
                result = await self.store.submit_action(
                    game.id, {"seat": None, "type": "end_game"},
                    expected_version=game.version, actor_id=mod.user_id)
            except (IllegalAction, StoreError) as exc:
                raise TableError(f"This game cannot be ended: {str(exc).rstrip('.')}.") from exc
            step = Step(await self.service.load(game.id), list(result.events))
            step.lines = await self.service.narration(step.game, step.events)
            await self.service.clock.sync(step.game)
        await self._audit(mod, "end", game, {"version": result.version})
        return ModResult(f"🛡️ {mod.mention} ended the game: everyone is ranked as it stands "
                         "(D-9.3).", steps=[step])

    async def undo(self, mod: Moderator, channel_id: int) -> ModResult:
        """Take back the last public step: the last move of a person (or a deadline) and
        the computer players' moves it set off. Refused if it revealed anything, if the
        last move is secret, or if the game is over."""
        await self.require_moderator(mod)
        latest = await self._latest(channel_id)
        if latest is not None and latest.row.status not in (LOBBY, ACTIVE) \
                and latest.row.seed is not None:
            raise TableError("Cannot undo: the last step ended the game, and a finished "
                             "game is not taken back.")
        game = await self._running(channel_id)
        async with self.service.lock(game.id):
            game = await self.service.load(game.id)
            target, removed = await self._undo_span(game)
            try:
                await self.store.undo_actions(
                    game.id, to_version=target, expected_version=game.version,
                    moderator_id=mod.user_id, guild_id=mod.guild_id)
            except StoreError as exc:
                raise TableError(f"Cannot undo: {str(exc).rstrip('.')}.") from exc
            step = Step(await self.service.load(game.id))
            await self.service.clock.sync(step.game)
        moved = await self._computer_moves(step.game)  # a seat taken over since then
        steps = [step] if moved is None else self._unpublished([moved])
        await self.service.commitments.refresh(game)
        lines = [line for e in reversed(removed) for ev, line in
                 zip(e.events, self.service.narrate(game, e.events), strict=True)
                 if ev["type"] not in QUIET_EVENTS]
        told = " ".join(lines[:6]) + (" …" if len(lines) > 6 else "")
        return ModResult(f"🛡️ {mod.mention} took back the last step" +
                         (f": {told}" if told else "."), steps=steps)

    async def _undo_span(self, game: LoadedGame) -> tuple[int, list[ActionEntry]]:
        """The version to go back to and the actions that go, newest first: walk back
        over the computer players' moves to the last move made for a person (by them, by
        a moderator or at their deadline)."""
        if game.version == 0:
            raise TableError("Cannot undo: nothing has been played yet.")
        entries = {e.seq: e for e in await self.store.list_actions(
            game.id, after_version=max(0, game.version - UNDO_WINDOW))}
        target, removed = game.version, []
        while target > 0:
            entry = entries.get(target)
            if entry is None:
                raise TableError("Cannot undo: the last step is too long to take back.")
            why = undo_refusal(game.row.game, entry)
            if why:
                raise TableError(f"Cannot undo the last step: {why}.")
            removed.append(entry)
            target -= 1
            seat = entry.action.get("seat")
            by_ai = isinstance(seat, int) and 0 <= seat < len(game.seats) \
                and game.seats[seat].played_by_ai
            if entry.actor_id is not None or not by_ai:
                break
        return target, removed

    # ---- records ------------------------------------------------------------------------

    async def export(self, mod: Moderator, channel_id: int) -> ModResult:
        """A finished game's full record; for a running game only what is public."""
        await self.require_moderator(mod)
        game = await self._latest(channel_id)
        if game is None:
            raise TableError("There is no game in this channel.")
        if game.row.seed is None:
            raise TableError("This game never started: there is nothing to export.")
        name = f"{game.row.game}-game-{game.id}"
        if game.row.status == ACTIVE:
            data, partial = await self.store.export_public(game.id), True
            name += "-public"
        else:
            data, partial = await self.store.export_game(game.id), False
        await self._audit(mod, "export", game, {"partial": partial})
        what = ("the public part of the running game (no secret, D-10.2)" if partial
                else "the game record")
        return ModResult(f"🛡️ {mod.mention} exported {what}.",
                         file=(name + ".json", json.dumps(data, indent=1).encode()))

    async def import_record(self, mod: Moderator, channel_id: int, guild_id: int | None,
                            data: bytes, user_ids: list[int] | None = None,
                            parent_channel_id: int | None = None) -> ModResult:
        """Restore a record into this channel, if it has no open game. `user_ids` take
        the people's seats in order; seats left over are played by the computer."""
        await self.require_moderator(mod)
        if await self.store.open_game_in_channel(channel_id) is not None:
            raise TableError("This channel already has a game open: end it first, or "
                             "import into another channel.")
        try:
            record = json.loads(data)
        except (UnicodeDecodeError, ValueError):
            raise TableError("That file is not a game record (it is not JSON).") from None
        if isinstance(record, dict) and record.get("format") == PUBLIC_EXPORT_FORMAT:
            raise TableError("That is the public export of a running game: it holds no "
                             "secrets, so the game cannot be restored from it.")
        try:
            loaded = await self.store.import_for_people(
                record, people=list(user_ids or []), guild_id=guild_id,
                channel_id=channel_id, parent_channel_id=parent_channel_id,
                created_by=mod.user_id)
        except StoreError as exc:
            raise TableError(f"Cannot import: {str(exc).rstrip('.')}.") from exc
        await self._audit(mod, "import", loaded,
                          {"actions": loaded.version, "users": user_ids or []})
        await self.service.clock.sync(loaded)
        moved = await self._computer_moves(loaded)
        steps = [Step(loaded)] if moved is None else self._unpublished([moved])
        state = "running" if loaded.row.status == ACTIVE else "finished"
        return ModResult(f"🛡️ {mod.mention} restored a {state} game of "
                         f"{loaded.row.game.capitalize()} here ({loaded.version} moves).",
                         steps=steps)

    # ---- the audit log ------------------------------------------------------------------

    async def audit_entries(self, mod: Moderator, limit: int = 15) -> list[AuditEntry]:
        """The server's last moderator actions, newest first (reading changes nothing, so
        it is not itself logged)."""
        await self.require_moderator(mod)
        return await self.store.list_audit(guild_id=mod.guild_id, limit=limit)

    # ---- helpers ------------------------------------------------------------------------

    async def _audit(self, mod: Moderator, action: str, game: LoadedGame | None,
                     detail: dict[str, Any] | None = None) -> None:
        await self.store.add_audit(guild_id=mod.guild_id, moderator_id=mod.user_id,
                                   action=action, detail=detail,
                                   game_id=None if game is None else game.id)

    async def _open(self, channel_id: int) -> LoadedGame:
        return await self.service.require_game(channel_id)

    async def _running(self, channel_id: int) -> LoadedGame:
        game = await self._open(channel_id)
        if game.row.status != ACTIVE:
            raise TableError("The game has not started yet.")
        return game

    async def _latest(self, channel_id: int) -> LoadedGame | None:
        """The channel's open game, else its most recent one."""
        game = await self.service.game_in_channel(channel_id)
        if game is not None:
            return game
        rows = await self.store.list_games(channel_id=channel_id, limit=1)
        return await self.service.load(rows[0].id) if rows else None

    async def _computer_moves(self, game: LoadedGame) -> Step | None:
        """Computer seats awaited now move at once, as after any step (time_out runs
        them, and every computer move it sets off)."""
        ai = [s for s in self.service.awaited_seats(game) if s.played_by_ai]
        return await self.service.time_out(game.id, ai[0].seat, by="moderator") if ai else None

    def _unpublished(self, steps: list[Step]) -> list[Step]:
        """Steps from time_out were already shown if the table has a publisher; the
        rest become one step, narrated anew (time_out puts its notes before the events)."""
        if self.service.publisher is not None or not steps:
            return []
        events = [ev for s in steps for ev in s.events]
        merged = Step(steps[-1].game, events)
        merged.lines = self.service.narrate(merged.game, events)
        return [merged]
