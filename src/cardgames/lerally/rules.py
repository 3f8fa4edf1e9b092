"""The rules of Le Rally, as the public functions see them: sides and seats, the legal moves
with the reason any other move is refused, applying a move, and the score of a rally.

Two words matter: a **rally** is the scoring unit (deal six cards each; the first player to
empty their hand wins it) and an **exchange** is the run of cards on the rally pile, which ends
when a player cannot answer (they pick up and the next player leads) or plays Just Out.

The rules live one chapter a module: :mod:`.deal`, what each move does in :mod:`.playing`
(leading and answering), :mod:`.winning` (a rally won, the next deal or the match's end) and
:mod:`.score` (every match format), all working on a :class:`~.draft.Draft` of the state.
This module decides legality: a move is legal exactly when it is in :func:`legal_moves`, and
the reason for refusing any other comes from the same rules. Plays are cached by the cards of
a hand that matter in the situation, which many hands share.
"""

from __future__ import annotations

import functools

from cardgames._engine import find_move, remembered
from cardgames.errors import IllegalMoveError, InvalidPlayerError, InvalidStateError, excerpt
from cardgames.lerally.cards import Card, CardKind, Section, is_card
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
_PICK_UP_ONLY: tuple[Move, ...] = (_PICK_UP,)


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


#: What a player faces: whether they lead, where the ball is and the attack to answer.
_Situation = tuple[bool, Section | None, Card | None]


def _options(
    hand: tuple[Card, ...],
    leading: bool,
    ball: Section | None,
    attack: Card | None,
    last_is_me: bool,
) -> tuple[Move, ...]:
    """Every play open with ``hand`` in this situation (see :func:`_options_of`), looked up by
    the cards of the hand that can matter in the situation, which many hands share."""
    relevance = _relevance(leading, ball, attack)
    useful = tuple(filter(relevance.__getitem__, hand))
    return _options_of(useful, relevance.situation, last_is_me)


class _Relevance(dict[Card, bool]):
    """Whether each card could be played in one situation, worked out once per card."""

    def __init__(self, leading: bool, ball: Section | None, attack: Card | None) -> None:
        super().__init__()
        self.situation: _Situation = (leading, ball, attack)

    def __missing__(self, card: Card) -> bool:
        value = self[card] = _matters(card, *self.situation)
        return value


@functools.lru_cache(maxsize=256)
def _relevance(leading: bool, ball: Section | None, attack: Card | None) -> _Relevance:
    return _Relevance(leading, ball, attack)


def _matters(card: Card, leading: bool, ball: Section | None, attack: Card | None) -> bool:
    """Whether ``card`` could be played in this situation."""
    kind = card.kind
    if leading:
        return kind is CardKind.SHOT or kind is CardKind.OFFENSE
    if attack is not None:
        return card == attack or kind in _SPECIAL_KINDS
    if kind is CardKind.SHOT:
        return card.source is ball
    if kind is CardKind.ATTACK:
        return ball is not None and card.zone is ball.zone
    return True


_SPECIAL_KINDS = frozenset({CardKind.JUST_OUT, CardKind.YOURS, CardKind.CHALLENGE})


@functools.lru_cache(maxsize=16384)
def _options_of(
    hand: tuple[Card, ...], situation: _Situation, last_is_me: bool
) -> tuple[Move, ...]:
    """Every play open with ``hand`` in ``situation``, or picking up when there is none.

    Leading, a player may lead a shot, a lob or the offense card. Facing an attack, only the
    identical attack card (a Hot Shot) or a special card answers it. Otherwise a shot from the
    ball's section, a lob of such shots, an attack card of the section's zone, the offense card
    or a special card. Just Out and Challenge need a previous player other than oneself.
    """
    leading, ball, attack = situation
    moves: list[Move] = []
    specials = not leading and not last_is_me
    # A hand is kept sorted, so its faces come in order, each once. Copies are counted by a
    # pass over the hand for each shot face that plays: 16 passes at most, whatever its size.
    for face in dict.fromkeys(hand):
        kind = face.kind
        if kind is CardKind.SHOT:
            if attack is None and (leading or face.source is ball):
                moves += _shot_moves(face, hand.count(face))
        elif kind is CardKind.ATTACK:
            fits = (
                face == attack
                if attack is not None
                else ball is not None and face.zone is ball.zone
            )
            if not leading and fits:
                moves.append(_play(face))
        elif kind is CardKind.OFFENSE:
            if attack is None:
                moves.extend(_OFFENSES)
        elif kind is CardKind.YOURS:
            if not leading:
                moves.append(_play(face))
        elif specials:
            moves.append(_play(face))
    return tuple(moves) or _PICK_UP_ONLY


_OFFENSES = tuple(Offense(section) for section in Section)


@functools.lru_cache(maxsize=1024)
def _play(card: Card) -> Play:
    return Play(card)


@functools.lru_cache(maxsize=1024)
def _shot_moves(card: Card, copies: int) -> tuple[Move, ...]:
    """Playing one shot card, or lobbing 2 up to all ``copies`` of it."""
    return (_play(card), *(Lob(card, count) for count in range(MIN_LOB, copies + 1)))


def legal_moves(state: State) -> tuple[Move, ...]:
    """Every legal move of the player to move, in a fixed order; ``()`` once over.

    Playing is compulsory: ``PickUp`` is offered only when no card can be played.
    """
    return remembered(state, State, _work_out)


def _work_out(state: State) -> tuple[Move, ...]:
    """The moves of the checked ``state``'s player to move (:func:`_options` written out around
    its fields: a decision lists its moves once)."""
    state = checked(state)
    player = state.to_move
    if state.result is not None or player is None:
        return ()
    relevance = _relevance(state.leading, state.ball, state.attack)
    useful = tuple(filter(relevance.__getitem__, state.hands[player]))
    return _options_of(useful, relevance.situation, state.last == player)


def view_moves(view: View) -> tuple[Move, ...]:
    """The legal moves of ``view``'s player, as :func:`legal_moves` gives them in every state
    that shows ``view`` (``()`` when another player is to move); ``view`` must have passed
    ``check_view``."""
    if view.result is not None or view.to_move != view.player:
        return ()
    return _options(view.hand, view.leading, view.ball, view.attack, view.last == view.player)


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
        if type(count) is not int or count < MIN_LOB or move.card.kind is not CardKind.SHOT:
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
        if not any(card.kind is CardKind.OFFENSE for card in hand):
            return f"{what}: player {player} holds no offense card"
    if _PICK_UP in legal_moves(state):
        return f"{what}: player {player} can play no card and must pick up"
    if isinstance(move, PickUp):
        return f"{what}: player {player} can play a card, and playing is compulsory"
    if state.leading:
        return (
            f"{what}: player {player} leads a new exchange with a shot, a lob or the offense card"
        )
    if state.attack is not None:
        return (
            f"{what}: only the identical attack card or a special card answers "
            f"{state.attack.code} (or pick up {state.attack_total})"
        )
    if isinstance(move, Play) and move.card.kind in (CardKind.JUST_OUT, CardKind.CHALLENGE):
        return f"{what}: the last card on the pile is player {player}'s own"
    ball = state.ball.value if state.ball is not None else "nowhere"
    return f"{what}: player {player} must play from {ball}, the section the ball landed in"
