"""The catalogs: texts of the code missing from the English template or without Dutch,
placeholders that differ, slash command names Discord would refuse.

- i18n_missing: problems found by `python -m bot i18n check` (goal 0).
- i18n_texts: texts in all catalogs (for scale).
"""

from __future__ import annotations

import sys

from bot.i18n_catalogs import ALL_PARTS, check, extract_part


def run() -> dict:
    texts = {part: extract_part(part) for part in ALL_PARTS}
    problems = check(ALL_PARTS, extract=texts.__getitem__)
    for line in problems[:20]:
        print(line, file=sys.stderr)
    return {"i18n_missing": len(problems),
            "i18n_texts": sum(len({str(e[:2]) for e in found}) for found in texts.values())}


if __name__ == "__main__":
    print(run())
