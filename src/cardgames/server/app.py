"""The HTTP and WebSocket API of ``SERVER.md`` as a Starlette application.

Each endpoint reads what the request says (the path's match id, the ``Authorization`` token, a
JSON body of at most ``MAX_BODY`` bytes, ``?since=``), hands it to the :class:`~.lobby.Lobby`
and writes its answer; a refusal is the lobby's :class:`~.lobby.ApiError` as a status and
``{"error": "<short reason>"}``. Every answer carries ``Cache-Control: no-store``: a view is one
seat's, and no cache on the way should keep it for somebody else.

:func:`create_app` takes more routes (``routes=``) for pages served beside the API: they share
the lobby, the guard and the error answers.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable, Sequence
from typing import Any

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import BaseRoute, Route, WebSocketRoute
from starlette.websockets import WebSocket, WebSocketDisconnect, WebSocketState

from cardgames.server.guard import Guard, deny, error_body
from cardgames.server.live import news
from cardgames.server.lobby import DEFAULT_LIST, ApiError, Lobby
from cardgames.server.settings import MAX_BODY
from cardgames.server.tokens import MAX_TOKEN

__all__ = [
    "FIRST_MESSAGE_TIMEOUT",
    "MAX_LISTENERS",
    "MAX_MESSAGES",
    "STATUSES",
    "create_app",
]

#: How long a live connection may take to send its first message, in seconds.
FIRST_MESSAGE_TIMEOUT = 10.0
#: The most live connections one client address may hold open at once.
MAX_LISTENERS = 64
#: The most messages a live connection may send after its first (the server reads them only to
#: notice when the client goes; a client that keeps talking is closed).
MAX_MESSAGES = 1000
#: The statuses ``GET /api/matches?status=`` takes.
STATUSES = ("waiting", "playing", "over")

# A live connection closed because of a refusal gets the close code 4000 + the HTTP status.
_CLOSE_BASE = 4000
_HEADERS = {"cache-control": "no-store"}
_JSON = "application/json"


def create_app(
    lobby: Lobby,
    *,
    rate_limit: float,
    log: Callable[[str], object],
    routes: Sequence[BaseRoute] = (),
) -> Guard:
    """The server's ASGI application: the API's routes (and ``routes``) behind the guard."""
    listeners: dict[str, int] = {}

    async def games(request: Request) -> Response:
        return _answer(lobby.games())

    async def matches(request: Request) -> Response:
        if request.method == "POST":
            return _answer(await lobby.create(await _body(request)), 201)
        status = _query(request, "status")
        if status is not None and status not in STATUSES:
            raise ApiError(400, "status must be waiting, playing or over")
        limit = _number(_query(request, "limit"), "limit")
        if limit is not None and not 1 <= limit <= DEFAULT_LIST:
            raise ApiError(400, f"limit must be a number from 1 to {DEFAULT_LIST}")
        return _answer(await lobby.matches(status, limit or DEFAULT_LIST))

    async def join(request: Request) -> Response:
        body = await _body(request, optional=True)
        return _answer(await lobby.join(request.path_params["match"], body))

    async def look(request: Request) -> Response:
        since = _number(_query(request, "since"), "since")
        return _answer(await lobby.look(request.path_params["match"], _token(request), since))

    async def move(request: Request) -> Response:
        since = _number(_query(request, "since"), "since")
        body = await _body(request)
        return _answer(await lobby.move(request.path_params["match"], _token(request), body, since))

    async def picture(request: Request) -> Response:
        svg = await lobby.picture(request.path_params["match"], _token(request))
        return Response(svg.encode("utf-8"), 200, _HEADERS, "image/svg+xml")

    async def record(request: Request) -> Response:
        return _answer(await lobby.record(request.path_params["match"]))

    async def live(websocket: WebSocket) -> None:
        client = websocket.client.host if websocket.client else ""
        try:
            match = await lobby.find(websocket.path_params["match"])
        except ApiError as refused:
            await deny(
                websocket.scope, websocket.receive, websocket.send, refused.status, refused.reason
            )
            return
        if listeners.get(client, 0) >= MAX_LISTENERS:
            await deny(
                websocket.scope,
                websocket.receive,
                websocket.send,
                429,
                "too many live connections from this address",
            )
            return
        listeners[client] = listeners.get(client, 0) + 1
        try:
            await websocket.accept()
            await _listen(lobby, match, websocket)
        finally:
            listeners[client] -= 1
            if not listeners[client]:
                del listeners[client]

    async def refused(request: Request, exc: Exception) -> Response:
        assert isinstance(exc, ApiError)
        return _refusal(exc.status, exc.reason)

    async def http_error(request: Request, exc: Exception) -> Response:
        assert isinstance(exc, HTTPException)
        if exc.status_code == 405:
            headers = {**_HEADERS, **(exc.headers or {})}
            return Response(error_body("this path does not take this method"), 405, headers, _JSON)
        if exc.status_code == 404:
            return _refusal(404, "no such path")
        return _refusal(exc.status_code, "the request was refused")

    async def broken(request: Request, exc: Exception) -> Response:
        # The guard logs the error (Starlette raises it again after this answer).
        return _refusal(500, "internal error")

    api: list[BaseRoute] = [
        Route("/api/games", games, methods=["GET"]),
        Route("/api/matches", matches, methods=["GET", "POST"]),
        Route("/api/matches/{match}", look, methods=["GET"]),
        Route("/api/matches/{match}/join", join, methods=["POST"]),
        Route("/api/matches/{match}/moves", move, methods=["POST"]),
        Route("/api/matches/{match}/record", record, methods=["GET"]),
        Route("/api/matches/{match}/picture", picture, methods=["GET"]),
        WebSocketRoute("/api/matches/{match}/live", live),
    ]
    app = Starlette(
        routes=[*api, *routes],
        exception_handlers={ApiError: refused, HTTPException: http_error, Exception: broken},
    )
    app.router.redirect_slashes = False  # an address is the API's or it is not: no redirects
    return Guard(app, rate=rate_limit, log=log)


def _answer(text: str, status: int = 200) -> Response:
    return Response(text.encode("utf-8"), status, _HEADERS, _JSON)


def _refusal(status: int, reason: str) -> Response:
    return Response(error_body(reason), status, _HEADERS, _JSON)


async def _body(request: Request, *, optional: bool = False) -> Any:
    """The request's JSON body (``None`` for an empty one, if ``optional``)."""
    size = 0
    chunks = []
    async for chunk in request.stream():
        size += len(chunk)
        if size > MAX_BODY:
            raise ApiError(413, f"a body of at most {MAX_BODY} bytes")
        chunks.append(chunk)
    raw = b"".join(chunks)
    if not raw.strip():
        if optional:
            return None
        raise ApiError(400, "expected a JSON body")
    try:
        return json.loads(raw)
    except (ValueError, RecursionError):  # not JSON, not UTF-8, nested beyond reason
        raise ApiError(400, "the body is not JSON") from None


