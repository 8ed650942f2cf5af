"""The server's rating setting (`/table-admin rating`): whether games ended by a
moderator, or with computer players, count. Moderators only; no Discord here."""

from __future__ import annotations

from dataclasses import replace

from bot.i18n import Later, _, later
from bot.store.ratings import RatingPolicy
from bot.tables.moderation import Moderation, Moderator, ModResult
from bot.tables.service import TableError


def describe(policy: RatingPolicy) -> Later:
    """What counts, as a clause: 'games ended by a moderator count, games with computer
    players do not count'; said in the language it is read in."""
    if policy.moderated and policy.computers:
        return later("games ended by a moderator count, games with computer players count")
    if policy.moderated:
        return later("games ended by a moderator count, games with computer players do not "
                     "count")
    if policy.computers:
        return later("games ended by a moderator do not count, games with computer players "
                     "count")
    return later("games ended by a moderator do not count, games with computer players do "
                 "not count")


async def set_rating(mod_ops: Moderation, mod: Moderator, *, moderated: bool | None,
                     computers: bool | None) -> ModResult:
    """Change what was given; with nothing given, say what the setting is."""
    await mod_ops.require_moderator(mod)
    if mod.guild_id is None:
        raise TableError(_("Ratings are kept per server: use this in a server."))
    store = mod_ops.store
    policy = await store.rating_policy(mod.guild_id)
    if moderated is None and computers is None:  # a lookup: for the asker, in their words
        return ModResult(later("🛡️ Ratings: {policy}.", policy=describe(policy)),
                         private=True)
    policy = replace(policy, **{k: v for k, v in (("moderated", moderated),
                                                   ("computers", computers)) if v is not None})
    await store.set_rating_policy(mod.guild_id, policy)
    await store.add_audit(guild_id=mod.guild_id, moderator_id=mod.user_id, action="rating",
                          detail=policy.to_json())
    return ModResult(_("🛡️ {moderator} changed the ratings: from now on {policy} (games "
                       "already finished keep how they were counted).",
                       moderator=mod.mention, policy=describe(policy)))
