"""Points and the end of the match: the side that loses a point, the losers' discards, the
refill of every hand, the next server, and the match's result.

See "Points" on the AlakaSLAM rules page. When a match ends (points to win, the shot limit)
is :func:`~cardgames.alakaslam.state.match_end`, as the checks of a state need it too.
"""

from __future__ import annotations

from cardgames import _kept
from cardgames.alakaslam.cards import Card
from cardgames.alakaslam.config import LOSER_DISCARDS
from cardgames.alakaslam.draft import Draft
from cardgames.alakaslam.moves import DONE, Discard, Move
from cardgames.alakaslam.set_up import open_server_pick
from cardgames.alakaslam.state import Fault, Phase, Point, State, match_end
from cardgames.game import Outcome

__all__ = ["apply_discard", "continue_loser_discards", "discard_moves", "finish", "lose_point"]


# Enum members read on the move path, as module names: on Python 3.11 reading a member
# through its class costs about as much as a function call.
_LOSER_DISCARD, _REFILL, _OVER = Phase.LOSER_DISCARD, Phase.REFILL, Phase.OVER
#: How a point may end, each made once (points are values).
_POINTS = {(side, fault): Point(side, fault) for side in (0, 1) for fault in Fault}


def lose_point(d: Draft, loser: int, fault: Fault) -> None:
    """Side ``loser`` loses the point to ``fault``: the other side scores, the court is cleared,
    and the match ends or the losers' discards begin."""
    winner = 1 - loser
    won, lost = d.score[winner] + 1, d.score[loser]
    d.score = (won, lost) if winner == 0 else (lost, won)
    d.last_point = _POINTS[winner, fault]
    d.ball, d.hitter, d.played, d.pending, d.serving = None, None, (), (), False
    d.binds, d.locked, d.copied = (0,) * d.config.players, False, None
    d.new_turn()
    result = match_end(d.config, d.score, d.shots)
    if result is not None:
        finish(d, result)
        return
    d.phase, d.to_move, d.queue = _LOSER_DISCARD, None, d.team(loser)
    continue_loser_discards(d)


def continue_loser_discards(d: Draft) -> None:
    """The next of the losing side with cards may discard; with none left, hands are refilled."""
    while d.next_in_queue():
        assert d.to_move is not None
        if d.hands[d.to_move]:
            d.discards_left = LOSER_DISCARDS
            return
    d.discards_left = 0
    _open_refill(d)


def apply_discard(d: Draft, move: Discard) -> None:
    """Discard one card: after a lost point (up to three), or down to a full hand."""
    player = d.to_move
    assert player is not None
    d.take(player, (move.card,))
    d.to_discard((move.card,))
    if d.phase is _LOSER_DISCARD:
        d.discards_left -= 1
        if d.discards_left == 0 or not d.hands[player]:
            d.to_move = None
            continue_loser_discards(d)
    elif len(d.hands[player]) == d.config.hand_size:
        d.to_move = None
        _continue_refill(d)


def _open_refill(d: Draft) -> None:
    """Every hand back to the hand size: those over it discard first, in seat order."""
    d.phase = _REFILL
    size = d.config.hand_size
    d.queue = tuple([p for p, hand in enumerate(d.hands) if len(hand) > size])
    d.to_move = None
    _continue_refill(d)


def _continue_refill(d: Draft) -> None:
    """Players over the hand size discard down to it (their decisions), then the others draw
    up to it; then the side that lost the point serves."""
    if d.next_in_queue():
        return
    size = d.config.hand_size
    for player in range(d.config.players):
        short = size - len(d.hands[player])
        if short > 0:
            d.draw(player, short)
    assert d.last_point is not None
    open_server_pick(d, 1 - d.last_point.side)


def finish(d: Draft, result: Outcome) -> None:
    """The match is over with ``result``."""
    d.result = result
    d.phase, d.to_move, d.queue = _OVER, None, ()
    d.discards_left = 0


def discard_moves(state: State, player: int) -> tuple[Move, ...]:
    """One discard per face in hand, and ``done`` while the losers may still stop."""
    return _discards(state.hands[player], state.phase is _LOSER_DISCARD)


@_kept.lru(4096, owner=__name__)
def _discards(hand: tuple[Card, ...], may_stop: bool) -> tuple[Move, ...]:
    """:func:`discard_moves` of a hand, made once per hand: many hands recur, and a move costs
    several times the lookup to build."""
    faces = tuple(Discard(face) for face in sorted(set(hand)))
    return (*faces, DONE) if may_stop else faces
