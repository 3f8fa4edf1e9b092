"""The library's error types.

Every error the library raises on purpose derives from :class:`CardgamesError`; the ones about
bad input are also :class:`ValueError`, so callers may catch either.
"""

from __future__ import annotations

import sys

from cardgames._surface import public_dir

__all__ = [
    "MAX_MESSAGE",
    "CardgamesError",
    "IllegalMoveError",
    "InvalidConfigError",
    "InvalidMoveError",
    "InvalidPlayerError",
    "InvalidStateError",
    "InvalidViewError",
    "RecordError",
    "SerializationError",
    "UnknownBotError",
    "UnknownGameError",
    "UnknownNameError",
    "excerpt",
    "kind_of",
]

#: The longest message any of the library's errors carries, in characters. Errors about input
#: name the place that is wrong and what was expected; they never carry the input itself, so a
#: hostile document cannot fill a log through an error message.
MAX_MESSAGE = 2000

#: How much of a given text :func:`excerpt` shows.
_EXCERPT = 32


def excerpt(value: object) -> str:
    """A short, safe description of a value from outside, for an error message.

    Short strings and numbers are quoted as ``repr`` would; anything longer is cut to a few
    characters, and containers are named by type and size only, so a message never repeats
    what a hostile document sent.

    >>> excerpt("throw kinght 1,0")
    "'throw kinght 1,0'"
    >>> excerpt("x" * 1000)
    "'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx…' (1000 characters)"
    >>> excerpt([1, 2, 3])
    'a list of 3 items'
    """
    if value is None or type(value) is bool:
        return repr(value)
    if type(value) is int:
        # Formatting a huge integer costs time quadratic in its digits: count bits instead.
        bits = value.bit_length()
        return repr(value) if bits <= 64 else f"an integer of {bits} bits"
    if type(value) is float:
        return repr(value)
    if isinstance(value, str):
        if len(value) <= _EXCERPT:
            return repr(value)
        return f"{value[:_EXCERPT] + '…'!r} ({len(value)} characters)"
    if isinstance(value, (list, tuple, dict, set, frozenset)):
        size = len(value)
        noun = "item" if size == 1 else "items"
        return f"a {type(value).__name__} of {size} {noun}"
    return f"a {type(value).__name__}"


def kind_of(value: object) -> str:
    """What ``value`` is, for a message that says what was given instead of what was expected:
    a game's class named with its game (``a lerally View``), anything else by its type
    (``a str``); never the value itself.

    >>> kind_of("a state")
    'a str'
    """
    cls = type(value)
    name = cls.__name__[:40]
    parts = cls.__module__.split(".")
    for end in range(len(parts) - 1, 0, -1):  # the innermost package that is a game's
        game = getattr(sys.modules.get(".".join(parts[:end])), "GAME", None)
        if isinstance(getattr(game, "name", None), str):
            name = f"{game.name[:40]} {name}"  # type: ignore[union-attr]
            break
    return f"{'an' if name[:1].lower() in ('a', 'e', 'i', 'o', 'u') else 'a'} {name}"


class CardgamesError(Exception):
    """Base class of every error raised by ``cardgames``.

    A message longer than :data:`MAX_MESSAGE` characters is cut to that length.
    """

    def __init__(self, *args: object) -> None:
        if args and isinstance(args[0], str) and len(args[0]) > MAX_MESSAGE:
            args = (args[0][: MAX_MESSAGE - 1] + "…", *args[1:])
        super().__init__(*args)


class IllegalMoveError(CardgamesError, ValueError):
    """A well-formed move that is not legal in the given state; the message says which and why."""


class InvalidMoveError(CardgamesError, ValueError):
    """Move notation that does not parse."""


class SerializationError(CardgamesError, ValueError):
    """JSON that is not a valid document of the expected kind; the message says where."""


class InvalidConfigError(CardgamesError, ValueError):
    """A game configuration that cannot be played (wrong player count, impossible card list...)."""


class InvalidStateError(CardgamesError, TypeError, ValueError):
    """Something given where a state is expected is not one (a view, another game's state)."""


class InvalidViewError(InvalidStateError):
    """Something given where a view is expected is not a view that any playable state has."""


class RecordError(SerializationError):
    """A game record that does not replay: a move that is not legal from the recorded setup,
    or players, outcome or final state that disagree with the replay. The message names the
    first point where the record and the replay part."""


class InvalidPlayerError(CardgamesError, ValueError):
    """A player number that the game does not seat."""


class UnknownNameError(CardgamesError, KeyError, ValueError):
    """A name that the library does not know: a game, a bot, a preset."""

    def __str__(self) -> str:
        # KeyError quotes its argument; the message reads better unquoted.
        return str(self.args[0]) if self.args else ""


class UnknownGameError(UnknownNameError):
    """A game name that is not registered."""


class UnknownBotError(UnknownNameError):
    """A bot name that :func:`cardgames.bots.make_bot` does not know."""


__dir__ = public_dir(__all__)
