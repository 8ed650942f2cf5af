"""Tables of a game this bot no longer has (its code removed or renamed, then a restart):
its rows are in the store, its engine is not. Such a table blocks nothing: it is listed
as "game not installed", every request to it is refused in one line naming what a
moderator can do, and a moderator ends it, so that its channel takes a new game."""

from __future__ import annotations

from bot.i18n import _, cmd
from bot.store import GameRow, Store
from bot.tables.kits import game_title
from bot.tables.steps import Moderator, ModResult, TableError


def not_installed_line() -> str:
    """What a table of a game this bot no longer has answers, in one line."""
    return _("This table's game is not installed on this bot any more; a moderator can end "
             "it with {end}.", end=cmd("table-admin end"))


class NotInstalled(TableError):
    """A request to a table whose game is not installed (`row` is its stored row)."""

    def __init__(self, row: GameRow) -> None:
        self.row = row
        super().__init__(not_installed_line())


def end_question(row: GameRow) -> str:
    """What a moderator is asked before ending such a table."""
    return _("🛡️ End {title} game {game} now? Its game is not installed, so it ends "
             "without a result, and it cannot be undone.", title=game_title(row.game),
             game=row.id)


async def end_not_installed(store: Store, mod: Moderator, row: GameRow) -> ModResult:
    """End the table with no result: nothing of its game can be worked out without its
    engine. Its deadlines go with it (the store's `end_game`)."""
    await store.games.end_game(row.id, result={"reason": "moderator"})
    await store.moderation.add_audit(guild_id=mod.guild_id, moderator_id=mod.user_id, action="end",
                                     detail={"not_installed": row.game}, game_id=row.id)
    return ModResult(_("🛡️ {moderator} ended the table of {title}, a game no longer "
                       "installed here: this channel is free for a new game.",
                       moderator=mod.mention, title=game_title(row.game)))
