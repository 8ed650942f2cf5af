"""The README and docs link only to files that exist, and the rule ids the code cites are
explained in the rules shipped with it."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
LINK = re.compile(r"\]\(([^)#\s]+)(?:#[^)]*)?\)")


def test_relative_links_point_to_files() -> None:
    for page in PAGES:
        for target in LINK.findall(page.read_text(encoding="utf-8")):
            if re.match(r"[a-z]+:", target):
                continue  # a web address
            assert (page.parent / target).exists(), f"{page.name} links to {target}"


def test_the_readme_links_both_rule_files() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "(docs/rules-doge.md)" in readme and "(docs/rules-clans.md)" in readme


def test_every_rule_id_cited_in_messages_is_in_the_rules() -> None:
    """Ids like D-6.2 and C-4.3 in the engines' messages each have their paragraph."""
    rules = {game: (ROOT / "docs" / f"rules-{game}.md").read_text(encoding="utf-8")
             for game in ("doge", "clans")}
    for game, letter in (("doge", "D"), ("clans", "C")):
        source = "".join(p.read_text(encoding="utf-8")
                         for p in (ROOT / "bot" / "games" / game).glob("*.py"))
        cited = set(re.findall(rf"\b{letter}-\d+\.\d+\b", source))
        assert cited, game
        for rule in sorted(cited):
            assert re.search(rf"^- {re.escape(rule)} ", rules[game], re.MULTILINE), rule
