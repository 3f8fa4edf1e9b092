"""The kinds of cards a side has standing, as the board keeps them, and the kinds a soulcast
may take from a barracks.

The rules ask of a side's standing kinds only whether one is there: does it have a Soulcaster,
does the enemy hold a kind the barracks could soulcast. So a board keeps, per side, the frozen
set of the kinds it has standing, which a placement leaves as it is unless the kind is new to
the side (a counted copy of every kind was a new dictionary at each placement); a card that
falls takes its kind out only when no other standing card of its side has it.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from operator import attrgetter

from cardgames.alethi.cards import Kind
from cardgames.alethi.state import Placed

__all__ = ["Held", "with_kind", "without_kind"]

#: Per colour (red's first): the kinds of its uncaptured cards.
Held = tuple[frozenset[Kind], frozenset[Kind]]

_KING = Kind.KING
#: A card's kind, as a C call.
_kind_of = attrgetter("kind")


def with_kind(held: Held, owner: int, kind: Kind) -> Held:
    """``held`` with ``kind`` among ``owner``'s kinds (the same pair when it is there)."""
    mine = held[owner]
    if kind in mine:
        return held
    mine = mine.union((kind,))
    return (held[0], mine) if owner else (mine, held[1])


def without_kind(
    held: Held, owner: int, kind: Kind, cards: Mapping[int, Placed], standing: Collection[int]
) -> Held:
    """``held`` after a card of ``kind`` of ``owner`` fell, given the ``cards`` by key and the
    keys of ``owner``'s cards still standing: the kind goes only if none of those has it."""
    if kind in map(_kind_of, map(cards.__getitem__, standing)):
        return held
    mine = held[owner].difference((kind,))
    return (held[0], mine) if owner else (mine, held[1])


class _Castable(dict[tuple[Kind, ...], frozenset[Kind]]):
    """The kinds of a barracks that a soulcast may take (all but the King), by the barracks:
    the same barracks recur across games, and one lookup replaces a pass over it."""

    def __missing__(self, kinds: tuple[Kind, ...]) -> frozenset[Kind]:
        if len(self) >= _CASTABLE_MOST:
            self.clear()  # a bound: the kinds are gathered again as needed
        castable = self[kinds] = frozenset(kinds).difference((_KING,))
        return castable


#: How many barracks :data:`_CASTABLE` keeps at most.
_CASTABLE_MOST = 1 << 12
_CASTABLE = _Castable()
#: ``_CASTABLE[kinds]`` as a call: Python subscripts a subclass of dict (this one has
#: ``__missing__``) through a method call, where its bound ``__getitem__`` is the dict's own
#: lookup. The kinds a soulcast may take.
castable_of = _CASTABLE.__getitem__
