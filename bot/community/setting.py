"""The server's rating setting (`/table-admin rating`): whether games ended by a
moderator, or with computer players, count. Moderators only; no Discord here."""

from __future__ import annotations

from dataclasses import replace

from bot.games.wording import later_cmd
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
    policy = await store.ratings.policy(mod.guild_id)
    if moderated is None and computers is None:  # a lookup: for the asker, in their words
        return ModResult(later("🛡️ Ratings: {policy}.", policy=describe(policy)),
                         private=True)
    await mod_ops.require_server_moderator(mod)  # the policy is the whole server's
    policy = replace(policy, **{k: v for k, v in (("moderated", moderated),
                                                   ("computers", computers)) if v is not None})
    await store.ratings.set_policy(mod.guild_id, policy)
    await store.moderation.add_audit(guild_id=mod.guild_id, moderator_id=mod.user_id,
                                     action="rating", detail=policy.to_json())
    return ModResult(_("🛡️ {moderator} changed the ratings: from now on {policy} (games "
                       "already finished keep how they were counted).",
                       moderator=mod.mention, policy=describe(policy)))


async def void_game(mod_ops: Moderation, mod: Moderator, game_id: int, *,
                    restore: bool = False) -> ModResult:
    """Void a finished game of the server for its ratings (`restore`: count it again);
    every rating of its kind in the server is recomputed without (or with) it."""
    await mod_ops.require_server_moderator(mod)  # a game of any channel of the server
    if mod.guild_id is None:
        raise TableError(_("Ratings are kept per server: use this in a server."))
    done = await mod_ops.store.ratings.void(mod.guild_id, game_id, voided=not restore)
    if done == "unknown":
        raise TableError(later("Game {game} is not a finished game of this server.",
                               game=game_id))
    if done == "not counted":
        raise TableError(later("Game {game} does not count for the ratings anyway.",
                               game=game_id))
    if done == "not voided":
        raise TableError(later("Game {game} was not voided: it does not count for another "
                               "reason (see {setting}).", game=game_id,
                               setting=later_cmd("table-admin rating")))
    if done == "unchanged":
        return ModResult(later("Game {game} counts already.", game=game_id) if restore
                         else later("Game {game} is voided already.", game=game_id),
                         private=True)
    await mod_ops.store.moderation.add_audit(
        guild_id=mod.guild_id, moderator_id=mod.user_id,
        action="unvoid" if restore else "void", game_id=game_id)
    if restore:
        return ModResult(_("🛡️ {moderator} counted game {game} for the ratings again: "
                           "they are recomputed with it.", moderator=mod.mention, game=game_id))
    return ModResult(_("🛡️ {moderator} voided game {game}: it no longer counts for the "
                       "ratings, which are recomputed without it.", moderator=mod.mention,
                       game=game_id))
