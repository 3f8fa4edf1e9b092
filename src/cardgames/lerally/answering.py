"""Which card may be played: leading an exchange, answering a ball or an attack, the special
cards that turn on the previous player, and lobs.

One predicate per condition of the rules page (*Leading*, *Answering*, *Lobs*, *Attack cards
and Hot Shots*, *The offense card*, *Special cards*), and :func:`may_play`, which puts them
together for one situation. The legal moves (:mod:`.rules` and its quick path), the reason a
move is refused, the heuristic bot and the reference all ask these, so they never disagree.
A player who can play a card must (*Playing is compulsory*): picking up is open only when
:func:`may_play` holds for no card of the hand.
"""

from __future__ import annotations

from cardgames.lerally.cards import Card, CardKind, Section

__all__ = [
    "SPECIAL_KINDS",
    "answers_attack",
    "answers_ball",
    "leads",
    "lobs",
    "may_play",
    "needs_anothers_card",
]

#: The special cards: Just Out, Yours and Challenge.
SPECIAL_KINDS = frozenset({CardKind.JUST_OUT, CardKind.YOURS, CardKind.CHALLENGE})


def leads(card: Card) -> bool:
    """Whether ``card`` may lead an exchange: a shot card or the offense card (attack cards
    and special cards answer somebody else's card)."""
    return card.kind is CardKind.SHOT or card.kind is CardKind.OFFENSE


def answers_ball(card: Card, ball: Section) -> bool:
    """Whether ``card`` answers a ball in section ``ball``: a shot card hit from that section,
    an attack card of its depth, the offense card or a special card."""
    kind = card.kind
    if kind is CardKind.SHOT:
        return card.source is ball
    if kind is CardKind.ATTACK:
        return card.zone is ball.zone
    return True


def answers_attack(card: Card, attack: Card) -> bool:
    """Whether ``card`` answers the attack card ``attack``: the identical card (a Hot Shot) or
    a special card; a shot, the offense card or another attack card does not."""
    return card == attack or card.kind in SPECIAL_KINDS


def needs_anothers_card(card: Card) -> bool:
    """Whether ``card`` may not be played on a card of one's own: Just Out and Challenge, which
    turn on the player of the last card (Yours may pass one's own lob on)."""
    return card.kind is CardKind.JUST_OUT or card.kind is CardKind.CHALLENGE


def lobs(card: Card) -> bool:
    """Whether copies of ``card`` may be played together as a lob: shot cards only (a Hot Shot
    is one attack card at a time, and the offense card is never part of a lob)."""
    return card.kind is CardKind.SHOT


def may_play(
    card: Card, leading: bool, ball: Section | None, attack: Card | None, own_card: bool
) -> bool:
    """Whether ``card`` may be played by a player who leads (``leading``), or who answers a
    ball in section ``ball`` or the attack card ``attack``, the last card of the pile being
    their own (``own_card``) or another player's."""
    if leading:
        return leads(card)
    if own_card and needs_anothers_card(card):
        return False
    if attack is not None:
        return answers_attack(card, attack)
    return ball is not None and answers_ball(card, ball)
