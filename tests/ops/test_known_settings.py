"""The settings the bot reads, `.env.example` and the doctor's list of known keys agree,
so a setting a host copies from the example is never reported as unknown."""

from __future__ import annotations

import re
from pathlib import Path

from dotenv import dotenv_values

from bot.ops.settings import KNOWN

ROOT = Path(__file__).resolve().parents[2]


def test_the_example_lists_exactly_the_known_settings() -> None:
    assert set(dotenv_values(ROOT / ".env.example")) == set(KNOWN)


def test_every_setting_the_code_reads_is_known() -> None:
    """Settings are read by name as a call's first argument (`text("LOG_FILE")`,
    `env.get("SHARD_IDS")`, `setting("AI_QUEUE", ...)`); words that are not settings
    (SQL, log levels) are set aside by name."""
    not_settings = {"COMMIT", "ROLLBACK", "DEBUG", "INFO", "WARNING", "ERROR"}
    read: set[str] = set()
    for path in (ROOT / "bot").rglob("*.py"):
        read |= set(re.findall(r'\(\s*"([A-Z][A-Z_]{3,})"', path.read_text(encoding="utf-8")))
    assert read - not_settings == set(KNOWN)
