"""`make stress`: run chosen test files (default: the whole suite) many times while other
processes keep every core busy, in a new random order each run, and say which tests
failed and how often. A test that waits for something is trusted only once it passes here.

    python -m tests.stress [--runs 10] [--workers 2] [FILE_OR_NODE ...]
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import random
import re
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def spin() -> None:
    """Keep one core busy until killed."""
    while True:
        pass


def start_load(cores: int) -> list[multiprocessing.Process]:
    load = [multiprocessing.Process(target=spin, daemon=True) for _ in range(cores)]
    for process in load:
        process.start()
    return load


def failures_of(report: Path) -> list[str]:
    """The node ids of the failed or erroring tests in a JUnit XML report."""
    if not report.exists():
        return []
    failed = []
    for case in ET.parse(report).getroot().iter("testcase"):
        if case.find("failure") is not None or case.find("error") is not None:
            path = case.get("classname", "").replace(".", "/")
            failed.append(f"{path}.py::{case.get('name')}")
    return failed


def run_once(targets: list[str], workers: int, seed: int, report: Path) -> int:
    command = [sys.executable, "-m", "pytest", "-p", "randomly",
               f"--randomly-seed={seed}", f"--junitxml={report}", "-o",
               "junit_family=xunit1", *targets]
    if workers:
        command[3:3] = ["-n", str(workers)]  # after "pytest"
    done = subprocess.run(command, cwd=ROOT, stdout=subprocess.PIPE,
                          stderr=subprocess.STDOUT, text=True)
    counts = [line for line in done.stdout.splitlines()
              if re.search(r"\d+ (passed|failed|error)", line)]
    print(f"  seed {seed}: exit {done.returncode}, {(counts or ['no tests ran'])[-1].strip()}",
          flush=True)
    return done.returncode


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("targets", nargs="*", help="test files or node ids (default: all)")
    parser.add_argument("--runs", type=int, default=10)
    parser.add_argument("--workers", type=int, default=2, help="pytest-xdist processes")
    parser.add_argument("--load", type=int, default=os.cpu_count() or 1,
                        help="busy processes besides the tests (default: one per core)")
    args = parser.parse_args(argv)
    failed: Counter[str] = Counter()
    seeds_of: dict[str, list[int]] = {}
    broken_runs = 0
    load = start_load(args.load)
    print(f"{args.runs} runs of {' '.join(args.targets) or 'the whole suite'}, "
          f"{args.load} busy processes beside them", flush=True)
    try:
        with tempfile.TemporaryDirectory() as folder:
            for run in range(args.runs):
                seed = random.SystemRandom().randrange(1, 2**32)
                report = Path(folder) / f"run{run}.xml"
                code = run_once(args.targets, args.workers, seed, report)
                names = failures_of(report)
                if code not in (0, 1) or (code == 1 and not names):
                    broken_runs += 1  # interrupted, or failed outside any test
                for name in names:
                    failed[name] += 1
                    seeds_of.setdefault(name, []).append(seed)
    finally:
        for process in load:
            process.kill()
    if not failed and not broken_runs:
        print(f"every test passed in all {args.runs} runs")
        return 0
    for name, count in failed.most_common():
        again = " ".join(f"--randomly-seed={s}" for s in seeds_of[name])
        print(f"FAILED {count}/{args.runs}: {name}   ({again})")
    if broken_runs:
        print(f"{broken_runs} run(s) stopped outside a test (collection or a crash)")
    return 1


if __name__ == "__main__":
    sys.exit(main())
