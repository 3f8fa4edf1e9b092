"""The moves of a hand in one situation, worked out once for the cards of the hand that can
matter there.

A situation is whether the player leads, where the ball is and the attack to answer. Each
card of the config is judged once per situation (:func:`~..answering.may_play`, the last card
of the pile taken as another player's), the hand is cut down to the cards that can be played
there, and the moves of that cut hand are kept: many hands share it. A move is one object
whichever hand offers it, so a legal move is found by identity.
"""

from __future__ import annotations

from cardgames import _kept
from cardgames.lerally.answering import lobs, may_play
from cardgames.lerally.cards import Card, CardKind, Section
from cardgames.lerally.moves import MIN_LOB, Lob, Move, Offense, PickUp, Play

__all__ = ["Situation", "options"]

#: What a player faces: whether they lead, where the ball is and the attack to answer.
Situation = tuple[bool, Section | None, Card | None]

_PICK_UP_ONLY: tuple[Move, ...] = (PickUp(),)
_OFFENSES = tuple(Offense(section) for section in Section)


def options(
    hand: tuple[Card, ...],
    leading: bool,
    ball: Section | None,
    attack: Card | None,
    own_card: bool,
) -> tuple[Move, ...]:
    """Every move open with the sorted ``hand`` in this situation, the last card of the pile
    being the player's own (``own_card``) or not, in a fixed order; picking up alone when no
    card can be played."""
    relevance = _relevance(leading, ball, attack)
    useful = tuple(filter(relevance.__getitem__, hand))
    return _options_of(useful, relevance.situation, own_card)


class _Relevance(dict[Card, bool]):
    """Whether each card could be played in one situation, worked out once per card."""

    def __init__(self, leading: bool, ball: Section | None, attack: Card | None) -> None:
        super().__init__()
        self.situation: Situation = (leading, ball, attack)

    def __missing__(self, card: Card) -> bool:
        leading, ball, attack = self.situation
        value = self[card] = may_play(card, leading, ball, attack, own_card=False)
        # The hand is cut to these cards before its moves are looked up, whoever put the last
        # card down: that holds because a card of one's own only ever rules cards out.
        assert value or not may_play(card, leading, ball, attack, own_card=True)
        return value


@_kept.lru(256, owner=__name__)
def _relevance(leading: bool, ball: Section | None, attack: Card | None) -> _Relevance:
    return _Relevance(leading, ball, attack)


@_kept.lru(16384, owner=__name__)
def _options_of(hand: tuple[Card, ...], situation: Situation, own_card: bool) -> tuple[Move, ...]:
    """:func:`options` of a hand already cut to the cards that can be played."""
    leading, ball, attack = situation
    moves: list[Move] = []
    # A hand is kept sorted, so its faces come in order, each once. Copies are counted by a
    # pass over the hand for each face that lobs: 16 passes at most, whatever its size.
    for face in dict.fromkeys(hand):
        if not may_play(face, leading, ball, attack, own_card):
            continue
        if face.kind is CardKind.OFFENSE:
            moves.extend(_OFFENSES)
        elif lobs(face):
            moves += _shot_moves(face, hand.count(face))
        else:
            moves.append(_play(face))
    return tuple(moves) or _PICK_UP_ONLY


@_kept.lru(1024, owner=__name__)
def _play(card: Card) -> Play:
    return Play(card)


@_kept.lru(1024, owner=__name__)
def _shot_moves(card: Card, copies: int) -> tuple[Move, ...]:
    """Playing one shot card, or lobbing 2 up to all ``copies`` of it."""
    return (_play(card), *(Lob(card, count) for count in range(MIN_LOB, copies + 1)))
