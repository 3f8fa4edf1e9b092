"""How the command line is stopped: Ctrl-C, ``kill`` (SIGTERM) and a closed terminal (SIGHUP).

Python turns Ctrl-C into ``KeyboardInterrupt``; while a command runs, :func:`stopping` turns
SIGTERM and SIGHUP into :class:`Stopped`, a ``KeyboardInterrupt`` too, so that every way of
stopping takes the same path: a person's game saves the moves so far, ``simulate`` stops its
workers and keeps the records of the games it finished, and ``main`` prints one line and
exits with ``128 + N`` for signal ``N`` (130 for Ctrl-C, 143 for SIGTERM, 129 for SIGHUP).
"""

from __future__ import annotations

import contextlib
import signal
import threading
from collections.abc import Iterator
from types import FrameType

__all__ = ["Stopped", "exit_status", "retold", "stopping", "what_stopped"]


class Stopped(KeyboardInterrupt):
    """The command was stopped by signal ``signum``; the text says what was kept."""

    def __init__(self, signum: int, detail: str = "") -> None:
        super().__init__(detail)
        self.signum = signum


def exit_status(exc: KeyboardInterrupt) -> int:
    """``128 + N`` for the signal that stopped the command (Ctrl-C's SIGINT when none says)."""
    return 128 + getattr(exc, "signum", signal.SIGINT)


def what_stopped(exc: KeyboardInterrupt) -> str:
    """The words of the line that tells it: ``interrupted`` (Ctrl-C), or the signal's name."""
    signum = getattr(exc, "signum", signal.SIGINT)
    if signum == signal.SIGINT:
        return "interrupted"
    if signum == getattr(signal, "SIGHUP", None):
        return "stopped: the terminal was closed (SIGHUP)"
    return f"stopped by {signal.Signals(signum).name}"


def retold(exc: KeyboardInterrupt, detail: str) -> KeyboardInterrupt:
    """The same interruption, saying ``detail`` (what was kept)."""
    return Stopped(getattr(exc, "signum", signal.SIGINT), detail)


@contextlib.contextmanager
def stopping() -> Iterator[None]:
    """While the block runs, SIGTERM and SIGHUP raise :class:`Stopped` in the main thread
    (elsewhere, and where the platform lacks them, nothing changes); the handlers before are
    put back afterwards."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    numbers = [getattr(signal, n) for n in ("SIGTERM", "SIGHUP") if hasattr(signal, n)]
    before = {number: signal.getsignal(number) for number in numbers}

    def stop(signum: int, frame: FrameType | None) -> None:
        raise Stopped(signum)

    for number in numbers:
        signal.signal(number, stop)
    try:
        yield
    finally:
        for number, handler in before.items():
            signal.signal(number, handler if handler is not None else signal.SIG_DFL)
