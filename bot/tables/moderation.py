"""What moderators may do to a channel's game (`/table-admin`), with no Discord in it.

Every operation first checks that the caller is a moderator (the Discord layer passes
what Discord says about them; the decision is made here, not in Discord's command
settings), refuses with a one-line `TableError` when it cannot be done (nothing changed
then), writes the audit log, and returns the line to announce in the channel plus any
step whose board still has to be shown."""

from __future__ import annotations

from typing import Any

from bot.games.base import IllegalAction
from bot.games.wording import later_cmd
from bot.i18n import _, _n, cmd, later, number
from bot.store import ACTIVE, LOBBY, ActionEntry, AuditEntry, LoadedGame, StoreError
from bot.tables.mod_records import RecordsMixin
from bot.tables.mod_seats import SeatsMixin
from bot.tables.not_installed import NotInstalled, end_not_installed
from bot.tables.service import Step, TableError, TableService
from bot.tables.steps import Moderator, ModResult
from bot.tables.timing import moves_at_once
from bot.tables.undo_rules import undo_refusal

__all__ = ["NOT_A_MODERATOR", "NOT_A_SERVER_MODERATOR", "Moderation", "ModResult", "Moderator"]

UNDO_WINDOW = 200  # actions looked at when walking back over computer players' moves
MAX_SKIPS_PER_TURN = 20  # a turn may ask a player a few questions in a row
MAX_EXTEND_HOURS = 14 * 24
NOT_A_MODERATOR = later("🛡️ Only moderators may use {admin}: members who can manage this "
                        "channel, or who have the server's moderator role.",
                        admin=later_cmd("table-admin"))


NOT_A_SERVER_MODERATOR = later("🛡️ This acts on the whole server: only members who can "
                               "manage the server, or who have the server's moderator role, "
                               "may use it (managing this channel is not enough).")


