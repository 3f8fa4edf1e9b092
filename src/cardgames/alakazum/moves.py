"""The moves of Alakazum!: every decision a player takes, one move each.

Cards in a player's hand and characters are named by their card name (names are unique in a
card list); other players are named by their number.
"""

from __future__ import annotations

from collections.abc import Callable
from enum import StrEnum
from typing import TypeAlias

import attrs

from cardgames.alakazum.cards import MAX_NAME, Culture

__all__ = [
    "SPELL_COSTS",
    "Alakazum",
    "Cast",
    "Choose",
    "Doll",
    "Drink",
    "Effect",
    "Fight",
    "Fighter",
    "GiveCard",
    "GiveHalf",
    "Keep",
    "Market",
    "Move",
    "Pass",
    "PassDie",
    "Peek",
    "Place",
    "Raise",
    "Sacrifice",
    "Spell",
    "Support",
    "Swap",
    "Take",
    "Train",
    "UseObject",
    "well_formed",
]


class Spell(StrEnum):
    """The seven spells of the magic scroll."""

    MISERABLE_WITCH = "miserable witch"  # fewest characters: take 2 market cards of one's choice
    TRAINING = "training"  # one of one's characters levels up
    DIVINATION = "divination"  # look at a face-down final enemy
    MAGIC_OF_THE_FOREST = "magic of the forest"  # keep 1 of the forest's top 6, order the rest
    LEVITATION = "levitation"  # swap a character for one not at level C
    RESURRECT = "resurrect"  # a character of the cemetery joins at level A
    DEJA_VU = "deja vu"  # two more actions this turn


#: The magic energy each spell costs.
SPELL_COSTS = {
    Spell.MISERABLE_WITCH: 0,
    Spell.TRAINING: 1,
    Spell.DIVINATION: 2,
    Spell.MAGIC_OF_THE_FOREST: 3,
    Spell.LEVITATION: 3,
    Spell.RESURRECT: 4,
    Spell.DEJA_VU: 4,
}


class Effect(StrEnum):
    """What a potion is played as (a double potion can be either of its two sides)."""

    COMBAT = "combat"  # adds combat points to its player's side
    DIE = "die"  # adds to its player's hypnosis roll
    ROBBERY = "robbery"  # takes the opponent's last combat potion


@attrs.frozen
class Choose:
    """At the start: take one of the starting characters."""

    character: str


@attrs.frozen
class Fighter:
    """Face the character that came out of the forest with this character of one's team."""

    character: str


@attrs.frozen
class Support:
    """Add a sociable character's combat points to one's side of the combat."""

    character: str


@attrs.frozen
class Drink:
    """Play a potion from one's hand in a combat, as ``effect``."""

    card: str
    effect: Effect


@attrs.frozen
class Pass:
    """Decline: no (more) potions or support, no action or no more actions, no Alakazum, no
    voodoo doll. What it ends depends on the moment."""


@attrs.frozen
class Market:
    """The action Go to the market: show this hand card, take as many cards as its market
    number from the top of the market deck, and put it on top."""

    card: str


@attrs.frozen
class UseObject:
    """The action Give objects to your characters: a meal (``culture``: the one of its two
    cultures fed), a broom or a cape (put under ``character``); with Alakazum! 2 also a crystal
    ball (then :class:`Peek`) or a recovery potion (then :class:`Raise`)."""

    card: str
    culture: Culture | None = None
    character: str | None = None


@attrs.frozen
class Fight:
    """The action Fight and hypnotise: attack ``target`` of ``player`` (then choose the
    attacking character with :class:`Fighter`)."""

    player: int
    target: str


@attrs.frozen
class Cast:
    """The action Do magic: cast ``spell``, paying with ``hats`` (the rest of its cost comes from
    very magical characters and cauldrons). Its target, if it has one, is chosen next:
    :class:`Train`, :class:`Peek`, :class:`Swap` or :class:`Raise`."""

    spell: Spell
    hats: tuple[str, ...] = ()


