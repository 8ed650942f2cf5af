"""The server's language: what the channel messages and the boards speak
(`/table-admin language`). Private answers follow each person's own Discord locale.

Kept in the guild's settings (`extra.language`); read often (every channel message), so
held in memory. On PostgreSQL a change made through another process drops it at once (the
store's settings notices); `TTL_S` bounds how long it could be held should a notice be
lost."""

from __future__ import annotations

import time
from collections.abc import Callable

from bot.i18n import LANGUAGE_NAMES, LANGUAGES, SOURCE_LANGUAGE, _, later, speaking
from bot.store import Store
from bot.tables.moderation import Moderation, Moderator, ModResult
from bot.tables.steps import TableError

LANGUAGE_KEY = "language"  # in guild_settings.extra
TTL_S = 30.0


class ServerLanguages:
    def __init__(self, store: Store, clock: Callable[[], float] = time.monotonic) -> None:
        self.store = store
        self.clock = clock
        self._known: dict[int, tuple[str, float]] = {}
        # Counts the notices heard: a read that a notice overtook is not kept, as it may
        # hold the value from before the change.
        self._forgotten = 0

    async def watch(self) -> None:
        """From now on, a change of a server's settings in any process is seen at once."""
        await self.store.tables.watch_settings(self.forget)

    def forget(self, guild_id: int | None) -> None:
        """The server's language is read again next time (None: every server's)."""
        self._forgotten += 1
        if guild_id is None:
            self._known.clear()
        else:
            self._known.pop(guild_id, None)

    async def of(self, guild_id: int | None) -> str:
        """The server's language; English outside a server (DMs) and until one is set."""
        if guild_id is None:
            return SOURCE_LANGUAGE
        known = self._known.get(guild_id)
        if known is not None and self.clock() - known[1] < TTL_S:
            return known[0]
        forgotten = self._forgotten
        settings = await self.store.tables.get_guild_settings(guild_id)
        language = settings.extra.get(LANGUAGE_KEY, SOURCE_LANGUAGE)
        if language not in LANGUAGES:
            language = SOURCE_LANGUAGE
        if forgotten == self._forgotten:
            self._known[guild_id] = (language, self.clock())
        return language

    async def set(self, guild_id: int, language: str) -> None:
        settings = await self.store.tables.get_guild_settings(guild_id)
        await self.store.tables.set_guild_settings(
            guild_id, extra={**settings.extra, LANGUAGE_KEY: language})
        self._known[guild_id] = (language, self.clock())


def language_choice(text: str) -> str | None:
    """'nl', 'Nederlands', 'dutch', 'en', 'English' -> a language code; None if unknown."""
    wanted = text.strip().lower()
    for code, name in LANGUAGE_NAMES.items():
        if wanted in (code, name.lower()) or (code, wanted) in (("nl", "dutch"),
                                                                 ("en", "engels"),
                                                                 ("nl", "nederlands")):
            return code
    return None


async def set_language(mod_ops: Moderation, languages: ServerLanguages, mod: Moderator,
                       language: str | None) -> ModResult:
    """With a language: change it (moderators only); without: say which it is."""
    if mod.guild_id is None:
        raise TableError(later("The language is set per server: use this in a server."))
    now = await languages.of(mod.guild_id)
    if language is None:
        # Lazy: said to the asker alone, so in their language, not the channel's.
        return ModResult(later("🌐 This server's games speak {language}.",
                               language=LANGUAGE_NAMES[now]), private=True)
    await mod_ops.require_server_moderator(mod)  # every channel of the server speaks it
    code = language_choice(language)
    if code is None:
        raise TableError(later("Choose one of: {languages}.",
                                languages=", ".join(LANGUAGE_NAMES.values())))
    await languages.set(mod.guild_id, code)
    await mod_ops.store.moderation.add_audit(guild_id=mod.guild_id, moderator_id=mod.user_id,
                                             action="language", detail={"language": code})
    with speaking(code):  # said in the new language, to everyone
        return ModResult(_("🌐 {moderator} set this server's language to {language}: new "
                           "channel messages and boards speak it; private answers follow "
                           "each player's own Discord language.",
                           moderator=mod.mention, language=LANGUAGE_NAMES[code]))
