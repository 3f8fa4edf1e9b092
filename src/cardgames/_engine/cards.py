"""Cards: written in JSON by their short names, and checked a tuple at a time by the cards met
before."""

from __future__ import annotations

import itertools
import operator
from collections.abc import Callable
from typing import Any, TypeVar

from cardgames._engine.converter import converter
from cardgames._kept import Passed
from cardgames.errors import excerpt

__all__ = ["TupleChecker", "all_cards_at_once", "register_card_codes"]

C = TypeVar("C")


def register_card_codes(
    card_type: type[C],
    *,
    is_card: Callable[[object], bool],
    code: Callable[[C], str],
    parse: Callable[[str], C],
    example: str,
) -> None:
    """Write cards of ``card_type`` in JSON as their short names (``code``) and read them back
    with ``parse``; a malformed card is never written, and only a string is read."""

    def structure(value: object, _: object) -> C:
        if type(value) is not str:
            raise ValueError(f"expected a card name such as {example!r}, got {excerpt(value)}")
        return parse(value)

    def unstructure(card: C) -> str:
        if not is_card(card):
            raise ValueError(f"{excerpt(card)} is not a well-formed card")
        return code(card)

    converter.register_unstructure_hook(card_type, unstructure)
    converter.register_structure_hook(card_type, structure)


def all_cards_at_once(
    piles: tuple[Any, ...],
    hands: Any,
    players: int,
    is_cards: Callable[[tuple[Any, ...]], bool],
) -> tuple[Any, ...] | None:
    """Every card of a state's ``piles`` and ``hands`` in one tuple, checked by ``is_cards`` in
    one pass (a :class:`TupleChecker` knows the cards it met before by identity), when the piles
    are tuples, ``hands`` a tuple of ``players`` tuples and every card is well formed; else
    ``None``, and the caller finds which field is wrong field by field."""
    if (
        type(hands) is not tuple
        or len(hands) != players
        or not all(map(operator.is_, map(type, hands), itertools.repeat(tuple)))
        or not all(map(operator.is_, map(type, piles), itertools.repeat(tuple)))
    ):
        return None
    every = tuple(itertools.chain(*piles, *hands))
    return every if is_cards(every) else None


class TupleChecker:
    """A check that a value is a tuple whose every item passes ``is_item``, for immutable items
    (cards): the items that passed are remembered in a :class:`Passed`, so that the next tuples
    made of known items pass in one pass at C speed; any other item is checked in full.
    """

    __slots__ = ("is_item", "known")

    def __init__(self, is_item: Callable[[object], bool], most: int = 4096) -> None:
        self.is_item = is_item
        self.known = Passed(most)

    def __call__(self, value: object) -> bool:
        if type(value) is not tuple:
            return False
        return all(map(self.known.kept.__contains__, map(id, value))) or self._learn(value)

    def _learn(self, items: tuple[object, ...]) -> bool:
        for item in items:
            if not self.is_item(item):
                return False
            self.known.add(item)
        return True

    def cache_clear(self) -> None:
        """Forget every item met so far."""
        self.known.cache_clear()
