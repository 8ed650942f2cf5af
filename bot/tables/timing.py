"""How long a table gives each decision, when it reminds, and quiet hours.

Pure functions of times in seconds since the epoch, so tests need no clock."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

HOUR = 3600.0
DAY = 24 * HOUR


@dataclass(frozen=True)
class Timing:
    placement_s: float  # a placement round (D-3)
    decision_s: float  # an election decision
    reminders: tuple[str, ...]  # "half" (halfway) or "<n>h" before the deadline
    autopilot: bool = False  # at a deadline the heuristic player moves, not the default

    def duration(self, kind: str) -> float:
        return self.placement_s if kind == "placement" else self.decision_s


PRESETS = {
    "live": Timing(placement_s=5 * 60, decision_s=2 * 60, reminders=("half",)),
    "async": Timing(placement_s=DAY, decision_s=DAY, reminders=("half", "1h")),
}
MAX_AWAY_S = 7 * DAY  # vacation per player per game
MISSES_FOR_AUTOPILOT = 2  # missed deadlines in a row


def timing_of(settings: dict[str, Any]) -> Timing:
    """The table's timing: its preset with any adjustments made by `/doge settings`."""
    base = PRESETS.get(settings.get("timing", "live"), PRESETS["live"])
    return Timing(
        placement_s=float(settings.get("placement_s", base.placement_s)),
        decision_s=float(settings.get("decision_s", base.decision_s)),
        reminders=tuple(settings.get("reminders", base.reminders)),
        autopilot=bool(settings.get("autopilot", base.autopilot)),
    )


def reminder_times(due_at: float, duration: float, reminders: tuple[str, ...]) -> list[float]:
    """When each reminder stage falls, stage by stage; stages that would fall before the
    clock started or not before the deadline are dropped (returned as inf)."""
    start = due_at - duration
    times = []
    for stage in reminders:
        if stage == "half":
            at = start + duration / 2
        elif stage.endswith("h"):
            at = due_at - float(stage[:-1]) * HOUR
        else:
            at = float("inf")
        times.append(at if start < at < due_at else float("inf"))
    return times


def parse_zone(name: str) -> ZoneInfo | None:
    try:
        return ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError):
        return None


def after_quiet_hours(at: float, zone: str | None, quiet: tuple[int, int] | None) -> float:
    """`at`, or the end of the player's quiet hours if `at` falls inside them.

    quiet = (start hour, end hour) in the player's time zone, e.g. (22, 8)."""
    if not quiet or quiet[0] == quiet[1]:
        return at
    tz = parse_zone(zone or "UTC") or ZoneInfo("UTC")
    local = datetime.fromtimestamp(at, tz)
    start, end = quiet
    hour = local.hour + local.minute / 60
    inside = start <= hour < end if start < end else (hour >= start or hour < end)
    if not inside:
        return at
    wake = local.replace(hour=end, minute=0, second=0, microsecond=0)
    if wake <= local:
        wake += timedelta(days=1)
    return wake.timestamp()


def parse_duration_hours(text: str) -> float:
    """'12', '1.5', '90m', '2d' -> hours; ValueError for anything else."""
    text = text.strip().lower()
    if text.endswith("m"):
        return float(text[:-1]) / 60
    if text.endswith("d"):
        return float(text[:-1]) * 24
    return float(text.rstrip("h"))
