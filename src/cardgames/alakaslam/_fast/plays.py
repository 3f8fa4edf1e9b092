"""The plays of a hand, looked up: by the hand, and by what of it can matter to a play (its
signature), which many hands share; each play one move object."""

from __future__ import annotations

import itertools

from cardgames import _kept
from cardgames.alakaslam.cards import Card, CardKind
from cardgames.alakaslam.config import MAX_HIT_CARDS
from cardgames.alakaslam.moves import Hit, Support
from cardgames.alakaslam.plays import Play, PlayIndex, enchantments, most_enchantments, play_sizes

__all__ = ["play_options"]

_ENCHANT = CardKind.ENCHANT


@_kept.lru(16384, owner=__name__)
def play_options(
    hand: tuple[Card, ...], need: int, enchant_ok: bool, support: bool
) -> tuple[tuple[Play, ...], PlayIndex]:
    """Every play of 1-3 cards (exactly ``need`` when bound) from ``hand``, at most one of them
    an Enchantment (none when not ``enchant_ok``), as moves, with an index for lookups.

    Cached twice: by hand, and by what of the hand matters to a play of at most three cards
    with at most one Enchantment (its signature), which many hands share.
    """
    return _plays_of_signature(_signature(hand, need or MAX_HIT_CARDS, enchant_ok), need, support)


def _signature(hand: tuple[Card, ...], most: int, enchant_ok: bool) -> tuple[Card, ...]:
    """The sorted hand with each Hit face kept at most ``most`` times and each Enchantment
    face at most once (never, when Enchantments may not be played)."""
    # The shortcut holds while no play holds more than MAX_HIT_CARDS cards or more than one
    # Enchantment: further copies of a face cannot be in any play.
    assert max(play_sizes(0)) == MAX_HIT_CARDS and most_enchantments(not enchant_ok) <= 1
    kept: list[Card] = []
    previous = None
    run = 0
    for card in hand:
        if card == previous:
            run += 1
        else:
            previous, run = card, 1
        if card.kind is _ENCHANT:
            if enchant_ok and run == 1:
                kept.append(card)
        elif run <= most:
            kept.append(card)
    return tuple(kept)


@_kept.lru(16384, owner=__name__)
def _plays_of_signature(
    signature: tuple[Card, ...], need: int, support: bool
) -> tuple[tuple[Play, ...], PlayIndex]:
    """The plays of :func:`play_options` for a hand's signature."""
    plays: list[Play] = []
    for size in play_sizes(need):
        for cards in dict.fromkeys(itertools.combinations(signature, size)):
            if enchantments(cards) <= most_enchantments(False):
                plays.append(_play(cards, support))
    found = tuple(plays)
    return found, {play: play for play in found}


@_kept.lru(16384, owner=__name__)
def _play(cards: tuple[Card, ...], support: bool) -> Play:
    """The one move object for these cards (plays are few: at most three cards of a small
    set of faces), so that equal plays are one object and hash once."""
    return Support(cards) if support else Hit(cards)
