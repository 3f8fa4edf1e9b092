"""Which Alethi states one can play from, and which ones the rules can reach.

States made by the rules carry their board (see :mod:`~cardgames.alethi._fast`) and are trusted.
Any other state (loaded from JSON, resampled, built by hand) is checked once, on its first use,
by :func:`checked`: the check of a position one can play from, hand-made puzzles included.
:func:`check_state`, the check of a state from outside, also asks that the rules could have
reached it; each bound it applies follows from the rules as its comments say.
"""

from __future__ import annotations

import itertools

import attrs

from cardgames._engine import Passed
from cardgames.alethi._fast import Board, Memo, bind
from cardgames.alethi.checks.fields import card_problem, playable_board, stats
from cardgames.alethi.checks.reach import unreachable
from cardgames.alethi.state import State, View
from cardgames.errors import InvalidStateError, kind_of

#: The fields of a state, each of which a state to play from has (``State.__new__`` alone
#: makes a shell without them).
_FIELD_NAMES = tuple(field.name for field in attrs.fields(State))

__all__ = [
    "board_of",
    "card_problem",
    "check_state",
    "checked",
    "playable_board",
    "stats",
    "trust",
    "unreachable",
    "vouch",
    "vouched",
]


def checked(state: object) -> State:
    """``state`` if it is a playable Alethi state, with its board ready; else ``InvalidStateError``.

    States made by the rules carry their board. Any other state (loaded from JSON, resampled,
    built by hand) is validated once, the first time it is used, so that every rule can trust
    it. This is the check of a position one can play from, hand-made puzzles included;
    :func:`check_state` also asks that the rules could have reached it.
    """
    if type(state) is not State:
        view = isinstance(state, View)
        hint = " (a view cannot stand for a state; resample() builds one)" if view else ""
        raise InvalidStateError(f"expected an alethi State, got {kind_of(state)}{hint}")
    memo = getattr(state, "_memo", None)
    if type(memo) is not Memo or memo.owner != id(state):
        if not all(map(hasattr, itertools.repeat(state), _FIELD_NAMES)):
            raise InvalidStateError("not a playable alethi state: a State made without its fields")
        found = playable_board(state)
        if isinstance(found, str):
            raise InvalidStateError(f"not a playable alethi state: {found}")
        trust(state, found)
    return state


def trust(state: State, board: Board) -> None:
    """Keep ``board``, the board of the playable ``state``, in a memo of its own."""
    object.__setattr__(state, "_memo", bind(board, stats(state.config), id(state)))


def check_state(state: State) -> State:
    """``state`` if the rules could have reached it; else ``InvalidStateError`` saying why.

    The full check of a state from outside: the types and the playability that every function
    asks of a state (see :func:`checked`), then every card of both armies exactly once, the
    counters within what a game of this config reaches, the field no wider than its cards and
    turns allow, and a result exactly when and as the rules give one. It costs time linear in
    the size of the state.
    """
    if state in _VOUCHED:
        return state
    state = checked(state)
    problem = unreachable(state, board_of(state))
    if problem is not None:
        raise InvalidStateError(f"not an alethi state the rules can reach: {problem}")
    return state


#: States that passed this check by the time they were made: the reader of JSON checks the
#: states it reads as it reads them (see :mod:`~cardgames.alethi.documents`). By identity, a
#: few at a time: loading asks for the check at once.
_VOUCHED = Passed(16)


def vouch(state: State) -> None:
    """Record that ``state``, just made, passed :func:`check_state` (states are frozen)."""
    _VOUCHED.add(state)


def vouched(state: State) -> bool:
    """Whether ``state`` is one that :func:`vouch` recorded."""
    return state in _VOUCHED


def board_of(state: State) -> Board:
    """The board kept with a checked state."""
    board: Board = state._memo
    return board
