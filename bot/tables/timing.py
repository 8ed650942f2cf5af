"""How long a table gives each decision, when it reminds, and quiet hours.

Pure functions of times in seconds since the epoch, so tests need no clock."""

from __future__ import annotations

import logging
import re
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import TYPE_CHECKING, Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from bot.games.wording import in_code
from bot.i18n import later, number

if TYPE_CHECKING:
    from bot.store import LoadedGame

log = logging.getLogger(__name__)

HOUR = 3600.0
DAY = 24 * HOUR
MAX_REMINDERS = 4  # stages per decision: each one pings every awaited player
MIN_CLOCK_H, MAX_CLOCK_H = 0.02, 336.0  # a decision's time, as `/<game> settings` takes it
# Hours before the deadline; "%g" writes every number in this range without an exponent,
# so a stored stage reads back as it was written.
MIN_REMINDER_H = 0.01
MAX_REMINDER_H = 30 * 24.0
# ASCII digits only: str.isdigit() and float() also take "①", "²" or "١".
_HOURS_STAGE = re.compile(r"([0-9]+(?:\.[0-9]+)?|\.[0-9]+)h")
_WARNED: set[str] = set()  # bad stored stages already logged
# An IANA time zone name: a few parts like "America/Argentina/Buenos_Aires" or "Etc/GMT+5";
# the longest in use has 32 characters.
_ZONE_NAME = re.compile(r"(?=.{1,64}$)[A-Za-z0-9_+-]+(?:/[A-Za-z0-9_+-]+){0,3}")


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
# A table opened without a timing plays over days, as slow games are the bot's own
# (README, "Slow games"); `live` is chosen for an evening at the table.
DEFAULT_TIMING = "async"
MAX_AWAY_S = 7 * DAY  # vacation per player per game
MISSES_FOR_AUTOPILOT = 2  # missed deadlines in a row


def moves_at_once(game: LoadedGame, seat_no: int) -> bool:
    """Whether the computer answers for a seat the moment it is asked: a computer's seat
    always; a person's seat on autopilot only while someone at the table plays their own
    seat. With nobody left playing, the autopilot answers at each deadline instead, so
    the game goes on at the clock's pace, never plays itself out in one go, and anyone
    can still come back (`back`)."""
    seat = game.seats[seat_no]
    if not seat.played_by_ai:
        return False
    if seat.user_id is None or seat.is_bot:
        return True
    return any(s.user_id is not None and not s.played_by_ai for s in game.seats)


def timing_of(settings: dict[str, Any]) -> Timing:
    """The table's timing: its preset with any adjustments made by `/doge settings`."""
    base = PRESETS.get(settings.get("timing", "live"), PRESETS["live"])
    return Timing(
        placement_s=float(settings.get("placement_s", base.placement_s)),
        decision_s=float(settings.get("decision_s", base.decision_s)),
        reminders=_stored_reminders(settings.get("reminders", base.reminders)),
        autopilot=bool(settings.get("autopilot", base.autopilot)),
    )


def parse_reminders(text: str) -> list[str]:
    """`/… settings reminders:` -> the stages to store: `half` and hours before the
    deadline (`1h`, `0.5h`), each once, at most MAX_REMINDERS. ValueError with a one-line
    reason for anything else, a lazy text: it speaks the reader's language when shown."""
    stages: list[str] = []
    for word in text.split():
        stage = canonical_stage(word)
        if stage is None:
            shown = in_code(word if len(word) <= 20 else word[:20] + "…")  # in a code span
            if _stage_hours(word.lower()) is not None:
                raise ValueError(later("`{stage}` is out of range: a reminder comes between "
                                   "{least} h and {most} h before the deadline.",
                                   stage=shown, least=number(MIN_REMINDER_H),
                                   most=number(MAX_REMINDER_H)))
            raise ValueError(later("`{stage}` is not a reminder: use `half` or hours before the "
                               "deadline, e.g. `half 1h` or `0.5h`.", stage=shown))
        if stage not in stages:
            stages.append(stage)
    if len(stages) > MAX_REMINDERS:
        raise ValueError(later("At most {most} reminders per decision, e.g. `half 1h`.",
                           most=MAX_REMINDERS))
    return stages


def canonical_stage(word: object) -> str | None:
    """'half' or '<hours>h' as stored ('1.0H' -> '1h'); None if `word` is no stage."""
    if not isinstance(word, str) or not word.isascii():
        return None
    word = word.lower()
    if word == "half":
        return word
    hours = _stage_hours(word)
    if hours is None or not MIN_REMINDER_H <= hours <= MAX_REMINDER_H:
        return None
    return f"{hours:g}h"


def _stage_hours(stage: object) -> float | None:
    """The hours of an '<n>h' stage (not checked against the limits), else None."""
    if not isinstance(stage, str):
        return None
    found = _HOURS_STAGE.fullmatch(stage)
    return float(found.group(1)) if found else None


def _stored_reminders(value: Any) -> tuple[str, ...]:
    """The stages a table's stored setting asks for. An old database may hold stages the
    command refuses today: they are skipped (and logged once), so no stored setting can
    stop a table's clock or the bot's start."""
    words = value.split() if isinstance(value, str) else \
        value if isinstance(value, list | tuple) else [value]
    stages: list[str] = []
    for word in words:
        stage = canonical_stage(word)
        if stage is None:
            _warn_once(f"stage {word!r}"[:200],
                       "ignoring the stored reminder stage %r", word)
        elif stage not in stages:
            stages.append(stage)
    if len(stages) > MAX_REMINDERS:
        _warn_once(f"more than {MAX_REMINDERS}", "using the first %s of %s stored reminder "
                   "stages", MAX_REMINDERS, len(stages))
    return tuple(stages[:MAX_REMINDERS])


def _warn_once(key: str, message: str, *args: Any) -> None:
    # timing_of runs at every step of every game: one line per kind of damage is enough.
    if key not in _WARNED:
        _WARNED.add(key)
        log.warning(message, *args)


def reminder_times(due_at: float, duration: float, reminders: tuple[str, ...]) -> list[float]:
    """When each reminder stage falls, stage by stage; stages that would fall before the
    clock started or not before the deadline are dropped (returned as inf)."""
    start = due_at - duration
    times = []
    for stage in reminders:
        hours = _stage_hours(stage)
        if stage == "half":
            at = start + duration / 2
        elif hours is not None:
            at = due_at - hours * HOUR
        else:
            at = float("inf")
        times.append(at if start < at < due_at else float("inf"))
    return times


def parse_zone(name: str) -> ZoneInfo | None:
    """The time zone of an IANA name, None for anything else. Only a name that looks like
    one reaches the zone database: a long path of empty parts makes `ZoneInfo` recurse
    until Python gives up."""
    if not isinstance(name, str) or not _ZONE_NAME.fullmatch(name):
        return None
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
