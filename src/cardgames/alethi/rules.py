"""The rules of Alethi, as the public functions see them: whose decision it is, the legal moves
of each phase, and applying a move.

The rules themselves live in one module per chapter of the rulebook: :mod:`.set_up`,
:mod:`.turn` (the phases in order and the end of a turn), :mod:`.soulcasting`,
:mod:`.throwing`, :mod:`.scouting`, :mod:`.captures` and :mod:`.ending` (the end of the
battle); :mod:`.checks` says which states are playable and which the rules can reach. This
module dispatches to them. Each phase's module decides both the moves it lists and the reason
it gives in an ``IllegalMoveError``, so the two never disagree. The facts about the field come
from the state's :class:`~.board.Board`.
"""

from __future__ import annotations

from cardgames.alethi._fast import Board, Memo, cell_of
from cardgames.alethi.captures import fallen
from cardgames.alethi.cards import Cell
from cardgames.alethi.checks import board_of, card_problem, check_state, checked
from cardgames.alethi.config import Config, check_config, stats
from cardgames.alethi.moves import Move, Pass, Scout, Soulcast, Throw
from cardgames.alethi.notation import describe
from cardgames.alethi.scouting import scout, scout_options, scout_problem
from cardgames.alethi.set_up import new_game
from cardgames.alethi.soulcasting import (
    soulcast,
    soulcast_options,
    soulcast_problem,
)
from cardgames.alethi.state import Phase, Placed, State
from cardgames.alethi.throwing import throw, throw_options, throw_problem
from cardgames.alethi.turn import NEXT_PHASE, next_decision
from cardgames.errors import IllegalMoveError, InvalidStateError, excerpt
from cardgames.game import Outcome

__all__ = [
    "apply_move",
    "board_of",
    "check_state",
    "checked",
    "current_player",
    "find_captures",
    "is_legal",
    "is_over",
    "legal_moves",
    "new_game",
    "outcome",
]

#: The phases by name: a global is one lookup, where a member of an enum goes through the
#: attribute hook of its class.
_SOULCAST, _THROW, _SCOUT, _OVER = Phase.SOULCAST, Phase.THROW, Phase.SCOUT, Phase.OVER


def _memo_of(state: State) -> Memo:
    """The memo of ``state`` after :func:`checked` (which raises unless it is a playable
    state)."""
    memo: Memo = checked(state)._memo
    return memo


def current_player(state: State) -> int | None:
    """The player to decide (0 red, 1 blue), or ``None`` once the game is over."""
    state = checked(state)
    return None if state.result is not None else int(state.to_move)


def is_over(state: State) -> bool:
    """Whether the game has ended."""
    # A state the rules made carries its own memo: checked() in a few lines, without a call.
    if type(state) is State:
        try:
            memo = state._memo
        except AttributeError:  # none on a shell made by State.__new__
            memo = None
        if type(memo) is Memo and memo.owner == id(state):
            return state.result is not None
    return checked(state).result is not None


def outcome(state: State) -> Outcome | None:
    """How the game ended, or ``None`` while it goes on."""
    return checked(state).result


def legal_moves(state: State) -> tuple[Move, ...]:
    """Every legal move of the player to decide, ``()`` once the game is over.

    Order: soulcast targets then ``Pass``; throws by kind (the barracks keeps the army's order),
    then by cell; scout moves by scout, then by cell, then ``Pass``.
    """
    try:
        memo = state._memo if type(state) is State else None
    except AttributeError:  # a State made without its fields (State.__new__): refused below
        memo = None
    if type(memo) is not Memo or memo.owner != id(state):
        memo = _memo_of(state)
    moves: tuple[Move, ...] | None = memo.moves  # type: ignore[assignment]
    if moves is None:
        phase, board, me = state.phase, memo, state.to_move
        if phase is _THROW:
            moves = throw_options(board, state.barracks, me)
        elif phase is _SOULCAST:
            moves = soulcast_options(board, state.barracks, me)
        elif phase is _SCOUT:
            moves = scout_options(board, me)
        else:
            moves = ()
        memo.moves = moves
    return moves


