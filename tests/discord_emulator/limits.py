"""Limits Discord enforces on message bodies that its published schemas cannot express.

The schemas allow 4000 characters of content (for Nitro users), any mix of components
in a row and any number of top-level components (for the newer layout components);
Discord refuses a bot's message beyond these limits.
"""

from __future__ import annotations

from typing import Any

from .contract import Problem, contract
from .messages import IS_COMPONENTS_V2, UploadedFile, walk_components

MAX_CONTENT = 2000
MAX_EMBEDS = 10
MAX_EMBED_TOTAL = 6000
MAX_ACTION_ROWS = 5
MAX_ROW_BUTTONS = 5
MAX_FILES = 10
MAX_UPLOAD_BYTES = 10 * 1024 * 1024
ACTION_ROW, BUTTON = 1, 2
SELECTS = (3, 5, 6, 7, 8)
MESSAGE_CALLBACKS = (4, 7)  # CHANNEL_MESSAGE_WITH_SOURCE, UPDATE_MESSAGE

CALLBACK_ROUTE = "/interactions/{interaction_id}/{interaction_token}/callback"
MESSAGE_ROUTES = {
    ("POST", "/channels/{channel_id}/messages"),
    ("PATCH", "/channels/{channel_id}/messages/{message_id}"),
    ("POST", "/webhooks/{webhook_id}/{webhook_token}"),
    ("PATCH", "/webhooks/{webhook_id}/{webhook_token}/messages/@original"),
    ("PATCH", "/webhooks/{webhook_id}/{webhook_token}/messages/{message_id}"),
}

Location = tuple[str | int, ...]


def _too_long(where: Location, limit: int) -> Problem:
    return Problem(where, "BASE_TYPE_MAX_LENGTH", f"Must be {limit} or fewer in length.")


def embed_length(embed: dict[str, Any]) -> int:
    """The characters Discord counts towards the 6000 across a message's embeds."""
    total = len(embed.get("title") or "") + len(embed.get("description") or "")
    total += len((embed.get("footer") or {}).get("text") or "")
    total += len((embed.get("author") or {}).get("name") or "")
    for field in embed.get("fields") or []:
        total += len(field.get("name") or "") + len(field.get("value") or "")
    return total


def _components(components: list[Any], flags: int, at: Location) -> list[Problem]:
    problems: list[Problem] = []
    if not flags & IS_COMPONENTS_V2:
        if len(components) > MAX_ACTION_ROWS:
            problems.append(_too_long(at, MAX_ACTION_ROWS))
        for i, row in enumerate(components):
            if isinstance(row, dict) and row.get("type") != ACTION_ROW:
                problems.append(Problem((*at, i, "type"), "UNION_TYPE_CHOICES",
                                        "Only action rows may be top-level components."))
    for i, row in enumerate(components):
        inner = row.get("components") if isinstance(row, dict) else None
        if not isinstance(inner, list) or row.get("type") != ACTION_ROW:
            continue
        kinds = [c.get("type") for c in inner if isinstance(c, dict)]
        selects = sum(k in SELECTS for k in kinds)
        # A row holds up to five buttons, or exactly one select menu.
        if (selects and len(kinds) > 1) or kinds.count(BUTTON) > MAX_ROW_BUTTONS:
            problems.append(Problem((*at, i, "components"), "COMPONENT_LAYOUT_WIDTH_EXCEEDED",
                                    "The specified component exceeds the maximum width"))
    seen: set[str] = set()
    for comp in walk_components(c for c in components if isinstance(c, dict)):
        custom_id = comp.get("custom_id")
        if custom_id is None:
            continue
        if custom_id in seen:
            problems.append(Problem(at, "COMPONENT_CUSTOM_ID_DUPLICATED",
                                    f"Component custom id cannot be duplicated: {custom_id!r}"))
        seen.add(custom_id)
    return problems


def message_problems(body: Any, files: list[UploadedFile], at: Location = ()) -> list[Problem]:
    """A create or edit body (or an interaction callback's ``data``) against the limits."""
    if not isinstance(body, dict):
        return []
    problems: list[Problem] = []
    content = body.get("content")
    if isinstance(content, str) and len(content) > MAX_CONTENT:
        problems.append(_too_long((*at, "content"), MAX_CONTENT))
    embeds = body.get("embeds") or []
    if isinstance(embeds, list):
        if len(embeds) > MAX_EMBEDS:
            problems.append(_too_long((*at, "embeds"), MAX_EMBEDS))
        if sum(embed_length(e) for e in embeds if isinstance(e, dict)) > MAX_EMBED_TOTAL:
            problems.append(Problem((*at, "embeds"), "MAX_EMBED_SIZE_EXCEEDED",
                                    f"Embed size exceeds maximum size of {MAX_EMBED_TOTAL}"))
    components = body.get("components") or []
    if isinstance(components, list):
        flags = body.get("flags") if isinstance(body.get("flags"), int) else 0
        problems += _components(components, flags, (*at, "components"))
    for i, ref in enumerate(body.get("attachments") or []):
        ident = int(ref.get("id", -1)) if isinstance(ref, dict) else -1
        # Small ids name files of this request; larger ones are existing attachments.
        if 0 <= ident < 1 << 22 and not any(f.index == ident for f in files):
            problems.append(Problem((*at, "attachments", i, "id"), "ATTACHMENT_NOT_FOUND",
                                    f"No file uploaded for attachment id {ident}."))
    return problems


def upload_problems(files: list[UploadedFile]) -> list[Problem]:
    if len(files) > MAX_FILES:
        return [_too_long(("files",), MAX_FILES)]
    if sum(len(f.data) for f in files) > MAX_UPLOAD_BYTES:
        return [Problem((), "REQUEST_ENTITY_TOO_LARGE",
                        "Request entity too large", status=413)]
    return []


def limit_problems(method: str, template: str, body: Any,
                   files: list[UploadedFile]) -> list[Problem]:
    """What Discord refuses on this route beyond its schema."""
    problems = upload_problems(files)
    if (method, template) in MESSAGE_ROUTES:
        problems += message_problems(body, files)
    elif (method, template) == ("POST", CALLBACK_ROUTE) and isinstance(body, dict):
        if body.get("type") in MESSAGE_CALLBACKS:
            problems += message_problems(body.get("data"), files, ("data",))
    return problems


def request_problems(method: str, path: str, body: Any,
                     files: list[UploadedFile]) -> tuple[str | None, list[Problem]]:
    """The spec's template for the request and every reason Discord would refuse it.

    Select options and autocomplete choices (25), custom ids (100) and button labels
    (80) are limits the schemas carry themselves.
    """
    spec = contract()
    template = spec.route(method, path)
    if template is None:
        return None, []
    found = spec.check(method, template, body) + limit_problems(method, template, body, files)
    unique = {(p.location, p.code): p for p in found}
    return template, list(unique.values())
