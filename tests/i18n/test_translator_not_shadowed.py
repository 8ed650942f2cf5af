"""`_` is the translation function: a function that also binds `_` as a throwaway name
(`key, _, rest = arg.partition(".")`) turns its own `_("...")` calls into calling a
string, a crash where a one-line refusal was meant."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def shadowing_functions() -> list[str]:
    found = []
    for package in ("bot", "cogs", "rendering"):
        for path in sorted((ROOT / package).rglob("*.py")):
            tree = ast.parse(path.read_text(encoding="utf-8"))
            for fn in ast.walk(tree):
                if not isinstance(fn, ast.FunctionDef | ast.AsyncFunctionDef):
                    continue
                nodes = list(ast.walk(fn))
                binds = any(isinstance(n, ast.Name) and n.id == "_"
                            and isinstance(n.ctx, ast.Store) for n in nodes)
                calls = any(isinstance(n, ast.Call) and isinstance(n.func, ast.Name)
                            and n.func.id == "_" for n in nodes)
                if binds and calls:
                    found.append(f"{path.relative_to(ROOT)}:{fn.lineno} {fn.name}")
    return found


def test_no_function_hides_the_translation_function() -> None:
    assert shadowing_functions() == []
