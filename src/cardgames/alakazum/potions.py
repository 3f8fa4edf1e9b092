"""Potions in a combat: which a side may play while combat points are bid, which the winner may
drink for the hypnosis roll, and what each does.

Combat and double potions add their value to their side's combat points; a robbery takes the
opponent's last combat potion (and its points) into the thief's hand; die potions (and double
potions played for the die) add to the hypnosis roll. The order of play is :mod:`.combat`'s.
"""

from __future__ import annotations

from cardgames.alakazum import _fast
from cardgames.alakazum.cards import Card
from cardgames.alakazum.draft import ATTACKER, DEFENDER, CombatDraft, CombatLike, Draft, side_owner
from cardgames.alakazum.moves import Drink, Effect, Move
from cardgames.alakazum.state import State

__all__ = [
    "asked_in_combat",
    "can_steal",
    "die_moves",
    "drink_for_die",
    "drink_for_points",
    "offered_bids",
    "potion_moves",
    "potions_may_help",
    "without_robberies",
]

_EFFECT_ROBBERY = Effect.ROBBERY


def asked_in_combat(hand: tuple[Card, ...]) -> bool:
    """Whether a side of a combat (or the winner, for the hypnosis roll) whose player holds
    ``hand`` is asked to play potions when they may help: whenever the hand holds a card, with
    nothing to play only to pass, since skipping them would show the table that their hand
    holds none. An empty hand, which everybody sees, is not asked."""
    return bool(hand)


def potions_may_help(combat: CombatLike) -> bool:
    """Whether potions bid for combat points may still change ``combat``: between players
    always (each may answer the other's); against the forest's character only while the player
    is not winning yet (a tie loses)."""
    return combat.defender is not None or combat.points[ATTACKER] <= combat.points[DEFENDER]


def potion_moves(d: Draft | State, combat: CombatLike, side: int) -> list[Move]:
    """The potions ``side`` may play while combat points are bid: each combat or double potion
    of its player's hand, and each robbery while the opponent has a combat potion to steal (in
    a combat between players), one move per name, in the hand's order; none once potions
    cannot help."""
    return list(offered_bids(_fast.tables_of(d.config), combat, side, d.hands) or ())


def offered_bids(
    found: _fast.Tables, combat: CombatLike, side: int, hands: tuple[tuple[Card, ...], ...]
) -> tuple[Drink, ...] | None:
    """:func:`potion_moves` as a tuple, for a game of ``found``'s config whose hands are
    ``hands`` (the bidding loop asks it with the tables found once); ``None`` once potions
    cannot help (:func:`potions_may_help`)."""
    if not potions_may_help(combat):
        return None
    drinks, robbery = found.bids_of(hands[side_owner(combat, side)])
    if robbery and not can_steal(combat, side):
        return without_robberies(drinks)
    return drinks


def can_steal(combat: CombatLike, side: int) -> bool:
    """Whether ``side`` may play a robbery: in a combat between players, while the opponent has
    a combat potion in play."""
    return combat.defender is not None and _stealable(combat, side) is not None


def without_robberies(drinks: tuple[Drink, ...]) -> tuple[Drink, ...]:
    """``drinks`` but the robberies, in order."""
    return tuple([move for move in drinks if move.effect is not _EFFECT_ROBBERY])


def die_moves(d: Draft | State, combat: CombatLike) -> list[Move]:
    """The potions the winner of a combat may drink to add to the hypnosis roll: each die or
    double potion of their hand, one move per name."""
    owner = side_owner(combat, combat.roller or 0)
    faces = dict.fromkeys(map(_fast.card_name, d.hands[owner]))
    return [*filter(None, map(_fast.tables_of(d.config).die_drinks.get, faces))]


def _stealable(combat: CombatLike, side: int) -> int | None:
    """The place in ``combat.potions`` of the opponent's last combat potion, if any."""
    for index in range(len(combat.potions) - 1, -1, -1):
        played_by, _, points = combat.potions[index]
        if played_by != side and points > 0:
            return index
    return None


def drink_for_points(d: Draft, combat: CombatDraft, side: int, move: Drink) -> None:
    """``side`` plays a potion while combat points are bid: a combat potion adds its value, a
    robbery takes the opponent's last combat potion back to the thief's hand."""
    owner = side_owner(combat, side)
    card = d.take_from_hand(owner, move.card)
    points = list(combat.points)
    potions = combat.potions
    if move.effect is _EFFECT_ROBBERY:
        index = _stealable(combat, side)
        assert index is not None
        _, stolen, taken = potions[index]
        points[1 - side] -= taken
        potions = (*potions[:index], *potions[index + 1 :], (side, card, 0))
        d.add_to_hand(owner, stolen)
    else:
        points[side] += card.value
        potions = (*potions, (side, card, card.value))
    combat.points = (points[0], points[1])
    combat.potions = potions


def drink_for_die(d: Draft, combat: CombatDraft, move: Drink) -> None:
    """The winner drinks a potion for the hypnosis roll: its die value adds to the roll."""
    side = combat.roller or 0
    card = d.take_from_hand(side_owner(combat, side), move.card)
    combat.bonus += card.die
    combat.potions = (*combat.potions, (side, card, 0))
