"""The README and docs link only to files that exist, and the rule ids the code cites are
explained in the rules shipped with it."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from bot.games.registry import GAMES, Game, game
from tests.kept_games import registered as kept_games_registered

ROOT = Path(__file__).resolve().parent.parent
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
LINK = re.compile(r"\]\(([^)#\s]+)(?:#[^)]*)?\)")


def test_relative_links_point_to_files() -> None:
    for page in PAGES:
        for target in LINK.findall(page.read_text(encoding="utf-8")):
            if re.match(r"[a-z]+:", target):
                continue  # a web address
            assert (page.parent / target).exists(), f"{page.name} links to {target}"


def registered() -> list[Game]:
    """Every game the bot plays, and the test suite's own (tests/kept_games.py)."""
    with kept_games_registered():
        return [game(name) for name in GAMES]


def test_the_readme_links_every_games_rules() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    for found in registered():
        if found.rules_doc.startswith("docs/"):  # a product game's
            assert f"({found.rules_doc})" in readme, found.name


@pytest.mark.parametrize("found", registered(), ids=lambda g: g.name)
def test_every_rule_id_cited_in_messages_is_in_the_rules(found: Game) -> None:
    """Ids like D-6.2 and C-4.3 in a game's rules code each have their paragraph in its
    rules document."""
    rules = (ROOT / found.rules_doc).read_text(encoding="utf-8")
    letter = re.search(r"^- ([A-Z])-\d+\.\d+ ", rules, re.MULTILINE)
    assert letter, f"{found.rules_doc} has no '- X-1.1 …' rule paragraph"
    folder = ROOT.joinpath(*found.rules.split("."))
    source = "".join(p.read_text(encoding="utf-8") for p in folder.glob("*.py"))
    cited = set(re.findall(rf"\b{letter[1]}-\d+\.\d+\b", source))
    assert cited, f"{found.name}'s rules cite no rule id"
    for rule in sorted(cited):
        assert re.search(rf"^- {re.escape(rule)} ", rules, re.MULTILINE), rule
