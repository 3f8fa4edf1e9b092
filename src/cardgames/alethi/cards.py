"""The cards of Alethi as data: kinds, their stats, each side's army, and the field's geometry."""

from enum import IntEnum, StrEnum
from typing import NamedTuple

import attrs

__all__ = [
    "BLUE_START",
    "DEFAULT_ARMY",
    "GENERAL_BONUS",
    "PLAYERS",
    "RED_START",
    "CardType",
    "Cell",
    "Colour",
    "Kind",
]


class Colour(IntEnum):
    """The two sides; a colour's value is its player number (red plays as player 0)."""

    RED = 0
    BLUE = 1

    @property
    def opponent(self) -> "Colour":
        """The other colour."""
        return Colour.BLUE if self is Colour.RED else Colour.RED

    @property
    def label(self) -> str:
        """``"red"`` or ``"blue"``."""
        return self.name.lower()


#: Alethi is played by two, one a colour.
PLAYERS = len(Colour)


class Kind(StrEnum):
    """What a card is; four kinds carry a special ability (Scout, Soulcaster, General, King)."""

    SQUIRE = "squire"
    KNIGHT = "knight"
    TOWER = "tower"
    SCOUT = "scout"
    SOULCASTER = "soulcaster"
    GENERAL = "general"
    KING = "king"

    @property
    def abbreviation(self) -> str:
        """Two letters for pictures of the field: ``Sq``, ``Kn``, ``To``... (the first two
        letters of the kind's name, which no two kinds share)."""
        return self.value[:2].title()


class Cell(NamedTuple):
    """A cell of the unbounded field; ``y`` grows from red's side toward blue's."""

    x: int
    y: int

    def neighbours(self) -> "tuple[Cell, Cell, Cell, Cell]":
        """The four orthogonally adjacent cells (diagonals are never adjacent)."""
        x, y = self
        return (Cell(x, y - 1), Cell(x - 1, y), Cell(x + 1, y), Cell(x, y + 1))

    def __str__(self) -> str:
        return f"{self.x},{self.y}"


@attrs.frozen
class CardType:
    """One kind of card in an army: its stats and how many copies each side has."""

    kind: Kind
    attack: int
    health: int
    count: int


#: Each side's twelve cards, as the rules list them.
DEFAULT_ARMY: tuple[CardType, ...] = (
    CardType(Kind.SQUIRE, attack=1, health=3, count=5),
    CardType(Kind.KNIGHT, attack=2, health=5, count=2),
    CardType(Kind.TOWER, attack=3, health=8, count=1),
    CardType(Kind.SCOUT, attack=1, health=3, count=1),
    CardType(Kind.SOULCASTER, attack=1, health=3, count=1),
    CardType(Kind.GENERAL, attack=3, health=6, count=1),
    CardType(Kind.KING, attack=5, health=10, count=1),
)

#: Attack added to every card that touches its own uncaptured General.
GENERAL_BONUS = 1

#: Where each side's two starting Squires stand: a 2 x 2 square, each Squire touching one ally
#: and one enemy.
RED_START = (Cell(0, 0), Cell(1, 0))
#: Where blue's two starting Squires stand, beside red's (see ``RED_START``).
BLUE_START = (Cell(0, 1), Cell(1, 1))
