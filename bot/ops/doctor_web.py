"""The doctor's look at the web settings: WEB_PORT can be served (free, or already
served by a running bot), and WEB_BASE_URL is there for the links when pages are served.
A bad value of either is a problem already (bot/ops/settings.py: the bot refuses it)."""

from __future__ import annotations

import asyncio
import errno
import socket

import aiohttp

from bot.ops.findings import Finding, note, ok, problem
from bot.ops.logs import describe_error
from bot.ops.settings import Settings

PROBE_TIMEOUT_S = 3.0
NO_BASE_URL = ("WEB_PORT is set without WEB_BASE_URL: the pages are served, but the bot "
               "cannot link to them in Discord; set WEB_BASE_URL to the address players "
               "open (e.g. https://games.example.org)")


ANY_ADDRESS = ("", "0.0.0.0", "::")


def port_refusal(host: str, port: int) -> OSError | None:
    """Why this machine would not let the bot listen on `host:port`; None when it is
    free."""
    try:
        family, kind, proto, _name, address = socket.getaddrinfo(
            host or None, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)[0]
    except OSError as exc:  # a WEB_HOST that names no address
        return exc
    with socket.socket(family, kind, proto) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as aiohttp binds
        try:
            probe.bind(address)
        except OSError as exc:
            return exc
    return None


async def health_answer(host: str, port: int) -> str | None:
    """What `/healthz` at `host:port` answers, if a bot serves it there."""
    host = "127.0.0.1" if host in ANY_ADDRESS else host
    url = f"http://{f'[{host}]' if ':' in host else host}:{port}/healthz"
    try:
        async with aiohttp.ClientSession(timeout=aiohttp.ClientTimeout(PROBE_TIMEOUT_S)) \
                as session, session.get(url) as response:
            text = (await response.text()).strip()
    except (TimeoutError, aiohttp.ClientError, OSError, UnicodeDecodeError):
        return None
    if response.status == 200 and text == "ok":
        return text
    if response.status == 503 and text.startswith(("database:", "discord:")):
        return text
    return None


async def check_port(host: str, port: int) -> Finding:
    refused = await asyncio.to_thread(port_refusal, host, port)
    if refused is None:
        return ok("web", f"WEB_PORT {port} is free on {host or 'every address'}: the bot "
                         "serves its pages, /healthz and /metrics there")
    if refused.errno == errno.EACCES:
        return problem("web", f"WEB_PORT {port} may only be opened by root: choose a port "
                              "above 1023 (behind a reverse proxy for ports 80 and 443)")
    if refused.errno != errno.EADDRINUSE:
        return problem("web", f"WEB_PORT {port} cannot be opened on {host or 'every address'}"
                              f" (WEB_HOST): {describe_error(refused)}")
    answer = await health_answer(host, port)
    if answer is None:
        return problem("web", f"WEB_PORT {port} is taken by another program: stop it or "
                              "choose another port")
    if answer == "ok":
        return ok("web", f"WEB_PORT {port} is served by a running bot (/healthz: ok)")
    return problem("web", f"WEB_PORT {port} is served by a running bot that is not well "
                          f"(/healthz: {answer})")


async def check_web(settings: Settings) -> list[Finding]:
    if settings.web_port is None:
        if settings.web_base_url is not None:
            return [note("web", "WEB_BASE_URL is set without WEB_PORT: this bot serves no "
                                f"pages; its links lead to {settings.web_base_url}, which "
                                "another process must serve")]
        return [note("web", "no web pages, health check or metrics (WEB_PORT is not set)")]
    found = [await check_port(settings.web_host, settings.web_port)]
    if settings.web_base_url is None:
        if not any(p.startswith("WEB_BASE_URL") for p in settings.problems):  # said already
            found.append(note("web", NO_BASE_URL))
    else:
        found.append(ok("web", f"pages are linked as {settings.web_base_url}/g/…"))
    return found
