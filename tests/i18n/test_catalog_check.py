"""The catalogs are complete in both languages, and the check that says so can fail."""

from __future__ import annotations

from pathlib import Path

from bot.i18n_catalogs import ALL_PARTS, check

POT = """msgid ""
msgstr ""
"Content-Type: text/plain; charset=UTF-8\\n"

msgid "{name} wins"
msgstr ""

msgid "{n} house"
msgid_plural "{n} houses"
msgstr[0] ""
msgstr[1] ""
"""


def _catalogs(tmp_path: Path, dutch: str) -> Path:
    (tmp_path / "nl").mkdir(parents=True)
    (tmp_path / "demo.pot").write_text(POT, encoding="utf-8")
    (tmp_path / "nl" / "demo.po").write_text(dutch, encoding="utf-8")
    return tmp_path


def _code(*extra: str):
    entries = [("{name} wins", None, "demo.py:1"), (("{n} house", "{n} houses"), None,
                                                     "demo.py:2")]
    entries += [(text, None, "demo.py:3") for text in extra]
    return lambda part: entries


DUTCH = POT.replace('msgid "{name} wins"\nmsgstr ""', 'msgid "{name} wins"\nmsgstr "{name} wint"'
                    ).replace('msgstr[0] ""\nmsgstr[1] ""', 'msgstr[0] "één huis"\n'
                                                          'msgstr[1] "{n} huizen"')


def test_a_complete_catalog_passes(tmp_path: Path) -> None:
    assert check(["demo"], _code(), _catalogs(tmp_path, DUTCH)) == []


def test_a_text_missing_from_the_english_template_is_found(tmp_path: Path) -> None:
    problems = check(["demo"], _code("New text"), _catalogs(tmp_path, DUTCH))
    assert any("en/demo: not in the template: 'New text'" in p for p in problems)
    assert any("nl/demo: 'New text'" in p and "no translation" in p for p in problems)


def test_a_missing_dutch_translation_is_found(tmp_path: Path) -> None:
    dutch = DUTCH.replace('msgstr "{name} wint"', 'msgstr ""')
    problems = check(["demo"], _code(), _catalogs(tmp_path, dutch))
    assert problems == ["nl/demo: '{name} wins' (demo.py:1): no translation"]


def test_a_lost_or_invented_placeholder_is_found(tmp_path: Path) -> None:
    for wrong in ('msgstr "wint"', 'msgstr "{naam} wint"'):
        dutch = DUTCH.replace('msgstr "{name} wint"', wrong)
        problems = check(["demo"], _code(), _catalogs(tmp_path / str(len(wrong)), dutch))
        assert len(problems) == 1 and "placeholders" in problems[0], problems


def test_a_plural_form_without_its_number_is_found(tmp_path: Path) -> None:
    dutch = DUTCH.replace('msgstr[1] "{n} huizen"', 'msgstr[1] "huizen"')
    problems = check(["demo"], _code(), _catalogs(tmp_path, dutch))
    assert len(problems) == 1 and "placeholders" in problems[0]


def test_a_fuzzy_translation_counts_as_missing(tmp_path: Path) -> None:
    dutch = DUTCH.replace('msgid "{name} wins"', '#, fuzzy\nmsgid "{name} wins"')
    problems = check(["demo"], _code(), _catalogs(tmp_path, dutch))
    assert problems == ["nl/demo: '{name} wins' (demo.py:1): no translation"]


def test_every_text_of_the_bot_is_in_english_and_dutch() -> None:
    """Every text the code marks is in its part's template, and every one has Dutch with
    the same placeholders (`python -m bot i18n check` prints the same list)."""
    assert check(ALL_PARTS) == []