class Moderation(SeatsMixin, RecordsMixin):
    def __init__(self, service: TableService) -> None:
        self.service = service
        self.store = service.store

    # ---- who may ----------------------------------------------------------------------

    async def holds_role(self, mod: Moderator) -> bool:
        """Whether they have the server's moderator role."""
        if mod.guild_id is None:
            return False
        role = (await self.store.tables.get_guild_settings(mod.guild_id)).moderator_role_id
        return role is not None and role in mod.role_ids

    async def is_moderator(self, mod: Moderator) -> bool:
        """May moderate this channel's game: manages the channel or the server (who could
        give themselves the role anyway), or holds the role."""
        return mod.manage_channels or mod.manage_guild or await self.holds_role(mod)

    async def require_moderator(self, mod: Moderator) -> None:
        if not await self.is_moderator(mod):
            raise TableError(str(NOT_A_MODERATOR))

    async def is_server_moderator(self, mod: Moderator) -> bool:
        """May act on the whole server: manages it, or holds its moderator role. Managing
        one channel (a channel's overwrite) moderates that channel's games only."""
        return mod.manage_guild or await self.holds_role(mod)

    async def require_server_moderator(self, mod: Moderator) -> None:
        """For what reaches past the channel: another channel's game, the server's
        settings, the server's lists."""
        await self.require_moderator(mod)  # anyone else hears the usual refusal
        if not await self.is_server_moderator(mod):
            raise TableError(str(NOT_A_SERVER_MODERATOR))

    async def set_role(self, mod: Moderator, role_id: int | None, *,
                       managed: bool = False) -> ModResult:
        # Holding the role is not enough to hand it on, nor is managing one channel: the
        # role moderates every game of the server, so only who runs the server sets it.
        if not mod.manage_guild:
            raise TableError(later("🛡️ Only members who can manage the server may set the "
                                    "moderator role: it moderates every game of the server."))
        if mod.guild_id is None:
            raise TableError(later("The moderator role is set in a server, not in direct "
                                    "messages."))
        if role_id == mod.guild_id:  # @everyone: every member would moderate
            raise TableError(later("@everyone cannot be the moderator role: pick a role only "
                                    "your moderators hold."))
        if managed:
            raise TableError(later("That role belongs to a bot or an integration: pick a role "
                                    "you hand out yourself."))
        await self.store.tables.set_guild_settings(mod.guild_id, moderator_role_id=role_id)
        await self._audit(mod, "role", None, {"role_id": role_id})
        if role_id is None:
            return ModResult(_("🛡️ {moderator} cleared the moderator role: only members "
                               "who can manage a channel moderate its games.",
                               moderator=mod.mention))
        return ModResult(_("🛡️ {moderator} made {role} the moderator role for {admin}.",
                           moderator=mod.mention, role=f"<@&{role_id}>",
                           admin=cmd("table-admin")))

    # ---- clocks -----------------------------------------------------------------------

    async def pause(self, mod: Moderator, channel_id: int) -> ModResult:
        await self.require_moderator(mod)
        game = await self._running(channel_id)
        async with self.service.lock(game.id):
            game = await self.service.load(game.id)
            if game.row.settings.get("paused"):
                raise TableError(later("The game is already paused; {resume} restarts the "
                                        "clocks.", resume=later_cmd("table-admin resume")))
            await self.store.tables.update_settings(game.id, {"paused": True})
            await self.store.deadlines.pause_deadlines(game.id, now=self.service.clock.clock())
        await self._audit(mod, "pause", game)
        self.service.clock.poke()
        return ModResult(_("🛡️ {moderator} paused the game: the clocks stop until a "
                           "moderator resumes it (moves may still be made).",
                           moderator=mod.mention), **await self._prompt_refresh(game.id))

    async def resume(self, mod: Moderator, channel_id: int) -> ModResult:
        await self.require_moderator(mod)
        game = await self._running(channel_id)
        async with self.service.lock(game.id):
            game = await self.service.load(game.id)
            if not game.row.settings.get("paused"):
                raise TableError(later("The game is not paused."))
            await self.store.tables.update_settings(game.id, {"paused": False})
            await self.store.deadlines.resume_deadlines(game.id, now=self.service.clock.clock())
            await self.service.clock.sync(await self.service.load(game.id))
        await self._audit(mod, "resume", game)
        self.service.clock.poke()
        return ModResult(_("🛡️ {moderator} resumed the game: the clocks run again with "
                           "the time they had left.", moderator=mod.mention),
                         **await self._prompt_refresh(game.id))

    async def extend(self, mod: Moderator, channel_id: int, hours: float) -> ModResult:
        await self.require_moderator(mod)
        if not 0 < hours <= MAX_EXTEND_HOURS:
            raise TableError(later("Extend by more than 0 and at most {most} hours.",
                                    most=number(MAX_EXTEND_HOURS)))
        game = await self._running(channel_id)
        async with self.service.lock(game.id):
            moved = await self.store.deadlines.shift_deadlines(game.id, hours * 3600)
        if not moved:
            raise TableError(later("No clock is running in this game: nobody has a deadline."))
        await self._audit(mod, "extend", game, {"hours": hours})
        self.service.clock.poke()
        return ModResult(_n("🛡️ {moderator} gave the awaited players {hours} more hour.",
                            "🛡️ {moderator} gave the awaited players {hours} more hours.",
                            1 if hours == 1 else 2, moderator=mod.mention,
                            hours=number(hours)), **await self._prompt_refresh(game.id))

    async def _prompt_refresh(self, game_id: int) -> dict[str, Any]:
        """The prompt shows each deadline and whether the clocks are paused: the step
        that redraws it (not the board) after a change of the clocks alone."""
        return {"steps": [Step(await self.service.load(game_id))], "board": False}

    # ---- turns ------------------------------------------------------------------------

    async def skip(self, mod: Moderator, channel_id: int) -> ModResult:
        """Apply the deadline default now for everyone awaited (time_out, as a clock
        would, but counted as no missed deadline), for every question their turn asks
        them one after another (the kit's `turn_key`), once the line is told."""
        await self.require_moderator(mod)
        game = await self._running(channel_id)
        kit = self.service.kit(game)
        waiting = {s.seat: kit.decision_key(game.state, s.seat)
                   for s in self.service.awaited_seats(game)}
        if not waiting:
            raise TableError(later("The game waits for nobody right now."))
        await self._audit(mod, "skip", game, {"seats": list(waiting)})

        async def skip_them() -> list[Step]:
            steps: list[Step] = []
            for seat_no, decision in waiting.items():
                steps += await self._skip_turn(game.id, seat_no, decision)
            return self._unpublished(steps)

        return ModResult(_("🛡️ {moderator} skipped the awaited players.",
                           moderator=mod.mention), then=skip_them)

    async def _skip_turn(self, game_id: int, seat_no: int, decision: str) -> list[Step]:
        """The default for the decision the seat was skipped in, and for the ones of the
        same turn it is asked next; none if it answered meanwhile."""
        steps: list[Step] = []
        turn = None
        for _attempt in range(MAX_SKIPS_PER_TURN):
            now = await self.service.load(game_id)
            kit = self.service.kit(now)
            if now.row.status != ACTIVE or seat_no not in now.engine.pending(now.state):
                break
            if turn is None:
                if kit.decision_key(now.state, seat_no) != decision:
                    break  # answered meanwhile, or asked something new: not ours to skip
                turn = kit.turn_key(now.state, seat_no)
            elif kit.turn_key(now.state, seat_no) != turn:
                break  # a new turn: the skip was for the one awaited
            step = await self.service.time_out(game_id, seat_no, by="moderator")
            if step is None:
                break
            steps.append(step)
        return steps

    # ---- the game itself ----------------------------------------------------------------

    async def end(self, mod: Moderator, channel_id: int, *,
                  game_id: int | None = None) -> ModResult:
        """End now with everyone ranked, marked as ended by a moderator (D-9.3); with
        `game_id`, only that game (see `_open`)."""
        await self.require_moderator(mod)
        try:
            game = await self._open(channel_id, game_id)
        except NotInstalled as missing:  # ended without its engine: no result
            if game_id is not None and missing.row.id != game_id:
                raise TableError(later("Game {game} is over: nothing was changed.",
                                       game=game_id)) from None
            async with self.service.lock(missing.row.id):
                return await end_not_installed(self.store, mod, missing.row)
        if game.row.status == LOBBY:
            async with self.service.lock(game.id):
                await self.store.games.end_game(game.id, result={"reason": "moderator"})
            await self._audit(mod, "end", game)
            return ModResult(_("🛡️ {moderator} closed the table before the game began.",
                               moderator=mod.mention), lobby=await self.service.load(game.id))
        async with self.service.lock(game.id):
            game = await self.service.load(game.id)
            try:
                result = await self.store.actions.submit(
                    game.id, self.service.kit(game).moderator_end(game.state),
                    expected_version=game.version, actor_id=mod.user_id)
            except (IllegalAction, StoreError) as exc:
                raise TableError(later("This game cannot be ended: {why}.",
                                        why=str(exc).rstrip("."))) from exc
            step = Step(await self.service.load(game.id), list(result.events))
            step.lines = await self.service.narration(step.game, step.events)
            await self.service.clock.sync(step.game)
        await self._audit(mod, "end", game, {"version": result.version})
        return ModResult(_("🛡️ {moderator} ended the game: everyone is ranked as it "
                           "stands.", moderator=mod.mention), steps=[step])

    async def undo(self, mod: Moderator, channel_id: int) -> ModResult:
        """Take back the last public step: the last move of a person (or a deadline) and
        the computer players' moves it set off. Refused if it revealed anything, if the
        last move is secret, or if the game is over."""
        await self.require_moderator(mod)
        latest = await self._latest(channel_id)
        if latest is not None and latest.row.status not in (LOBBY, ACTIVE) \
                and latest.row.seed is not None:
            raise TableError(later("Cannot undo: the last step ended the game, and a finished "
                                    "game is not taken back."))
        game = await self._running(channel_id)
        async with self.service.lock(game.id):
            game = await self.service.load(game.id)
            target, removed = await self._undo_span(game)
            try:
                await self.store.moderation.undo(
                    game.id, to_version=target, expected_version=game.version,
                    moderator_id=mod.user_id, guild_id=mod.guild_id)
            except StoreError as exc:
                raise TableError(later("Cannot undo: {why}.", why=str(exc).rstrip("."))) from exc
            step = Step(await self.service.load(game.id))
            await self.service.clock.sync(step.game)

        async def computer_moves() -> list[Step]:  # a seat taken over since then
            moved = await self._computer_moves(step.game)
            return [step] if moved is None else self._unpublished([moved])

        await self.service.commitments.refresh(game)
        quiet = self.service.kit(game).quiet_events
        lines = [line for e in reversed(removed) for ev, line in
                 zip(e.events, self.service.narrate(game, e.events), strict=True)
                 if ev["type"] not in quiet]
        told = " ".join(lines[:6]) + (" …" if len(lines) > 6 else "")
        # Whoever must act again was pinged for it before: name them once more.
        again = [s.user_id for s in self.service.awaited_seats(step.game)
                 if s.user_id is not None and not s.played_by_ai]
        line = _("🛡️ {moderator} took back the last step: {told}", moderator=mod.mention,
                 told=told) if told else \
            _("🛡️ {moderator} took back the last step.", moderator=mod.mention)
        if again:
            line += " " + _("{members}: your turn again.",
                            members=" ".join(f"<@{u}>" for u in again))
        return ModResult(line, then=computer_moves, ping=again)

    async def _undo_span(self, game: LoadedGame) -> tuple[int, list[ActionEntry]]:
        """The version to go back to and the actions that go, newest first: walk back
        over the computer players' moves to the last move made for a person (by them, by
        a moderator or at their deadline, TABLE_ACTOR: an autopilot's answer at its
        deadline is one too)."""
        if game.version == 0:
            raise TableError(later("Cannot undo: nothing has been played yet."))
        entries = {e.seq: e for e in await self.store.actions.log(
            game.id, after_version=max(0, game.version - UNDO_WINDOW))}
        target, removed = game.version, []
        while target > 0:
            entry = entries.get(target)
            if entry is None:
                raise TableError(later("Cannot undo: the last step is too long to take back."))
            why = undo_refusal(game.row.game, entry)
            if why:
                raise TableError(later("Cannot undo the last step: {why}.", why=_(why)))
            removed.append(entry)
            target -= 1
            seat = entry.action.get("seat")
            by_ai = isinstance(seat, int) and 0 <= seat < len(game.seats) \
                and game.seats[seat].played_by_ai
            if entry.actor_id is not None or not by_ai:
                break
        return target, removed

    # ---- the audit log ------------------------------------------------------------------

    async def audit_entries(self, mod: Moderator, limit: int = 15,
                            channel_id: int | None = None) -> list[AuditEntry]:
        """The server's last moderator actions, newest first; with `channel_id`, those on
        the games of that channel (reading changes nothing, so it is not itself logged)."""
        await self.require_server_moderator(mod)
        return await self.store.moderation.list_audit(guild_id=mod.guild_id, channel_id=channel_id,
                                                      limit=limit)

    # ---- helpers ------------------------------------------------------------------------

    async def _audit(self, mod: Moderator, action: str, game: LoadedGame | None,
                     detail: dict[str, Any] | None = None) -> None:
        await self.store.moderation.add_audit(guild_id=mod.guild_id, moderator_id=mod.user_id,
                                              action=action, detail=detail,
                                              game_id=None if game is None else game.id)

    async def _open(self, channel_id: int, game_id: int | None = None) -> LoadedGame:
        """The channel's open game; with `game_id`, only if it is still that game (a
        confirmation given for a game that has ended since is refused)."""
        game = await self.service.require_game(channel_id)
        if game_id is not None and game.id != game_id:
            raise TableError(later("Game {game} is over: nothing was changed.", game=game_id))
        return game

    async def _running(self, channel_id: int) -> LoadedGame:
        game = await self._open(channel_id)
        if game.row.status != ACTIVE:
            raise TableError(later("The game has not started yet."))
        return game

    async def _latest(self, channel_id: int) -> LoadedGame | None:
        """The channel's open game, else its most recent one."""
        game = await self.service.game_in_channel(channel_id)
        if game is not None:
            return game
        rows = await self.store.games.list_games(channel_id=channel_id, limit=1)
        return await self.service.load(rows[0].id) if rows else None

    async def _computer_moves(self, game: LoadedGame) -> Step | None:
        """Computer seats awaited now move at once, as after any step (time_out runs
        them, and every computer move it sets off), and so does a person's decision with
        one possible answer."""
        ai = [s for s in self.service.awaited_seats(game) if moves_at_once(game, s.seat)]
        if ai:
            return await self.service.time_out(game.id, ai[0].seat, by="computer")
        return await self.service.answer_at_once(game.id)  # one possible answer (D-11.1)

    def _unpublished(self, steps: list[Step]) -> list[Step]:
        """Steps from time_out were already shown if the table has a publisher; the
        rest become one step, narrated anew (time_out puts its notes before the events)."""
        if self.service.publisher is not None or not steps:
            return []
        events = [ev for s in steps for ev in s.events]
        merged = Step(steps[-1].game, events, since=steps[0].since)
        merged.lines = self.service.narrate(merged.game, events)
        merged.notes = [line for s in steps for line in s.notes]
        return [merged]
