"""How many cards of each kind a side has standing, as the board keeps them, and the kinds a
soulcast may take from a barracks.

The rules ask of a side's standing kinds only whether one is there: does it have a Soulcaster,
does the enemy hold a kind the barracks could soulcast. A board keeps each side's counts packed
in one integer, a field of :data:`_WIDTH` bits a kind (no side comes near that many cards), so a
placement adds the kind's unit and a fall takes it away: one addition, where a dictionary of
counts was copied at each placement. Whether a side has any card of a set of kinds is one ``&``
of its counts with the fields of those kinds.
"""

from __future__ import annotations

from collections.abc import Iterable

from cardgames.alethi.cards import Kind

__all__ = ["SOULCASTER_FIELD", "Held", "counts_of"]

#: Per colour (red's first): its counts of uncaptured cards by kind, packed.
Held = tuple[int, int]

_KING = Kind.KING
#: Bits per kind: far more than the cards of a field in memory could fill.
_WIDTH = 32
_UNIT: dict[Kind, int] = {kind: 1 << (_WIDTH * i) for i, kind in enumerate(Kind)}
_FIELD: dict[Kind, int] = {kind: ((1 << _WIDTH) - 1) * unit for kind, unit in _UNIT.items()}
#: The packed count of one card of a kind, by the kind, as a call.
unit_of = _UNIT.__getitem__
#: The bits of the Soulcasters' count.
SOULCASTER_FIELD = _FIELD[Kind.SOULCASTER]


def counts_of(kinds: Iterable[Kind]) -> int:
    """The packed counts of ``kinds`` (one card for each time a kind comes)."""
    return sum(map(unit_of, kinds))


class _Castable(dict[tuple[Kind, ...], frozenset[Kind]]):
    """The kinds of a barracks that a soulcast may take (all but the King), by the barracks:
    the same barracks recur across games, and one lookup replaces a pass over it."""

    def __missing__(self, kinds: tuple[Kind, ...]) -> frozenset[Kind]:
        if len(self) >= _CASTABLE_MOST:
            self.clear()  # a bound: the kinds are gathered again as needed
        castable = self[kinds] = frozenset(kinds).difference((_KING,))
        return castable


class _CastableFields(dict[tuple[Kind, ...], int]):
    """The bits of the counts of :data:`castable_of` of a barracks, by the barracks."""

    def __missing__(self, kinds: tuple[Kind, ...]) -> int:
        if len(self) >= _CASTABLE_MOST:
            self.clear()
        fields = 0
        for kind in castable_of(kinds):
            fields |= _FIELD[kind]
        self[kinds] = fields
        return fields


#: How many barracks each of the tables keeps at most.
_CASTABLE_MOST = 1 << 12
_CASTABLE = _Castable()
#: ``_CASTABLE[kinds]`` as a call: Python subscripts a subclass of dict (this one has
#: ``__missing__``) through a method call, where its bound ``__getitem__`` is the dict's own
#: lookup. The kinds a soulcast may take.
castable_of = _CASTABLE.__getitem__
_CASTABLE_FIELDS = _CastableFields()
#: The bits of the counts of the kinds a soulcast may take, by the barracks, as a call.
castable_fields_of = _CASTABLE_FIELDS.__getitem__
