"""What the rules need to know about a field, kept up to date move by move.

The rules ask the same questions at every decision: which cells may a side throw on, does a card
touch an enemy, is a General standing next to it, how many cards does a side still have up. A
:class:`Board` holds the answers for one field. Each state keeps its board as its memo (outside its
value: never compared, hashed or serialized), with the rest of what the rules worked out about it,
and the next state's board is derived from it by local updates, so no move rescans the whole field.
``Board.build`` works everything out from scratch; the tests hold every derived board to it.

A derived board shares with the one it came from every part the move left alone: only the index of
cards is copied, and each other part is a tuple or a frozen set that a change replaces rather than
edits. The cells a side may throw on are kept as a sorted tuple (the order in which the throws are
listed), so a move touches a few entries and no state copies a set of them.

Cells are integer keys here, not ``Cell`` tuples: neighbours are additions and hashing is free.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Iterable
from itertools import compress
from operator import attrgetter

from cardgames.alethi._fast.kinds_held import (
    SOULCASTER_FIELD,
    Held,
    castable_fields_of,
    castable_of,
    counts_of,
    unit_of,
)
from cardgames.alethi._fast.sorted_keys import edit as _edit
from cardgames.alethi._fast.sorted_keys import holds
from cardgames.alethi._fast.sorted_keys import opened as _opened
from cardgames.alethi._fast.sorted_keys import without as _without
from cardgames.alethi.cards import Cell, Colour, Kind
from cardgames.alethi.config import Stats
from cardgames.alethi.state import Placed, new_placed

__all__ = [
    "AROUND",
    "LIMIT",
    "STEPS",
    "STRIDE",
    "Board",
    "Memo",
    "bind",
    "cell_of",
    "holds",
    "key_of",
    "safe_key",
]

#: Cells are keyed as ``x * STRIDE + y + LIMIT``: the order of keys is the order of cells (by
#: ``x``, then ``y``), ``key // STRIDE`` is ``x`` and ``key & (STRIDE - 1)`` is ``y + LIMIT``.
#: ``x`` is not offset, so that the keys of the cells a game reaches stay within one digit of
#: Python's integers, whose arithmetic and hashing are the quickest.
STRIDE = _STRIDE = 1 << 16
_OFFSET = 1 << 15
#: Coordinates must lie in ``range(-LIMIT, LIMIT)``; a field of fewer cards than that never
#: reaches further from the start.
LIMIT = _OFFSET
#: Kinds the updates and questions test, by name: a global is one lookup, where a member of an
#: enum goes through the attribute hook of its class.
_GENERAL, _SCOUT = Kind.GENERAL, Kind.SCOUT
#: A card's kind, as a C call.
_kind_of = attrgetter("kind")
#: Key offsets of the four orthogonal neighbours: (x, y-1), (x-1, y), (x+1, y), (x, y+1).
STEPS = (-1, -_STRIDE, _STRIDE, 1)


class _Around(dict[int, tuple[int, int, int, int]]):
    """The keys of the four neighbours of a cell, in the order of :data:`STEPS`, by the cell's
    key, worked out on first use and kept: the keys of a game's cells are larger than the
    integers Python keeps ready-made, so each addition would make a new integer object, where
    a lookup makes none."""

    def __missing__(self, key: int) -> tuple[int, int, int, int]:
        if len(self) >= _AROUND_MOST:
            self.clear()  # a bound for fields far out: the neighbours are worked out again
            _KEYS.clear()
        keep, (w, s, n, e) = _KEYS.setdefault, (key - 1, key - _STRIDE, key + _STRIDE, key + 1)
        around = self[key] = (keep(w, w), keep(s, s), keep(n, n), keep(e, e))
        return around


class _Beside(dict[int, tuple[tuple[int, tuple[int, ...]], ...]]):
    """For each neighbour of a cell, by the cell's key: the neighbour's key and the keys of its
    other three neighbours, worked out on first use and kept. Whether a card other than the
    one on the cell touches the neighbour is then one ``isdisjoint``, with no set made that
    leaves the cell out."""

    def __missing__(self, key: int) -> tuple[tuple[int, tuple[int, ...]], ...]:
        if len(self) >= _AROUND_MOST:
            self.clear()  # a bound, as for AROUND
        beside = self[key] = tuple(
            (n, tuple(m for m in around_of(n) if m != key)) for n in around_of(key)
        )
        return beside


#: How many cells' neighbours :data:`AROUND` keeps at most.
_AROUND_MOST = 1 << 14
#: One int object per key value, the first made: the boards' keys all come from here (through
#: :data:`AROUND` and :meth:`Board.build`), so a lookup finds the very object stored, where an
#: equal one is compared in full once the hashes match (a matter of speed only).
_KEYS: dict[int, int] = {}
#: The keys of the four neighbours of a cell, by its key: ``AROUND[key]``.
AROUND = _Around()
#: ``AROUND[key]`` as a call: Python subscripts a subclass of dict (this one has
#: ``__missing__``) through a lookup of its ``__getitem__`` and a method call, where its bound
#: ``__getitem__`` goes to the dict's own lookup at once.
around_of = AROUND.__getitem__
#: The neighbours of a cell with their other neighbours, by the cell's key (``_beside_of``
#: looks one up as a call).
_BESIDE = _Beside()
_beside_of = _BESIDE.__getitem__


def key_of(cell: Cell) -> int:
    """The key of a cell already known to be within the limits."""
    return cell[0] * _STRIDE + cell[1] + _OFFSET


def safe_key(cell: object) -> int | None:
    """The key of ``cell`` if it is a pair of integers within the limits, else ``None``."""
    if not isinstance(cell, tuple) or len(cell) != 2:
        return None
    x, y = cell
    if type(x) is not int or type(y) is not int:
        return None
    if not (-LIMIT <= x < LIMIT and -LIMIT <= y < LIMIT):
        return None
    return x * _STRIDE + y + _OFFSET


def cell_of(key: int) -> Cell:
    """The cell of a key."""
    x, y = divmod(key, _STRIDE)
    return Cell(x, y - _OFFSET)


class Board:
    """The derived facts of one field. Treat as immutable once built: states share boards."""

    __slots__ = (
        "_targets",
        "cards",
        "generals",
        "held",
        "moves",
        "owner",
        "scouts",
        "standing",
        "table",
        "throwable",
    )

    #: Every card on the field by key, captured ones included (they block their cell).
    cards: dict[int, Placed]
    #: Per colour: the keys of its uncaptured cards. "Does a card of this side touch that
    #: cell?" is one ``isdisjoint`` of this set with the cell's four neighbours.
    standing: tuple[frozenset[int], frozenset[int]]
    #: Per colour: the empty cells that colour may throw on (touched by one of its uncaptured
    #: cards), sorted.
    throwable: tuple[tuple[int, ...], tuple[int, ...]]
    #: Per colour: keys of its uncaptured Generals, Scouts.
    generals: tuple[frozenset[int], frozenset[int]]
    scouts: tuple[frozenset[int], frozenset[int]]
    #: Per colour: how many uncaptured cards of each kind it has, packed in one integer (see
    #: :mod:`.kinds_held`).
    held: Held
    #: As the memo of a state (see :func:`bind`): the stats of its config, the ``id`` of the
    #: state (a board moved onto another state by hand is not trusted there), and its legal
    #: moves once listed (``None`` before). A board belongs to one state: the states of one
    #: field (a pass changes only the phase) each have a :meth:`twin` of it.
    table: Stats
    owner: int
    moves: tuple[object, ...] | None
    #: Answers already worked out for this board (a board never changes once built): a
    #: Scout's targets by its key, soulcast targets by a tuple. ``None`` until the first is
    #: asked for (most boards are asked for none).
    _targets: dict[object, tuple[int, ...]] | None

    @classmethod
    def build(cls, field: Iterable[Placed]) -> Board:
        """The board of ``field``, worked out from scratch."""
        board = cls.__new__(cls)
        board.cards = cards = {}
        for card in field:
            x, y = card.at
            key = x * _STRIDE + y + _OFFSET
            cards[_KEYS.setdefault(key, key)] = card
        board._targets = None
        board.owner = 0  # bound to no state yet: the id of no live object
        red: list[int] = []
        blue: list[int] = []
        kinds: tuple[list[Kind], list[Kind]] = ([], [])
        standing: tuple[set[int], set[int]] = (set(), set())
        generals: tuple[set[int], set[int]] = (set(), set())
        scouts: tuple[set[int], set[int]] = (set(), set())
        for key, card in cards.items():
            if card.captured:
                continue
            owner, kind = card.owner, card.kind
            kinds[owner].append(kind)
            standing[owner].add(key)
            if kind is Kind.GENERAL:
                generals[owner].add(key)
            elif kind is Kind.SCOUT:
                scouts[owner].add(key)
            (blue if owner else red).extend(around_of(key))
        board.held = (counts_of(kinds[0]), counts_of(kinds[1]))
        board.standing = _frozen(standing)
        board.generals = _frozen(generals)
        board.scouts = _frozen(scouts)
        board.throwable = (
            tuple(sorted(set(red).difference(cards))),
            tuple(sorted(set(blue).difference(cards))),
        )
        return board

    def twin(self) -> Board:
        """A board of the same field, sharing every part, to be bound to another state."""
        board = _new_object(Board)
        board.cards = self.cards
        board.standing = self.standing
        board.throwable = self.throwable
        board.generals = self.generals
        board.scouts = self.scouts
        board.held = self.held
        board._targets = self._targets
        return board

    @property
    def kinds(self) -> tuple[dict[Kind, int], dict[Kind, int]]:
        """Per colour: how many uncaptured cards of each kind it has, a kind it has none of
        left out (counted from the field, for tests and tools)."""
        counts: tuple[dict[Kind, int], dict[Kind, int]] = ({}, {})
        for card in self.cards.values():
            if not card.captured:
                mine = counts[card.owner]
                mine[card.kind] = mine.get(card.kind, 0) + 1
        return counts

    @property
    def alive(self) -> tuple[int, int]:
        """Per colour: how many of its cards stand uncaptured on the field."""
        red, blue = self.standing
        return (len(red), len(blue))

    def copy(self) -> Board:
        """A board to derive the next one on: the index of cards is copied, every other part
        is shared until a change replaces it."""
        board = _new_object(Board)
        board.cards = self.cards.copy()
        board.standing = self.standing
        board.throwable = self.throwable
        board.generals = self.generals
        board.scouts = self.scouts
        board.held = self.held
        board._targets = None
        return board

    # --- local updates, only on a fresh copy ---------------------------------------------------

    def placing(self, key: int, card: Placed, at: int | None = None) -> tuple[Board, bool]:
        """The board with the uncaptured ``card`` on the empty cell ``key`` (this one is left as
        it was), and whether an uncaptured enemy card touches it: if not, nothing can be
        captured there (see :func:`~.captures.capture`). ``at``, when given, is where ``key``
        stands among the cells open to the card's side."""
        board = _new_object(Board)
        board.cards = cards = self.cards.copy()
        cards[key] = card
        board._targets = None
        owner, kind = card.owner, card.kind
        red, blue = self.throwable
        # The empty cell was open to each side that touches it: the enemy's open cells tell
        # whether the enemy touches it, with no look at the neighbours. The side's own open
        # cells lose the cell (now taken) and gain the empty cells around it.
        if owner:
            i = bisect_left(red, key)
            near = i < len(red) and red[i] == key
            if near:
                red = red[:i] + red[i + 1 :]
            blue = _opened(blue, key, around_of(key), cards, at)
        else:
            i = bisect_left(blue, key)
            near = i < len(blue) and blue[i] == key
            if near:
                blue = blue[:i] + blue[i + 1 :]
            red = _opened(red, key, around_of(key), cards, at)
        board.throwable = (red, blue)
        red_held, blue_held = self.held
        if owner:
            board.held = (red_held, blue_held + unit_of(kind))
        else:
            board.held = (red_held + unit_of(kind), blue_held)
        red_standing, blue_standing = self.standing
        if owner:
            board.standing = (red_standing, blue_standing | {key})
        else:
            board.standing = (red_standing | {key}, blue_standing)
        board.generals = _moved(self.generals, owner, key, 1) if kind is _GENERAL else self.generals
        board.scouts = _moved(self.scouts, owner, key, 1) if kind is _SCOUT else self.scouts
        return board, near

    def lift(self, key: int) -> Placed:
        """Take the card off ``key``; the cell becomes empty."""
        cards = self.cards
        card = cards.pop(key)
        if not card.captured:
            self._fall(key, card)
        # The cell is open to each side with an uncaptured card next to it.
        around = around_of(key)
        red, blue = self.throwable
        if not self.standing[0].isdisjoint(around):
            red = _edit(red, None, (key,))
        if not self.standing[1].isdisjoint(around):
            blue = _edit(blue, None, (key,))
        self.throwable = (red, blue)
        return card

    def stepping(
        self, start: int, key: int, card: Placed, targets: tuple[int, ...], at: int | None = None
    ) -> tuple[Board, bool]:
        """The board with the uncaptured Scout on ``start`` moved to the empty cell ``key``, as
        ``card`` (this one is left as it was), given the Scout's ``targets`` on this board
        (see :meth:`scout_targets`; ``at``, when given, is where ``key`` stands in them):
        :meth:`lift` then :meth:`placing`, with the counts of kinds as they are. Also whether an
        uncaptured enemy card touches ``key``."""
        board = _new_object(Board)
        board.cards = cards = self.cards.copy()
        del cards[start]
        cards[key] = card
        board._targets = None
        board.held, board.generals = self.held, self.generals
        owner = card.owner
        # The Scout leaves ``start`` (in the set) for ``key`` (not in it): one symmetric
        # difference moves it.
        moved = {start, key}
        own = self.standing[owner] ^ moved
        theirs = self.standing[1 - owner]
        scouts = self.scouts[owner] ^ moved
        if owner:
            board.standing = (theirs, own)
            board.scouts = (self.scouts[0], scouts)
        else:
            board.standing = (own, theirs)
            board.scouts = (scouts, self.scouts[1])
        # The Scout's targets are the side's open cells that its other cards touch: those stay
        # open but ``key``, now taken; the empty cells next to ``key`` open, and so does the
        # start if one of the side's cards touches it.
        around = around_of(start)
        opening: tuple[int, ...] = around_of(key)
        if not own.isdisjoint(around):
            opening += (start,)  # empty now, and no target while the Scout stood on it
        mine = _opened(targets, key, opening, cards, at)
        other = self.throwable[1 - owner]
        i = bisect_left(other, key)
        near = i < len(other) and other[i] == key
        if near:
            other = other[:i] + other[i + 1 :]
        if not theirs.isdisjoint(around):
            other = _edit(other, None, (start,))
        board.throwable = (other, mine) if owner else (mine, other)
        return board, near

    def replacing(self, key: int, card: Placed) -> tuple[Board, bool]:
        """The board with the uncaptured enemy card on ``key`` replaced by the uncaptured
        ``card`` (this one is left as it was): :meth:`lift` then :meth:`placing` in one step,
        the cell never empty. Also whether an uncaptured enemy card touches ``key``."""
        board = _new_object(Board)
        board.cards = cards = self.cards.copy()
        cards[key] = card
        board._targets = None
        owner, kind = card.owner, card.kind
        enemy = 1 - owner
        around = around_of(key)
        theirs = self.standing[enemy].difference((key,))
        ours = self.standing[owner].union((key,))
        unit, (red_held, blue_held) = unit_of(kind), self.held
        # The enemy's open cells next to the cell close unless another of its cards touches
        # them; each empty cell next to it opens to ``owner``.
        other = self.throwable[enemy]
        for n, others in _beside_of(key):
            if n not in cards and theirs.isdisjoint(others):
                other = _without(other, n)
        mine = self.throwable[owner]
        mine = _opened(mine, None, around, cards)
        if owner:
            board.standing = (theirs, ours)
            board.throwable = (other, mine)
            board.held = (red_held - unit, blue_held + unit)
        else:
            board.standing = (ours, theirs)
            board.throwable = (mine, other)
            board.held = (red_held + unit, blue_held - unit)
        if kind is _GENERAL:
            board.generals = _swapped(self.generals, owner, key)
        else:
            board.generals = self.generals
        if kind is _SCOUT:
            board.scouts = _swapped(self.scouts, owner, key)
        else:
            board.scouts = self.scouts
        return board, not theirs.isdisjoint(around)

    def capture(self, key: int) -> Placed:
        """Turn the uncaptured card on ``key`` face down; it keeps blocking its cell."""
        card = self.cards[key]
        captured = new_placed(card.owner, card.kind, card.at, True)
        self.cards[key] = captured
        self._fall(key, card)
        return captured

    def _fall(self, key: int, card: Placed) -> None:
        """Count ``card`` (no longer uncaptured on ``key``) out, and close the cells only it
        opened to its side."""
        self._count(key, card, -1)
        owner, cards = card.owner, self.cards
        own = self.standing[owner]
        mine = self.throwable[owner]
        for n, others in _beside_of(key):
            if n not in cards and own.isdisjoint(others):
                mine = _without(mine, n)
        self.throwable = (mine, self.throwable[1]) if owner == 0 else (self.throwable[0], mine)

    def _count(self, key: int, card: Placed, change: int) -> None:
        """Count ``card`` on ``key`` in (``change`` 1) or out (-1) of its side's standing
        cards, Generals and Scouts."""
        owner, kind = card.owner, card.kind
        red, blue = self.standing
        if owner:
            blue = blue | {key} if change > 0 else blue - {key}
        else:
            red = red | {key} if change > 0 else red - {key}
        self.standing = (red, blue)
        red_held, blue_held = self.held
        unit = change * unit_of(kind)
        self.held = (red_held, blue_held + unit) if owner else (red_held + unit, blue_held)
        if kind is _GENERAL:
            self.generals = _moved(self.generals, owner, key, change)
        elif kind is _SCOUT:
            self.scouts = _moved(self.scouts, owner, key, change)

    # --- questions -----------------------------------------------------------------------------

    def touched(self, key: int, colour: Colour, but: int | None = None) -> bool:
        """Whether an uncaptured card of ``colour`` (other than one on ``but``) touches ``key``."""
        own = self.standing[colour]
        if but is not None:
            own = own.difference((but,))
        return not own.isdisjoint(around_of(key))

    def can_throw_on(self, colour: Colour, key: object) -> bool:
        """Whether ``colour`` may throw on the cell ``key``."""
        return holds(self.throwable[colour], key)

    def scout_targets(self, colour: Colour, scout: int) -> tuple[int, ...]:
        """Empty cells the Scout on ``scout``, one of ``colour``'s uncaptured Scouts, may move
        to: touched by another uncaptured card of its side (the Scout's own touch does not
        count), in cell order."""
        known = self._targets
        if known is None:
            known = self._targets = {}
        # By the Scout's key alone: a Scout has one colour on a given board.
        cached = known.get(scout)
        if cached is None:
            # Every cell ``colour`` may throw on is touched by one of its cards; only the cells
            # next to the Scout may be touched by the Scout alone.
            # Each such cell is asked about its neighbours, the Scout's cell left out.
            cards, cached, own = self.cards, self.throwable[colour], self.standing[colour]
            for n, others in _beside_of(scout):
                if n not in cards and own.isdisjoint(others):
                    cached = _without(cached, n)
            known[scout] = cached
        return cached

    def scout_can_move(self, colour: Colour) -> bool:
        """Whether an uncaptured Scout of ``colour`` has a cell to move to."""
        scouts = self.scouts[colour]
        if not scouts:
            return False
        # At most four of the cells the side may throw on touch a given Scout: any further one
        # is touched by another of its cards, and any Scout may move there.
        if len(self.throwable[colour]) > len(STEPS):
            return True
        return any(self.scout_targets(colour, scout) for scout in scouts)

    def can_soulcast(self, colour: Colour, kinds: tuple[Kind, ...]) -> bool:
        """Whether ``colour`` has a soulcast target (see :meth:`soulcast_targets`), answered
        from the kinds standing, without a look at the field."""
        held = self.held
        return bool(
            held[colour] & SOULCASTER_FIELD and castable_fields_of(kinds) & held[1 - colour]
        )

    def soulcast_targets(self, colour: Colour, kinds: tuple[Kind, ...]) -> tuple[int, ...]:
        """Cells of the enemy cards ``colour`` may soulcast with the barracks ``kinds``: none
        without an uncaptured Soulcaster of its own; never a King; only kinds it still holds."""
        if not self.can_soulcast(colour, kinds):
            return ()
        known = self._targets
        if known is None:
            known = self._targets = {}
        mark = ("soulcast", colour, kinds)
        cached = known.get(mark)
        if cached is None:
            # Enemy cards of a kind held (not the King), picked by C code, then put in cell
            # order (fewer to sort than all the enemy's cards).
            enemy = tuple(self.standing[1 - colour])
            held = castable_of(kinds).__contains__
            cached = tuple(
                sorted(
                    compress(enemy, map(held, map(_kind_of, map(self.cards.__getitem__, enemy))))
                )
            )
            known[mark] = cached
        return cached

    def same_as(self, other: Board) -> bool:
        """Whether two boards hold the same facts (for tests)."""

        return all(
            getattr(self, name) == getattr(other, name)
            for name in ("cards", "held", "standing", "throwable", "generals", "scouts", "alive")
        )


