"""Potions in a combat: which a side may play while combat points are bid, which the winner may
drink for the hypnosis roll, and what each does.

Combat and double potions add their value to their side's combat points; a robbery takes the
opponent's last combat potion (and its points) into the thief's hand; die potions (and double
potions played for the die) add to the hypnosis roll. The order of play is :mod:`.combat`'s.
"""

from __future__ import annotations

from cardgames.alakazum.cards import Card
from cardgames.alakazum.draft import ATTACKER, DEFENDER, CombatDraft, CombatLike, Draft, side_owner
from cardgames.alakazum.moves import Drink, Effect, Move
from cardgames.alakazum.state import State
from cardgames.alakazum.tables import MOST_BIDS, Tables, card_name, tables, tables_of

__all__ = [
    "can_steal",
    "die_moves",
    "drink_for_die",
    "drink_for_points",
    "hand_bids",
    "offered_bids",
    "potion_moves",
    "without_robberies",
]

_EFFECT_ROBBERY = Effect.ROBBERY


def potion_moves(d: Draft | State, combat: CombatLike, side: int) -> list[Move]:
    """The potions ``side`` may play while combat points are bid: each combat or double potion
    of its player's hand, and each robbery while the opponent has a combat potion to steal (in
    a combat between players), one move per name, in the hand's order."""
    config = d.config
    kept = tables.kept.get(id(config))  # tables_of(config), written out
    found = kept[1] if kept is not None and kept[0] is config else tables(config)
    return list(offered_bids(found, combat, side, d.hands))


def offered_bids(
    found: Tables, combat: CombatLike, side: int, hands: tuple[tuple[Card, ...], ...]
) -> tuple[Drink, ...]:
    """:func:`potion_moves` as a tuple, for a game of ``found``'s config whose hands are
    ``hands`` (the bidding loop asks it with the tables found once)."""
    defender = combat.defender
    if defender is None:
        if combat.points[ATTACKER] > combat.points[DEFENDER]:
            return ()  # winning the forest's character already: no potion can help
        owner = combat.attacker
    else:
        owner = combat.attacker if side == ATTACKER else defender  # side_owner, inlined
    _, drinks, robbery = hand_bids(found, hands[owner])
    if robbery and not can_steal(combat, side):
        return without_robberies(drinks)
    return drinks


def hand_bids(
    found: Tables, hand: tuple[Card, ...]
) -> tuple[tuple[Card, ...], tuple[Drink, ...], bool]:
    """The potions ``hand`` may bid in a game of ``found``'s config (one move per name, in the
    hand's order) and whether a robbery is among them, as the entry kept for the hand (by its
    identity) in ``found.bids_by_hand``: the hand, its potions, the robbery."""
    known = found.bids_by_hand
    memo = known.get(id(hand))
    if memo is not None and memo[0] is hand:
        return memo
    names = [*map(card_name, hand)]
    bids = found.bids
    if bids.keys().isdisjoint(names):  # most hands met hold no potion to bid: seen at C speed
        memo = (hand, (), False)
    else:
        faces = dict.fromkeys(names)  # each name once, in the hand's order
        drinks = tuple(filter(None, map(bids.get, faces)))
        memo = (hand, drinks, not found.robberies.isdisjoint(faces))
    if len(known) >= MOST_BIDS:
        known.clear()
    known[id(hand)] = memo
    return memo


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
    faces = dict.fromkeys(map(card_name, d.hands[owner]))
    return [*filter(None, map(tables_of(d.config).die_drinks.get, faces))]


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
