"""The headers every answer of the pages carries, whatever made it (a page, an image,
the static files, a 404): the browser loads only the page's own scripts, styles and
images, guesses no type, shows the page in no other site's frame and tells no other site
where its reader came from; and the server names no software or version."""

from __future__ import annotations

from aiohttp import web

CONTENT_SECURITY_POLICY = "; ".join((
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self'",
    "connect-src 'self'",  # the slider's steps and the live updates
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
))
HEADERS = {
    "Content-Security-Policy": CONTENT_SECURITY_POLICY,
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "no-referrer",
}
SERVER = "games"  # in place of aiohttp's "Python/3.x aiohttp/3.x"


async def _add_headers(_request: web.Request, response: web.StreamResponse) -> None:
    for name, value in HEADERS.items():
        response.headers.setdefault(name, value)
    response.headers["Server"] = SERVER  # aiohttp has set its own by now


def add_headers(app: web.Application) -> None:
    """Every answer of `app` carries `HEADERS`."""
    app.on_response_prepare.append(_add_headers)
