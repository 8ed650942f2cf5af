"""The Makefile's set-up, run in a copy of it: which steps each target takes, and a
virtual environment whose Python is too old or gone is made again."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

pytestmark = pytest.mark.skipif(shutil.which("make") is None, reason="needs make")


@pytest.fixture
def checkout(tmp_path: Path) -> Path:
    for name in ("Makefile", "pyproject.toml"):
        shutil.copy(ROOT / name, tmp_path / name)
    return tmp_path


def make(checkout: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(["make", "--no-print-directory", *args], cwd=checkout,
                          capture_output=True, text=True, timeout=60)


def fake_venv_python(checkout: Path, script: str | None) -> Path:
    """A venv whose python is this shell script, or (None) the interpreter running the
    tests, which is new enough and has pip."""
    python = checkout / ".venv" / "bin" / "python"
    python.parent.mkdir(parents=True)
    if script is None:
        python.symlink_to(sys.executable)
    else:
        python.write_text(f"#!/bin/sh\n{script}\n")
        python.chmod(0o755)
    return python


def test_make_run_installs_what_running_needs_and_no_dev_tools(checkout: Path) -> None:
    fake_venv_python(checkout, None)
    planned = make(checkout, "-n", "run").stdout
    assert "pip install --quiet -e .\n" in planned and "[dev]" not in planned
    assert planned.rstrip().endswith("-m bot")
    tested = make(checkout, "-n", "test").stdout
    assert "-e '.[dev]'" in tested and ".installed-dev" in tested


def test_make_demo_passes_the_seed_and_the_game(checkout: Path) -> None:
    fake_venv_python(checkout, None)
    assert "-m bot demo --out demo-output --seed 7\n" in make(checkout, "-n", "demo",
                                                              "SEED=7").stdout
    assert "--seed 2026\n" in make(checkout, "-n", "demo").stdout
    assert "--seed 2026 --game clans\n" in make(checkout, "-n", "demo", "GAME=clans").stdout


@pytest.mark.parametrize("script", [
    'echo "Python 3.9.2"; exit 1',  # too old: the version check fails
    "exit 127",  # the interpreter the venv pointed to is gone
])
def test_a_venv_with_an_old_or_broken_python_is_made_again(checkout: Path,
                                                           script: str) -> None:
    fake_venv_python(checkout, script)
    done = make(checkout, "-n", "lint", f"PYTHON={sys.executable}")
    assert ".venv has no working Python 3.11 or newer: making it again" in done.stdout
    assert not (checkout / ".venv").exists()
    assert f"{sys.executable} -m venv .venv" in done.stdout


def test_a_healthy_venv_is_kept(checkout: Path) -> None:
    python = fake_venv_python(checkout, None)
    done = make(checkout, "-n", "lint")
    assert "making it again" not in done.stdout and python.exists()


def test_without_python_3_11_make_says_what_to_do(checkout: Path, tmp_path: Path) -> None:
    old = tmp_path / "python3.9"
    old.write_text('#!/bin/sh\n[ "$1" = --version ] && echo "Python 3.9.2" && exit 0\n'
                   "exit 1\n")
    old.chmod(0o755)
    for python, found in ((old, "Python 3.9.2"), (tmp_path / "nowhere", "missing")):
        done = make(checkout, "run", f"PYTHON={python}")
        assert done.returncode != 0
        assert (f"Python 3.11 or newer is needed; {python} is {found}. Try, for example: "
                "make PYTHON=python3.12") in done.stdout
        assert not (checkout / ".venv").exists()
