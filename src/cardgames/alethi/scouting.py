"""Scouting, the last phase of a turn (optional): a side's uncaptured Scout moves to an empty
cell next to another of its uncaptured cards."""

from __future__ import annotations

import functools

from cardgames.alethi.board import Board, cell_of, holds, safe_key
from cardgames.alethi.captures import capture, swapped, turned_down
from cardgames.alethi.cards import Colour
from cardgames.alethi.config import stats
from cardgames.alethi.moves import Move, Scout
from cardgames.alethi.notation import where
from cardgames.alethi.state import State, new_placed
from cardgames.alethi.turn import PASS, next_decision

__all__ = ["apply_scout", "scout_cells", "scout_options", "scout_problem"]


# Moves are immutable values, so the same one can serve every state that offers it.
@functools.lru_cache(maxsize=1 << 12)
def _scout(scout: int, to: int) -> Scout:
    return Scout(cell_of(scout), cell_of(to))


def scout_options(board: Board, me: Colour) -> tuple[Move, ...]:
    """The Scout moves open to ``me``: by Scout, then by cell, then ``Pass``."""
    return (
        *(_scout(s, t) for s in sorted(board.scouts[me]) for t in board.scout_targets(me, s)),
        PASS,
    )


def scout_cells(move: Scout, board: Board, me: Colour) -> tuple[int, int] | None:
    """The keys of the Scout's cell and of its target if ``me`` may make ``move`` in the scout
    phase, else ``None``."""
    scout, to = safe_key(move.scout), safe_key(move.to)
    if scout is None or to is None or scout not in board.scouts[me]:
        return None
    if not holds(board.scout_targets(me, scout), to):
        return None
    return scout, to


def scout_problem(move: Scout, board: Board, me: Colour) -> str | None:
    """Why ``me`` may not make ``move`` in the scout phase, or ``None`` when they may."""
    if scout_cells(move, board, me) is not None:
        return None
    scout = safe_key(move.scout)
    if scout is None or scout not in board.scouts[me]:
        return f"there is no uncaptured {me.label} Scout on {where(move.scout)}"
    return f"{where(move.to)} is not an empty cell next to another uncaptured {me.label} card"


def apply_scout(state: State, start: int, key: int) -> State:
    """The state after the Scout on ``start`` legally moved to ``key``: the Scout on its new
    cell, then the capture check; the turn is over."""
    me, config = state.to_move, state.config
    board = state._memo.board.copy()
    scout = board.lift(start)
    moved = new_placed(me, scout.kind, cell_of(key), False)
    board.put(key, moved)
    table = stats(config)
    captured = capture(board, key, table.attack, table.health)
    field = turned_down(swapped(state.field, scout, moved), board, captured)
    return next_decision(
        config,
        field,
        state.barracks,
        state.removed,
        me,
        None,
        state.turn,
        state.rng,
        board,
        captured,
    )
