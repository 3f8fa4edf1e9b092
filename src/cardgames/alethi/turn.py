"""A turn of Alethi: its three phases in order (soulcast, throw, scout), which of them a side
has a decision in, and what ends a turn: the next decision, or the end of the battle."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import repeat

from cardgames._engine import slot_filler
from cardgames.alethi._fast import SOULCASTER_FIELD, STEPS, Board, castable_fields_of
from cardgames.alethi.cards import Colour, Kind
from cardgames.alethi.config import Config, Stats
from cardgames.alethi.ending import ended_by_capture, ended_by_count, limit_reason
from cardgames.alethi.moves import Pass
from cardgames.alethi.state import Card, Phase, Placed, State
from cardgames.rng import Rng

__all__ = [
    "NEXT_PHASE",
    "PASS",
    "Barracks",
    "can_bring_in",
    "has_options",
    "next_decision",
    "set_memo",
    "take",
]

#: Each side's cards in hand, red's first.
Barracks = tuple[tuple[Kind, ...], tuple[Kind, ...]]

#: The one ``Pass`` the rules offer: moves are values, so every state can share it.
PASS = Pass()

#: Makes a ``State`` from all its fields, the memo (its board) last: the rules' own values need
#: no check, and setting the slots straight is about half the cost of ``State``'s ``__init__``.
_fill_state = slot_filler(State)
#: Sets the memo of a state just made (which names the state, so it comes after it).
set_memo = vars(State)["_memo"].__set__

#: The phases by name: a global is one lookup, where a member of an enum goes through the
#: attribute hook of its class.
_SOULCAST, _THROW, _SCOUT, _OVER = Phase.SOULCAST, Phase.THROW, Phase.SCOUT, Phase.OVER

#: Each colour's opponent, by colour: ``Colour.opponent`` without a property call.
_OPPONENT = (Colour.BLUE, Colour.RED)
#: How many neighbours a cell has.
_STEPS = len(STEPS)
_new_object = object.__new__

#: The phase after each one; ``None`` means the turn is over.
NEXT_PHASE: dict[Phase, Phase | None] = {
    Phase.SOULCAST: Phase.THROW,
    Phase.THROW: Phase.SCOUT,
    Phase.SCOUT: None,
}


def _can_throw(board: Board, barracks: Barracks, colour: Colour) -> bool:
    """Whether ``colour`` has a card to throw and an empty cell to throw it on."""
    return bool(barracks[colour]) and bool(board.throwable[colour])


def can_bring_in(board: Board, barracks: Barracks, colour: Colour) -> bool:
    """Whether ``colour`` can still bring a barracks card onto the field: by a throw, or by a
    soulcast (which may also open cells to throw on)."""
    return _can_throw(board, barracks, colour) or board.can_soulcast(colour, barracks[colour])


def has_options(board: Board, barracks: Barracks, me: Colour, phase: Phase) -> bool:
    """Whether ``me`` has any decision in ``phase``."""
    if phase is Phase.THROW:
        return _can_throw(board, barracks, me)
    if phase is Phase.SOULCAST:
        return board.can_soulcast(me, barracks[me])
    return board.scout_can_move(me)


def take(barracks: Barracks, owner: Colour, kind: Kind) -> Barracks:
    """The barracks after ``owner`` took one ``kind`` out of theirs."""
    mine = barracks[owner]
    i = mine.index(kind)
    mine = mine[:i] + mine[i + 1 :]
    return (mine, barracks[1]) if owner == Colour.RED else (barracks[0], mine)


def next_decision(
    config: Config,
    field: tuple[Placed, ...],
    barracks: Barracks,
    removed: tuple[Card, ...],
    player: Colour,
    phase: Phase | None,
    turn: int,
    rng: Rng,
    board: Board,
    table: Stats,
    captured: Sequence[Placed] | None,
) -> State:
    """The state at the next decision, from ``phase`` of ``player`` on (``None``: turn over).

    ``table`` holds the stats of ``config``. Phases without any option are skipped. The end is
    checked here: after the capture check the caller ran (``captured`` is what it took, ``None``
    when the field did not change), and at the end of every turn: when neither side can bring a
    card in any more (normally because both barracks are empty), or the turn limit is reached,
    the uncaptured cards are counted.
    """
    result = None
    if captured is not None and (captured or not (board.standing[0] and board.standing[1])):
        result = ended_by_capture(board, captured)
    while result is None:
        # The phases in order, each asked as has_options would (written out: this runs after
        # every move).
        if phase is _SOULCAST:
            # Without a standing Soulcaster there is nothing to soulcast with.
            # Board.can_soulcast, written out: one test of the kinds apart.
            if (
                board.held[player] & SOULCASTER_FIELD
                and castable_fields_of(barracks[player]) & board.held[_OPPONENT[player]]
            ):
                break
            phase = _THROW
        if phase is _THROW:
            if barracks[player] and board.throwable[player]:
                break
            phase = _SCOUT
        # More than four cells open to the side: one of them is not next to a given Scout, so
        # some other card of the side touches it, and that Scout may move there.
        # Otherwise one of its Scouts has a target (Board.scout_can_move, without the call and
        # the generator: the targets are kept on the board).
        if (
            phase is _SCOUT
            and (scouts := board.scouts[player])
            and (
                len(board.throwable[player]) > _STEPS
                or any(map(board.scout_targets, repeat(player), scouts))
            )
        ):
            break
        # The turn is over.
        if not barracks[0] and not barracks[1]:
            result = ended_by_count(board, "all cards played")
            break
        opponent = _OPPONENT[player]
        if not (barracks[opponent] and board.throwable[opponent]) and not (
            can_bring_in(board, barracks, opponent) or can_bring_in(board, barracks, player)
        ):
            result = ended_by_count(board, "no side can bring in a card any more")
            break
        limit = table.turn_limit
        if turn >= limit:
            result = ended_by_count(board, limit_reason(limit))
            break
        player, phase, turn = opponent, _SOULCAST, turn + 1
    # The board is the memo: it goes in with the other fields, and learns the identity of its
    # state after. It is bound as bind() binds one, written out: this runs after every move.
    board.table, board.moves = table, None
    if result is None:
        state = _fill_state(config, field, barracks, removed, player, phase, turn, None, rng, board)
    else:
        state = _fill_state(
            config, field, barracks, removed, player, _OVER, turn, result, rng, board
        )
    board.owner = id(state)
    return state
