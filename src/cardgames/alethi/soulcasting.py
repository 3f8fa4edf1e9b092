"""Soulcasting, the first phase of a turn (optional): while its Soulcaster stands, a side may
replace an uncaptured enemy card other than the King by a card of the same kind from its own
barracks; the enemy card leaves the game."""

from __future__ import annotations

from itertools import repeat
from operator import is_

from cardgames.alethi._fast import Board, Memo, cell_of, holds, safe_key
from cardgames.alethi.captures import STRICTLY_MORE, capture, outweighs, swapped, turned_down
from cardgames.alethi.cards import Colour, Kind
from cardgames.alethi.moves import Move, Soulcast
from cardgames.alethi.notation import where
from cardgames.alethi.state import Card, Phase, State, new_placed
from cardgames.alethi.turn import PASS, Barracks, next_decision, take

__all__ = ["soulcast", "soulcast_cell", "soulcast_options", "soulcast_problem"]

#: Members used at every soulcast, by name: a global is one lookup, where a member of an enum
#: goes through the attribute hook of its class.
_GENERAL, _THROW = Kind.GENERAL, Phase.THROW
#: The card a soulcast takes out of the game, by its owner and kind: cards are values, so
#: every game can share them.
_REMOVED = tuple({kind: Card(colour, kind) for kind in Kind} for colour in Colour)


class _Soulcasts(dict[int, Soulcast]):
    """The soulcasts by the key of their target, each made on first use and kept: moves are
    immutable values, so the same one serves every state that offers it."""

    def __missing__(self, key: int) -> Soulcast:
        if len(self) >= _KEPT:
            # A bound for fields far out: the moves are made again as needed. The moves known
            # by identity go with them, so that every kept move stays known.
            self.clear()
            _LISTED.clear()
        move = self[key] = Soulcast(cell_of(key))
        _LISTED[id(move)] = (move, key)
        return move


#: How many soulcasts are kept at most.
_KEPT = 1 << 12
_SOULCASTS = _Soulcasts()
#: The key of the target of every soulcast that table holds, by the move's identity. Each entry
#: holds its move, so that no other object takes its ``id`` while the entry lasts; a lookup is
#: valid only when the entry's move is the very move given.
_LISTED: dict[int, tuple[Soulcast, int]] = {}


def soulcast_options(board: Board, barracks: Barracks, me: Colour) -> tuple[Move, ...]:
    """The soulcasts open to ``me``, by target cell, then ``Pass``."""
    return (*map(_SOULCASTS.__getitem__, board.soulcast_targets(me, barracks[me])), PASS)


def soulcast_cell(move: Soulcast, board: Board, barracks: Barracks, me: Colour) -> int | None:
    """The key of the target of ``move`` if ``me`` may make it in the soulcast phase, else
    ``None``."""
    listed = _LISTED.get(id(move))
    if listed is not None and listed[0] is move:
        key: int | None = listed[1]  # a move that legal_moves made: its cell known by its key
    else:
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


def soulcast(state: State, move: Soulcast, memo: Memo) -> State | None:
    """The state after ``move`` in the soulcast phase of ``state`` (whose memo is ``memo``): the
    enemy card out of the game, the same kind from the barracks on its cell, then the capture
    check; the throw phase comes next. ``None`` when the player to move may not make it."""
    me, barracks = state.to_move, state.barracks
    listed = _LISTED.get(id(move))
    moves = memo.moves
    if (
        listed is not None
        and listed[0] is move
        and moves is not None
        and any(map(is_, moves, repeat(move)))
    ):
        # The very move that legal_moves listed for this state (its moves are kept on the
        # memo): legal, with its target known by key, and no look at the targets again.
        key = listed[1]
    else:
        found = soulcast_cell(move, memo, barracks, me)
        if found is None:
            return None
        key = found
    table = memo.table
    victim = memo.cards[key]
    mine = new_placed(me, victim.kind, victim.at, False)
    board, near = memo.replacing(key, mine)
    if near or mine.kind is _GENERAL:
        captured = capture(board, key, table.attack, table.health)
    else:
        # No enemy card touches the new card, and it brings no General's bonus to its allies
        # (the enemy card it replaced pressed only the side's own cards, which it relieved):
        # the change pressed no card, and nothing falls.
        assert not outweighs(0, 0), STRICTLY_MORE
        captured = ()
    field = swapped(state.field, victim, mine)
    if captured:
        field = turned_down(field, board, captured)
    return next_decision(
        state.config,
        field,
        take(barracks, me, victim.kind),
        (*state.removed, _REMOVED[victim.owner][victim.kind]),
        me,
        _THROW,
        state.turn,
        state.rng,
        board,
        table,
        captured,
    )
