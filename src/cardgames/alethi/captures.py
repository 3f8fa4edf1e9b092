"""Captures: after every change on the field, each uncaptured card pressed by more enemy attack
than its health turns face down.

:func:`find_captures` states the rule plainly, judging every card; :func:`capture` is what the
moves run, judging only the cards a change can reach, and the tests hold the two to the same
answers.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from itertools import repeat
from operator import is_

from cardgames.alethi.board import Board, around_of, key_of
from cardgames.alethi.cards import GENERAL_BONUS, Cell, Kind
from cardgames.alethi.checks import card_problem
from cardgames.alethi.config import Config, check_config, stats
from cardgames.alethi.state import Placed
from cardgames.errors import InvalidStateError, excerpt

__all__ = ["capture", "find_captures", "swapped", "turned_down"]

#: The General by name: a global is one lookup, where a member of an enum goes through the
#: attribute hook of its class.
_GENERAL = Kind.GENERAL


def find_captures(field: tuple[Placed, ...], config: Config) -> list[Cell]:
    """Cells of the uncaptured cards that the capture check turns face down, judging every card.

    A card falls when the attack of the uncaptured enemy cards touching it adds up to more than
    its health; an attacker touching an uncaptured General of its own side counts one more.
    Every card is judged against the same field, so all captures happen at once. This is the
    plain statement of the rule; :func:`apply_move` judges only the cards a move can reach, and
    the tests hold the two to the same answers.
    """
    _check_field(field, config)
    table = stats(config)
    standing = {c.at: c for c in field if not c.captured}

    def attack(card: Placed) -> int:
        boost = any(
            (g := standing.get(n)) is not None and g.kind is Kind.GENERAL and g.owner == card.owner
            for n in card.at.neighbours()
        )
        return table.attack[card.kind] + (GENERAL_BONUS if boost else 0)

    fallen = []
    for card in standing.values():
        enemies = [
            e for n in card.at.neighbours() if (e := standing.get(n)) and e.owner != card.owner
        ]
        if sum(attack(e) for e in enemies) > table.health[card.kind]:
            fallen.append(card.at)
    return sorted(fallen)


def _check_field(field: object, config: Config) -> None:
    """Raise a library error unless ``field`` is a tuple of cards of ``config``'s army on
    distinct cells, within the coordinate limits."""
    check_config(config)
    if type(field) is not tuple:
        raise InvalidStateError(f"field must be a tuple of Placed, got {excerpt(field)}")
    order = {card.kind: i for i, card in enumerate(config.army)}
    cells = set()
    for number, card in enumerate(field):
        problem = card_problem(card, order)
        if problem is not None:
            raise InvalidStateError(f"field[{number}] {problem}")
        if card.at in cells:
            raise InvalidStateError(f"two cards share ({card.at})")
        cells.add(card.at)


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
        # it, and health is never below zero.
        return ()
    # Each card's pressure as Board.pressure works it out, written out: this runs after most
    # moves that bring a card next to an enemy. The arrival is pressed by the enemy's cards,
    # every other card of ``near`` (all the enemy's) by the arrival's side. The fallen are
    # gathered in a set, in the order of ``near``, as a set comprehension would.
    generals_of = board.generals
    fallen: set[int] = set()
    attackers, generals = enemies, generals_of[1 - owner]
    for k in near:
        total = 0
        for n in around_of(k):
            if n in attackers:
                total += attack[cards[n].kind]
                if generals and not generals.isdisjoint(around_of(n)):
                    total += GENERAL_BONUS
        if total > health[cards[k].kind]:
            fallen.add(k)
        attackers, generals = allies, generals_of[owner]
    if not fallen:
        return ()
    taken = [cards[k] for k in fallen]
    for k in fallen:
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
