"""Voodoo dolls: an action or an Alakazum is announced, and each other holder of a voodoo doll
in turn may cancel it; otherwise it is carried out.

A cancelled action is spent (the turn has one action fewer) but nothing it would use is; a
cancelled Alakazum ends the turn. The doll that cancels leaves the game.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from cardgames.alakazum.cards import Card, Kind
from cardgames.alakazum.combat import fight
from cardgames.alakazum.draft import Draft, Next
from cardgames.alakazum.ending import alakazum
from cardgames.alakazum.market import market
from cardgames.alakazum.moves import Alakazum, Cast, Doll, Fight, Market, Move, Pass, UseObject
from cardgames.alakazum.objects import use_object
from cardgames.alakazum.spells import cast
from cardgames.alakazum.state import Phase
from cardgames.alakazum.tables import tables

__all__ = ["announce", "ask_next_doll", "doll"]

_DECIDE, _CONTINUE, _END_TURN = Next.DECIDE, Next.CONTINUE, Next.END_TURN

_DOLL_KIND = Kind.DOLL
#: The moves of the holder of a doll: cancel the announced move, or let it be.
_DOLL_MOVES: tuple[Move, ...] = (Doll(), Pass())
_PHASE_DOLL = Phase.DOLL


def announce(d: Draft, move: Market | UseObject | Fight | Cast | Alakazum) -> Next:
    """An action (or Alakazum) is announced: holders of a voodoo doll may cancel it."""
    if not isinstance(move, Alakazum):
        d.actions -= 1
    d.pending = move
    return ask_next_doll(d, d.active)


def ask_next_doll(d: Draft, after: int) -> Next:
    """Offer the doll to the next holder after seat ``after`` (never the announcer), or carry
    out the announced move if nobody is left to ask."""
    config = d.config
    kept = tables.kept.get(id(config))  # tables_of(config), written out
    found = kept[1] if kept is not None and kept[0] is config else tables(config)
    dolls, last = found.dolls, found.dolls_last
    if dolls:  # (the draft's fields read once: this runs at every action announced)
        n = config.players
        active = d.active
        hands = d.hands
        seat = (after + 1) % n
        while seat != active:
            hand = hands[seat]
            # A hand is sorted by name: when the dolls' names come last, its last card says.
            if hand and (hand[-1].name in last if last else _holds(hand, dolls)):
                d.phase = _PHASE_DOLL
                d.to_move = seat
                d.moves = _DOLL_MOVES  # the next state's moves, known now
                return _DECIDE
            seat = (seat + 1) % n
    move = d.pending
    assert move is not None
    d.pending = None
    d.to_move = d.active
    return _CARRY_OUT[type(move)](d, move)


def _holds(hand: tuple[Card, ...], dolls: tuple[Card, ...]) -> bool:
    """Whether ``hand`` holds one of ``dolls``."""
    return any(card in hand for card in dolls)


#: What an announced move does once no doll cancels it, by its class (the move kept is the
#: rules' own legal move, so its class is always one of these).
_CARRY_OUT: dict[type, Callable[[Draft, Any], Next]] = {
    Market: market,
    UseObject: use_object,
    Fight: fight,
    Cast: cast,
    Alakazum: alakazum,
}


def doll(d: Draft, move: Doll) -> Next:
    """The announced move is cancelled (nothing it would use is spent); the doll leaves."""
    player = d.to_move
    assert player is not None
    card = next(card for card in d.hands[player] if card.kind is _DOLL_KIND)
    d.take_from_hand(player, card.name)
    d.removed = (*d.removed, card)
    cancelled = d.pending
    d.pending = None
    d.to_move = d.active
    return _END_TURN if isinstance(cancelled, Alakazum) else _CONTINUE
