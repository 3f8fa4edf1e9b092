"""A turn: movement before the hit (the free step, steps paid with a discard, Toots'
meddling), movement after it, and the drawing that ends the turn.

See "A turn" on the AlakaSLAM rules page (Movement, Drawing). The hit itself is in
:mod:`~cardgames.alakaslam.hitting`.
"""

from __future__ import annotations

from cardgames.alakaslam import _fast
from cardgames.alakaslam.cards import Card, CardKind, Character
from cardgames.alakaslam.config import side_of
from cardgames.alakaslam.court import Cell, court_for
from cardgames.alakaslam.draft import Draft
from cardgames.alakaslam.moves import DONE, DiscardStep, Done, Meddle, Move, Step
from cardgames.alakaslam.points import continue_loser_discards
from cardgames.alakaslam.state import Phase, State, has_ability

__all__ = [
    "after_moves",
    "apply_discard_step",
    "apply_done",
    "apply_meddle",
    "apply_step",
    "open_after",
    "step_moves",
]

# Enum members read on the move path, as module names: on Python 3.11 reading a member
# through its class costs about as much as a function call.
_MOVE, _AFTER = Phase.MOVE, Phase.AFTER
_ENCHANT = CardKind.ENCHANT
_AUSTIN, _TOOTS = Character.AUSTIN, Character.TOOTS
_CORWIN, _WENDOLYN = Character.CORWIN, Character.WENDOLYN

#: Cards a player draws at the end of a turn: two in singles, one per teammate in doubles.
SINGLES_DRAW = 2
DOUBLES_DRAW = 1
#: Corwin's extra draw, and how many of Wendolyn's draws come off the discard pile.
CORWIN_EXTRA_DRAWS = 1
WENDOLYN_DISCARD_DRAWS = 1


# --- the moves open ------------------------------------------------------------------------


def may_meddle(state: State | Draft, player: int) -> bool:
    """Whether ``player`` may meddle now: Toots (or Simon copying her), whose side has not
    used her meddle this turn."""
    return not state.meddled and has_ability(state, player, _TOOTS)


def pays_for_a_step(card: Card, austin: bool) -> bool:
    """Whether discarding ``card`` pays for one more step: an Enchantment does, and any card
    does for a player with Austin's ability (``austin``)."""
    return austin or card.kind is _ENCHANT


def window_open(state: State | Draft, player: int) -> bool:
    """Whether ``player``'s movement is open outside the move phase (after the hit): always
    with split movement, else only when they did not move before the hit."""
    return state.config.split_movement or player not in state.moved


def step_moves(state: State | Draft, player: int) -> tuple[Move, ...]:
    """Steps, paid steps and Toots' meddling open to ``player`` now."""
    court = court_for(state.config.columns)
    here = state.positions[player]
    targets = court.steps(here)
    moves: list[Move] = []
    if state.phase is _MOVE or window_open(state, player):
        if state.free_step:
            moves.extend(_fast.steps_to(targets))
        austin = has_ability(state, player, _AUSTIN)
        for face in sorted(set(state.hands[player])):
            if pays_for_a_step(face, austin):
                moves.extend(_fast.paid_steps_to(face, targets))
    if may_meddle(state, player):
        for other, cell in enumerate(state.positions):
            moves.extend(_fast.meddles_to(other, court.steps(cell)))
    return tuple(moves)


def after_moves(state: State, player: int) -> tuple[Move, ...]:
    """Movement after the hit: the steps still open, or ``done``."""
    return (*step_moves(state, player), DONE)


# --- steps and meddling --------------------------------------------------------------------


def apply_step(d: Draft, move: Step) -> None:
    """The free step: the player moves one cell."""
    player = d.to_move
    assert player is not None
    d.free_step = False
    _move_player(d, player, move.to)


def apply_discard_step(d: Draft, move: DiscardStep) -> None:
    """A step paid with a discarded Enchantment (Austin: any card)."""
    player = d.to_move
    assert player is not None
    d.take(player, (move.card,))
    d.to_discard((move.card,))
    _move_player(d, player, move.to)


def _move_player(d: Draft, player: int, to: Cell) -> None:
    """``player`` steps to ``to``; after the hit the movement may go on, before it the step
    is noted."""
    d.place(player, to)
    if d.phase is _AFTER:
        _continue_after(d)
    elif player not in d.moved:
        # Moving before the hit uses the player's movement for the turn (see step_moves).
        d.moved = (*d.moved, player)


def apply_meddle(d: Draft, move: Meddle) -> None:
    """Toots moves a character (hers included) one cell, once a turn."""
    d.place(move.player, move.to)
    d.meddled = True
    if d.phase is _AFTER:
        _continue_after(d)


# --- movement after the hit -----------------------------------------------------------------


def open_after(d: Draft) -> None:
    """The hitting side's movement after the hit, player by player in seat order."""
    hitter = d.hitter
    assert hitter is not None
    d.phase = _AFTER
    d.queue = d.team(side_of(hitter))
    d.to_move = None
    _continue_after(d)


def _continue_after(d: Draft) -> None:
    """Keep the decision with the player to move while their movement may still go on;
    otherwise pass it on; with nobody left, end the turn."""
    while True:
        player = d.to_move
        if player is not None and _may_move_after(d, player):
            return
        if not d.next_in_queue():
            _end_turn(d)
            return


def _may_move_after(d: Draft, player: int) -> bool:
    """Whether ``player`` is asked about movement after the hit. Decided on public facts only
    (a free step left, any card in hand, Toots' meddle unused), so that being asked, or
    skipped, tells the others nothing about the cards in the hand; the player may then find
    they can only say ``done``."""
    if may_meddle(d, player):
        return True
    return window_open(d, player) and (d.free_step or bool(d.hands[player]))


def apply_done(d: Draft, move: Done) -> None:
    """``done``: the player's movement ends (or, between points, their discards)."""
    if d.phase is _AFTER:
        d.to_move = None
        _continue_after(d)
    elif d.phase is _MOVE:
        d.next_in_queue()
    else:  # LOSER_DISCARD: no more discards for this player
        d.to_move = None
        continue_loser_discards(d)


# --- drawing, which ends the turn -----------------------------------------------------------


def _end_turn(d: Draft) -> None:
    """The hitting side draws, then the other side's turn begins."""
    hitter = d.hitter
    assert hitter is not None
    side = side_of(hitter)
    per_player = DOUBLES_DRAW if d.config.doubles else SINGLES_DRAW
    for player in d.team(side):
        extra = CORWIN_EXTRA_DRAWS if d.has(player, _CORWIN) else 0
        recycled = WENDOLYN_DISCARD_DRAWS if d.has(player, _WENDOLYN) else 0
        d.draw(player, per_player + extra, from_discard=recycled)
    d.hitter = None
    receivers = d.team(1 - side)
    d.phase, d.to_move, d.queue = _MOVE, receivers[0], receivers[1:]
    d.new_turn()
