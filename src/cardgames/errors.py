"""The library's error types.

Every error the library raises on purpose derives from :class:`CardgamesError`; the ones about
bad input are also :class:`ValueError`, so callers may catch either.
"""

from __future__ import annotations

__all__ = [
    "CardgamesError",
    "IllegalMoveError",
    "InvalidConfigError",
    "InvalidMoveError",
    "InvalidPlayerError",
    "InvalidStateError",
    "SerializationError",
    "UnknownBotError",
    "UnknownGameError",
    "UnknownNameError",
]


class CardgamesError(Exception):
    """Base class of every error raised by ``cardgames``."""


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
