"""A real browser for the web pages' tests: Debian's chromium, headless, driven by
Playwright (never a browser build of Playwright's own: `make test` and `.ci/run` install
the system package where it is missing).

Where no chromium can be had, the browser tests are skipped with the reason in one line;
in CI (`CI=true`, or `REQUIRE_BROWSER=1` as `.ci/run` sets) they fail instead, so a
missing browser never passes for green."""

from __future__ import annotations

import os
import shutil
from collections.abc import AsyncIterator
from typing import TYPE_CHECKING, NoReturn

import pytest
import pytest_asyncio

if TYPE_CHECKING:
    from playwright.async_api import Browser

CHROMIUM_NAMES = ("chromium", "chromium-browser")
INSTALL_HINT = "Debian or Ubuntu: apt-get install chromium; or `make test` as root"


def chromium_path() -> str | None:
    """The system's chromium (CHROMIUM_PATH names another)."""
    chosen = os.environ.get("CHROMIUM_PATH", "").strip()
    if chosen:
        return chosen if os.access(chosen, os.X_OK) else None
    for name in CHROMIUM_NAMES:
        if (found := shutil.which(name)) is not None:
            return found
    return None


def browser_required() -> bool:
    return os.environ.get("CI", "").lower() == "true" or \
        os.environ.get("REQUIRE_BROWSER", "") == "1"


def no_browser(reason: str) -> NoReturn:
    """Skip the test, or fail it where a browser is required."""
    if browser_required():
        pytest.fail(f"{reason} (a browser is required here: CI or REQUIRE_BROWSER=1)")
    pytest.skip(reason)


@pytest_asyncio.fixture
async def browser() -> AsyncIterator[Browser]:
    """Headless chromium, closed after the test."""
    try:
        from playwright.async_api import Error, async_playwright
    except ImportError:
        no_browser("the browser tests need playwright (pip install -e '.[dev]')")
    path = chromium_path()
    if path is None:
        no_browser(f"the browser tests need chromium ({INSTALL_HINT})")
    async with async_playwright() as playwright:
        try:
            launched = await playwright.chromium.launch(executable_path=path, headless=True)
        except Error as exc:
            no_browser(f"chromium at {path} does not start: {str(exc).splitlines()[0]}")
        try:
            yield launched
        finally:
            await launched.close()
