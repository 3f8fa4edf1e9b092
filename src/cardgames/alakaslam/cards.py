"""The cards of AlakaSLAM as data: Hit and Enchantment cards, the deck, and the characters.

The card list of the printed game is not public. ``DEFAULT_DECK`` is the project's
reconstruction (52 cards: per colour Hit-0 x5, Hit-1 x8, Hit-2 x7, plus Enchant-1 x6 and
Enchant-2 x6); a config can replace it with the real counts.
"""

from enum import IntEnum, StrEnum
from typing import NamedTuple

import attrs

from cardgames._engine import register_card_codes
from cardgames.errors import InvalidMoveError, excerpt

__all__ = [
    "DEFAULT_DECK",
    "Card",
    "CardCount",
    "CardKind",
    "Character",
    "Colour",
    "enchant",
    "hit",
    "is_card",
    "parse_card",
]


class Colour(StrEnum):
    """The two colours of Hit cards, named for the edges of the court they aim at.

    The blue edge is the left column of the court, the red edge the right one, whoever plays.
    Blue sorts before red.
    """

    BLUE = "blue"
    RED = "red"

    @property
    def label(self) -> str:
        """``"blue"`` or ``"red"``."""
        return self.value

    @property
    def aim(self) -> int:
        """How a Hit card of this colour moves the ball across: -1 column (blue), +1 (red)."""
        return 1 if self is Colour.RED else -1


class CardKind(IntEnum):
    """Hit cards move the ball; Enchantments bind the reply (or pay for a step)."""

    HIT = 0
    ENCHANT = 1


class Card(NamedTuple):
    """One card face. Hit cards have a colour; an Enchantment's colour is ``None``.

    Cards with the same face are interchangeable, so a hand is a sorted tuple of faces.
    Its short name is its notation: ``R2`` is a red Hit-2, ``B0`` a blue Hit-0, ``E1`` an
    Enchant-1.
    """

    kind: CardKind
    value: int
    colour: Colour | None = None

    @property
    def is_hit(self) -> bool:
        """Whether this is a Hit card."""
        return self.kind is CardKind.HIT

    @property
    def is_enchantment(self) -> bool:
        """Whether this is an Enchantment card."""
        return self.kind is CardKind.ENCHANT

    @property
    def code(self) -> str:
        """The short name: ``R2``, ``B0``, ``E1``."""
        if self.colour is None:
            return f"E{self.value}"
        return f"{'R' if self.colour is Colour.RED else 'B'}{self.value}"

    @property
    def title(self) -> str:
        """The name printed on the card: ``Hit-2 red``, ``Enchant-1``."""
        if self.colour is None:
            return f"Enchant-{self.value}"
        return f"Hit-{self.value} {self.colour.label}"

    def __repr__(self) -> str:
        if self.kind is CardKind.HIT and type(self.colour) is Colour:
            return f"hit({self.value!r}, Colour.{self.colour.name})"
        if self.kind is CardKind.ENCHANT and self.colour is None:
            return f"enchant({self.value!r})"
        return f"Card({self.kind!r}, {self.value!r}, {self.colour!r})"


#: Values a Hit card and an Enchantment may carry (an Enchantment asks for at most the three
#: cards a hit may hold).
HIT_VALUES = range(10)
ENCHANT_VALUES = range(1, 4)


def is_card(value: object) -> bool:
    """Whether ``value`` is a well-formed card: a Hit card with a colour and a value 0-9, or
    an Enchantment with no colour and a value 1-3 (plain tuples are not cards)."""
    if type(value) is not Card:
        return False
    kind, number, colour = value
    if type(kind) is not CardKind or type(number) is not int:
        return False
    if kind is CardKind.HIT:
        return type(colour) is Colour and number in HIT_VALUES
    return colour is None and number in ENCHANT_VALUES


def hit(value: int, colour: Colour) -> Card:
    """A Hit card: ``hit(2, Colour.RED)`` is a red Hit-2.

    The card is not checked here (``is_card`` does that): configs, states and moves holding a
    malformed card are refused where they are used.
    """
    return Card(CardKind.HIT, value, colour)


