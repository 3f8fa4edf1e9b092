"""Voodoo dolls: an action or an Alakazum is announced, and each other player in turn may
cancel it with a voodoo doll; otherwise it is carried out.

Every other player who could hold a doll, as everybody sees it (one with a card in hand,
while a doll is still in the game), is asked in seat order from the announcer's left: a holder
may cancel or pass, any other player can only pass. Asking only the holders would show the
whole table who holds one; the rulebook's "prudential time" gives everybody the same chance.

A cancelled action is spent (the turn has one action fewer) but nothing it would use is; a
cancelled Alakazum ends the turn. The doll that cancels leaves the game.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from cardgames.alakazum import _fast
from cardgames.alakazum.cards import Card, Kind
from cardgames.alakazum.combat import fight
from cardgames.alakazum.draft import Draft, Next
from cardgames.alakazum.ending import alakazum
from cardgames.alakazum.market import market
from cardgames.alakazum.moves import Alakazum, Cast, Doll, Fight, Market, Move, Pass, UseObject
from cardgames.alakazum.objects import use_object
from cardgames.alakazum.spells import cast
from cardgames.alakazum.state import Phase

__all__ = [
    "announce",
    "ask_next_doll",
    "asked_about_doll",
    "doll",
    "doll_in_game",
    "doll_moves",
    "holds_doll",
]

_DECIDE, _CONTINUE, _END_TURN = Next.DECIDE, Next.CONTINUE, Next.END_TURN

_DOLL_KIND = Kind.DOLL
#: The moves of the holder of a doll: cancel the announced move, or let it be.
_DOLL_MOVES: tuple[Move, ...] = (Doll(), Pass())
#: The move of a player asked who holds no doll.
_PASS_ONLY: tuple[Move, ...] = (Pass(),)
_PHASE_DOLL = Phase.DOLL


def announce(d: Draft, move: Market | UseObject | Fight | Cast | Alakazum) -> Next:
    """An action (or Alakazum) is announced: holders of a voodoo doll may cancel it."""
    if not isinstance(move, Alakazum):
        d.actions -= 1
    d.pending = move
    return ask_next_doll(d, d.active)


def asked_about_doll(hand: tuple[Card, ...]) -> bool:
    """Whether a player holding ``hand`` is asked about an announcement (while a doll is in the
    game): whenever they hold a card, since a player with an empty hand, which everybody sees,
    cannot hold a doll."""
    return bool(hand)


def doll_in_game(removed: tuple[Card, ...], dolls: int) -> bool:
    """Whether a voodoo doll may still be in somebody's hand: not all of the game's ``dolls``
    are among the ``removed`` cards (out of the game), which everybody sees."""
    used = 0
    for card in removed:
        if card.kind is _DOLL_KIND:
            used += 1
    return used < dolls


def holds_doll(hand: tuple[Card, ...]) -> bool:
    """Whether ``hand`` holds a voodoo doll."""
    for card in hand:  # noqa: SIM110 - a loop costs less than any()
        if card.kind is _DOLL_KIND:
            return True
    return False


def doll_moves(holds: bool) -> tuple[Move, ...]:
    """The moves of a player asked about an announcement: a holder of a doll (``holds``) may
    cancel it or let it be, any other player only let it be."""
    return _DOLL_MOVES if holds else _PASS_ONLY


def ask_next_doll(d: Draft, after: int) -> Next:
    """Ask the next player after seat ``after`` (never the announcer) who could hold a doll,
    as everybody sees it, or carry out the announced move if nobody is left to ask."""
    found = _fast.tables_of(d.config)
    last = found.dolls_last
    if found.dolls and doll_in_game(d.removed, found.doll_count):
        n = d.config.players
        active = d.active
        hands = d.hands
        seat = (after + 1) % n
        while seat != active:
            hand = hands[seat]
            if asked_about_doll(hand):
                d.phase = _PHASE_DOLL
                d.to_move = seat
                # A hand is sorted by name: when the dolls' names come last (found.dolls_last),
                # its last card says whether it holds one. The next state's moves, known now.
                d.moves = doll_moves(hand[-1].name in last if last else holds_doll(hand))
                return _DECIDE
            seat = (seat + 1) % n
    move = d.pending
    assert move is not None
    d.pending = None
    d.to_move = d.active
    return _CARRY_OUT[type(move)](d, move)


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
