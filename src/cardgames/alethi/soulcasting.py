"""Soulcasting, the first phase of a turn (optional): while its Soulcaster stands, a side may
replace an uncaptured enemy card other than the King by a card of the same kind from its own
barracks; the enemy card leaves the game."""

from __future__ import annotations

from cardgames.alethi.board import Board, cell_of, holds, safe_key
from cardgames.alethi.captures import capture, swapped, turned_down
from cardgames.alethi.cards import Colour, Kind
from cardgames.alethi.moves import Move, Soulcast
from cardgames.alethi.notation import where
from cardgames.alethi.state import Card, Phase, State, new_placed
from cardgames.alethi.turn import PASS, Barracks, next_decision, take

__all__ = ["apply_soulcast", "soulcast_cell", "soulcast_options", "soulcast_problem"]

#: The General by name: a global is one lookup, where a member of an enum goes through the
#: attribute hook of its class.
_GENERAL = Kind.GENERAL


class _Soulcasts(dict[int, Soulcast]):
    """The soulcasts by the key of their target, each made on first use and kept: moves are
    immutable values, so the same one serves every state that offers it."""

    def __missing__(self, key: int) -> Soulcast:
        if len(self) >= _KEPT:
            self.clear()  # a bound for fields far out: the moves are made again as needed
        move = self[key] = Soulcast(cell_of(key))
        return move


#: How many soulcasts are kept at most.
_KEPT = 1 << 12
_SOULCASTS = _Soulcasts()


def soulcast_options(board: Board, barracks: Barracks, me: Colour) -> tuple[Move, ...]:
    """The soulcasts open to ``me``, by target cell, then ``Pass``."""
    return (*map(_SOULCASTS.__getitem__, board.soulcast_targets(me, barracks[me])), PASS)


def soulcast_cell(move: Soulcast, board: Board, barracks: Barracks, me: Colour) -> int | None:
    """The key of the target of ``move`` if ``me`` may make it in the soulcast phase, else
    ``None``."""
    key = safe_key(move.target)
    if not holds(board.soulcast_targets(me, barracks[me]), key):
        return None
    return key


def soulcast_problem(move: Soulcast, board: Board, barracks: Barracks, me: Colour) -> str | None:
    """Why ``me`` may not make ``move`` in the soulcast phase, or ``None`` when they may."""
    if soulcast_cell(move, board, barracks, me) is None:
        return (
            f"{where(move.target)} holds no uncaptured enemy card (not a King) that a card in "
            f"{me.label}'s barracks can replace"
        )
    return None


def apply_soulcast(state: State, key: int) -> State:
    """The state after ``me`` legally soulcast the card on ``key``: the enemy card out of the
    game, the same kind from the barracks on its cell, then the capture check; the throw phase
    comes next."""
    me, config = state.to_move, state.config
    memo = state._memo
    board, table = memo.board.copy(), memo.table
    victim = board.lift(key)
    mine = new_placed(me, victim.kind, victim.at, False)
    board, near = board.placing(key, mine)
    captured = (
        capture(board, key, table.attack, table.health) if near or mine.kind is _GENERAL else ()
    )
    field = turned_down(swapped(state.field, victim, mine), board, captured)
    barracks = take(state.barracks, me, victim.kind)
    removed = (*state.removed, Card(victim.owner, victim.kind))
    return next_decision(
        config,
        field,
        barracks,
        removed,
        me,
        Phase.THROW,
        state.turn,
        state.rng,
        board,
        table,
        captured,
    )