def enchant(value: int) -> Card:
    """An Enchantment card: ``enchant(2)`` is an Enchant-2 (not checked, as :func:`hit`)."""
    return Card(CardKind.ENCHANT, value, None)


@attrs.frozen
class CardCount:
    """How many copies of one face a deck holds."""

    card: Card
    count: int


#: The reconstructed 52-card deck (see the module docstring).
DEFAULT_DECK: tuple[CardCount, ...] = (
    *(
        CardCount(hit(value, colour), count)
        for colour in Colour
        for value, count in ((0, 5), (1, 8), (2, 7))
    ),
    CardCount(enchant(1), 6),
    CardCount(enchant(2), 6),
)


class Character(StrEnum):
    """The eight characters; each gives its player one rule of their own.

    Rich, Toots, Simon and Wendolyn follow the publisher's rulings; the abilities of Austin and
    of Hazel, Corwin and Sten (characters of this project's design) are reconstructions. See
    the AlakaSLAM rules page of the documentation.
    """

    RICH = "rich"
    TOOTS = "toots"
    SIMON = "simon"
    WENDOLYN = "wendolyn"
    AUSTIN = "austin"
    HAZEL = "hazel"
    CORWIN = "corwin"
    STEN = "sten"

    @property
    def full_name(self) -> str:
        """The character's full name, e.g. ``Maegister Rich``."""
        return _TITLES[self]

    @property
    def ability(self) -> str:
        """The character's rule in one sentence."""
        return _ABILITIES[self]

    @property
    def reconstructed(self) -> bool:
        """True when the ability is the project's reconstruction, not the publisher's text."""
        return self in _RECONSTRUCTED


_TITLES = {
    Character.RICH: "Maegister Rich",
    Character.TOOTS: "Meddlemagus Toots",
    Character.SIMON: "Shapeshifter Simon",
    Character.WENDOLYN: "Witch Wendolyn",
    Character.AUSTIN: "Aethermancer Austin",
    Character.HAZEL: "Hexmistress Hazel",
    Character.CORWIN: "Chronomancer Corwin",
    Character.STEN: "Stormcaller Sten",
}

_ABILITIES = {
    Character.RICH: (
        "When a shot of his holds an Enchant-2, the opponents may not put an Enchantment in "
        "their return (they may still discard Enchantments to move)."
    ),
    Character.TOOTS: (
        "Once per turn, during her movement, she may move any one character, herself included, "
        "one space within its own half."
    ),
    Character.SIMON: (
        "At the start of each point he picks another character in play and has its ability "
        "until the point ends."
    ),
    Character.WENDOLYN: (
        "In each of her draw phases, exactly one of her draws comes from the top of the "
        "discard pile (from the deck when the pile is empty)."
    ),
    Character.AUSTIN: "He may discard any card, not only an Enchantment, to move one space.",
    Character.HAZEL: ("Her Enchant-N asks for N + 1 cards in the return (never more than three)."),
    Character.CORWIN: "He draws one card more in each of his draw phases.",
    Character.STEN: "His serve may go straight: it only has to land in the far half.",
}

_RECONSTRUCTED = frozenset(
    {Character.TOOTS, Character.SIMON, Character.WENDOLYN, Character.AUSTIN}
    | {Character.HAZEL, Character.CORWIN, Character.STEN}
)


_CODES = {"R": Colour.RED, "B": Colour.BLUE}
#: The longest text ``parse_card`` reads: a short name with some spaces around it.
_LONGEST_CODE = 64


def parse_card(code: str) -> Card:
    """The card a short name names: ``R2``, ``b0``, ``E1``; raises ``InvalidMoveError`` (a
    ``ValueError``) otherwise."""
    text = code.strip().upper() if isinstance(code, str) and len(code) <= _LONGEST_CODE else ""
    if len(text) == 2 and text[1] in "0123456789":
        value = int(text[1])
        if text[0] == "E" and value in ENCHANT_VALUES:
            return enchant(value)
        if text[0] in _CODES:
            return hit(value, _CODES[text[0]])
    raise InvalidMoveError(f"{excerpt(code)} is not a card (cards are written R2, B0, E1...)")


register_card_codes(
    Card, is_card=is_card, code=lambda card: card.code, parse=parse_card, example="R2"
)
