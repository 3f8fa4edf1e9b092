"""The parts every check of a Le Rally state or view is made of: what a config's matches are
played with (worked out once per config), the check of a card, a hand and a seat, and the
catching of a malformed part as a problem."""

from __future__ import annotations

import operator
from collections import Counter
from collections.abc import Callable
from typing import TypeVar

from cardgames import _kept
from cardgames._engine import TupleChecker
from cardgames.errors import CardgamesError
from cardgames.lerally.cards import Card, is_card
from cardgames.lerally.config import Config, check_config, deck_cards
from cardgames.lerally.score import most_games, side_of_player

__all__ = [
    "TYPE_NAME",
    "Facts",
    "config_problem",
    "deck_counts",
    "facts_of",
    "first_problem",
    "is_cards",
    "is_hand",
    "is_seat",
    "is_sorted",
    "type_name",
]

#: Characters of a type's name that a message shows at most.
TYPE_NAME = 40

_T = TypeVar("_T")


@_kept.lru(32, owner=__name__)
def deck_counts(config: Config) -> Counter[Card]:
    """How many cards of each face a match of ``config`` is played with (shared: not to be
    changed)."""
    return Counter(deck_cards(config))


class Facts:
    """What the checks read off a config that passed ``check_config``, worked out once: the
    config's properties are computed on every access, and most states of a match share one
    config object."""

    __slots__ = (
        "best_of",
        "counts",
        "format",
        "most_games",
        "players",
        "rally_limit",
        "sets_to_win",
        "side_of",
        "sides",
        "total",
    )

    def __init__(self, config: Config) -> None:
        self.players = config.players
        self.sides = config.sides
        #: The side of each player, by seat.
        self.side_of = tuple(side_of_player(config, p) for p in range(config.players))
        self.best_of = config.best_of
        self.sets_to_win = config.sets_to_win
        self.format = config.format
        self.most_games = most_games(config)
        self.rally_limit = config.rally_limit
        self.counts = deck_counts(config)
        #: The cards of a match.
        self.total = self.counts.total()


#: The facts of each config met, by the config's identity.
_FACTS = _kept.by_identity(Facts, owner=__name__)


def facts_of(config: Config) -> Facts:
    """The facts of ``config``, which has passed ``check_config``."""
    return _FACTS(config)


def type_name(value: object) -> str:
    """The name of ``value``'s type, cut short for a message."""
    return type(value).__name__[:TYPE_NAME]


def first_problem(find: Callable[[_T], str | None], value: _T) -> str | None:
    """``find(value)``, with any failure of a malformed part (a field that is missing, or
    an object that cannot be compared or hashed) reported as a problem too."""
    try:
        return find(value)
    except CardgamesError as exc:
        return str(exc)
    except (AttributeError, TypeError, ValueError, KeyError, IndexError, RecursionError) as exc:
        return f"a part of it is malformed ({type(exc).__name__})"


#: Whether a value is a tuple of well-formed cards; cards met before are known by identity.
is_cards = _kept.keep(TupleChecker(is_card), owner=__name__)


def is_hand(value: object) -> bool:
    """A hand is kept sorted, as the rules deal and draw it."""
    if not is_cards(value):
        return False
    return is_sorted(value)  # type: ignore[arg-type]


def is_sorted(hand: tuple[Card, ...]) -> bool:
    """Whether a hand of cards is kept sorted, as the rules deal and draw it: each card
    against the next, at C speed."""
    return all(map(operator.le, hand, hand[1:]))


def is_seat(value: object, players: int) -> bool:
    """Whether ``value`` is a seat of ``players`` players (an int, never a bool)."""
    return type(value) is int and 0 <= value < players


def config_problem(config: object) -> str | None:
    """What ``check_config`` says is wrong with ``config``, or ``None``."""
    try:
        check_config(config)  # type: ignore[arg-type]
    except CardgamesError as exc:
        return str(exc)
    return None
