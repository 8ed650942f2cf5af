"""Interaction records and the handles tests await the bot's answers on."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .events import WAIT_S, EmulatorError
from .messages import walk_components
from .models import EmuChannel, EmuGuild, EmuUser

if TYPE_CHECKING:
    from .events import EventLog
    from .messages import EmuMessage

# Interaction types
APPLICATION_COMMAND = 2
MESSAGE_COMPONENT = 3
AUTOCOMPLETE = 4
MODAL_SUBMIT = 5

# Callback types
CHANNEL_MESSAGE = 4
DEFERRED_CHANNEL_MESSAGE = 5
DEFERRED_UPDATE_MESSAGE = 6
UPDATE_MESSAGE = 7
AUTOCOMPLETE_RESULT = 8
MODAL = 9

ALLOWED_CALLBACKS: dict[int, set[int]] = {
    APPLICATION_COMMAND: {CHANNEL_MESSAGE, DEFERRED_CHANNEL_MESSAGE, MODAL},
    MESSAGE_COMPONENT: {
        CHANNEL_MESSAGE,
        DEFERRED_CHANNEL_MESSAGE,
        DEFERRED_UPDATE_MESSAGE,
        UPDATE_MESSAGE,
        MODAL,
    },
    AUTOCOMPLETE: {AUTOCOMPLETE_RESULT},
    MODAL_SUBMIT: {
        CHANNEL_MESSAGE,
        DEFERRED_CHANNEL_MESSAGE,
        DEFERRED_UPDATE_MESSAGE,
        UPDATE_MESSAGE,
    },
}


# An interaction's token works for followups and edits this long after it was created.
TOKEN_LIFETIME_S = 15 * 60


@dataclass(frozen=True)
class InteractionFailure:
    """An interaction the user saw fail: "This interaction failed" in the client."""

    interaction: InteractionRecord
    reason: str

    def __str__(self) -> str:
        what = self.interaction.command_name or self.interaction.data.get("custom_id", "?")
        return f"{what} by {self.interaction.user.name}: {self.reason}"


@dataclass(eq=False)
class EmuModal:
    """A modal the bot opened (callback type 9)."""

    custom_id: str
    title: str
    components: list[dict[str, Any]]
    interaction: InteractionRecord

    def inputs(self) -> list[dict[str, Any]]:
        """The submittable components (those with a custom_id), in display order."""
        return [c for c in walk_components(self.components) if "custom_id" in c]


@dataclass(eq=False)
class InteractionRecord:
    """Everything about one interaction the emulator dispatched."""

    id: int
    token: str
    type: int
    user: EmuUser
    channel: EmuChannel
    guild: EmuGuild | None
    data: dict[str, Any]
    application_id: int
    # The message a component or modal interaction came from.
    source_message: EmuMessage | None = None
    # For modal submits: the interaction whose callback opened the modal.
    source_interaction: InteractionRecord | None = None
    payload: dict[str, Any] = field(default_factory=dict)
    dispatched_at: float | None = None
    # The emulator's clock when the interaction was created (the token's age).
    created_at: float = 0.0
    failed: str | None = None
    callback_at: float | None = None
    callback_type: int | None = None
    callback_data: dict[str, Any] = field(default_factory=dict)
    original_message: EmuMessage | None = None
    followups: list[EmuMessage] = field(default_factory=list)
    modal: EmuModal | None = None
    choices: list[dict[str, Any]] | None = None

    def __repr__(self) -> str:
        return f"<InteractionRecord id={self.id} type={self.type} callback={self.callback_type}>"

    @property
    def acknowledged(self) -> bool:
        return self.callback_type is not None

    @property
    def latency(self) -> float | None:
        """Seconds from sending INTERACTION_CREATE to the callback arriving."""
        if self.dispatched_at is None or self.callback_at is None:
            return None
        return self.callback_at - self.dispatched_at

    @property
    def command_name(self) -> str | None:
        """Qualified command name, e.g. ``"doge ballot"``, for command interactions."""
        if self.type not in (APPLICATION_COMMAND, AUTOCOMPLETE):
            return None
        parts = [self.data["name"]]
        options = self.data.get("options", [])
        while options and options[0].get("type") in (1, 2):
            parts.append(options[0]["name"])
            options = options[0].get("options", [])
        return " ".join(parts)

    def messages(self) -> list[EmuMessage]:
        """Messages this interaction created, original response first."""
        out: list[EmuMessage] = []
        if self.original_message is not None and self.original_message is not self.source_message:
            out.append(self.original_message)
        out += [m for m in self.followups if m not in out]
        return out

    def metadata_payload(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "id": str(self.id),
            "type": self.type,
            "user": self.user.payload(),
            "authorizing_integration_owners": {"0": str(self.guild.id) if self.guild else "0"},
        }
        if self.command_name:
            data["name"] = self.command_name
        if self.source_message is not None and self.type == MESSAGE_COMPONENT:
            data["interacted_message_id"] = str(self.source_message.id)
        return data


class InteractionHandle:
    """What ``slash``/``click``/``select``/``submit_modal``/``autocomplete`` return.

    ``await handle.wait()`` gives the message the interaction produced; the other
    methods wait for callbacks, followups, modals and autocomplete choices.
    """

    def __init__(self, record: InteractionRecord, log: EventLog) -> None:
        self.record = record
        self._log = log

    def __repr__(self) -> str:
        return f"<InteractionHandle {self.record!r}>"

    @property
    def id(self) -> int:
        return self.record.id

    @property
    def latency(self) -> float | None:
        return self.record.latency

    @property
    def followups(self) -> list[EmuMessage]:
        return list(self.record.followups)

    async def callback(self, timeout: float = WAIT_S) -> InteractionRecord:
        """Wait until the bot acknowledged the interaction; return the record."""
        rec = self.record

        def answered() -> InteractionRecord | None:
            if rec.failed is not None:
                raise EmulatorError(f"the interaction failed for the user: {rec.failed}")
            return rec if rec.acknowledged else None

        return await self._log.wait(answered, timeout, f"callback to {rec!r}")

    async def wait(self, timeout: float = WAIT_S) -> EmuMessage:
        """Wait for the visible answer and return the message in its current state.

        Type 4: the new message. Type 7: the updated source message. Type 5 (defer):
        the original once edited or filled by a followup. Type 6: the source message
        once edited after the callback, or the first followup.
        """
        rec = await self.callback(timeout)
        if rec.callback_type == MODAL:
            raise EmulatorError("the bot answered with a modal; use handle.modal()")
        if rec.callback_type == AUTOCOMPLETE_RESULT:
            raise EmulatorError("the bot answered with autocomplete choices; use handle.choices()")

        def ready() -> EmuMessage | None:
            original = rec.original_message
            if rec.callback_type == DEFERRED_CHANNEL_MESSAGE:
                if original is not None and not original.loading:
                    return original
                return rec.followups[0] if rec.followups else None
            if rec.callback_type == DEFERRED_UPDATE_MESSAGE:
                if rec.followups:
                    return rec.followups[0]
                cb_at = rec.callback_at or 0.0
                if original is not None and original.history and original.history[-1].at >= cb_at:
                    return original
                return None
            return original

        return await self._log.wait(ready, timeout, f"a message answering {rec!r}")

    async def followup(self, index: int = 0, timeout: float = WAIT_S) -> EmuMessage:
        """Wait for the ``index``-th followup message (0-based)."""
        rec = self.record
        return await self._log.wait(
            lambda: rec.followups[index] if len(rec.followups) > index else None,
            timeout,
            f"followup #{index} of {rec!r}",
        )

    async def modal(self, timeout: float = WAIT_S) -> EmuModal:
        rec = await self.callback(timeout)
        if rec.modal is None:
            raise EmulatorError(f"expected a modal, got callback type {rec.callback_type}")
        return rec.modal

    async def choices(self, timeout: float = WAIT_S) -> list[dict[str, Any]]:
        rec = await self.callback(timeout)
        if rec.choices is None:
            raise EmulatorError(f"expected autocomplete choices, got type {rec.callback_type}")
        return rec.choices
