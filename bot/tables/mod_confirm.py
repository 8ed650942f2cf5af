"""Which moderator actions ask "are you sure?" first: those that cannot be taken back,
ending a running game and removing a player from one. A lobby's changes are made at
once (nothing is lost there). No Discord here: the question is said in the language
current when it is made (the asker's: it is for them alone)."""

from __future__ import annotations

from bot.games.wording import user_text
from bot.i18n import _, cmd
from bot.store import ACTIVE
from bot.tables.mod_seats import refuse_last_person
from bot.tables.moderation import Moderation
from bot.tables.not_installed import NotInstalled, end_question
from bot.tables.steps import Moderator

ASKED_FIRST = ("end", "kick")


async def confirmation(moderation: Moderation, mod: Moderator, channel_id: int, action: str,
                       user: int | None = None) -> tuple[int, str] | None:
    """The game the action would change and the question to ask first; None when it is
    done without asking (a lobby, or a refusal the action itself gives)."""
    await moderation.require_moderator(mod)
    service = moderation.service
    try:
        game = await service.require_game(channel_id)
    except NotInstalled as missing:  # only ending it is left to do
        if action != "end":
            raise
        return missing.row.id, end_question(missing.row)
    if action not in ASKED_FIRST or game.row.status != ACTIVE:
        return None
    title = service.kit(game).title
    if action == "end":
        return game.id, _("🛡️ End {title} game {game} now? Everyone is ranked as it stands, "
                          "and it cannot be undone.", title=title, game=game.id)
    seat = service.seat_of(game, user) if user is not None else None
    if seat is None:
        return None
    refuse_last_person(game, seat)  # refused before asking, not after the Yes
    return game.id, _("🛡️ Remove {member} from {title} game {game}? The computer plays "
                      "{seat}'s seat from then on; {replace} can seat someone else in it.",
                      member=f"<@{user}>", title=title, game=game.id, seat=user_text(seat.name),
                      replace=cmd("table-admin replace"))
