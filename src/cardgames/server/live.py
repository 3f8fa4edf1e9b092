"""Live updates: who listens to which match, and the news each listener is sent.

News is public: a match's version (how many moves it has) and its status, never a view or an
event, so every listener of a match, each seat and each spectator, gets the same messages and
then asks for what it may see. The hub is told of every change by the server that made it; a
store shared by several server processes would tell each process's hub of the others' changes
the same way (:meth:`Hub.publish`).

A listener that stops reading does not hold the server up: its queue is bounded, and one that
overflows is told to go (it reconnects and asks for the match again).
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from contextlib import contextmanager

__all__ = ["MAX_BACKLOG", "Hub", "Listener", "news"]

#: The most messages a listener may have waiting before it is dropped.
MAX_BACKLOG = 256


def news(version: int, status: str) -> str:
    """The message of one piece of news: ``{"version": k, "status": s}``."""
    return f'{{"version":{version},"status":"{status}"}}'


class Listener:
    """One live connection's queue of news (each message's text), or ``None`` once it has
    fallen too far behind."""

    __slots__ = ("match", "queue")

    def __init__(self, match: str) -> None:
        self.match = match
        self.queue: asyncio.Queue[str | None] = asyncio.Queue()

    def tell(self, message: str) -> None:
        """Queue one message, or the notice to go if the backlog is full."""
        if self.queue.qsize() >= MAX_BACKLOG:
            self.queue.put_nowait(None)
        else:
            self.queue.put_nowait(message)


class Hub:
    """The listeners of every match."""

    def __init__(self) -> None:
        self._listeners: dict[str, set[Listener]] = {}

    def count(self) -> int:
        """How many connections listen, all matches together."""
        return sum(len(group) for group in self._listeners.values())

    @contextmanager
    def listen(self, match: str) -> Iterator[Listener]:
        """A listener of ``match`` for the length of the ``with`` block."""
        listener = Listener(match)
        self._listeners.setdefault(match, set()).add(listener)
        try:
            yield listener
        finally:
            group = self._listeners.get(match)
            if group is not None:
                group.discard(listener)
                if not group:
                    del self._listeners[match]

    def publish(self, match: str, version: int, status: str) -> None:
        """Tell every listener of ``match`` its new version and status."""
        listeners = self._listeners.get(match)
        if listeners:
            message = news(version, status)
            for listener in tuple(listeners):
                listener.tell(message)
