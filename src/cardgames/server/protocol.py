"""HTTP as uvicorn speaks it (with httptools), with limits on a request's line and headers.

uvicorn's httptools protocol takes a request line and headers of any size and number. This one
refuses a request whose line and headers together pass ``MAX_HEADER_BYTES``, or that has more
than ``MAX_HEADERS`` header fields, with a ``431`` and a JSON reason, and closes the connection;
a request that is not HTTP at all gets a ``400`` with a JSON reason too, where uvicorn would
answer in plain text. Nothing of the request is read past the limit, so an endless header costs
the server no more memory than the limit. A response is written in one piece, its head with its
body, where uvicorn writes the two apart.
"""

from __future__ import annotations

import asyncio
import json
from typing import Any, cast

from uvicorn.protocols.http.httptools_impl import STATUS_LINE, HttpToolsProtocol

from cardgames.server.settings import MAX_HEADER_BYTES, MAX_HEADERS

__all__ = ["HEAD_SLACK", "GuardedHttpToolsProtocol"]

#: How far past ``MAX_HEADER_BYTES`` the bytes received while a request's head is being read
#: may go before the connection is refused without parsing more (the head's last read may
#: carry the start of the body as well).
HEAD_SLACK = 256 * 1024


class _OneWrite:
    """The connection's transport as each response sees it: a response's status line and
    headers are held back and written together with its body, one write (one system call,
    one packet) where uvicorn makes two. Anything else goes straight through."""

    __slots__ = ("_held", "_transport")

    def __init__(self, transport: Any) -> None:
        self._transport = transport
        self._held: bytes | None = None

    def write(self, data: bytes) -> None:
        held = self._held
        if held is not None:
            self._held = None
            self._transport.write(held + data)
        elif data.startswith(b"HTTP/1.1 ") and not data.startswith(b"HTTP/1.1 100 "):
            self._held = data  # a response's head: its body follows
        else:
            self._transport.write(data)

    def flush(self) -> None:
        """Write a head still held (a response without a body)."""
        held, self._held = self._held, None
        if held is not None:
            self._transport.write(held)

    def close(self) -> None:
        self.flush()
        self._transport.close()

    def __getattr__(self, name: str) -> Any:
        return getattr(self._transport, name)


class _HeadTooLarge(Exception):  # noqa: N818 (a signal from a parser callback, not an error)
    """Raised inside httptools' callbacks to stop parsing a head that passed a limit."""


class GuardedHttpToolsProtocol(HttpToolsProtocol):
    """uvicorn's httptools protocol, with the limits on a request's head and JSON refusals."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._head_bytes = 0
        self._head_fields = 0
        self._in_head = True
        self._received = 0
        self._too_large = False
        self._one_write: _OneWrite | None = None

    def connection_made(self, transport: Any) -> None:
        """A new connection: its responses write through the coalescing transport."""
        super().connection_made(transport)
        self._one_write = _OneWrite(transport)

    def data_received(self, data: bytes) -> None:
        """Bytes from the client; a head past its limit is refused before it is parsed."""
        if self._in_head:
            self._received += len(data)
            if self._received > MAX_HEADER_BYTES + HEAD_SLACK:
                self._refuse(431, "the request's headers are too large")
                return
        super().data_received(data)

    def on_message_begin(self) -> None:
        """A new request: its head is counted from nothing."""
        self._head_bytes = 0
        self._head_fields = 0
        self._in_head = True
        super().on_message_begin()

    def on_url(self, url: bytes) -> None:
        """A piece of the request target, counted against the limit of the head."""
        self._count(len(url))
        super().on_url(url)

    def on_header(self, name: bytes, value: bytes) -> None:
        """One header field, counted against the limits of the head."""
        self._head_fields += 1
        self._count(len(name) + len(value) + 4)
        if self._head_fields > MAX_HEADERS:
            self._too_large = True
            raise _HeadTooLarge
        super().on_header(name, value)

    def on_headers_complete(self) -> None:
        """The head is complete: the request goes to the application."""
        self._in_head = False
        self._received = 0
        # The response of this request writes through the coalescing transport.
        transport = self.transport
        if self._one_write is not None:
            self.transport = cast(asyncio.Transport, self._one_write)
        try:
            super().on_headers_complete()
        finally:
            self.transport = transport

    def on_response_complete(self) -> None:
        """The response is complete: anything it still holds is written."""
        if self._one_write is not None:
            self._one_write.flush()
        super().on_response_complete()

    def on_message_complete(self) -> None:
        """The request is complete: the next bytes are the next request's head."""
        self._in_head = True
        self._received = 0
        super().on_message_complete()

    def _count(self, size: int) -> None:
        self._head_bytes += size
        if self._head_bytes > MAX_HEADER_BYTES:
            self._too_large = True
            raise _HeadTooLarge

    def send_400_response(self, msg: str) -> None:
        """The request could not be read: a JSON refusal (431 for a head past its limits)."""
        if self._too_large:
            self._refuse(431, "the request's headers are too large")
        else:
            self._refuse(400, "not an HTTP request this server reads")

    def _refuse(self, status: int, reason: str) -> None:
        """Answer ``status`` with a JSON reason and close the connection."""
        if self.transport.is_closing():
            return
        body = json.dumps({"error": reason}).encode("ascii")
        head = [STATUS_LINE[status]]
        for name, value in self.server_state.default_headers:
            head.extend([name, b": ", value, b"\r\n"])
        head.extend(
            [
                b"content-type: application/json\r\n",
                b"content-length: " + str(len(body)).encode("ascii") + b"\r\n",
                b"cache-control: no-store\r\n",
                b"connection: close\r\n",
                b"\r\n",
                body,
            ]
        )
        self.transport.write(b"".join(head))
        self.transport.close()
