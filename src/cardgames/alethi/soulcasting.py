"""Soulcasting, the first phase of a turn (optional): while its Soulcaster stands, a side may
replace an uncaptured enemy card other than the King by a card of the same kind from its own
barracks; the enemy card leaves the game."""

from __future__ import annotations

import functools

from cardgames.alethi.board import Board, cell_of, key_of, safe_key
from cardgames.alethi.captures import capture, turned_down
from cardgames.alethi.cards import Colour
from cardgames.alethi.checks import board_of
from cardgames.alethi.moves import Move, Soulcast
from cardgames.alethi.notation import where
from cardgames.alethi.state import Card, Phase, Placed, State
from cardgames.alethi.turn import PASS, Barracks, next_decision, take

__all__ = ["apply_soulcast", "soulcast_options", "soulcast_problem"]


# Moves are immutable values, so the same one can serve every state that offers it.
@functools.lru_cache(maxsize=1 << 12)
def _soulcast(key: int) -> Soulcast:
    return Soulcast(cell_of(key))


def soulcast_options(board: Board, barracks: Barracks, me: Colour) -> tuple[Move, ...]:
    """The soulcasts open to ``me``, by target cell, then ``Pass``."""
    return (*(_soulcast(k) for k in board.soulcast_targets(me, barracks[me])), PASS)


def soulcast_problem(move: Soulcast, board: Board, barracks: Barracks, me: Colour) -> str | None:
    """Why ``me`` may not make ``move`` in the soulcast phase, or ``None`` when they may."""
    if safe_key(move.target) not in board.soulcast_targets(me, barracks[me]):
        return (
            f"{where(move.target)} holds no uncaptured enemy card (not a King) that a card in "
            f"{me.label}'s barracks can replace"
        )
    return None


def apply_soulcast(state: State, move: Soulcast) -> State:
    """The state after the legal ``move``: the enemy card out of the game, the same kind from
    the barracks on its cell, then the capture check; the throw phase comes next."""
    me, config = state.to_move, state.config
    board = board_of(state).copy()
    key = key_of(move.target)
    victim = board.lift(key)
    mine = Placed(me, victim.kind, victim.at)
    board.put(key, mine)
    captured = capture(board, key, config)
    field = turned_down(
        tuple(mine if c.at == victim.at else c for c in state.field), board, captured
    )
    barracks = take(state.barracks, me, victim.kind)
    removed = (*state.removed, Card(victim.owner, victim.kind))
    return next_decision(
        config, field, barracks, removed, me, Phase.THROW, state.turn, state.rng, board, captured
    )
