"""Refusals: the status and short reason the server answers a request it will not do, and
reasons that never repeat what the client sent.

Every operation of the lobby either returns the JSON text of its answer or raises
:class:`ApiError` with the status and the short reason of ``SERVER.md``. The library's own
reasons are passed on with any quotation of the client's text taken out
(:func:`without_input`).
"""

from __future__ import annotations

import ast
import re

__all__ = ["ApiError", "without_input"]

# The shortest run of a client's characters that a strict message may not hold.
_ECHO = 8

# A quoted piece of a library message: how ``excerpt`` quotes what it was given.
_QUOTED = re.compile(r"""('(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*")(?: \(\d+ characters\))?""")


class ApiError(Exception):
    """A request the server refuses: its HTTP status and a short reason (safe to show)."""

    def __init__(self, status: int, reason: str) -> None:
        super().__init__(reason)
        self.status = status
        self.reason = reason


def without_input(message: str, given: str, *, strict: bool = False) -> str:
    """``message`` with every quotation of the client's text ``given`` taken out.

    The library's messages quote a few characters of what they refuse; a server must not send
    a client's text back (to it, to its logs, or to anybody reading over its shoulder). A
    quoted piece whose text is part of ``given`` becomes "this". With ``strict`` (for short
    input such as a move's notation, which a reason has no cause to repeat), a message that
    still holds any run of ``_ECHO`` characters of ``given`` says only that it was refused.
    """
    lowered = given.lower()

    def replace(found: re.Match[str]) -> str:
        try:
            text = ast.literal_eval(found.group(1))
        except (ValueError, SyntaxError):
            return "this"
        if not isinstance(text, str):
            return "this"
        text = text.removesuffix("…").lower()
        return "this" if not text or text in lowered else found.group(0)

    cleaned = _QUOTED.sub(replace, message)
    if strict:
        shown = cleaned.lower()
        runs = {shown[i : i + _ECHO] for i in range(len(shown) - _ECHO + 1)}
        if any(lowered[i : i + _ECHO] in runs for i in range(len(lowered) - _ECHO + 1)):
            return "the input was refused"
    return cleaned
