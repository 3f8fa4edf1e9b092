"""The action Go to the market: show a hand card, draw its market number of cards from the
market deck's top, and put the shown card on top."""

from __future__ import annotations

from cardgames.alakazum.cards import Card, may_show
from cardgames.alakazum.draft import Draft, Next
from cardgames.alakazum.moves import Market
from cardgames.alakazum.state import State

__all__ = ["market", "market_open", "may_show", "why_no_market"]

_CONTINUE = Next.CONTINUE


def market_open(state: State) -> bool:
    """Whether a player may go to the market: the market deck must not be empty (with fewer
    cards than the number shown, they take them all)."""
    return bool(state.market)


def why_no_market(state: State, card: Card) -> str | None:
    """The reason a trip to the market showing ``card`` (a card of the player's hand) is not
    legal now, or ``None`` if it is."""
    if not market_open(state):
        return "the market deck is empty"
    if not may_show(card):
        return "a voodoo doll cannot be shown at the market"
    return None


def market(d: Draft, move: Market) -> Next:
    """Show a hand card, take its market number of cards from the market deck's top, one by
    one, then put the shown card on top."""
    player = d.active
    card = d.take_from_hand(player, move.card)
    d.draw_market(player, card.market)
    d.to_market(card)
    return _CONTINUE
