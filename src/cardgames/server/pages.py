"""The pages people play on: the lobby (``/``), the match (``/matches/{id}``) and the files they
load (``/static/...``), plain HTML, CSS and JavaScript shipped inside the package.

There is no build step and nothing is loaded from anywhere else: the pages are files of this
package, read once when the application is made and answered as they are. Everything a page
shows of a match it asks the API for, with the seat's token in the ``Authorization`` header
like any other client, so a page can see no more than a program could.

Every page answer carries a strict ``Content-Security-Policy``: scripts, styles and images
only from the server itself, no inline script, no plugin, no framing by another site, and
connections back to the server only (its API and live WebSocket). The table's SVG picture is
written by the library from the viewer's view, with every text escaped, and the match page
puts it into the document as SVG, never as HTML.

A seat's token reaches its page in the address's fragment (``/matches/{id}#token=...``), which
browsers never send to a server: the page's first script moves it into the tab's session
storage and takes it out of the address bar before anything else runs, so it stays out of the
history, of bookmarks and of ``Referer`` headers (which these pages turn off anyway).
"""

from __future__ import annotations

from importlib import resources
from typing import Final

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import BaseRoute, Route

from cardgames.server.lobby import ApiError, Lobby

__all__ = ["CONTENT_SECURITY_POLICY", "PAGE_HEADERS", "STATIC_FILES", "page_routes"]

#: Where a page may load from and connect to: the server, and nothing else.
CONTENT_SECURITY_POLICY: Final = (
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
)
#: The headers of every page and file: the policy, no guessing of types, no ``Referer``.
PAGE_HEADERS: Final = {
    "content-security-policy": CONTENT_SECURITY_POLICY,
    "x-content-type-options": "nosniff",
    "referrer-policy": "no-referrer",
    "x-frame-options": "DENY",
}
#: The files under ``/static/`` and their media types: only these are ever answered.
STATIC_FILES: Final = {
    "cardgames.css": "text/css; charset=utf-8",
    "common.js": "text/javascript; charset=utf-8",
    "lobby.js": "text/javascript; charset=utf-8",
    "match.js": "text/javascript; charset=utf-8",
    "favicon.svg": "image/svg+xml",
}
_PAGES = ("lobby.html", "match.html", "missing.html")
# Pages change with the server, never while it runs: a browser may keep them a little while.
_STATIC_CACHE = "public, max-age=300"


def _read(name: str) -> bytes:
    return resources.files("cardgames.server").joinpath("static", name).read_bytes()


def page_routes(lobby: Lobby) -> list[BaseRoute]:
    """The routes of the pages and their files, for :func:`~cardgames.server.create_app`."""
    files = {name: (_read(name), kind) for name, kind in STATIC_FILES.items()}
    pages = {name: _read(name) for name in _PAGES}

    def page(name: str, status: int = 200) -> Response:
        headers = {**PAGE_HEADERS, "cache-control": "no-store"}
        return Response(pages[name], status, headers, "text/html; charset=utf-8")

    async def lobby_page(request: Request) -> Response:
        return page("lobby.html")

    async def match_page(request: Request) -> Response:
        try:
            await lobby.find(request.path_params["match"])
        except ApiError as refused:
            if refused.status != 404:
                raise
            return page("missing.html", 404)
        return page("match.html")

    async def static(request: Request) -> Response:
        found = files.get(request.path_params["name"])
        if found is None:
            raise ApiError(404, "no such path")
        body, kind = found
        headers = {**PAGE_HEADERS, "cache-control": _STATIC_CACHE}
        return Response(body, 200, headers, kind)

    async def favicon(request: Request) -> Response:
        body, kind = files["favicon.svg"]
        return Response(body, 200, {**PAGE_HEADERS, "cache-control": _STATIC_CACHE}, kind)

    return [
        Route("/", lobby_page, methods=["GET"]),
        Route("/matches/{match}", match_page, methods=["GET"]),
        Route("/static/{name}", static, methods=["GET"]),
        Route("/favicon.ico", favicon, methods=["GET"]),
    ]
