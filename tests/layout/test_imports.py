"""The layers import downwards only, and no two modules import each other, directly or
round a loop (imports inside functions count: they are cycles all the same)."""

from __future__ import annotations

import sys

from tests.layout.imports import cycles, import_graph

LAYERS = {"bot.games": 0, "bot.store": 1, "bot.tables": 2, "cogs": 3, "rendering": 3,
          "bot.web": 4}


def layer(module: str) -> int | None:
    found = [(len(prefix), n) for prefix, n in LAYERS.items()
             if module == prefix or module.startswith(prefix + ".")]
    return max(found)[1] if found else None


def test_no_import_cycles() -> None:
    sys.setrecursionlimit(max(sys.getrecursionlimit(), 5000))
    assert cycles(import_graph()) == []


def test_the_table_service_parts_do_not_import_the_service() -> None:
    graph = import_graph()
    for part in ("bot.tables.absence", "bot.tables.ai_seats", "bot.tables.clock"):
        assert "bot.tables.service" not in graph[part], part


def test_imports_point_down_the_floors() -> None:
    """Engines import no store, table or Discord module; the store no table or Discord
    module; the table service nothing of Discord or images."""
    wrong = [(module, target) for module, targets in import_graph().items()
             for target in targets
             if (a := layer(module)) is not None and (b := layer(target)) is not None
             and b > a]
    assert wrong == []
