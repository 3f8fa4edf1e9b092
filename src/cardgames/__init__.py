"""cardgames: four tabletop card games as an embeddable, fully typed Python library.

>>> import cardgames
>>> sorted(cardgames.GAMES)
['alakaslam', 'alakazum', 'alethi', 'lerally']
>>> game = cardgames.get_game("alethi")
>>> record = cardgames.arena.play(game, [cardgames.bots.RandomBot()] * 2, seed=1)
>>> record.outcome is not None
True
"""

from __future__ import annotations

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
from cardgames.game import Game, Outcome
from cardgames.record import GameRecord, RecordMoveError

# The registry imports every game, so it comes after the core names the games use.
from cardgames.registry import GAMES, get_game
from cardgames.rng import Rng
from cardgames.serialization import FORMAT_VERSION, from_json, to_json

#: The library version.
__version__ = "0.1.0"

__all__ = [
    "FORMAT_VERSION",
    "GAMES",
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
