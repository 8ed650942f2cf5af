"""Every rule id of the Clans rules has at least one test naming it."""

from __future__ import annotations

from pathlib import Path

RULES = [
    "C-1.1", "C-1.2", "C-1.3", "C-1.4",
    "C-2.1", "C-2.2", "C-2.3", "C-2.4",
    "C-3.1", "C-3.2", "C-3.3", "C-3.4",
    "C-4.1", "C-4.2", "C-4.3", "C-4.4", "C-4.5", "C-4.6", "C-4.7", "C-4.8",
    "C-5.1", "C-5.2",
    "C-6.1", "C-6.2", "C-6.3", "C-6.4",
    "C-7.1", "C-7.2",
]


def test_every_rule_has_a_test_named_for_it() -> None:
    names = []
    for path in Path(__file__).parent.glob("test_*.py"):
        names += [line.split("(")[0] for line in path.read_text().splitlines()
                  if line.startswith("def test_")]
    text = "\n".join(names)
    missing = [rule for rule in RULES
               if rule.lower().replace("-", "_").replace(".", "_") not in text]
    assert not missing
