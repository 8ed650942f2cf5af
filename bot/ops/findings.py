"""What `python -m bot doctor` reports: one line per finding, then a summary."""

from __future__ import annotations

from dataclasses import dataclass

OK, NOTE, PROBLEM = "ok", "note", "problem"


@dataclass(frozen=True)
class Finding:
    level: str  # OK: checked and fine; NOTE: worth knowing, nothing to fix; PROBLEM: fix it
    area: str  # settings, database, games, backups, fonts, web, discord
    text: str

    def line(self) -> str:
        return f"{self.level:<8} {self.area}: {self.text}"


def ok(area: str, text: str) -> Finding:
    return Finding(OK, area, text)


def note(area: str, text: str) -> Finding:
    return Finding(NOTE, area, text)


def problem(area: str, text: str) -> Finding:
    return Finding(PROBLEM, area, text)


def summary(findings: list[Finding]) -> str:
    def count(level: str, word: str) -> str:
        n = sum(f.level == level for f in findings)
        return f"{n} {word}{'s' * (n != 1)}"

    verdict = "fix the problems above" if exit_code(findings) else "all is well"
    return (f"summary: {verdict} ({count(PROBLEM, 'problem')}, {count(NOTE, 'note')}, "
            f"{count(OK, 'check')} passed)")


def exit_code(findings: list[Finding]) -> int:
    return 1 if any(f.level == PROBLEM for f in findings) else 0