def _frozen(groups: tuple[set[int], set[int]]) -> tuple[frozenset[int], frozenset[int]]:
    return (frozenset(groups[0]), frozenset(groups[1]))


def _moved(
    groups: tuple[frozenset[int], frozenset[int]], owner: int, key: int, change: int
) -> tuple[frozenset[int], frozenset[int]]:
    """``groups`` with ``key`` added to (``change`` 1) or taken from (-1) ``owner``'s."""
    mine = groups[owner] | {key} if change > 0 else groups[owner] - {key}
    return (mine, groups[1]) if owner == 0 else (groups[0], mine)


def _swapped(
    groups: tuple[frozenset[int], frozenset[int]], owner: int, key: int
) -> tuple[frozenset[int], frozenset[int]]:
    """``groups`` with ``key`` moved from the other colour's to ``owner``'s."""
    red, blue = groups
    if owner:
        return (red.difference((key,)), blue.union((key,)))
    return (red.union((key,)), blue.difference((key,)))


#: A state's memo is its board: one object a decision, not two.
Memo = Board


def bind(board: Board, table: Stats, owner: int) -> Board:
    """Make the fresh ``board`` (one no state holds yet) the memo of the state whose ``id`` is
    ``owner``, with the stats ``table`` of its config and no moves listed; return it."""
    board.table = table
    board.owner = owner
    board.moves = None
    return board


_new_object = object.__new__
