"""Scouting, the last phase of a turn (optional): a side's uncaptured Scout moves to an empty
cell next to another of its uncaptured cards."""

from __future__ import annotations

import functools

from cardgames.alethi.board import Board, cell_of, key_of, safe_key
from cardgames.alethi.captures import capture, turned_down
from cardgames.alethi.cards import Colour
from cardgames.alethi.checks import board_of
from cardgames.alethi.moves import Move, Scout
from cardgames.alethi.notation import where
from cardgames.alethi.state import Placed, State
from cardgames.alethi.turn import PASS, next_decision

__all__ = ["apply_scout", "scout_options", "scout_problem"]


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


def scout_problem(move: Scout, board: Board, me: Colour) -> str | None:
    """Why ``me`` may not make ``move`` in the scout phase, or ``None`` when they may."""
    scout = safe_key(move.scout)
    if scout is None or scout not in board.scouts[me]:
        return f"there is no uncaptured {me.label} Scout on {where(move.scout)}"
    if safe_key(move.to) not in board.scout_targets(me, scout):
        return f"{where(move.to)} is not an empty cell next to another uncaptured {me.label} card"
    return None


def apply_scout(state: State, move: Scout) -> State:
    """The state after the legal ``move``: the Scout on its new cell, then the capture check;
    the turn is over."""
    me, config = state.to_move, state.config
    board = board_of(state).copy()
    start, key = key_of(move.scout), key_of(move.to)
    scout = board.lift(start)
    moved = Placed(me, scout.kind, cell_of(key))
    board.put(key, moved)
    captured = capture(board, key, config)
    field = turned_down(
        tuple(moved if c.at == scout.at else c for c in state.field), board, captured
    )
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
