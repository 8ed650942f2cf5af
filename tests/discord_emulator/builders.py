"""Build interaction ``data`` payloads from synced commands, messages and modals."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from .events import EmulatorError
from .messages import EmuAttachment, EmuMessage, walk_components
from .models import EmuChannel, EmuGuild, EmuRole, EmuUser

# Application command option types
SUB_COMMAND, SUB_COMMAND_GROUP = 1, 2
STRING, INTEGER, BOOLEAN, USER, CHANNEL, ROLE, MENTIONABLE, NUMBER, ATTACHMENT = (
    3,
    4,
    5,
    6,
    7,
    8,
    9,
    10,
    11,
)
# Component types
BUTTON, STRING_SELECT, TEXT_INPUT = 2, 3, 4
USER_SELECT, ROLE_SELECT, MENTIONABLE_SELECT, CHANNEL_SELECT = 5, 6, 7, 8
SELECT_TYPES = (STRING_SELECT, USER_SELECT, ROLE_SELECT, MENTIONABLE_SELECT, CHANNEL_SELECT)
ACTION_ROW, TEXT_DISPLAY, LABEL, FILE_UPLOAD = 1, 10, 18, 19
RADIO_GROUP, CHECKBOX_GROUP, CHECKBOX = 21, 22, 23

# Attachment options and file-upload inputs take (filename, data) tuples.
Upload = tuple[str, bytes]


@dataclass
class Resolver:
    """Collects the ``resolved`` block for snowflake-typed values."""

    guild: EmuGuild | None
    channel_perms: Callable[[EmuChannel], int]
    make_attachment: Callable[[str, bytes], EmuAttachment]
    resolved: dict[str, dict[str, Any]] = field(default_factory=dict)

    def _put(self, kind: str, key: int, value: dict[str, Any]) -> str:
        self.resolved.setdefault(kind, {})[str(key)] = value
        return str(key)

    def add(self, value: Any) -> str:
        """Register an entity and return its id as the option value."""
        if isinstance(value, EmuUser):
            if self.guild is not None and value.id in self.guild.members:
                member = self.guild.members[value.id].payload(self.guild.permissions_for(value.id))
                member.pop("user")
                self._put("members", value.id, member)
            return self._put("users", value.id, value.payload())
        if isinstance(value, EmuRole):
            return self._put("roles", value.id, value.payload())
        if isinstance(value, EmuChannel):
            data = value.payload()
            data["permissions"] = str(self.channel_perms(value))
            return self._put("channels", value.id, data)
        if isinstance(value, tuple) and len(value) == 2 and isinstance(value[1], bytes):
            upload: Upload = value
            attachment = self.make_attachment(*upload)
            return self._put("attachments", attachment.id, attachment.payload())
        raise EmulatorError(f"cannot resolve {value!r}; pass an emulator user/role/channel")


def _find_option(options: Sequence[dict[str, Any]], name: str, where: str) -> dict[str, Any]:
    for opt in options:
        if opt["name"] == name:
            return opt
    known = ", ".join(o["name"] for o in options) or "none"
    raise EmulatorError(f"{where} has no option {name!r} (known: {known})")


def _convert(opt: dict[str, Any], value: Any, resolver: Resolver, focused: bool) -> Any:
    kind = opt["type"]
    if focused:
        # Discord sends the partially typed text of the focused option as is.
        return value if isinstance(value, str) else str(value)
    if kind == STRING:
        value = str(value)
    elif kind == INTEGER:
        value = int(value)
    elif kind == NUMBER:
        value = float(value)
    elif kind == BOOLEAN:
        value = bool(value)
    elif kind in (USER, CHANNEL, ROLE, MENTIONABLE, ATTACHMENT):
        return resolver.add(value)
    choices = opt.get("choices")
    if choices and value not in [c["value"] for c in choices]:
        raise EmulatorError(f"option {opt['name']!r}: {value!r} is not one of its choices")
    low, high = opt.get("min_value"), opt.get("max_value")
    if (low is not None and value < low) or (high is not None and value > high):
        raise EmulatorError(f"option {opt['name']!r}: {value!r} is outside {low}..{high}")
    if kind == STRING and not opt.get("min_length", 0) <= len(value) <= opt.get("max_length", 6000):
        raise EmulatorError(f"option {opt['name']!r}: length of {value!r} is out of range")
    return value


def command_data(
    command: dict[str, Any],
    path: Sequence[str],
    options: Mapping[str, Any],
    resolver: Resolver,
    focused: str | None = None,
) -> dict[str, Any]:
    """The ``data`` of an APPLICATION_COMMAND or AUTOCOMPLETE interaction."""
    defs: list[dict[str, Any]] = command.get("options", [])
    where = f"/{command['name']}"
    top: list[dict[str, Any]] = []
    sink = top
    for name in path[1:]:
        sub = _find_option(defs, name, where)
        if sub["type"] not in (SUB_COMMAND, SUB_COMMAND_GROUP):
            raise EmulatorError(f"{where} {name!r} is an option, not a subcommand")
        entry: dict[str, Any] = {"type": sub["type"], "name": name, "options": []}
        sink.append(entry)
        sink = entry["options"]
        defs = sub.get("options", [])
        where += f" {name}"
    if any(d["type"] in (SUB_COMMAND, SUB_COMMAND_GROUP) for d in defs):
        subs = ", ".join(d["name"] for d in defs)
        raise EmulatorError(f"{where} is a group; pick a subcommand ({subs})")
    for name, value in options.items():
        opt = _find_option(defs, name, where)
        is_focused = name == focused
        item: dict[str, Any] = {
            "type": opt["type"],
            "name": name,
            "value": _convert(opt, value, resolver, is_focused),
        }
        if is_focused:
            if not opt.get("autocomplete"):
                raise EmulatorError(f"option {name!r} of {where} has no autocomplete")
            item["focused"] = True
        sink.append(item)
    if focused is None:
        missing = [d["name"] for d in defs if d.get("required") and d["name"] not in options]
        if missing:
            raise EmulatorError(f"{where}: missing required options {missing}")
    elif focused not in options:
        raise EmulatorError(f"focused option {focused!r} must be given in options")
    data: dict[str, Any] = {
        "id": str(command["id"]),
        "name": command["name"],
        "type": command.get("type", 1),
        "options": top,
    }
    if command.get("guild_id"):
        data["guild_id"] = str(command["guild_id"])
    if resolver.resolved:
        data["resolved"] = resolver.resolved
    return data


def component_data(
    message: EmuMessage, custom_id: str, values: Sequence[Any] | None, resolver: Resolver
) -> dict[str, Any]:
    """The ``data`` of a MESSAGE_COMPONENT interaction, validated against the message."""
    comp = message.component(custom_id)
    if comp is None:
        raise EmulatorError(
            f"{message!r} has no component {custom_id!r} (has {message.custom_ids})"
        )
    if comp.get("disabled"):
        raise EmulatorError(f"component {custom_id!r} is disabled")
    kind = comp["type"]
    data: dict[str, Any] = {"custom_id": custom_id, "component_type": kind}
    if kind == BUTTON:
        if values is not None:
            raise EmulatorError(f"{custom_id!r} is a button; use click()")
        return data
    if kind not in SELECT_TYPES:
        raise EmulatorError(f"component {custom_id!r} of type {kind} cannot be interacted with")
    if values is None:
        raise EmulatorError(f"{custom_id!r} is a select; use select()")
    data["values"] = _select_values(comp, values, resolver)
    if resolver.resolved:
        data["resolved"] = resolver.resolved
    return data


def _select_values(comp: dict[str, Any], values: Sequence[Any], resolver: Resolver) -> list[str]:
    low, high = comp.get("min_values", 1), comp.get("max_values", 1)
    if not low <= len(values) <= high:
        raise EmulatorError(
            f"select {comp['custom_id']!r} takes {low}..{high} values, got {len(values)}"
        )
    if comp["type"] == STRING_SELECT:
        allowed = [o["value"] for o in comp.get("options", [])]
        bad = [v for v in values if v not in allowed]
        if bad:
            raise EmulatorError(f"select {comp['custom_id']!r}: {bad} not in options {allowed}")
        return [str(v) for v in values]
    return [resolver.add(v) for v in values]


def _submitted(
    comp: dict[str, Any], given: Mapping[str, Any], resolver: Resolver
) -> dict[str, Any]:
    custom_id = comp["custom_id"]
    kind = comp["type"]
    out: dict[str, Any] = {"type": kind, "custom_id": custom_id}
    if "id" in comp:
        out["id"] = comp["id"]
    present = custom_id in given
    value = given.get(custom_id)
    if not present and comp.get("required", True) and kind not in (TEXT_INPUT, CHECKBOX):
        raise EmulatorError(f"modal input {custom_id!r} is required")
    if kind == TEXT_INPUT:
        text = str(value) if present else str(comp.get("value") or "")
        if comp.get("required", True) and not text:
            raise EmulatorError(f"modal text input {custom_id!r} is required")
        low, high = comp.get("min_length", 0), comp.get("max_length", 4000)
        if text and not low <= len(text) <= high:
            raise EmulatorError(f"text input {custom_id!r} must be {low}..{high} characters")
        out["value"] = text
    elif kind in SELECT_TYPES:
        out["values"] = _select_values(comp, list(value or []), resolver) if present else []
    elif kind == RADIO_GROUP:
        out["value"] = value
    elif kind == CHECKBOX_GROUP:
        out["values"] = list(value or [])
    elif kind == CHECKBOX:
        out["value"] = bool(value)
    elif kind == FILE_UPLOAD:
        out["values"] = [resolver.add(upload) for upload in (value or [])]
    else:
        raise EmulatorError(f"modal component type {kind} is not supported")
    return out


def modal_submit_data(
    custom_id: str, components: list[dict[str, Any]], given: Mapping[str, Any], resolver: Resolver
) -> dict[str, Any]:
    """MODAL_SUBMIT ``data``: action rows of inputs, or Label (type 18) wrappers."""
    known = {c["custom_id"] for c in walk_components(components) if "custom_id" in c}
    unknown = set(given) - known
    if unknown:
        raise EmulatorError(
            f"modal {custom_id!r} has no inputs {sorted(unknown)} (has {sorted(known)})"
        )
    rows: list[dict[str, Any]] = []
    for top in components:
        kind = top["type"]
        if kind == ACTION_ROW:
            inner = [_submitted(c, given, resolver) for c in top.get("components", [])]
            rows.append({"type": ACTION_ROW, "components": inner})
        elif kind == LABEL:
            row = {"type": LABEL, "component": _submitted(top["component"], given, resolver)}
            if "id" in top:
                row["id"] = top["id"]
            rows.append(row)
        elif kind == TEXT_DISPLAY:
            rows.append({"type": TEXT_DISPLAY, **({"id": top["id"]} if "id" in top else {})})
    data: dict[str, Any] = {"custom_id": custom_id, "components": rows}
    if resolver.resolved:
        data["resolved"] = resolver.resolved
    return data
