"""The action Go to the market: show a hand card, draw its market number of cards from the
market deck's top, and put the shown card on top."""

from __future__ import annotations

from cardgames.alakazum.cards import Card, Kind
from cardgames.alakazum.draft import Draft, Next
from cardgames.alakazum.moves import Market
from cardgames.alakazum.tables import market_move

__all__ = ["market", "market_moves"]

_CONTINUE = Next.CONTINUE

_DOLL_KIND = Kind.DOLL


def market_moves(faces: list[Card]) -> list[Market]:
    """A trip to the market with each of these hand cards (never a voodoo doll)."""
    return [market_move(c.name) for c in faces if c.kind is not _DOLL_KIND]


def market(d: Draft, move: Market) -> Next:
    """Show a hand card, take its market number of cards from the market deck's top, one by
    one, then put the shown card on top."""
    player = d.active
    card = d.take_from_hand(player, move.card)
    d.draw_market(player, card.market)
    d.to_market(card)
    return _CONTINUE
