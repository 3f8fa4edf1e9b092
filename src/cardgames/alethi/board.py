"""What the rules need to know about a field, kept up to date move by move.

The rules ask the same questions at every decision: which cells may a side throw on, does a card
touch an enemy, is a General standing next to it, how many cards does a side still have up. A
:class:`Board` holds the answers for one field. Each state keeps its board (outside its value:
never compared, hashed or serialized), and the next state's board is derived from it by local
updates, so no move rescans the whole field. ``Board.build`` works everything out from scratch;
the tests hold every derived board to it.

Cells are integer keys here, not ``Cell`` tuples: neighbours are additions and hashing is free.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from cardgames.alethi.cards import GENERAL_BONUS, Cell, Colour, Kind
from cardgames.alethi.state import Placed

__all__ = ["LIMIT", "STEPS", "Board", "cell_of", "key_of", "safe_key"]

_STRIDE = 1 << 16
_OFFSET = 1 << 15
#: Coordinates must lie in ``range(-LIMIT, LIMIT)``; a field of fewer cards than that never
#: reaches further from the start.
LIMIT = _OFFSET
#: Key offsets of the four orthogonal neighbours: (x, y-1), (x-1, y), (x+1, y), (x, y+1).
STEPS = (-1, -_STRIDE, _STRIDE, 1)


def key_of(cell: Cell) -> int:
    """The key of a cell already known to be within the limits."""
    return (cell[0] + _OFFSET) * _STRIDE + cell[1] + _OFFSET


def safe_key(cell: object) -> int | None:
    """The key of ``cell`` if it is a pair of integers within the limits, else ``None``."""
    if not isinstance(cell, tuple) or len(cell) != 2:
        return None
    x, y = cell
    if type(x) is not int or type(y) is not int:
        return None
    if not (-LIMIT <= x < LIMIT and -LIMIT <= y < LIMIT):
        return None
    return (x + _OFFSET) * _STRIDE + y + _OFFSET


def cell_of(key: int) -> Cell:
    """The cell of a key."""
    x, y = divmod(key, _STRIDE)
    return Cell(x - _OFFSET, y - _OFFSET)


class Board:
    """The derived facts of one field. Treat as immutable once built: states share boards."""

    __slots__ = (
        "_targets",
        "alive",
        "cards",
        "casters",
        "generals",
        "scouts",
        "throwable",
        "touch",
    )

    #: Every card on the field by key, captured ones included (they block their cell).
    cards: dict[int, Placed]
    #: Per colour: for every cell, how many uncaptured cards of that colour touch it.
    touch: tuple[dict[int, int], dict[int, int]]
    #: Per colour: the empty cells that colour may throw on (touched by one of its cards).
    throwable: tuple[set[int], set[int]]
    #: Per colour: keys of its uncaptured Generals, Scouts; count of uncaptured Soulcasters.
    generals: tuple[set[int], set[int]]
    scouts: tuple[set[int], set[int]]
    casters: list[int]
    #: Per colour: how many of its cards stand uncaptured on the field.
    alive: list[int]
    #: Answers already worked out for this board (a board never changes once built).
    _targets: dict[tuple[object, ...], list[int]]

    @classmethod
    def build(cls, field: Iterable[Placed]) -> Board:
        """The board of ``field``, worked out from scratch."""
        board = cls.__new__(cls)
        board.cards = {}
        board.touch = ({}, {})
        board.throwable = (set(), set())
        board.generals = (set(), set())
        board.scouts = (set(), set())
        board.casters = [0, 0]
        board.alive = [0, 0]
        board._targets = {}
        for card in field:
            board.put(key_of(card.at), card)
        return board

    def copy(self) -> Board:
        """A copy whose containers may be changed without touching this board."""
        board = Board.__new__(Board)
        board.cards = self.cards.copy()
        board.touch = (self.touch[0].copy(), self.touch[1].copy())
        board.throwable = (self.throwable[0].copy(), self.throwable[1].copy())
        board.generals = (self.generals[0].copy(), self.generals[1].copy())
        board.scouts = (self.scouts[0].copy(), self.scouts[1].copy())
        board.casters = self.casters.copy()
        board.alive = self.alive.copy()
        board._targets = {}
        return board

    # --- local updates, only on a fresh copy ---------------------------------------------------

    def put(self, key: int, card: Placed) -> None:
        """Set ``card`` on the empty cell ``key``."""
        self.cards[key] = card
        self.throwable[0].discard(key)
        self.throwable[1].discard(key)
        if not card.captured:
            self._stand(key, card)

    def lift(self, key: int) -> Placed:
        """Take the card off ``key``; the cell becomes empty."""
        card = self.cards.pop(key)
        if not card.captured:
            self._fall(key, card)
        for colour in (0, 1):
            if self.touch[colour].get(key):
                self.throwable[colour].add(key)
        return card

    def capture(self, key: int) -> Placed:
        """Turn the uncaptured card on ``key`` face down; it keeps blocking its cell."""
        card = self.cards[key]
        captured = Placed(card.owner, card.kind, card.at, captured=True)
        self.cards[key] = captured
        self._fall(key, card)
        return captured

    def _stand(self, key: int, card: Placed) -> None:
        owner = card.owner
        touch, throwable, cards = self.touch[owner], self.throwable[owner], self.cards
        for step in STEPS:
            n = key + step
            touch[n] = touch.get(n, 0) + 1
            if n not in cards:
                throwable.add(n)
        self.alive[owner] += 1
        self._special(key, card, True)

    def _fall(self, key: int, card: Placed) -> None:
        owner = card.owner
        touch, throwable = self.touch[owner], self.throwable[owner]
        for step in STEPS:
            n = key + step
            left = touch[n] - 1
            if left:
                touch[n] = left
            else:
                del touch[n]
                throwable.discard(n)
        self.alive[owner] -= 1
        self._special(key, card, False)

    def _special(self, key: int, card: Placed, standing: bool) -> None:
        kind = card.kind
        if kind is Kind.GENERAL:
            group = self.generals[card.owner]
        elif kind is Kind.SCOUT:
            group = self.scouts[card.owner]
        elif kind is Kind.SOULCASTER:
            self.casters[card.owner] += 1 if standing else -1
            return
        else:
            return
        if standing:
            group.add(key)
        else:
            group.discard(key)

    # --- questions -----------------------------------------------------------------------------

    def pressure(self, key: int, card: Placed, attack: Mapping[Kind, int]) -> int:
        """The attack of the uncaptured enemy cards touching ``card`` (on ``key``), each one
        counting one more while it touches an uncaptured General of its own side."""
        cards = self.cards
        generals = self.generals[1 - card.owner]
        total = 0
        for step in STEPS:
            n = key + step
            enemy = cards.get(n)
            if enemy is None or enemy.owner == card.owner or enemy.captured:
                continue
            total += attack[enemy.kind]
            if generals and self.general_next_to(enemy.owner, n):
                total += GENERAL_BONUS
        return total

    def general_next_to(self, colour: Colour, key: int) -> bool:
        """Whether an uncaptured General of ``colour`` touches the cell ``key``: a card of that
        colour there attacks with the General's bonus."""
        generals = self.generals[colour]
        return any(key + step in generals for step in STEPS)

    def scout_targets(self, colour: Colour, scout: int) -> list[int]:
        """Empty cells the Scout on ``scout`` may move to: touched by another uncaptured card of
        its side (the Scout's own touch does not count), in cell order."""
        cached = self._targets.get(("scout", colour, scout))
        if cached is None:
            # Every cell ``colour`` may throw on is touched by one of its cards; only the cells
            # next to the Scout may be touched by the Scout alone.
            touch, throwable = self.touch[colour], self.throwable[colour]
            near = {scout + step for step in STEPS}
            cached = sorted((throwable - near).union([n for n in near & throwable if touch[n] > 1]))
            self._targets["scout", colour, scout] = cached
        return cached

    def plain_scout_targets(self, colour: Colour, scout: int) -> list[int]:
        """:meth:`scout_targets` worked out cell by cell, as the rule says (for tests)."""
        touch = self.touch[colour]
        near = {scout + step for step in STEPS}
        return sorted([n for n in self.throwable[colour] if touch[n] - (n in near) > 0])

    def soulcast_targets(self, colour: Colour, kinds: tuple[Kind, ...]) -> list[int]:
        """Cells of the enemy cards ``colour`` may soulcast with the barracks ``kinds``: none
        without an uncaptured Soulcaster of its own; never a King; only kinds it still holds."""
        if not self.casters[colour]:
            return []
        cached = self._targets.get(("soulcast", colour, kinds))
        if cached is None:
            held = set(kinds)
            cached = sorted(
                [
                    key
                    for key, c in self.cards.items()
                    if c.owner != colour
                    and not c.captured
                    and c.kind is not Kind.KING
                    and c.kind in held
                ]
            )
            self._targets["soulcast", colour, kinds] = cached
        return cached

    def same_as(self, other: Board) -> bool:
        """Whether two boards hold the same facts (for tests)."""
        return all(
            getattr(self, name) == getattr(other, name)
            for name in ("cards", "touch", "throwable", "generals", "scouts", "casters", "alive")
        )
