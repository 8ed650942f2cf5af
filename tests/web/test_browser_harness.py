"""The browser harness itself: chromium opens a page the bot serves, and a missing
browser skips the browser tests here but fails them in CI."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from bot.store import Store
from bot.web.app import serve_web
from tests.web.browser import chromium_path, no_browser
from tests.web.scrape import free_port

if TYPE_CHECKING:
    from playwright.async_api import Browser


async def test_chromium_opens_a_page_the_bot_serves(browser: Browser, tmp_path: Path) -> None:
    store = await Store.open(tmp_path / "games.db")
    port = free_port()
    runner = await serve_web(store, port=port, base_url="https://games.example.org")
    try:
        page = await browser.new_page(viewport={"width": 375, "height": 700})
        response = await page.goto(f"http://127.0.0.1:{port}/healthz")
        assert response is not None and response.status == 200
        assert (await page.inner_text("body")).strip() == "ok"
    finally:
        await runner.cleanup()
        await store.close()


def test_a_missing_browser_is_skipped_here_and_fails_in_ci(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CHROMIUM_PATH", "/nowhere/chromium")
    assert chromium_path() is None
    monkeypatch.delenv("CI", raising=False)
    monkeypatch.delenv("REQUIRE_BROWSER", raising=False)
    with pytest.raises(pytest.skip.Exception, match="need chromium"):
        no_browser("the browser tests need chromium")
    for key, value in (("CI", "true"), ("REQUIRE_BROWSER", "1")):
        with monkeypatch.context() as env:
            env.setenv(key, value)
            with pytest.raises(pytest.fail.Exception, match="a browser is required here"):
                no_browser("the browser tests need chromium")
