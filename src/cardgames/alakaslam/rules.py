"""The rules of AlakaSLAM as the public functions see them: a new match, the legal moves, a
move applied, and why a move is not legal; and the dispatch to the chapters that hold each rule.

A turn is a string of small decisions (steps, a hit, the end of the movement), so the list of
legal moves stays short. :func:`legal_moves` is the one place that decides legality: a move is
legal exactly when it is in that list, and the reason an ``IllegalMoveError`` gives is worked
out from the same facts.

``apply_move`` copies the state into a draft (``_fast.draft_of``, the quick form
of :class:`~cardgames.alakaslam.draft.Draft`), lets one rule function change the
draft and turns it into the next state; the old state is never touched.
The rules themselves live in the modules named after the rulebook's chapters:

- :mod:`~cardgames.alakaslam.set_up`: characters, the deal, mulligans, the call, the server,
  Simon's copy and the serving corner;
- :mod:`~cardgames.alakaslam.movement`: steps, paid steps, Toots' meddling, movement after the
  hit and the draw that ends a turn;
- :mod:`~cardgames.alakaslam.hitting`: the plays of a hand, the hit and the support, where the
  shot lands, faults and binds;
- :mod:`~cardgames.alakaslam.points`: a point lost, the discards and refill between points, the
  end of the match.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

from cardgames._engine import remembered
from cardgames.alakaslam import _fast, hitting, movement, moves, points, set_up
from cardgames.alakaslam.cards import is_card
from cardgames.alakaslam.checks import state_problem
from cardgames.alakaslam.config import Config, check_config
from cardgames.alakaslam.court import Cell
from cardgames.alakaslam.draft import TRUSTED, Draft
from cardgames.alakaslam.moves import DECLINE, DONE, Move
from cardgames.alakaslam.notation import describe
from cardgames.alakaslam.plays import Play, PlayIndex, play_problem
from cardgames.alakaslam.state import Phase, State, View
from cardgames.errors import IllegalMoveError, InvalidStateError, kind_of
from cardgames.rng import Rng, check_seed

# Enum members read on the move path, as module names: on Python 3.11 reading a member
# through its class costs about as much as a function call.
_SERVE = Phase.SERVE
_MOVE = Phase.MOVE
_SUPPORT = Phase.SUPPORT

__all__ = [
    "apply_move",
    "checked",
    "legal_moves",
    "new_game",
    "why_unplayable",
]

_DECLINE_ONLY = (DECLINE,)


# --- checking states -----------------------------------------------------------------------


def checked(state: object) -> State:
    """``state`` if it is a playable AlakaSLAM state; raises ``InvalidStateError`` if not.

    States made by the rules are trusted. Any other (loaded from JSON, resampled, built by hand)
    is validated once, the first time it is used, so that every rule can rely on it.
    """
    if type(state) is not State:
        hint = " (a view cannot stand for a state; resample() builds one)"
        extra = hint if isinstance(state, View) else ""
        raise InvalidStateError(f"expected an alakaslam State, got {kind_of(state)}{extra}")
    try:
        memo = state._memo
    except AttributeError:  # a State made without its fields (State.__new__)
        memo = None
    if memo is None:
        problem = why_unplayable(state)
        if problem is not None:
            raise InvalidStateError(f"not a playable alakaslam state: {problem}")
    return state


def why_unplayable(state: State) -> str | None:
    """Why ``state`` (not yet trusted) cannot be played, or ``None``, after which it is trusted.

    Past every fact of :func:`~cardgames.alakaslam.checks.state_problem`, the player to move
    must have a move: a last guard, so that a state the facts missed is refused here rather
    than failing inside a rule.
    """
    problem = state_problem(state)
    if problem is not None:
        return problem
    object.__setattr__(state, "_memo", TRUSTED)
    try:
        legal = _legal(state)[0]
    except (IndexError, KeyError, TypeError, ValueError, AttributeError) as exc:
        problem = f"its {state.phase} phase cannot be played ({type(exc).__name__})"
    else:
        if state.result is None and not legal:
            problem = f"player {state.to_move} has no move in the {state.phase} phase"
    if problem is not None:
        object.__setattr__(state, "_memo", None)
    return problem


# --- the public functions ------------------------------------------------------------------


def new_game(config: Config | None = None, *, seed: int) -> State:
    """A fresh match: characters dealt (or to be chosen), opening hands dealt, mulligans next.

    >>> state = new_game(seed=1)
    >>> state.phase, len(state.hands[0])
    (<Phase.MULLIGAN: 'mulligan'>, 8)
    """
    config = Config() if config is None else config
    check_config(config)
    check_seed(seed)
    d = _fast.blank_draft(config, Rng.from_seed(seed))
    set_up.begin(d)
    return d.finish()


def legal_moves(state: State) -> tuple[Move, ...]:
    """Every legal move of the player to decide, in a fixed order; ``()`` once over."""
    # What _legal_memo does, written out for the two usual cases: the moves kept in the memo,
    # or a state the rules made (trusted), whose moves are worked out and kept.
    if type(state) is State:
        try:
            memo = state._memo
        except AttributeError:  # a State made without its fields (State.__new__)
            memo = None
        if type(memo) is tuple:
            kept: tuple[Move, ...] = memo[0]
            return kept
        if memo is TRUSTED:
            found = _legal(state)
            object.__setattr__(state, "_memo", found)
            return found[0]
    return _legal_memo(state)[0]


def _legal_memo(state: State) -> tuple[tuple[Move, ...], PlayIndex | None]:
    """The legal moves of ``state``, kept with it once worked out, and the index of the plays
    among them (``None`` when no hit or support play is open), so that ``apply_move`` finds a
    play with one lookup."""
    return remembered(state, State, _work_out)


def _work_out(state: State) -> tuple[tuple[Move, ...], PlayIndex | None]:
    return _legal(checked(state))


def apply_move(state: State, move: Move) -> State:
    """The state after ``move``; raises ``IllegalMoveError`` (changing nothing) if not legal."""
    memo = None
    if type(state) is State:
        try:
            memo = state._memo
        except AttributeError:  # a State made without its fields (State.__new__)
            memo = None
    options, plays = memo if type(memo) is tuple else _legal_memo(state)
    # A move that legal_moves listed is the rules' own object: found by identity, no
    # comparison needed; any other move is looked for by equality.
    for legal in options:
        if legal is move:
            break
    else:
        found = _find(options, plays, move)
        if found is None:
            raise IllegalMoveError(_why_illegal(state, move))
        legal = found
    d = _fast.draft_of(state)
    d.last_mover, d.last_move = state.to_move, legal
    EFFECTS[type(legal)](d, legal)
    # What d.finish() does, written out (one call fewer a decision), but for the memo: when
    # the next phase alone decides the moves, the next state holds them at once.
    twin: Any = d
    twin._memo = _KNOWN.get(twin.phase, TRUSTED)
    twin.__class__ = State
    after: State = twin
    return after


def _find(options: tuple[Move, ...], plays: PlayIndex | None, move: object) -> Move | None:
    """The legal move equal to ``move`` (the rules' own object), or ``None``."""
    kind = type(move)
    if kind is moves.Hit or kind is moves.Support:
        if plays is None:
            return None
        try:
            found: Play | None = plays.get(move)  # type: ignore[call-overload]
        except (TypeError, ValueError, AttributeError):  # fields that cannot hash or compare
            return None
        return found
    if kind not in EFFECTS:
        return None  # not a move of this game: never compared, whatever its __eq__ does
    try:
        for legal in options:
            if legal is move or legal == move:
                return legal
    except (TypeError, ValueError, AttributeError):  # fields that cannot be compared
        return None
    return None


# --- legal moves by phase ------------------------------------------------------------------


def _legal(state: State) -> tuple[tuple[Move, ...], PlayIndex | None]:
    """The legal moves, and the index of the plays among them (see :func:`_legal_memo`)."""
    player = state.to_move
    if state.result is not None or player is None:
        return (), None
    phase = state.phase
    if phase is _SERVE:
        hits, index = hitting.open_plays(state, player, False)
        return (*hits, DECLINE), index
    if phase is _MOVE:
        last = DECLINE if not state.queue else DONE
        steps = movement.step_moves(state, player)
        if state.positions[player] != state.ball:
            return (*steps, last), None
        hits, index = hitting.open_plays(state, player, False)
        return (*steps, *hits, last), index
    if phase is _SUPPORT:
        # Only a bound support can be left without a play here (see hitting.apply_hit): they
        # must let it go.
        supports, index = hitting.open_plays(state, player, True)
        return supports or _DECLINE_ONLY, index
    return PHASE_MOVES[phase](state, player), None


#: The legal moves of the phases decided by one list (the others, where a hit may be among
#: the moves, are worked out above), from the chapter that holds the rule. The reference lists
#: these phases' moves through this table too: it is the dispatch, and the rules are the
#: chapters' functions it names.
PHASE_MOVES: dict[Phase, Callable[[State, int], tuple[Move, ...]]] = {
    Phase.CHOOSE: set_up.choose_moves,
    Phase.MULLIGAN: set_up.mulligan_moves,
    Phase.CALL: set_up.call_moves,
    Phase.PICK_SERVER: set_up.pick_server_moves,
    Phase.COPY: set_up.copy_moves,
    Phase.CORNER: set_up.corner_moves,
    Phase.TARGET: hitting.target_moves,
    Phase.AFTER: movement.after_moves,
    Phase.LOSER_DISCARD: points.discard_moves,
    Phase.REFILL: points.discard_moves,
}


#: The memo of a state in a phase whose moves do not depend on the rest of the state: the
#: moves, and no plays among them (a match over has none at all).
_KNOWN: dict[Phase, tuple[tuple[Move, ...], None]] = {
    **{phase: (fixed, None) for phase, fixed in set_up.FIXED_MOVES.items()},
    Phase.OVER: ((), None),
}


# --- applying a move, by its kind ----------------------------------------------------------

#: How each kind of move changes the draft, from the chapter that holds its rule.
EFFECTS: dict[type, Callable[[Draft, Any], None]] = {
    moves.Choose: set_up.apply_choose,
    moves.Mulligan: set_up.apply_mulligan,
    moves.Keep: set_up.apply_keep,
    moves.Call: set_up.apply_call,
    moves.PickServer: set_up.apply_pick_server,
    moves.Copy: set_up.apply_copy,
    moves.Corner: set_up.apply_corner,
    moves.Step: movement.apply_step,
    moves.DiscardStep: movement.apply_discard_step,
    moves.Meddle: movement.apply_meddle,
    moves.Hit: hitting.apply_hit,
    moves.Support: hitting.apply_support,
    moves.Target: hitting.apply_target,
    moves.Decline: hitting.apply_decline,
    moves.Done: movement.apply_done,
    moves.Discard: points.apply_discard,
}


# --- why a move is not legal ---------------------------------------------------------------


def _why_illegal(state: State, move: object) -> str:
    """The reason ``move`` is not legal in ``state``, for the ``IllegalMoveError``."""
    what = describe(move)
    player = state.to_move
    if state.result is not None:
        return f"{what}: the match is over"
    kinds = sorted({type(m).__name__ for m in legal_moves(state)})
    here = state.positions[player] if state.positions and player is not None else None
    if isinstance(move, moves.Hit) and state.phase is Phase.MOVE and here != state.ball:
        return f"{what}: the ball is on {_name(state.ball)}, player {player} on {_name(here)}"
    if type(move).__name__ not in kinds:
        return (
            f"{what}: player {player} is deciding in the {state.phase} phase, where the moves "
            f"are {', '.join(kinds)}"
        )
    assert player is not None
    if isinstance(move, moves.Hit | moves.Support):
        cards = getattr(move, "cards", None)
        if not isinstance(cards, tuple) or not all(is_card(c) for c in cards):
            return f"{what}: the cards must be a tuple of Card (well-formed cards only)"
        missing = Counter(cards) - Counter(state.hands[player])
        if missing:
            lacking = " ".join(sorted({c.code for c in missing}))
            return f"{what}: player {player} does not hold {lacking}"
        problem = play_problem(cards, state.binds[player], state.locked)
        if problem is not None:
            return f"{what}: {problem}"
        return f"{what}: not one of player {player}'s choices now"
    if isinstance(move, moves.Step | moves.DiscardStep | moves.Meddle):
        return f"{what}: not a step open to player {player} now"
    return f"{what}: not one of player {player}'s choices now"


def _name(cell: Cell | None) -> str:
    return "nowhere" if cell is None else cell.name
