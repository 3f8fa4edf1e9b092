"""The rules of Le Rally, as the public functions see them: sides and seats, the legal moves
with the reason any other move is refused, applying a move, and the score of a rally.

Two words matter: a **rally** is the scoring unit (deal six cards each; the first player to
empty their hand wins it) and an **exchange** is the run of cards on the rally pile, which ends
when a player cannot answer (they pick up and the next player leads) or plays Just Out.

The rules live one chapter a module: :mod:`.deal`, what each move does in :mod:`.playing`
(leading and answering), :mod:`.winning` (a rally won, the next deal or the match's end) and
:mod:`.score` (every match format), all working on a :class:`~.draft.Draft` of the state.
This module decides legality: a move is legal exactly when it is in :func:`legal_moves`, and
the reason for refusing any other comes from the same predicates (:mod:`.answering`: which
card may be played in which situation). The moves of a hand are looked up by the cards of the
hand that can matter in the situation, which many hands share (:mod:`._fast`).
"""

from __future__ import annotations

from cardgames._engine import find_move, remembered
from cardgames.errors import IllegalMoveError, InvalidPlayerError, InvalidStateError, excerpt
from cardgames.lerally import _fast
from cardgames.lerally.answering import lobs, may_play, needs_anothers_card
from cardgames.lerally.cards import CardKind, Section, is_card, offense
from cardgames.lerally.checks import checked, score_problem
from cardgames.lerally.config import Config, check_config
from cardgames.lerally.deal import new_game
from cardgames.lerally.draft import Draft
from cardgames.lerally.moves import MIN_LOB, Lob, Move, Offense, PickUp, Play
from cardgames.lerally.notation import describe
from cardgames.lerally.playing import APPLY, PICK_UP
from cardgames.lerally.score import add_rally, players_of, rallies_bound, side_of_player
from cardgames.lerally.state import Score, State, View

__all__ = [
    "PICK_UP",
    "apply_move",
    "checked",
    "legal_moves",
    "max_rallies",
    "new_game",
    "score_rally",
    "side_of",
    "team",
    "view_moves",
]

_PICK_UP = PickUp()


# --- sides and seats -----------------------------------------------------------------------


def side_of(config: Config, player: int) -> int:
    """The side a player scores for: themselves, or in doubles their team."""
    check_config(config)
    _check_number("player", player, config.players)
    return side_of_player(config, player)


def team(config: Config, side: int) -> tuple[int, ...]:
    """The players of a side, in seat order."""
    check_config(config)
    _check_number("side", side, config.sides)
    return players_of(config, side)


def _check_number(what: str, value: object, count: int) -> None:
    """Raise ``InvalidPlayerError`` unless ``value`` is an int ``0 .. count - 1``."""
    if type(value) is not int or not 0 <= value < count:
        raise InvalidPlayerError(f"{what} must be an int 0-{count - 1}, got {excerpt(value)}")


# --- legal moves ---------------------------------------------------------------------------


def legal_moves(state: State) -> tuple[Move, ...]:
    """Every legal move of the player to move, in a fixed order; ``()`` once over.

    Playing is compulsory: ``PickUp`` is offered only when no card can be played.
    """
    return remembered(state, State, _work_out)


def _work_out(state: State) -> tuple[Move, ...]:
    """The moves of the checked ``state``'s player to move: every card of the hand that may be
    played (:func:`~.answering.may_play`) with its lobs, or picking up (looked up by the cards
    of the hand that can matter in the situation, :func:`._fast.options`)."""
    state = checked(state)
    player = state.to_move
    if state.result is not None or player is None:
        return ()
    return _fast.options(
        state.hands[player], state.leading, state.ball, state.attack, state.last == player
    )


