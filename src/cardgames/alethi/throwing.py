"""Throwing, the second phase of a turn (compulsory when possible): a card from the barracks
onto an empty cell next to one of the side's uncaptured cards."""

from __future__ import annotations

from bisect import bisect_left
from operator import itemgetter

from cardgames.alethi._fast import LIMIT, STRIDE, Board, Memo, cell_of, safe_key
from cardgames.alethi.captures import STRICTLY_MORE, capture, outweighs, turned_down
from cardgames.alethi.cards import Cell, Colour, Kind
from cardgames.alethi.moves import Move, Throw
from cardgames.alethi.notation import where
from cardgames.alethi.state import Phase, Placed, State, new_placed
from cardgames.alethi.turn import Barracks, next_decision
from cardgames.errors import excerpt

__all__ = ["throw", "throw_cell", "throw_options", "throw_problem"]

_KIND_NAMES = frozenset(kind.value for kind in Kind)
#: Members used at every throw, by name: a global is one lookup, where a member of an enum goes
#: through the attribute hook of its class.
_GENERAL, _RED, _SCOUT = Kind.GENERAL, Colour.RED, Phase.SCOUT


#: Every kind, in the order of the enum: the order of the tables in :data:`_COLUMNS`.
_KINDS = tuple(Kind)


def _new_rows(keys: tuple[int, ...]) -> None:
    """Make the throws of every kind onto each cell of ``keys`` that has none yet."""
    if len(_MADE) + len(keys) > _KEPT:
        # A bound for fields far out: the throws are made again as needed. The throws known
        # by identity go with them, so that every kept throw stays known. (The cells of one
        # listing are all made after, so it may pass the bound by one listing.)
        for column in _COLUMNS:
            column.clear()
        _MADE.clear()
        _LISTED.clear()
    for key in keys:
        if key not in _MADE:
            _new_row(key)


def _new_row(key: int) -> None:
    """Make the throws of every kind onto the cell ``key`` and file them in the tables."""
    cell = cell_of(key)
    for kind, column in zip(_KINDS, _COLUMNS, strict=True):
        throw = column[key] = Throw(kind, cell)
        _LISTED[id(throw)] = (throw, key, [None, None])
    _MADE.add(key)


#: How many cells' throws are kept at most.
_KEPT = 1 << 13
#: The throws of each kind (in the order of :data:`_KINDS`) by the key of their cell, made
#: once per cell and kept (moves are immutable values, so the same one serves every state that
#: offers it). Plain dicts, filled before they are read: Python looks a key up in a plain dict
#: at once, where a subclass (one with ``__missing__``) goes through a method call.
_COLUMNS: tuple[dict[int, Throw], ...] = tuple({} for _ in _KINDS)
#: The keys of the cells whose throws the tables hold.
_MADE: set[int] = set()
#: The cell key of every throw the tables hold, by the throw's identity, and the card it puts
#: on the field for each colour (red's first), made on the throw's first use by that colour.
#: Each entry holds its throw, so that no other object takes its ``id`` while the entry
#: lasts; a lookup is valid only when the entry's throw is the very move given.
_LISTED: dict[int, tuple[Throw, int, list[Placed | None]]] = {}
#: The tables of the kinds a barracks holds, each once, in the barracks' order, by the
#: barracks: the same barracks recur across games, and one lookup replaces a pass that gathers
#: its kinds.
_TABLES: dict[tuple[Kind, ...], tuple[dict[int, Throw], ...]] = {}


def _tables_of(barracks: tuple[Kind, ...]) -> tuple[dict[int, Throw], ...]:
    """The tables of the kinds ``barracks`` holds, found and kept in :data:`_TABLES`."""
    if len(_TABLES) >= _KEPT:
        _TABLES.clear()  # a bound: the tables are looked up again as needed
    tables = _TABLES[barracks] = tuple(
        _COLUMNS[_KINDS.index(kind)] for kind in dict.fromkeys(barracks)
    )
    return tables


def throw_options(board: Board, barracks: Barracks, me: Colour) -> tuple[Move, ...]:
    """The throws open to ``me``: by kind (the barracks keeps the army's order), then by cell."""
    keys = board.throwable[me]
    if not keys:
        return ()
    mine = barracks[me]
    tables = _TABLES.get(mine) or _tables_of(mine)
    try:
        return _picked(tables, keys)
    except KeyError:
        # A cell without its throws yet (asked this way rather than by a look at every cell
        # first): they are made, and the throws picked again.
        _new_rows(keys)
        return _picked(tables, keys)


