"""HTTP details shared by the REST handlers: JSON bodies, errors, multipart."""

from __future__ import annotations

import json
import math
import re
import time
from typing import Any

from aiohttp import web

from .contract import Problem, error_body
from .messages import UploadedFile

_FILE_FIELD = re.compile(r"^files\[(\d+)\]$")
_BODY_KEY = web.RequestKey("emulator_body", tuple)
_ARRIVED_KEY = web.RequestKey("emulator_arrived", float)


def mark_arrival(request: web.Request) -> None:
    request[_ARRIVED_KEY] = time.perf_counter()


def arrival(request: web.Request) -> float:
    """When the request reached the emulator (perf_counter), before any checks."""
    return request.get(_ARRIVED_KEY) or time.perf_counter()


class ApiError(Exception):
    """Raised inside a handler to answer with ``response`` right away."""

    def __init__(self, response: web.Response) -> None:
        super().__init__(response.status)
        self.response = response


def json_response(
    data: Any, status: int = 200, headers: dict[str, str] | None = None
) -> web.Response:
    """JSON with content-type exactly ``application/json``.

    discord.py compares the header for equality, so the ``; charset=utf-8`` that
    ``web.json_response`` appends would make it treat every body as text.
    """
    all_headers = {"Content-Type": "application/json", **(headers or {})}
    return web.Response(body=json.dumps(data).encode(), status=status, headers=all_headers)


def no_content() -> web.Response:
    return web.Response(status=204)


def error(
    status: int, code: int, message: str, errors: dict[str, Any] | None = None
) -> web.Response:
    body: dict[str, Any] = {"message": message, "code": code}
    if errors:
        body["errors"] = errors
    return json_response(body, status)


def unknown(what: str, code: int) -> web.Response:
    return error(404, code, f"Unknown {what}")


def rate_limited(
    retry_after: float, *, bucket: str, limit: int = 1, is_global: bool = False
) -> web.Response:
    """A 429 discord.py honours: it needs ``Via`` and a JSON ``retry_after``."""
    headers = {
        "Retry-After": str(max(1, math.ceil(retry_after))),
        "X-RateLimit-Limit": str(limit),
        "X-RateLimit-Remaining": "0",
        "X-RateLimit-Reset": f"{time.time() + retry_after:.3f}",
        "X-RateLimit-Reset-After": f"{retry_after:.3f}",
        "X-RateLimit-Bucket": bucket,
        "X-RateLimit-Scope": "global" if is_global else "user",
        # Without Via discord.py assumes a Cloudflare ban and raises instead of retrying.
        "Via": "1.1 google",
    }
    if is_global:
        headers["X-RateLimit-Global"] = "true"
    body = {
        "message": "You are being rate limited.",
        "retry_after": retry_after,
        "global": is_global,
    }
    return json_response(body, 429, headers)


def invalid_form_body(problems: list[Problem]) -> web.Response:
    """Discord's refusal of a body: 50035 with its errors tree (413 for a huge upload)."""
    status = max(p.status for p in problems)
    if status == 413:
        return error(413, 40005, "Request entity too large")
    return json_response(error_body(problems), 400)


async def read_body(request: web.Request) -> tuple[Any, list[UploadedFile]]:
    """JSON body, or ``payload_json`` plus ``files[n]`` parts of a multipart body.

    Read once per request (the contract check reads it before the handler does).
    """
    if _BODY_KEY not in request:
        request[_BODY_KEY] = await _read_body(request)
    return request[_BODY_KEY]


async def _read_body(request: web.Request) -> tuple[Any, list[UploadedFile]]:
    if request.content_type.startswith("multipart/"):
        payload: dict[str, Any] = {}
        files: list[UploadedFile] = []
        reader = await request.multipart()
        while (part := await reader.next()) is not None:
            name = getattr(part, "name", None) or ""
            data = await part.read()  # type: ignore[union-attr]
            if name == "payload_json":
                payload = json.loads(data.decode())
            elif match := _FILE_FIELD.match(name):
                content_type = part.headers.get("Content-Type")
                filename = getattr(part, "filename", None) or f"file{match.group(1)}"
                files.append(UploadedFile(int(match.group(1)), filename, bytes(data), content_type))
        return payload, files
    if not request.can_read_body:
        return {}, []
    raw = await request.read()
    return (json.loads(raw) if raw.strip() else {}), []
