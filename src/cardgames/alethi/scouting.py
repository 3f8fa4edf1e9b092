"""Scouting, the last phase of a turn (optional): a side's uncaptured Scout moves to an empty
cell next to another of its uncaptured cards."""

from __future__ import annotations

from bisect import bisect_left
from typing import Any

from cardgames._engine import writable_twin
from cardgames.alethi._fast import Board, Memo, cell_of, safe_key
from cardgames.alethi.captures import STRICTLY_MORE, capture, outweighs, swapped, turned_down
from cardgames.alethi.cards import Cell, Colour
from cardgames.alethi.moves import Move, Scout
from cardgames.alethi.notation import where
from cardgames.alethi.state import State, new_placed
from cardgames.alethi.turn import PASS, next_decision

__all__ = ["scout", "scout_cells", "scout_options", "scout_problem"]


class _Moves(dict[int, Scout]):
    """The moves of the Scout on one cell, by the key of the cell it moves to, each made on
    first use and kept: moves are immutable values, so the same one serves every state that
    offers it, and a lookup costs a fraction of a function call."""

    __slots__ = ("cell", "scout")

    def __init__(self, scout: int) -> None:
        super().__init__()
        self.scout = scout
        self.cell = cell_of(scout)

    def __missing__(self, key: int) -> Scout:
        if len(self) >= _KEPT:
            self.clear()  # a bound for fields far out: the moves are made again as needed
        if len(_LISTED) >= _LISTED_MOST:
            # The moves known by identity are forgotten with the tables that hold them, so
            # that every kept move stays known (this table is made anew on its next use).
            _LISTED.clear()
            _SCOUTS.clear()
        # Made as a slot filler makes a Scout, written out: a field far out makes many.
        twin: Any = _new_object(_WritableScout)  # writable until it turns into a Scout
        twin.scout = self.cell
        twin.to = _cells(key)
        twin.__class__ = Scout
        move: Scout = twin
        self[key] = move
        _LISTED[id(move)] = (move, self.scout, key)
        return move


class _Cells(dict[int, Cell]):
    """Cells by key, each made on first use and kept: a Scout's targets recur across many
    moves (from each cell next to them), and a lookup costs less than making the cell."""

    def __missing__(self, key: int) -> Cell:
        if len(self) >= _CELLS_MOST:
            self.clear()
        cell = self[key] = cell_of(key)
        return cell


class _ByScout(dict[int, _Moves]):
    """The tables of :class:`_Moves`, by the key of the Scout's cell."""

    def __missing__(self, scout: int) -> _Moves:
        if len(self) >= _KEPT:
            self.clear()
        table = self[scout] = _Moves(scout)
        return table


#: A ``Scout`` made as this class and filled by plain assignment, then turned into a
#: ``Scout`` (see :func:`~cardgames._engine.writable_twin`): for the rules' own cells.
_WritableScout = writable_twin(Scout)
_new_object = object.__new__
#: How many Scout cells, and how many moves from each, are kept at most: 65,536 moves in all,
#: a few megabytes at worst, for a process that plays games for days.
_KEPT = 1 << 8
_SCOUTS = _ByScout()
_CELLS = _Cells()
#: ``_SCOUTS[scout]`` and ``_CELLS[key]`` as calls: Python subscripts a subclass of dict
#: through a lookup of its ``__getitem__`` and a method call, where the bound ``__getitem__``
#: goes to the dict's own lookup at once.
_scouts, _cells = _SCOUTS.__getitem__, _CELLS.__getitem__
_CELLS_MOST = 1 << 16
#: The keys of the Scout's cell and of its target of every move those tables made, by the
#: move's identity. Each entry holds its move, so that no other object takes its ``id`` while
#: the entry lasts; a lookup is valid only when the entry's move is the very move given.
_LISTED: dict[int, tuple[Scout, int, int]] = {}
_LISTED_MOST = 1 << 14


def scout_options(board: Board, me: Colour) -> tuple[Move, ...]:
    """The Scout moves open to ``me``: by Scout, then by cell, then ``Pass``."""
    moves: list[Move] = []
    for scout in sorted(board.scouts[me]):
        moves += map(_scouts(scout).__getitem__, board.scout_targets(me, scout))
    moves.append(PASS)
    return tuple(moves)


def scout_cells(move: Scout, board: Board, me: Colour) -> tuple[int, int, tuple[int, ...]] | None:
    """The keys of the Scout's cell and of its target, and the Scout's targets on ``board``,
    if ``me`` may make ``move`` in the scout phase, else ``None``."""
    listed = _LISTED.get(id(move))
    if listed is not None and listed[0] is move:
        # A move that legal_moves made: its cells are known to be well formed, by their keys.
        _, scout, to = listed
    else:
        start, end = safe_key(move.scout), safe_key(move.to)
        if start is None or end is None:
            return None
        scout, to = start, end
    if scout not in board.scouts[me]:
        return None
    targets = board.scout_targets(me, scout)
    i = bisect_left(targets, to)
    if i == len(targets) or targets[i] != to:
        return None
    return scout, to, targets


def scout_problem(move: Scout, board: Board, me: Colour) -> str | None:
    """Why ``me`` may not make ``move`` in the scout phase, or ``None`` when they may."""
    if scout_cells(move, board, me) is not None:
        return None
    scout = safe_key(move.scout)
    if scout is None or scout not in board.scouts[me]:
        return f"there is no uncaptured {me.label} Scout on {where(move.scout)}"
    return f"{where(move.to)} is not an empty cell next to another uncaptured {me.label} card"


def scout(state: State, move: Scout, memo: Memo) -> State | None:
    """The state after ``move`` in the scout phase of ``state`` (whose memo is ``memo``): the
    Scout on its new cell, then the capture check; the turn is over. ``None`` when the player
    to move may not make it."""
    me, before = state.to_move, memo
    listed = _LISTED.get(id(move))
    if listed is not None and listed[0] is move:
        # scout_cells for a move that legal_moves made, written out: its cells by their keys,
        # the Scout's targets as the listing left them on the board.
        _, start, key = listed
        if start not in before.scouts[me]:
            return None
        known = before._targets
        targets = known.get(start) if known is not None else None
        if targets is None:
            targets = before.scout_targets(me, start)
        i = bisect_left(targets, key)
        if i == len(targets) or targets[i] != key:
            return None
        spot: int | None = i  # where the target stands among the Scout's targets
    else:
        found = scout_cells(move, before, me)
        if found is None:
            return None
        start, key, targets = found
        spot = None
    table = memo.table
    scout = before.cards[start]
    # A cell that safe_key accepted as a Cell holds two ints within the limits: the rules' own
    # kind of value, which the state can share.
    to = move.to
    moved = new_placed(me, scout.kind, to if type(to) is Cell else cell_of(key), False)
    board, near = before.stepping(start, key, moved, targets, spot)
    if near:
        captured = capture(board, key, table.attack, table.health)
    else:
        # No enemy card touches the Scout's new cell, and a Scout is never a General (leaving
        # its cell only relieved the enemy cards there): the move pressed no card, and nothing
        # falls.
        assert not outweighs(0, 0), STRICTLY_MORE
        captured = ()
    field = swapped(state.field, scout, moved)
    if captured:
        field = turned_down(field, board, captured)
    return next_decision(
        state.config,
        field,
        state.barracks,
        state.removed,
        me,
        None,
        state.turn,
        state.rng,
        board,
        table,
        captured,
    )