def find_captures(field: tuple[Placed, ...], config: Config) -> list[Cell]:
    """Cells of the uncaptured cards that the capture check turns face down on ``field``,
    judging every card, in cell order.

    A card falls when the attack of the uncaptured enemy cards touching it adds up to more than
    its health; an attacker touching an uncaptured General of its own side counts one more.
    Every card is judged against the same field, so all captures happen at once. A library
    error for a field that is not a tuple of cards of ``config``'s army on distinct cells.
    """
    _check_field(field, config)
    table = stats(config)
    return sorted(map(cell_of, fallen(Board.build(field), table.attack, table.health)))


def _check_field(field: object, config: Config) -> None:
    """Raise a library error unless ``field`` is a tuple of cards of ``config``'s army on
    distinct cells, within the coordinate limits."""
    check_config(config)
    if type(field) is not tuple:
        raise InvalidStateError(f"field must be a tuple of Placed, got {excerpt(field)}")
    order = {card.kind: i for i, card in enumerate(config.army)}
    cells = set()
    for number, card in enumerate(field):
        problem = card_problem(card, order)
        if problem is not None:
            raise InvalidStateError(f"field[{number}] {problem}")
        if card.at in cells:
            raise InvalidStateError(f"two cards share ({card.at})")
        cells.add(card.at)


def _why_illegal(state: State, move: object) -> str | None:
    """Why ``move`` is not legal in ``state``, or ``None`` when it is."""
    phase = state.phase
    if phase is Phase.OVER:
        return "the game is over"
    if isinstance(move, Pass):
        if phase is Phase.THROW:
            return "throwing may not be skipped while a card can be thrown"
        return None
    board, barracks, me = board_of(state), state.barracks, state.to_move
    if isinstance(move, Throw):
        if phase is not Phase.THROW:
            return f"it is the {phase} phase, not the throw phase"
        return throw_problem(move, board, barracks, me)
    if isinstance(move, Soulcast):
        if phase is not Phase.SOULCAST:
            return f"it is the {phase} phase, not the soulcast phase"
        return soulcast_problem(move, board, barracks, me)
    if isinstance(move, Scout):
        if phase is not Phase.SCOUT:
            return f"it is the {phase} phase, not the scout phase"
        return scout_problem(move, board, me)
    return f"{type(move).__name__} is not an alethi move"


def is_legal(state: State, move: Move) -> bool:
    """Whether ``move`` is legal in ``state``."""
    return _why_illegal(checked(state), move) is None


def apply_move(state: State, move: Move) -> State:
    """The state after ``move``; raises ``IllegalMoveError`` saying why if it is not legal."""
    try:
        memo = state._memo if type(state) is State else None
    except AttributeError:  # a State made without its fields (State.__new__): refused below
        memo = None
    if type(memo) is not Memo or memo.owner != id(state):
        memo = _memo_of(state)
    phase, me = state.phase, state.to_move
    # Each phase's legality test gives the cells the move acts on, which the move then uses.
    kind = type(move)
    if kind is Throw and phase is _THROW:
        after = throw(state, move, memo)  # type: ignore[arg-type]
        if after is not None:
            return after
    elif kind is Scout and phase is _SCOUT:
        after = scout(state, move, memo)  # type: ignore[arg-type]
        if after is not None:
            return after
    elif kind is Soulcast and phase is _SOULCAST:
        after = soulcast(state, move, memo)  # type: ignore[arg-type]
        if after is not None:
            return after
    elif kind is Pass and phase is not _THROW and phase is not _OVER:
        # A pass skips to the next phase; the field did not change, so there is no capture
        # check, and the next state has a twin of this board.
        return next_decision(
            state.config,
            state.field,
            state.barracks,
            state.removed,
            me,
            NEXT_PHASE[phase],
            state.turn,
            state.rng,
            memo.twin(),
            memo.table,
            None,
        )
    raise IllegalMoveError(f"{describe(move)}: {_why_illegal(state, move) or 'not legal here'}")
