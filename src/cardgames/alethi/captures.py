"""The capture check: after every change on the field, each uncaptured card pressed by more
enemy attack than its health turns face down.

The rule is stated here once. :func:`outweighs` is the condition (strictly more than the
card's health), :func:`general_bonus` what a General adds, :func:`pressure` the attack on one
card (:func:`pressing` the same attack card by card, as the story tells it); the moves'
:func:`capture`, the check of a hand-made or loaded state, the set-up and the
greedy bot all go through them. :func:`capture` judges only the cards a change can reach;
:func:`fallen` judges every card; ``reference.captures`` is the plain procedure both are held
to.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from itertools import repeat
from operator import is_

from cardgames.alethi._fast import Board, around_of, key_of
from cardgames.alethi.cards import GENERAL_BONUS, Colour, Kind
from cardgames.alethi.state import Placed

__all__ = [
    "STRICTLY_MORE",
    "capture",
    "fallen",
    "general_bonus",
    "outweighs",
    "pressing",
    "pressure",
    "swapped",
    "turned_down",
]

#: The General by name: a global is one lookup, where a member of an enum goes through the
#: attribute hook of its class.
_GENERAL = Kind.GENERAL

#: The property of the rule that the shortcuts of the capture check rely on, said by the
#: assertion next to each: with no enemy card touching it, nothing presses a card, and no
#: pressure captures no card (health is never below zero), so such a card need not be judged.
STRICTLY_MORE = "a card is captured only by strictly more attack than its health"


def outweighs(pressure: int, health: int) -> bool:
    """The capture condition: whether ``pressure`` on a card is strictly more than its
    ``health`` (a tie is not enough)."""
    return pressure > health


def general_bonus(board: Board, colour: Colour | int, key: int) -> int:
    """The attack a card of ``colour`` on (or thrown onto) the cell ``key`` gains from its
    Generals: ``GENERAL_BONUS`` while it touches an uncaptured General of its side (never
    more, however many; a General does not touch itself), else nothing."""
    generals = board.generals[colour]
    return GENERAL_BONUS if generals and not generals.isdisjoint(around_of(key)) else 0


def pressure(board: Board, key: int, attack: Mapping[Kind, int]) -> int:
    """The pressure on the card on ``key``: the attack (from the config's ``attack`` table) of
    the uncaptured enemy cards touching it, each with its :func:`general_bonus`."""
    cards = board.cards
    enemy = 1 - cards[key].owner
    attackers = board.standing[enemy]
    boosts = board.generals[enemy]  # without a General standing, no bonus to look for
    total = 0
    for n in around_of(key):
        if n in attackers:
            total += attack[cards[n].kind]
            if boosts:
                total += general_bonus(board, enemy, n)
    return total


def pressing(board: Board, key: int, attack: Mapping[Kind, int]) -> list[tuple[int, int, int]]:
    """The attack on the card on ``key`` card by card: ``(key, attack, bonus)`` of each
    uncaptured enemy card touching it, its attack from the ``attack`` table and its
    :func:`general_bonus`, in the order of the cells around. :func:`pressure` is their sum
    (kept apart: the capture check runs on every change, and needs only the sum)."""
    cards = board.cards
    enemy = 1 - cards[key].owner
    attackers = board.standing[enemy]
    return [
        (n, attack[cards[n].kind], general_bonus(board, enemy, n))
        for n in around_of(key)
        if n in attackers
    ]


def fallen(board: Board, attack: Mapping[Kind, int], health: Mapping[Kind, int]) -> list[int]:
    """The keys of the uncaptured cards of ``board`` that the capture check turns face down,
    every card judged against the same field, in the board's order."""
    cards = board.cards
    return [
        key
        for key, card in cards.items()
        if not card.captured and outweighs(pressure(board, key, attack), health[card.kind])
    ]


def capture(
    board: Board, key: int, attack: Mapping[Kind, int], health: Mapping[Kind, int]
) -> Sequence[Placed]:
    """Run the capture check on ``board`` (a fresh copy) after the card on ``key`` arrived or
    changed side, with the config's ``attack`` and ``health`` tables; return the cards it turned
    down, as they stood before.

    Every earlier state passed the check, so only cards the change pressed harder may fall: the
    card on ``key`` and the enemy cards it touches; when it is a General, whose bonus arrived with
    it, also the enemy cards its allies touch. (A card leaving a cell only relieves pressure.)
    """
    cards = board.cards
    card = cards[key]
    owner = card.owner
    enemies, allies = board.standing[1 - owner], board.standing[owner]
    general = card.kind is _GENERAL
    near = [key]
    for n in around_of(key):
        if n in enemies:
            near.append(n)
        elif general and n in allies:
            near.extend(enemies.intersection(around_of(n)))
    if len(near) == 1:
        # No enemy card touches the arrival (nor, for a General, its allies): nothing presses
        # it, and it stands.
        assert not outweighs(0, 0), STRICTLY_MORE
        return ()
    # The fallen are gathered in a set, in the order of ``near`` (a card may come twice).
    down = set()
    for k in near:
        if outweighs(pressure(board, k, attack), health[cards[k].kind]):
            down.add(k)
    if not down:
        return ()
    taken = [cards[k] for k in down]
    for k in down:
        board.capture(k)
    return taken


def swapped(field: tuple[Placed, ...], old: Placed, new: Placed) -> tuple[Placed, ...]:
    """``field`` with the very object ``old`` replaced by ``new``, in its place.

    The cards of a board are the objects of its state's field, so the card is found by
    identity, in one pass of C code rather than a comparison of cards per entry (and without
    an object made per entry, as ``id`` would make).
    """
    i = list(map(is_, field, repeat(old))).index(True)
    # One copy with the entry set, where slices and unpacking make four objects.
    cards = list(field)
    cards[i] = new
    return tuple(cards)


def turned_down(
    field: tuple[Placed, ...], board: Board, captured: Sequence[Placed]
) -> tuple[Placed, ...]:
    """``field`` with the cards that :func:`capture` took on ``board`` turned face down."""
    cards = board.cards
    for card in captured:
        field = swapped(field, card, cards[key_of(card.at)])
    return field