@attrs.frozen
class Train:
    """Training: this character of one's team levels up."""

    character: str


@attrs.frozen
class Peek:
    """Divination or a crystal ball: look at the face-down final enemy at place ``enemy``."""

    enemy: int


@attrs.frozen
class Swap:
    """Levitation: one's ``character`` changes places with ``target`` of ``player`` (``None``:
    of the cemetery)."""

    character: str
    target: str
    player: int | None


@attrs.frozen
class Raise:
    """Resurrect or a recovery potion: this character of the cemetery joins one's team."""

    character: str


@attrs.frozen
class Alakazum:
    """Cast the Alakazum in ``culture`` against the face-down final enemy ``enemy`` (its place
    in the row, from 0)."""

    culture: Culture
    enemy: int


@attrs.frozen
class Doll:
    """Cancel the action or Alakazum just announced, with a voodoo doll."""


@attrs.frozen
class GiveCard:
    """Give this hand card to ``player`` (Black Friday, Halloween)."""

    card: str
    player: int


@attrs.frozen
class GiveHalf:
    """Halloween: give away half of one's hand rather than a character."""


@attrs.frozen
class Sacrifice:
    """Send this character of one's team to the cemetery (a trap, a failed Alakazum)."""

    character: str


@attrs.frozen
class PassDie:
    """Santa Claus' Present: the die did not explode; hand it to ``player``."""

    player: int


@attrs.frozen
class Keep:
    """Magic of the forest: keep this card of the six taken."""

    card: str


@attrs.frozen
class Place:
    """Magic of the forest: this card is the next one to be drawn from the forest deck."""

    card: str


@attrs.frozen
class Take:
    """Miserable witch: take this card of the market deck."""

    card: str


#: Any Alakazum! move.
Move: TypeAlias = (
    Choose
    | Fighter
    | Support
    | Drink
    | Pass
    | Market
    | UseObject
    | Fight
    | Cast
    | Train
    | Peek
    | Swap
    | Raise
    | Alakazum
    | Doll
    | GiveCard
    | GiveHalf
    | Sacrifice
    | PassDie
    | Keep
    | Place
    | Take
)
"""Any move of Alakazum!."""

#: Every kind of move, in the order of the ``Move`` union.
MOVE_TYPES: tuple[type[Move], ...] = (
    Choose,
    Fighter,
    Support,
    Drink,
    Pass,
    Market,
    UseObject,
    Fight,
    Cast,
    Train,
    Peek,
    Swap,
    Raise,
    Alakazum,
    Doll,
    GiveCard,
    GiveHalf,
    Sacrifice,
    PassDie,
    Keep,
    Place,
    Take,
)


def well_formed(move: Move) -> bool:
    """Whether every field of ``move`` has its declared type (a player number is an int, a
    name a non-empty string, and so on), so that its notation reads back as the same move."""
    for field in attrs.fields(type(move)):
        value = getattr(move, field.name)
        optional = field.default is None or (isinstance(move, Swap) and field.name == "player")
        if not ((optional and value is None) or _FIELD_CHECKS[field.name](value)):
            return False
    return not (isinstance(move, UseObject) and move.culture and move.character)


def _is_name(value: object) -> bool:
    return (
        type(value) is str
        and 0 < len(value) <= MAX_NAME
        and bool(value.strip())
        and value == " ".join(value.split())
    )


def _is_number(value: object) -> bool:
    return type(value) is int and 0 <= value < 1000


_FIELD_CHECKS: dict[str, Callable[[object], bool]] = {
    "character": lambda v: _is_name(v),
    "target": lambda v: _is_name(v),
    "card": lambda v: _is_name(v),
    "player": _is_number,
    "enemy": _is_number,
    "effect": lambda v: type(v) is Effect,
    "spell": lambda v: type(v) is Spell,
    "hats": lambda v: type(v) is tuple and all(_is_name(h) and "," not in h for h in v),
    "culture": lambda v: type(v) is Culture and v is not Culture.MULTI,
}
