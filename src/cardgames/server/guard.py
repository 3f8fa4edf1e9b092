"""The server's outer wall: a rate limit per client address, the body limit, and a JSON answer
for anything that goes wrong, before a request reaches the API.

Every request, HTTP or WebSocket, first passes :class:`Guard`:

- A client address that sends more than its share gets a ``429`` (with ``Retry-After``). Each
  address has a bucket of ``2 * rate`` requests that refills at ``rate`` a second.
- A body declared longer than ``MAX_BODY`` gets a ``413`` before any of it is read; a body
  that turns out longer while it is read gets one too (:func:`read_body`).
- An exception that escapes the API (a bug: client input never causes one) is logged and
  answered with a ``500`` and a JSON reason that says nothing of the request.
"""

from __future__ import annotations

import json
import math
import time
import traceback
from collections.abc import Callable, MutableMapping
from typing import Any

from cardgames.server.refusals import ApiError
from cardgames.server.settings import MAX_BODY

__all__ = ["MAX_CLIENTS", "Guard", "RateLimiter", "deny", "error_body", "read_body"]

#: The most client addresses the rate limit remembers at once; past it, the quiet ones go.
MAX_CLIENTS = 100_000

_Scope = MutableMapping[str, Any]
_Receive = Callable[[], Any]
_Send = Callable[[dict[str, Any]], Any]


def error_body(reason: str) -> bytes:
    """The JSON body of every refusal: ``{"error": "<short reason>"}``."""
    return json.dumps({"error": reason}, ensure_ascii=False).encode("utf-8")


class RateLimiter:
    """A bucket of ``burst`` requests per client address, refilled at ``rate`` a second."""

    def __init__(self, rate: float, burst: float | None = None) -> None:
        self.rate = rate
        self.burst = burst if burst is not None else max(1.0, 2 * rate)
        self._buckets: dict[str, tuple[float, float]] = {}

    def allow(self, client: str) -> float:
        """0.0 if ``client`` may make a request now (which is counted), otherwise the seconds
        until it may."""
        now = time.monotonic()
        tokens, last = self._buckets.get(client, (self.burst, now))
        tokens = min(self.burst, tokens + (now - last) * self.rate)
        if tokens < 1.0:
            self._buckets[client] = (tokens, now)
            return (1.0 - tokens) / self.rate
        if client not in self._buckets and len(self._buckets) >= MAX_CLIENTS:
            self._forget(now)
        self._buckets[client] = (tokens - 1.0, now)
        return 0.0

    def _forget(self, now: float) -> None:
        """Drop the buckets that have filled up again (their clients have been quiet)."""
        full = self.burst / self.rate
        self._buckets = {
            client: bucket for client, bucket in self._buckets.items() if now - bucket[1] < full
        }
        if len(self._buckets) >= MAX_CLIENTS:  # all busy: the oldest half goes
            kept = sorted(self._buckets.items(), key=lambda item: item[1][1])
            self._buckets = dict(kept[len(kept) // 2 :])


class Guard:
    """The ASGI middleware in front of the API (see the module's docstring)."""

    def __init__(
        self, app: Callable[..., Any], *, rate: float, log: Callable[[str], object]
    ) -> None:
        self.app = app
        self.limiter = RateLimiter(rate) if rate > 0 else None
        self.log = log

    async def __call__(self, scope: _Scope, receive: _Receive, send: _Send) -> None:
        kind = scope["type"]
        if kind not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        if self.limiter is not None:
            client = scope.get("client")
            wait = self.limiter.allow(client[0] if client else "")
            if wait:
                headers = [(b"retry-after", str(max(1, math.ceil(wait))).encode("ascii"))]
                await _refuse(
                    kind, send, 429, "too many requests; slow down", headers, scope, receive
                )
                return
        if kind == "http":
            length = _content_length(scope)
            if length is None:
                await _refuse(kind, send, 400, "a malformed Content-Length")
                return
            if length > MAX_BODY:
                await _refuse(kind, send, 413, f"a body of at most {MAX_BODY} bytes")
                return
        try:
            await self.app(scope, receive, send)
        except Exception:
            # Starlette has answered an HTTP request with a 500 already (the application's
            # handler of exceptions writes its JSON); a WebSocket is closed by the server.
            self.log("internal error:\n" + traceback.format_exc().rstrip())


def _content_length(scope: _Scope) -> int | None:
    """The declared body length (0 if none), or ``None`` if it is not a number."""
    for name, value in scope["headers"]:
        if name == b"content-length":
            if not value.isdigit() or len(value) > 18:
                return None
            return int(value)
    return 0


async def _refuse(
    kind: str,
    send: _Send,
    status: int,
    reason: str,
    headers: list[tuple[bytes, bytes]] | None = None,
    scope: _Scope | None = None,
    receive: _Receive | None = None,
) -> None:
    if kind == "websocket":
        assert scope is not None and receive is not None
        await deny(scope, receive, send, status, reason, headers)
        return
    await _answer(send, "http", status, reason, headers)


async def _answer(
    send: _Send,
    kind: str,
    status: int,
    reason: str,
    headers: list[tuple[bytes, bytes]] | None,
) -> None:
    """Send the JSON answer of a refusal, ``reason`` with ``status``: as the response of an HTTP
    request (``kind`` ``"http"``) or of a WebSocket's handshake (``"websocket.http"``)."""
    body = error_body(reason)
    head = [
        (b"content-type", b"application/json"),
        (b"content-length", str(len(body)).encode("ascii")),
        (b"cache-control", b"no-store"),
        *(headers or ()),
    ]
    await send({"type": f"{kind}.response.start", "status": status, "headers": head})
    await send({"type": f"{kind}.response.body", "body": body})


async def deny(
    scope: _Scope,
    receive: _Receive,
    send: _Send,
    status: int,
    reason: str,
    headers: list[tuple[bytes, bytes]] | None = None,
) -> None:
    """Refuse a WebSocket before its handshake: an HTTP answer with a JSON reason where the
    server can send one (the ASGI denial response), else a plain close."""
    message = await receive()
    if message["type"] != "websocket.connect":
        return
    if "websocket.http.response" not in scope.get("extensions", {}):
        await send({"type": "websocket.close", "code": 1008})
        return
    await _answer(send, "websocket.http", status, reason, headers)


async def read_body(receive: _Receive) -> bytes:
    """The request's body, at most ``MAX_BODY`` bytes; ``ApiError(413)`` for a longer one."""
    chunks: list[bytes] = []
    size = 0
    while True:
        message = await receive()
        if message["type"] == "http.disconnect":
            raise ApiError(400, "the request ended before its body")
        chunk = message.get("body", b"")
        size += len(chunk)
        if size > MAX_BODY:
            raise ApiError(413, f"a body of at most {MAX_BODY} bytes")
        chunks.append(chunk)
        if not message.get("more_body", False):
            return b"".join(chunks)
