"""A moderator's export and import of game records (`/table-admin export|import`). Part
of the moderator operations (mixed into `Moderation`)."""

from __future__ import annotations

import json
from typing import Any

from bot.i18n import _, _n, later
from bot.store import ACTIVE, Store, StoreError
from bot.store.records import PUBLIC_EXPORT_FORMAT
from bot.tables.record_checks import BadImport, check_import
from bot.tables.steps import Moderator, ModResult, Step, TableError


class RecordsMixin:
    """Uses the moderation's service, store, require_moderator(), _audit(), _latest(),
    _computer_moves_after() and _unpublished()."""

    service: Any  # the TableService
    store: Store

    async def export(self, mod: Moderator, channel_id: int) -> ModResult:
        """A finished game's full record; for a running game only what is public."""
        await self.require_moderator(mod)
        game = await self._latest(channel_id)
        if game is None:
            raise TableError(later("There is no game in this channel."))
        if game.row.seed is None:
            raise TableError(later("This game never started: there is nothing to export."))
        name = f"{game.row.game}-game-{game.id}"
        if game.row.status == ACTIVE:
            data, partial = await self.store.records.export_public(game.id), True
            name += "-public"
        else:
            data, partial = await self.store.records.export_game(game.id), False
        await self._audit(mod, "export", game, {"partial": partial})
        said = (_("🛡️ {moderator} exported the public part of the running game (no "
                  "secret in it).", moderator=mod.mention) if partial else
                _("🛡️ {moderator} exported the game record.", moderator=mod.mention))
        return ModResult(said,
                         file=(name + ".json", json.dumps(data, indent=1).encode()))

    async def import_record(self, mod: Moderator, channel_id: int, guild_id: int | None,
                            data: bytes, user_ids: list[int] | None = None,
                            parent_channel_id: int | None = None) -> ModResult:
        """Restore a record into this channel, if it has no open game. `user_ids` take
        the people's seats in order; seats left over are played by the computer."""
        await self.require_moderator(mod)
        if await self.store.games.open_game_in_channel(channel_id) is not None:
            raise TableError(later("This channel already has a game open: end it first, or "
                                    "import into another channel."))
        try:
            record = json.loads(data)
        except (UnicodeDecodeError, ValueError, RecursionError):  # deep nesting recurses
            raise TableError(later("That file is not a game record (it is not JSON).")) from None
        if isinstance(record, dict) and record.get("format") == PUBLIC_EXPORT_FORMAT:
            raise TableError(later("That is the public export of a running game: it holds no "
                                    "secrets, so the game cannot be restored from it."))
        try:  # as strict as typed input: a stored setting is read by every start
            check_import(record)
        except BadImport as exc:
            raise TableError(later("Cannot import: {why}.", why=exc.args[0])) from None
        try:
            loaded = await self.store.records.import_for_people(
                record, people=list(user_ids or []), guild_id=guild_id,
                channel_id=channel_id, parent_channel_id=parent_channel_id,
                created_by=mod.user_id)
        except StoreError as exc:
            raise TableError(later("Cannot import: {why}.", why=str(exc).rstrip("."))) from exc
        await self._audit(mod, "import", loaded,
                          {"actions": loaded.version, "users": user_ids or []})
        await self.service.clock.sync(loaded)
        # The game as restored is shown first; then what it sets off: computer seats
        # move, and a decision with one answer is made (D-11.1), each told after it.
        steps, then = [Step(loaded)], self._computer_moves_after(loaded.id)
        values = {"moderator": mod.mention, "title": self.service.kit(loaded).title,
                  "n": loaded.version}
        if loaded.row.status == ACTIVE:
            return ModResult(_n("🛡️ {moderator} restored a running game of {title} here "
                                "({n} move).", "🛡️ {moderator} restored a running game of "
                                "{title} here ({n} moves).", **values), steps=steps,
                             then=then)
        return ModResult(_n("🛡️ {moderator} restored a finished game of {title} here "
                            "({n} move).", "🛡️ {moderator} restored a finished game of "
                            "{title} here ({n} moves).", **values), steps=steps)