def _token(request: Request) -> str | None:
    """The token of ``Authorization: Bearer <token>``, or ``None`` without the header."""
    header = request.headers.get("authorization")
    if header is None:
        return None
    scheme, _, token = header.partition(" ")
    token = token.strip()
    if scheme.lower() != "bearer" or not token:
        raise ApiError(401, "a seat's token goes in the header Authorization: Bearer <token>")
    if len(token) > MAX_TOKEN:
        raise ApiError(403, "this token is not one of this match's seats")
    return token


def _query(request: Request, name: str) -> str | None:
    """The value of the query parameter ``name`` (the last if it is given twice), or ``None``.

    Read straight from the query string: Starlette's ``query_params`` builds a dictionary of
    every parameter for each request, which cost more than the rest of reading a request."""
    query: bytes = request.scope["query_string"]
    if not query:
        return None
    if b"%" in query or b"+" in query:  # encoded: read it as Starlette does
        return request.query_params.get(name)
    key = name.encode()
    found = None
    for part in query.split(b"&"):
        given, _, value = part.partition(b"=")
        if given == key:
            found = value
    return None if found is None else found.decode("latin-1")


def _number(text: str | None, name: str) -> int | None:
    """A query parameter that is a whole number from 0, or ``None`` when absent."""
    if text is None:
        return None
    if not (text.isascii() and text.isdigit() and len(text) <= 18):
        raise ApiError(400, f"{name} must be a whole number")
    return int(text)


async def _listen(lobby: Lobby, match: Any, websocket: WebSocket) -> None:
    """A live connection: its first message names its seat (or none), then it gets
    ``{"version": k, "status": s}`` now and after every change of the match."""
    try:
        first = await asyncio.wait_for(websocket.receive(), FIRST_MESSAGE_TIMEOUT)
    except TimeoutError:
        await _close(websocket, 408, "the first message did not come in time")
        return
    if first["type"] == "websocket.disconnect":
        return
    try:
        message = json.loads(first.get("text") or first.get("bytes") or b"")
    except (ValueError, RecursionError):
        message = None
    token = message.get("token") if type(message) is dict else None
    if (
        type(message) is not dict
        or set(message) - {"token"}
        or (token is not None and type(token) is not str)
    ):
        await _close(websocket, 400, 'the first message is {"token": "<token>"} or {}')
        return
    try:
        lobby.viewer(match, token, required=False)
    except ApiError as refused:
        await _close(websocket, refused.status, refused.reason)
        return
    with lobby.hub.listen(match.id) as listener:
        await websocket.send_text(news(match.version, match.status))
        reader = asyncio.ensure_future(_drain(websocket))
        try:
            while True:
                waiting = asyncio.ensure_future(listener.queue.get())
                await asyncio.wait((waiting, reader), return_when=asyncio.FIRST_COMPLETED)
                if not waiting.done():
                    waiting.cancel()
                    return  # the client went away, or talked too much
                message = waiting.result()
                if message is None:
                    await _close(websocket, 1013, "this connection fell too far behind")
                    return
                await websocket.send_text(message)
        except WebSocketDisconnect:
            return
        finally:
            reader.cancel()


async def _drain(websocket: WebSocket) -> None:
    """Read what the client sends after its first message, until it goes (or sends too much)."""
    for _ in range(MAX_MESSAGES):
        message = await websocket.receive()
        if message["type"] == "websocket.disconnect":
            return
    await _close(websocket, 1008, "too many messages")


async def _close(websocket: WebSocket, status: int, reason: str) -> None:
    """Send ``{"error": reason}`` and close with 4000 + ``status`` (or ``status`` itself if it
    is a WebSocket close code already)."""
    if websocket.client_state is not WebSocketState.CONNECTED:
        return
    code = status if status >= 1000 else _CLOSE_BASE + status
    try:
        await websocket.send_text(error_body(reason).decode("utf-8"))
        await websocket.close(code)
    except (WebSocketDisconnect, RuntimeError):  # already gone
        pass
