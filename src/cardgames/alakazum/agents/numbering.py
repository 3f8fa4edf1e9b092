"""The identities of an Alakazum! config's cards: what the encodings for learning agents
number moves and observations by.

Every card has a fixed identity per config: its place among the distinct names of the config's
card list (the forest cards, then the start cards), counted among the characters, among the
hand cards, or among all cards. The blocks of the action space follow from them (see
:mod:`cardgames.alakazum.agents.encoding` and ``docs/rules/alakazum.md``).
"""

from __future__ import annotations

import functools
import itertools

import attrs

from cardgames.alakazum.cards import CULTURES, Card, Culture, Enemy, Kind
from cardgames.alakazum.config import Config, all_cards
from cardgames.alakazum.moves import SPELL_COSTS, Effect

__all__ = ["MOST_HATS", "Identities", "identities"]

#: The most hats a spell is paid with: none costs more than four, and a payment holds no hat
#: that could be left out, so every hat in it gives at least one energy.
MOST_HATS = max(SPELL_COSTS.values())
_EFFECTS = len(Effect)
_SPELLS = len(SPELL_COSTS)


def _index(names: tuple[str, ...]) -> dict[str, int]:
    return {name: i for i, name in enumerate(names)}


@attrs.frozen
class Identities:
    """The identities of a config's cards and the blocks of its action space."""

    players: int
    #: Every card name, then the characters', the hand cards', the meals', the brooms' and
    #: capes', in the order of the config's card list; the hats' sorted by name.
    names: tuple[str, ...]
    characters: tuple[str, ...]
    hand: tuple[str, ...]
    meals: tuple[str, ...]
    equipment: tuple[str, ...]
    hats: tuple[str, ...]
    #: Every payment in hats, as the sorted names a ``Cast`` holds, from ``()`` on.
    payments: tuple[tuple[str, ...], ...]
    cultures: tuple[Culture, ...]
    enemies: int
    #: Each block's name, first action and size, in the order of the move types.
    blocks: tuple[tuple[str, int, int], ...]
    size: int
    lookup: dict[str, dict[str, int]] = attrs.field(eq=False, repr=False)
    first: dict[str, int] = attrs.field(eq=False, repr=False)
    #: Every card by name; a card and a final enemy that stand in for hidden ones.
    cards: dict[str, Card] = attrs.field(eq=False, repr=False)
    filler: Card = attrs.field(eq=False, repr=False)
    enemy: Enemy = attrs.field(eq=False, repr=False)
    #: How many cards the config's lists hold, copies included.
    total: int = attrs.field(eq=False, repr=False)
    #: Each payment's place in ``payments``.
    paid: dict[tuple[str, ...], int] = attrs.field(eq=False, repr=False)
    #: The mask of a player who has no move.
    no_moves: tuple[bool, ...] = attrs.field(eq=False, repr=False)


@functools.lru_cache(maxsize=64)
def identities(config: Config) -> Identities:
    """The identities and blocks of ``config`` (already checked)."""
    cards: dict[str, Card] = {}
    for card in all_cards(config):
        cards.setdefault(card.name, card)
    names = tuple(cards)
    characters = tuple(n for n, c in cards.items() if c.kind is Kind.CHARACTER)
    hand = tuple(n for n, c in cards.items() if c.kind.is_hand)
    meals = tuple(n for n, c in cards.items() if c.kind is Kind.MEAL)
    equipment = tuple(n for n, c in cards.items() if c.kind in (Kind.BROOM, Kind.CAPE))
    hats = tuple(sorted(n for n, c in cards.items() if c.kind is Kind.HAT))
    payments = tuple(
        paid
        for count in range(MOST_HATS + 1)
        for paid in itertools.combinations_with_replacement(hats, count)
    )
    players, enemies, cultures = config.players, len(config.final_enemies), config.cultures
    c, h, others = len(characters), len(hand), players - 1
    sizes = (
        ("choose", c),
        ("fighter", c),
        ("support", c),
        ("drink", h * _EFFECTS),
        ("pass", 1),
        ("market", h),
        ("use", h),
        ("use-meal", len(meals) * len(CULTURES)),
        ("use-on", len(equipment) * c),
        ("fight", c),
        ("cast", _SPELLS * len(payments)),
        ("train", c),
        ("peek", enemies),
        ("swap", c * c),
        ("raise", c),
        ("alakazum", len(cultures) * enemies),
        ("doll", 1),
        ("give-card", h * others),
        ("give-half", 1),
        ("sacrifice", c),
        ("pass-die", others),
        ("keep", len(names)),
        ("place", len(names)),
        ("take", h),
    )
    blocks, start = [], 0
    for name, size in sizes:
        blocks.append((name, start, size))
        start += size
    lookup = {
        "names": _index(names),
        "characters": _index(characters),
        "hand": _index(hand),
        "meals": _index(meals),
        "equipment": _index(equipment),
    }
    return Identities(
        players=players,
        names=names,
        characters=characters,
        hand=hand,
        meals=meals,
        equipment=equipment,
        hats=hats,
        payments=payments,
        cultures=cultures,
        enemies=enemies,
        blocks=tuple(blocks),
        size=start,
        lookup=lookup,
        first={name: start for name, start, _ in blocks},
        cards=cards,
        filler=all_cards(config)[0],
        enemy=config.final_enemies[0],
        total=len(all_cards(config)),
        paid={paid: i for i, paid in enumerate(payments)},
        no_moves=(False,) * start,
    )