def view_moves(view: View) -> tuple[Move, ...]:
    """The legal moves of ``view``'s player, as :func:`legal_moves` gives them in every state
    that shows ``view`` (``()`` when another player is to move); ``view`` must have passed
    ``check_view``."""
    if view.result is not None or view.to_move != view.player:
        return ()
    return _fast.options(view.hand, view.leading, view.ball, view.attack, view.last == view.player)


def apply_move(state: State, move: Move) -> State:
    """The state after ``move``; raises ``IllegalMoveError`` (changing nothing) if not legal."""
    moves = remembered(state, State, _work_out)  # legal_moves(state)
    legal = find_move(moves, move)
    if legal is None:
        raise IllegalMoveError(_why_illegal(state, move))
    d = Draft(state)
    d.last_mover, d.last_move = state.to_move, legal
    APPLY[type(legal)](d, legal)
    return d.finish()


# --- the score ---------------------------------------------------------------------------


def score_rally(config: Config, score: Score, side: int) -> tuple[Score, int | None]:
    """The score after ``side`` wins a rally, and the side that has won the match, if any.

    ``InvalidConfigError``, ``InvalidStateError`` or ``InvalidPlayerError`` for a config, a
    score of a set going on or a side that the match cannot have.
    """
    check_config(config)
    problem = score_problem(config, score, over=False)
    if problem is not None:
        raise InvalidStateError(f"not a lerally score of a match going on: {problem}")
    _check_number("side", side, config.sides)
    return add_rally(config, score, side)


def max_rallies(config: Config) -> int:
    """A bound on the rallies of a match: a side can win at most one rally short of every set
    target without ending the set, and at most one set short of the match."""
    check_config(config)
    return rallies_bound(config)


# --- why a move is not legal ---------------------------------------------------------------


def _why_illegal(state: State, move: object) -> str:
    """The reason ``move`` is not legal in ``state``, for the ``IllegalMoveError``."""
    what = describe(move)
    if state.result is not None:
        return f"{what}: the match is over"
    player = state.to_move
    assert player is not None
    hand = state.hands[player]
    if not isinstance(move, Play | Lob | Offense | PickUp):
        return f"{what}: not a lerally move (play, lob, offense or pick up)"
    if isinstance(move, Play | Lob) and not is_card(move.card):
        return f"{what}: its card is not a card"
    if isinstance(move, Lob):
        count = move.count
        if type(count) is not int or count < MIN_LOB or not lobs(move.card):
            return f"{what}: a lob is two or more identical shot cards"
    if isinstance(move, Play | Lob):
        needed = move.count if isinstance(move, Lob) else 1
        held = sum(1 for card in hand if card == move.card)
        if held < needed:
            return f"{what}: player {player} holds {held} of that card"
    if isinstance(move, Play) and move.card.kind is CardKind.OFFENSE:
        return f"{what}: the offense card is played as Offense(to=section), naming where it lands"
    if isinstance(move, Offense):
        if type(move.to) is not Section:
            return f"{what}: where it lands is not a section (BL, BR, NL or NR)"
        if offense() not in hand:
            return f"{what}: player {player} holds no offense card"
    if _PICK_UP in legal_moves(state):
        return f"{what}: player {player} can play no card and must pick up"
    if isinstance(move, PickUp):
        return f"{what}: player {player} can play a card, and playing is compulsory"
    # A card the player holds, which may_play refuses in this situation: say which condition.
    card = offense() if isinstance(move, Offense) else move.card
    assert not may_play(card, state.leading, state.ball, state.attack, state.last == player)
    if state.leading:
        return (
            f"{what}: player {player} leads a new exchange with a shot, a lob or the offense card"
        )
    if state.last == player and needs_anothers_card(card):
        return f"{what}: the last card on the pile is player {player}'s own"
    if state.attack is not None:
        return (
            f"{what}: only the identical attack card or a special card answers "
            f"{state.attack.code} (or pick up {state.attack_total})"
        )
    ball = state.ball.value if state.ball is not None else "nowhere"
    return f"{what}: player {player} must play from {ball}, the section the ball landed in"
