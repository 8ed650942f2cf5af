"""Errors the store raises. Each carries a one-line message fit to show a player or a
moderator (in the reader's language, for those a player or a moderator can meet); the
attributes let callers react without parsing text.

Illegal moves are not here: the engine's `IllegalAction` reaches the caller unchanged, so
the rule it names is never lost.
"""

from __future__ import annotations

from bot.i18n import N_, _

# The statuses as a refusal names them (the ids are stored data).
STATUS_WORDS = {"lobby": N_("lobby"), "active": N_("active"), "finished": N_("finished"),
                "ended": N_("ended"), "started": N_("started")}


def status_word(status: str) -> str:
    """'lobby', or 'lobby or active' from a list the store joined with " or "."""
    words = [_(STATUS_WORDS[s]) if s in STATUS_WORDS else s for s in status.split(" or ")]
    if len(words) == 1:
        return words[0]
    return _("{first} or {last}", first=", ".join(words[:-1]), last=words[-1])


class StoreError(Exception):
    """Base of every store error."""


class UnknownGame(StoreError):
    def __init__(self, game_id: object) -> None:
        self.game_id = game_id
        super().__init__(_("there is no game {game}", game=repr(game_id)))


class BadAction(StoreError):
    """The action is not something the store can log (not a dict, no seat/type, not JSON)."""


class StaleVersion(StoreError):
    def __init__(self, game_id: int, current: int, given: int) -> None:
        self.game_id = game_id
        self.current = current
        self.given = given
        super().__init__(_(
            "game {game} is at version {current}, but the action was made for version "
            "{given}; look at the board again and retry", game=game_id, current=current,
            given=given))


class KeyReused(StoreError):
    """An idempotency key came back with a different action than the one it first named."""

    def __init__(self, game_id: int, key: str, version: int) -> None:
        self.game_id = game_id
        self.key = key
        self.version = version
        super().__init__(
            f"idempotency key {key!r} of game {game_id} was already used for another action "
            f"(version {version})"
        )


class WrongStatus(StoreError):
    """The game is not in the state the operation needs (e.g. an action on a lobby)."""

    def __init__(self, game_id: int, status: str, wanted: str) -> None:
        self.game_id = game_id
        self.status = status
        self.wanted = wanted
        super().__init__(_("game {game} is {status}, not {wanted}", game=game_id,
                           status=status_word(status), wanted=status_word(wanted)))


class ChannelBusy(StoreError):
    """A channel already holds a game in its lobby or in play."""

    def __init__(self, channel_id: int, game_id: int | None) -> None:
        self.channel_id = channel_id
        self.game_id = game_id
        super().__init__(
            _("channel {channel} already has a game open", channel=channel_id)
            if game_id is None else
            _("channel {channel} already has a game open (game {game})", channel=channel_id,
              game=game_id))


class SeatError(StoreError):
    """A seat operation that makes no sense: unknown seat, user already seated, ..."""


class CannotStart(StoreError):
    """The engine refused to set up the game (player count, settings, ...)."""


class BadRecord(StoreError):
    """A game record that cannot be imported."""


class StateMismatch(StoreError):
    """Rebuilding a game from its snapshot and log does not give the state last written.
    Never ignored: it means the log, a snapshot or the engine's determinism is broken."""

    def __init__(self, game_id: int, version: int, detail: str) -> None:
        self.game_id = game_id
        self.version = version
        self.detail = detail
        super().__init__(f"game {game_id} at version {version} does not rebuild: {detail}")


class SchemaTooNew(StoreError):
    def __init__(self, found: int, known: int) -> None:
        self.found = found
        self.known = known
        super().__init__(
            f"the database schema is version {found} but this code knows only up to {known}; "
            "upgrade the bot before opening it"
        )
