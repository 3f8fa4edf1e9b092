"""The moves of Le Rally: play a card, lob, play the offense card, or pick up."""

from __future__ import annotations

from typing import TypeAlias

import attrs

from cardgames.lerally.cards import Card, Section
from cardgames.lerally.config import MAX_COUNT

__all__ = [
    "MAX_LOB",
    "MIN_LOB",
    "MOVE_TYPES",
    "Lob",
    "Move",
    "Offense",
    "PickUp",
    "Play",
]

#: A lob is at least this many identical shot cards.
MIN_LOB = 2
#: A lob is at most this many cards: no card list holds more copies of a face.
MAX_LOB = MAX_COUNT


@attrs.frozen
class Play:
    """Play one card: a shot, an attack card, or a special card (Just Out, Yours, Challenge)."""

    card: Card


@attrs.frozen
class Lob:
    """Play ``count`` (two or more) identical shot cards at once: the next player is skipped."""

    card: Card
    count: int


@attrs.frozen
class Offense:
    """Play the offense card from wherever the ball is; it lands in ``to``."""

    to: Section


@attrs.frozen
class PickUp:
    """Pick up (3 cards, or the attack total) when no card can be played; the exchange ends."""


#: Any Le Rally move.
Move: TypeAlias = Play | Lob | Offense | PickUp

#: Every kind of move, in the order of the union.
MOVE_TYPES: tuple[type[Move], ...] = (Play, Lob, Offense, PickUp)
