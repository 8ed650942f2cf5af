"""What a game record must hold before a moderator's import stores it: as strict as the
commands a person types. The table settings it carries are held to the ranges of
`/<game> new` and `/<game> settings` (a stored setting is read by every start and every
clock: a list as the timing, or "soon" as a clock, once stopped the bot from starting
at all), and its names to Discord's length. The store refuses the rest of a malformed
record (`bot.store.records`); each fault is one line, naming the first found."""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from bot.games.base import MAX_NAME_CHARS
from bot.games.record import is_printable_text, shown
from bot.games.registry import GAMES
from bot.i18n import Later, later
from bot.tables.kits import AI_LEVELS, get_kit
from bot.tables.lobby import TIMINGS
from bot.tables.timing import MAX_CLOCK_H, MIN_CLOCK_H, parse_reminders

Check = Callable[[str, Any], None]  # (game, value): BadImport if the value is refused


class BadImport(ValueError):
    """A record no table could have made; args[0] says why, in the reader's language."""

    def __init__(self, why: Later) -> None:
        super().__init__(why)


def check_import(record: Any) -> None:
    """BadImport for settings or names no command makes. A record too malformed to
    tell (no settings object, an unknown game) is left to the store, which refuses it."""
    if not isinstance(record, dict):
        return
    players = record.get("players")
    for seat, player in enumerate(players if isinstance(players, list) else []):
        name = player.get("name") if isinstance(player, dict) else None
        if isinstance(name, str) and len(name) > MAX_NAME_CHARS:
            raise BadImport(later("the name at seat {seat} has more than {most} characters",
                                  seat=seat, most=MAX_NAME_CHARS))
        if isinstance(name, str) and not (name.strip() and is_printable_text(name)):
            raise BadImport(later("the name at seat {seat} is empty or not on one line",
                                  seat=seat))
    settings, game = record.get("settings"), record.get("game")
    if isinstance(settings, dict) and game in GAMES:
        check_settings(game, settings)


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _seats(game: str, value: Any) -> None:
    kit = get_kit(game)
    if not _whole(value) or not kit.min_players <= value <= kit.max_players:
        raise BadImport(later("the setting \"seats\" must be {least} to {most}, not {value}",
                              least=kit.min_players, most=kit.max_players, value=shown(value)))


def _timing(game: str, value: Any) -> None:
    if value not in TIMINGS:
        raise BadImport(later("the setting \"timing\" must be \"live\" or \"async\", not "
                              "{value}", value=shown(value)))


def _clock(name: str) -> Check:
    def check(game: str, value: Any) -> None:
        number = isinstance(value, int | float) and not isinstance(value, bool)
        if not number or not math.isfinite(value) or \
                not MIN_CLOCK_H * 3600 <= value <= MAX_CLOCK_H * 3600:
            raise BadImport(later("the setting {setting} must be seconds from {least} to "
                                  "{most}, not {value}", setting=f"\"{name}\"",
                                  least=f"{MIN_CLOCK_H * 3600:.0f}",
                                  most=f"{MAX_CLOCK_H * 3600:.0f}", value=shown(value)))
    return check


def _reminders(game: str, value: Any) -> None:
    try:
        if not isinstance(value, list) or not all(isinstance(s, str) for s in value):
            raise ValueError(value)
        parse_reminders(" ".join(value))
    except ValueError:
        raise BadImport(later("the setting \"reminders\" must be a list of stages such as "
                              "[\"half\", \"1h\"], not {value}", value=shown(value))) from None


def _flag(name: str) -> Check:
    def check(game: str, value: Any) -> None:
        if not isinstance(value, bool):
            raise BadImport(later("the setting {setting} must be true or false, not {value}",
                                  setting=f"\"{name}\"", value=shown(value)))
    return check


def _level(game: str, value: Any) -> None:
    if value not in AI_LEVELS:
        raise BadImport(later("the setting \"autopilot_level\" must be one of {levels}, not "
                              "{value}", levels=", ".join(AI_LEVELS), value=shown(value)))


def _levels(game: str, value: Any) -> None:
    """The computer players' levels, by the seat's name."""
    if not isinstance(value, dict) or len(value) > get_kit(game).max_players or any(
            not isinstance(name, str) or len(name) > MAX_NAME_CHARS or level not in AI_LEVELS
            for name, level in value.items()):
        raise BadImport(later("the setting \"ai_levels\" must give seats' names a level "
                              "({levels}), not {value}", levels=", ".join(AI_LEVELS),
                              value=shown(value)))


# Every setting a table stores, and what a command would have stored there.
TABLE_SETTINGS: dict[str, Check] = {
    "seats": _seats, "timing": _timing,
    "placement_s": _clock("placement_s"), "decision_s": _clock("decision_s"),
    "reminders": _reminders, "autopilot": _flag("autopilot"), "autopilot_level": _level,
    "ai_levels": _levels, "paused": _flag("paused"),
}


def check_settings(game: str, settings: dict[str, Any]) -> None:
    """BadImport for a setting no command makes: an unknown key, a wrong type, a value
    out of the command's range."""
    kit = get_kit(game)
    own = list(kit.settings_for({}))  # the game's own settings, as `/<game> new` makes them
    for key, value in settings.items():
        if key in own:
            refusal = kit.setting_refusal(key, value)
            if refusal is not None:
                raise BadImport(refusal)
        elif key in TABLE_SETTINGS:
            TABLE_SETTINGS[key](game, value)
        else:
            raise BadImport(later("unknown setting {setting} (a table of {title} has {known})",
                                  setting=shown(key), title=kit.title,
                                  known=", ".join([*TABLE_SETTINGS, *own])))
