"""cardgames: four tabletop card games as an embeddable, fully typed Python library.

>>> import cardgames
>>> {"alakaslam", "alakazum", "alethi", "lerally"} <= set(cardgames.GAMES)
True
>>> game = cardgames.get_game("alethi")
>>> record = cardgames.arena.play(game, [cardgames.bots.RandomBot()] * 2, seed=1)
>>> record.outcome is not None
True
"""

from __future__ import annotations

import importlib
from types import ModuleType
from typing import TYPE_CHECKING

from cardgames import arena, bots
from cardgames.errors import (
    CardgamesError,
    IllegalMoveError,
    InvalidConfigError,
    InvalidMoveError,
    InvalidPlayerError,
    InvalidStateError,
    InvalidViewError,
    RecordError,
    SerializationError,
    UnknownBotError,
    UnknownGameError,
    UnknownNameError,
)
from cardgames.game import SPECTATOR, Game, Outcome
from cardgames.record import GameRecord, RecordMoveError
from cardgames.registry import GAMES, get_game
from cardgames.rng import Rng
from cardgames.serialization import FORMAT_VERSION, from_json, to_json

if TYPE_CHECKING:  # at run time a game's subpackage loads on first use, through __getattr__
    from cardgames import alakaslam, alakazum, alethi, lerally  # noqa: F401

#: The library version.
__version__ = "0.1.0"

__all__ = [
    "FORMAT_VERSION",
    "GAMES",
    "SPECTATOR",
    "CardgamesError",
    "Game",
    "GameRecord",
    "IllegalMoveError",
    "InvalidConfigError",
    "InvalidMoveError",
    "InvalidPlayerError",
    "InvalidStateError",
    "InvalidViewError",
    "Outcome",
    "RecordError",
    "RecordMoveError",
    "Rng",
    "SerializationError",
    "UnknownBotError",
    "UnknownGameError",
    "UnknownNameError",
    "__version__",
    "arena",
    "bots",
    "from_json",
    "get_game",
    "to_json",
]


def __dir__() -> list[str]:
    """The public names, and the registered games of this library as subpackages."""
    games = [name for name in GAMES if _subpackage(name) is not None]
    return sorted({*__all__, *games})


def _subpackage(name: str) -> str | None:
    """The name of the subpackage of this library that holds game ``name``, if one does."""
    try:
        module = type(get_game(name)).__module__
    except UnknownGameError:  # installed but broken: not an attribute of this package
        return None
    return module if module == f"{__name__}.{name}" else None


def __getattr__(name: str) -> ModuleType:
    """The subpackage of a registered game of this library (``cardgames.alethi``), imported
    the first time it is asked for, as it would be by ``import cardgames.alethi``."""
    module = _subpackage(name) if name in GAMES else None
    if module is not None:
        return importlib.import_module(module)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