def _picked(tables: tuple[dict[int, Throw], ...], keys: tuple[int, ...]) -> tuple[Move, ...]:
    """The throws of each kind's table onto the cells ``keys``, by kind, then by cell
    (``KeyError`` for a cell whose throws are not made yet)."""
    if len(keys) == 1:
        key = keys[0]
        return tuple([column[key] for column in tables])
    # One call picks the throws of a kind onto every open cell, in cell order.
    pick = itemgetter(*keys)
    moves: tuple[Move, ...] = ()
    for column in tables:
        moves += pick(column)
    return moves


def throw_cell(move: Throw, board: Board, barracks: Barracks, me: Colour) -> int | None:
    """The key of the cell of ``move`` if ``me`` may make it in the throw phase, else ``None``."""
    listed = _LISTED.get(id(move))
    if listed is not None and listed[0] is move:
        # A throw that legal_moves made: its cell is known to be well formed, by its key.
        key = listed[1]
    elif type(at := move.at) is Cell:  # the usual case, checked here without a call
        x, y = at
        if (
            type(x) is not int
            or type(y) is not int
            or not (-LIMIT <= x < LIMIT and -LIMIT <= y < LIMIT)
        ):
            return None
        key = x * STRIDE + y + LIMIT
    else:
        found = safe_key(at)
        if found is None:
            return None
        key = found
    if move.kind not in barracks[me]:
        return None
    keys = board.throwable[me]
    i = bisect_left(keys, key)
    return key if i < len(keys) and keys[i] == key else None


def throw_problem(move: Throw, board: Board, barracks: Barracks, me: Colour) -> str | None:
    """Why ``me`` may not make ``move`` in the throw phase, or ``None`` when they may."""
    if throw_cell(move, board, barracks, me) is not None:
        return None
    if move.kind not in barracks[me]:
        return f"there is no {_what(move.kind)} in {me.label}'s barracks"
    return f"{where(move.at)} is not an empty cell next to an uncaptured {me.label} card"


def _what(kind: object) -> str:
    """A move's kind for a message: ``knight``, or a short description of a malformed one."""
    return Kind(kind).value if isinstance(kind, str) and kind in _KIND_NAMES else excerpt(kind)


def throw(state: State, move: Throw, memo: Memo) -> State | None:
    """The state after ``move`` in the throw phase of ``state`` (whose memo is ``memo``), or
    ``None`` when the player to move may not make it."""
    me, barracks = state.to_move, state.barracks
    mine = barracks[me]
    listed = _LISTED.get(id(move))
    if listed is not None and listed[0] is move:
        # A throw the tables made, of the rules' own values: its cell is known by its key, and
        # the card it puts on the field is made once per colour and shared (cards are
        # immutable values).
        key = listed[1]
        keys = memo.throwable[me]
        i = bisect_left(keys, key)
        if i == len(keys) or keys[i] != key:
            return None
        spot: int | None = i  # where the cell stands among the open ones
        try:
            i = mine.index(move.kind)
        except ValueError:  # none of its kind in the barracks
            return None
        made = listed[2]
        placed = made[me]
        if placed is None:
            placed = made[me] = new_placed(me, move.kind, move.at, False)
    else:
        found = throw_cell(move, memo, barracks, me)
        if found is None:
            return None
        key, spot = found, None
        # Build from the rules' own values: a move that merely equals a legal one (a plain
        # string for the kind, a plain tuple for the cell) must not leak into the state. A
        # cell that safe_key accepted as a Cell holds two ints within the limits: the rules'
        # own kind of value, which the state can share.
        i = mine.index(move.kind)
        at = move.at
        placed = new_placed(me, mine[i], at if type(at) is Cell else cell_of(key), False)
    table = memo.table
    board, near = memo.placing(key, placed, spot)
    if near or placed.kind is _GENERAL:
        captured = capture(board, key, table.attack, table.health)
    else:
        # No enemy card touches the new card, and it brings no General's bonus to its allies:
        # the change pressed no card, and nothing falls.
        assert not outweighs(0, 0), STRICTLY_MORE
        captured = ()
    # A concatenation makes the tuple at once, where unpacking builds a list first.
    field = state.field + (placed,)  # noqa: RUF005 - see above
    if captured:
        field = turned_down(field, board, captured)
    mine = mine[:i] + mine[i + 1 :]
    return next_decision(
        state.config,
        field,
        (mine, barracks[1]) if me == _RED else (barracks[0], mine),
        state.removed,
        me,
        _SCOUT,
        state.turn,
        state.rng,
        board,
        table,
        captured,
    )
