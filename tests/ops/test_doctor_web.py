"""`python -m bot doctor` on the web settings: WEB_PORT a port that is free (or served
by the running bot), WEB_BASE_URL an absolute http(s) address, a warning when pages are
served without an address to link them by."""

from __future__ import annotations

import socket
from pathlib import Path

import pytest

from bot.ops.doctor_web import NO_BASE_URL, check_web
from bot.ops.findings import NOTE, OK, PROBLEM, Finding
from bot.ops.settings import load_settings
from bot.store import Store
from bot.web.app import serve_web
from tests.web.scrape import free_port


def lines(findings: list[Finding], level: str) -> list[str]:
    return [f.text for f in findings if f.level == level and f.area == "web"]


async def test_a_free_port_without_a_base_url_is_served_with_a_warning() -> None:
    port = free_port()
    found = await check_web(load_settings({"WEB_PORT": str(port)}))
    assert lines(found, PROBLEM) == []
    assert any(f"WEB_PORT {port} is free" in text for text in lines(found, OK))
    assert lines(found, NOTE) == [NO_BASE_URL]


async def test_a_port_another_program_holds_is_a_problem() -> None:
    with socket.socket() as other:
        other.bind(("127.0.0.1", 0))
        other.listen()
        port = other.getsockname()[1]
        found = await check_web(load_settings({"WEB_PORT": str(port),
                                               "WEB_BASE_URL": "https://games.example.org/"}))
    assert lines(found, PROBLEM) == [f"WEB_PORT {port} is taken by another program: stop "
                                     "it or choose another port"]
    assert "pages are linked as https://games.example.org/g/…" in lines(found, OK)


async def test_the_port_of_the_running_bot_is_fine(tmp_path: Path) -> None:
    store = await Store.open(tmp_path / "games.db")
    port = free_port()
    runner = await serve_web(store, port=port, base_url="https://games.example.org")
    try:
        found = await check_web(load_settings({"WEB_PORT": str(port),
                                               "WEB_BASE_URL": "https://example.org/doge"}))
        assert lines(found, PROBLEM) == []
        assert f"WEB_PORT {port} is served by a running bot (/healthz: ok)" in \
            lines(found, OK)
        await store.close()  # the bot's database stopped answering
        found = await check_web(load_settings({"WEB_PORT": str(port)}))
        assert lines(found, PROBLEM)[0].startswith(
            f"WEB_PORT {port} is served by a running bot that is not well (/healthz: "
            "database: ")
    finally:
        await runner.cleanup()
        await store.close()


@pytest.mark.parametrize(("key", "raw", "why"), [
    ("WEB_PORT", "0", "is not a port"),
    ("WEB_PORT", "http", "is not a port"),
    ("WEB_PORT", "65536", "is not a port"),
    ("WEB_BASE_URL", "games.example.org", "is not an absolute http:// or https:// address"),
    ("WEB_BASE_URL", "ftp://example.org", "is not an absolute http:// or https:// address"),
    ("WEB_BASE_URL", "https://example.org/?page=1", "has a ?query or #fragment"),
    ("WEB_BASE_URL", "https://example.org//doge", "has an empty folder (//)"),
    ("WEB_BASE_URL", "https://example.org:99999", "has a port that is not a number"),
])
def test_a_bad_value_is_a_setting_the_bot_refuses(key: str, raw: str, why: str) -> None:
    settings = load_settings({key: raw})
    assert len(settings.problems) == 1 and why in settings.problems[0], settings.problems
    assert settings.web_port is None and settings.web_base_url is None


def test_a_password_in_the_base_url_is_refused_without_repeating_it() -> None:
    settings = load_settings({"WEB_BASE_URL": "https://admin:hunter2@example.org"})
    assert settings.problems == ["WEB_BASE_URL holds a user name or password: links show "
                                 "it to every player"]


def test_a_trailing_slash_is_dropped() -> None:
    assert load_settings({"WEB_BASE_URL": "https://example.org/doge/"}).web_base_url == \
        "https://example.org/doge"


async def test_without_web_settings_nothing_is_served() -> None:
    found = await check_web(load_settings({}))
    assert [f.level for f in found] == [NOTE] and "WEB_PORT is not set" in found[0].text


async def test_a_bad_base_url_is_one_problem_not_a_warning_besides() -> None:
    settings = load_settings({"WEB_PORT": str(free_port()), "WEB_BASE_URL": "example.org"})
    assert len(settings.problems) == 1
    assert lines(await check_web(settings), NOTE) == []
