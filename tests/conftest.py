"""What every test shares: the games a test plays have seeds the test chose."""

from __future__ import annotations

import zlib
from collections.abc import Iterator

import pytest

from bot.store import games as store_games


@pytest.fixture(autouse=True)
def seeded_games(request: pytest.FixtureRequest,
                 monkeypatch: pytest.MonkeyPatch) -> Iterator[list[int]]:
    """A game started without a seed (as a Start button starts it) takes the next of a
    sequence fixed by the test's name, not a random one: the lots' order, the deal and
    the computer players' choices are the same on every run and in any order of tests.
    A test that needs a particular game monkeypatches `new_seed` itself. Yields the
    seeds handed out so far."""
    base = zlib.crc32(request.node.nodeid.encode())
    handed: list[int] = []

    def next_seed() -> int:
        handed.append((base * 1_000_003 + len(handed)) % (1 << 63))
        return handed[-1]

    monkeypatch.setattr(store_games, "new_seed", next_seed)
    yield handed


def _order_line(config: pytest.Config) -> str | None:
    seed = getattr(config.option, "randomly_seed", None)
    if not config.pluginmanager.hasplugin("randomly") or not isinstance(seed, int):
        return None
    return f"tests in random order, seed {seed} (the same order: -p randomly " \
           f"--randomly-seed={seed})"


def pytest_sessionstart(session: pytest.Session) -> None:
    """Say the order's seed first too: a run that hangs is reproducible as well."""
    reporter = session.config.pluginmanager.get_plugin("terminalreporter")
    line = _order_line(session.config)
    if reporter is not None and line and not hasattr(session.config, "workerinput"):
        reporter.write_line(line)


def pytest_terminal_summary(terminalreporter, config: pytest.Config) -> None:  # noqa: ANN001
    line = _order_line(config)
    if line:
        terminalreporter.write_line(line)
