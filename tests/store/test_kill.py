"""A writer process killed with SIGKILL at random moments leaves a database that opens,
passes its integrity check, keeps every acknowledged action, and whose every game
rebuilds from its log to the state last written (real Doge engine); on each backend."""

from __future__ import annotations

import asyncio
import os
import random
import signal
import subprocess
import sys
import time
from collections import defaultdict
from pathlib import Path

import pytest

from bot.store import Store
from tests.postgres import fresh_database_sync, server_let_go
from tests.store.backends import BACKENDS

ROOT = Path(__file__).resolve().parents[2]
KILLS = 20
pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="needs SIGKILL")


def _spawn(db: str, seed: int, stderr: Path) -> subprocess.Popen[str]:
    with stderr.open("w") as err:
        return subprocess.Popen(
            [sys.executable, "-m", "tests.store.kill_writer", db, str(seed)],
            cwd=ROOT, stdout=subprocess.PIPE, stderr=err, text=True,
        )


async def _check(db: str, acked: dict[int, int]) -> int:
    """Open the file as the bot would after a crash and check every game; returns the
    number of logged actions."""
    store = await Store.open(db)
    try:
        assert await store.integrity_check() == []
        total = 0
        games = await store.games.list_games(limit=10_000)
        for row in games:
            loaded = await store.actions.load(row.id, verify=True)  # snapshot + tail
            await store.checks.verify_game(row.id, from_scratch=True)  # seed + whole log
            log = await store.actions.log(row.id)
            assert [a.version for a in log] == list(range(1, loaded.version + 1))
            total += len(log)
        versions = {row.id: row.version for row in games}
        for game_id, version in acked.items():
            # An action the writer saw committed is never lost.
            assert versions[game_id] >= version, (game_id, version)
        return total
    finally:
        await store.close()


@pytest.mark.parametrize("backend", BACKENDS)
def test_sigkill_at_random_moments_leaves_a_consistent_database(
    tmp_path: Path, backend: str
) -> None:
    if backend == "sqlite":
        _kill_repeatedly(tmp_path, str(tmp_path / "killed.db"))
    else:
        with fresh_database_sync("killed") as url:
            _kill_repeatedly(tmp_path, url)


def _kill_repeatedly(tmp_path: Path, db: str) -> None:
    rng = random.Random(20260)
    acked: dict[int, int] = defaultdict(int)
    logged = waited = 0
    for kill in range(KILLS):
        err = tmp_path / f"writer-{kill}.err"
        proc = _spawn(db, kill, err)
        assert proc.stdout is not None
        seen: list[str] = []
        if kill % 4 == 0:
            # Any moment at all, start-up and migrations included.
            time.sleep(rng.uniform(0.0, 0.3))
        else:
            # Busy writing, however fast the machine: a few commits acknowledged, then a
            # random moment later.
            assert proc.stdout.readline() == "ready\n", err.read_text()
            wanted = rng.randint(4, 12)
            while len(seen) < wanted:
                line = proc.stdout.readline()
                assert line.startswith("ack "), err.read_text()
                seen.append(line)
            waited += wanted
            time.sleep(rng.uniform(0.0, 0.1))
        os.kill(proc.pid, signal.SIGKILL)
        out, _ = proc.communicate(timeout=10)
        assert proc.returncode == -signal.SIGKILL, err.read_text()
        for line in seen + out.splitlines():
            if line.startswith("ack "):
                _, game_id, version = line.split()
                acked[int(game_id)] = max(acked[int(game_id)], int(version))
        if not db.endswith(".db"):
            asyncio.run(server_let_go(db))
        if not db.endswith(".db") or Path(db).exists():
            now = asyncio.run(_check(db, acked))
            assert now >= logged
            logged = now
    assert logged >= waited > 0, "every kill while writing came after acknowledged commits"
