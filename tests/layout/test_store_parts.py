"""The store is one small object holding named parts (docs/architecture.md): a part is
handed the store's core and the other parts it needs, never extends one, so which method
runs is never a question of method resolution order. And the store's modules import
nothing above it."""

from __future__ import annotations

import ast

from tests.layout.imports import ROOT, import_graph

STORE = ROOT / "bot" / "store"
# Bases that add no behaviour a reader has to look up.
PLAIN = {"object", "Protocol", "NamedTuple", "Exception"}
# What bot/store may import from the floors it sits below: nothing but the pure rating
# and outcome code of bot/community (the commands, stats and recaps sit above).
ABOVE = ("bot.tables", "bot.ops", "bot.web", "cogs", "rendering", "bot.community")
PURE = {"bot.community.outcome", "bot.community.ratings"}


def _classes() -> list[tuple[str, ast.ClassDef]]:
    return [(str(path.relative_to(ROOT)), node) for path in sorted(STORE.rglob("*.py"))
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
            if isinstance(node, ast.ClassDef)]


def test_no_store_class_has_more_than_one_base() -> None:
    many = [(where, c.name) for where, c in _classes()
            if len([b for b in c.bases if ast.unparse(b) not in PLAIN]) > 1
            or len(c.bases) > 1]
    assert many == []


def test_the_parts_extend_nothing() -> None:
    """A part (a class whose constructor takes the store's core) has no base class, so no
    part can override another's method."""
    parts = [(where, c) for where, c in _classes()
             if any(isinstance(f, ast.FunctionDef) and f.name == "__init__"
                    and any(a.arg == "core" for a in f.args.args) for f in c.body)]
    assert len(parts) >= 10
    assert [(where, c.name) for where, c in parts if c.bases] == []
    assert [(where, c.name) for where, c in _classes() if c.name.endswith("Mixin")] == []


def test_callers_name_the_part() -> None:
    """The store answers no method of a part by another name (`store.load_game` is
    `store.actions.load`): what a caller reaches is written where it calls."""
    store = next(c for where, c in _classes() if c.name == "Store")
    assert [f.name for f in store.body if isinstance(f, ast.FunctionDef)
            and f.name in ("__getattr__", "__getattribute__")] == []


def test_the_store_imports_nothing_above_it() -> None:
    wrong = sorted((module, target) for module, targets in import_graph().items()
                   if module == "bot.store" or module.startswith("bot.store.")
                   for target in targets
                   if target.startswith(ABOVE) and target not in PURE)
    assert wrong == []
