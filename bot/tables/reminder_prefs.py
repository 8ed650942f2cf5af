"""A player's reminder preferences (`/<game> notify`): what may be changed is decided
here, the store keeps them, and the cog only words the answer."""

from __future__ import annotations

from typing import Any

from bot.games.wording import later_cmd, user_text
from bot.i18n import later
from bot.store import Store, UserPrefs
from bot.tables.steps import TableError
from bot.tables.timing import DAY, parse_zone


async def set_reminder_prefs(store: Store, user_id: int, changes: dict[str, Any], *,
                             now: float, game: str) -> UserPrefs:
    """Store the changes to `user_id`'s preferences; TableError (nothing changed) for an
    unknown time zone, or half a quiet-hours window while none is set: it would silently
    do nothing. Once a window is set, either end may be changed alone."""
    if "tz" in changes and parse_zone(changes["tz"]) is None:
        raise TableError(later("Unknown time zone {zone}; use a name like Europe/Amsterdam "
                               "or America/New_York.", zone=user_text(repr(changes["tz"]))))
    if ("quiet_start" in changes) != ("quiet_end" in changes) and \
            (await store.tables.get_user_prefs(user_id)).quiet is None:
        raise TableError(later(
            "Quiet hours need a start and an end: give both, e.g. {example} (once set, "
            "either can be changed alone). Nothing was changed.",
            example=later_cmd(f"{game} notify quiet_start:22 quiet_end:7")))
    if changes.get("digest"):  # the first digest a day from now, then daily
        changes = {**changes, "digest_next": now + DAY}
    return await store.tables.set_user_prefs(user_id, **changes)
