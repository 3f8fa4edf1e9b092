"""The moves of AlakaSLAM: each is one decision of one player.

A turn is made of several: steps, a hit, the end of the movement. Cards with the same face are
interchangeable, so a move names faces, never which copy: ``Hit((R2, B1))`` plays a red Hit-2
and a blue Hit-1. The cards of a hit are kept sorted.
"""

from __future__ import annotations

from typing import Any, TypeAlias

import attrs

from cardgames.alakaslam.cards import Card, Character, Colour, is_card
from cardgames.alakaslam.court import Cell


@attrs.frozen
class Choose:
    """Take this character for the match (when characters are chosen at set-up)."""

    character: Character


@attrs.frozen
class Mulligan:
    """Discard the whole hand and draw one card fewer than it held."""


@attrs.frozen
class Keep:
    """Keep this hand: no (more) mulligans."""


@attrs.frozen
class Call:
    """Call the colour of the first Hit card to be revealed; a right call wins the first serve."""

    colour: Colour


@attrs.frozen
class PickServer:
    """Doubles: the team to serve names which of its two players serves."""

    player: int


@attrs.frozen
class Copy:
    """Simon: take this character's ability until the end of the point."""

    character: Character


@attrs.frozen
class Corner:
    """The server serves from the back corner on this colour's edge of the court."""

    side: Colour


@attrs.frozen
class Step:
    """Take the turn's free step to a neighbouring cell."""

    to: Cell


@attrs.frozen
class DiscardStep:
    """Discard an Enchantment (Austin: any card) to move one step to a neighbouring cell."""

    card: Card
    to: Cell


@attrs.frozen
class Meddle:
    """Toots: move one character, hers included, one step within its own half."""

    player: int
    to: Cell


def _sorted_cards(cards: object) -> Any:
    """The cards of a play in hand order, so that a play is the same move whatever order its
    cards were given in; anything that is not a tuple or list of cards is kept as given, for
    the rules to refuse."""
    if isinstance(cards, tuple | list) and all(is_card(card) for card in cards):
        return tuple(sorted(cards))
    return cards


@attrs.frozen(cache_hash=True)
class Hit:
    """Hit the ball (or serve) with these cards, from the cell the hitter stands on.

    The cards are kept sorted: ``Hit((R2, B1)) == Hit((B1, R2))``.
    """

    cards: tuple[Card, ...] = attrs.field(converter=_sorted_cards)


@attrs.frozen(cache_hash=True)
class Support:
    """Doubles: the support's face-down cards added to the teammate's hit (kept sorted)."""

    cards: tuple[Card, ...] = attrs.field(converter=_sorted_cards)


@attrs.frozen
class Target:
    """Doubles: the opponent whom this player's Enchantment binds."""

    player: int


@attrs.frozen
class Decline:
    """Let the ball go (or give up the serve): the point goes to the other side."""


@attrs.frozen
class Done:
    """Stop: no more movement this turn, or no more discards after losing a point."""


@attrs.frozen
class Discard:
    """Discard one card of this face (after a point: up to three, or down to a full hand)."""

    card: Card


#: Any AlakaSLAM move.
Move: TypeAlias = (
    Choose
    | Mulligan
    | Keep
    | Call
    | PickServer
    | Copy
    | Corner
    | Step
    | DiscardStep
    | Meddle
    | Hit
    | Support
    | Target
    | Decline
    | Done
    | Discard
)

#: Every kind of move, in the order of a match (set-up, the serve, the turn, between points).
MOVE_TYPES: tuple[type[Move], ...] = (
    Choose,
    Mulligan,
    Keep,
    Call,
    PickServer,
    Copy,
    Corner,
    Step,
    DiscardStep,
    Meddle,
    Hit,
    Support,
    Target,
    Decline,
    Done,
    Discard,
)

#: ``done``, the one object of it that the rules hand out.
DONE = Done()
#: ``decline``, the one object of it that the rules hand out.
DECLINE = Decline()

# The module's names: the move classes (named once, in MOVE_TYPES), their union and the
# one-object moves.
__all__ = ["DECLINE", "DONE", "MOVE_TYPES", "Move", *(kind.__name__ for kind in MOVE_TYPES)]
