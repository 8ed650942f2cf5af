"""Failure injection: scripted errors, refused channels and send rate limits."""

from __future__ import annotations

import fnmatch
import time
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from aiohttp import web

from . import wire

MISSING_PERMISSIONS = 50013
CANNOT_DM_USER = 50007
SEND_BUCKET = "emu-channel-messages"


@dataclass
class FaultRule:
    """Answer the next ``times`` matching requests with an error."""

    method: str | None
    route: str
    times: int
    status: int
    body: dict[str, Any] = field(default_factory=dict)
    retry_after: float | None = None
    is_global: bool = False

    def matches(self, method: str, template: str, path: str) -> bool:
        if self.method is not None and self.method.upper() != method:
            return False
        return self.route in (template, path) or fnmatch.fnmatchcase(path, self.route)


@dataclass
class _Window:
    started: float
    used: int = 0


class FaultInjector:
    """State behind ``DiscordEmulator.fail_next`` and friends.

    Routes are given relative to the API base, either as discord.py's template
    (``"/channels/{channel_id}/messages"``), a concrete path
    (``"/channels/123/messages"``) or a glob (``"/channels/*/messages"``).
    """

    def __init__(self) -> None:
        self.rules: list[FaultRule] = []
        self.denied_channels: set[int] = set()
        self.blocked_dm_users: set[int] = set()
        # (limit, per seconds) for every channel unless overridden per channel.
        self.send_limit: tuple[int, float] | None = None
        self.channel_limits: dict[int, tuple[int, float] | None] = {}
        self.send_limit_headers = True
        self._windows: dict[int, _Window] = {}
        # 429s served, keyed by "METHOD /template".
        self.rate_limited: Counter[str] = Counter()
        # Scripted errors served, keyed the same way.
        self.injected: Counter[str] = Counter()

    def fail_next(
        self,
        method: str | None,
        route: str,
        *,
        times: int = 1,
        status: int = 500,
        code: int = 0,
        message: str | None = None,
    ) -> FaultRule:
        body = {"message": message or f"{status}: Injected failure", "code": code}
        rule = FaultRule(method, route, times, status, body)
        self.rules.append(rule)
        return rule

    def rate_limit_next(
        self,
        method: str | None,
        route: str,
        *,
        retry_after: float = 0.05,
        times: int = 1,
        is_global: bool = False,
    ) -> FaultRule:
        rule = FaultRule(method, route, times, 429, retry_after=retry_after, is_global=is_global)
        self.rules.append(rule)
        return rule

    def take(self, method: str, template: str, path: str) -> web.Response | None:
        """The scripted response for this request, consuming one use of the rule."""
        key = f"{method} {template}"
        for rule in self.rules:
            if rule.times > 0 and rule.matches(method, template, path):
                rule.times -= 1
                if rule.status == 429:
                    self.rate_limited[key] += 1
                    retry = rule.retry_after or 0.05
                    return wire.rate_limited(
                        retry, bucket=f"emu-{template}", is_global=rule.is_global
                    )
                self.injected[key] += 1
                return wire.json_response(rule.body, rule.status)
        return None

    def limit_for(self, channel_id: int) -> tuple[int, float] | None:
        if channel_id in self.channel_limits:
            return self.channel_limits[channel_id]
        return self.send_limit

    def check_send(self, channel_id: int, key: str) -> tuple[web.Response | None, dict[str, str]]:
        """Apply the channel's send limit.

        Returns a 429 to send instead, or the rate-limit headers for a success so
        discord.py can slow down before hitting the limit, as it does live.
        """
        limit = self.limit_for(channel_id)
        if limit is None:
            return None, {}
        count, per = limit
        now = time.monotonic()
        window = self._windows.get(channel_id)
        if window is None or now - window.started >= per:
            window = self._windows[channel_id] = _Window(now)
        reset_after = max(0.0, window.started + per - now)
        if window.used >= count:
            self.rate_limited[key] += 1
            return wire.rate_limited(reset_after, bucket=SEND_BUCKET, limit=count), {}
        window.used += 1
        if not self.send_limit_headers:
            return None, {}
        headers = {
            "X-RateLimit-Limit": str(count),
            "X-RateLimit-Remaining": str(count - window.used),
            "X-RateLimit-Reset": f"{time.time() + reset_after:.3f}",
            "X-RateLimit-Reset-After": f"{reset_after:.3f}",
            "X-RateLimit-Bucket": SEND_BUCKET,
        }
        return None, headers

    def refuse_send(self, channel_id: int, dm_user_id: int | None) -> web.Response | None:
        if channel_id in self.denied_channels:
            return wire.error(403, MISSING_PERMISSIONS, "Missing Permissions")
        if dm_user_id is not None and dm_user_id in self.blocked_dm_users:
            return wire.error(403, CANNOT_DM_USER, "Cannot send messages to this user")
        return None

    @property
    def total_rate_limited(self) -> int:
        return sum(self.rate_limited.values())
