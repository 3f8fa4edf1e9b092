"""What the move path of Alakazum! reads once per config instead of working it out at every
decision (:class:`Tables`).

The cultures an Alakazum can be cast in, the voodoo dolls, and what each card name gives in a
hand, whatever else is on the table: its trip to the market, the object it is given as, its
hat's or cauldron's energy, the potion it is bid or drunk as, the points it adds to an
Alakazum; and the moves a character's name gives (the fights against it, a broom or a cape put
under it, Levitation's swaps). Within one config, cards with one name are one card, so the move
path reads what a hand offers from its cards' names through these tables, at C speed.

Every table is made of what the rules' chapters say card by card (:func:`~.cards.may_show`,
:func:`~.cards.alakazum_points`, the kinds of :mod:`.cards`); ``tests/test_alakazum_lockstep.py``
holds each table to the card it was made from, and each use of it to the plain reading in
:mod:`cardgames.alakazum.reference`.
"""

from __future__ import annotations

import operator

from cardgames import _kept
from cardgames._engine import slot_filler
from cardgames.alakazum.cards import (
    COMBAT_KINDS,
    DIE_KINDS,
    OBJECT_ACTION_KINDS,
    Card,
    Culture,
    Kind,
    alakazum_points,
    may_show,
)
from cardgames.alakazum.config import Config, all_cards
from cardgames.alakazum.moves import Drink, Effect, Fight, Market, Swap, UseObject

__all__ = [
    "MOST_BIDS",
    "MOST_SWAPS",
    "Extra",
    "Swaps",
    "Tables",
    "card_name",
    "drink_move",
    "market_move",
    "tables",
    "tables_of",
]

#: Hands whose potions are kept per config (:meth:`Tables.bids_of`); past this many, the
#: table starts again empty. An entry holds its hand (about 0.3 KB with the hand's tuple).
MOST_BIDS = 1024
#: Levitation's swaps kept per config (:meth:`Tables.swaps_of`); past about this many, they
#: are all made again as met. A swap and its entry take about 0.1 KB.
MOST_SWAPS = 8192
#: Configs whose tables are kept; past this many, they are all worked out again.
_MOST_CONFIGS = 64

_DOLL, _HAT, _CAULDRON = Kind.DOLL, Kind.HAT, Kind.CAULDRON
_CHARACTER, _MEAL, _BROOM, _CAPE = Kind.CHARACTER, Kind.MEAL, Kind.BROOM, Kind.CAPE
_CRYSTAL_BALL, _RECOVERY_POTION = Kind.CRYSTAL_BALL, Kind.RECOVERY_POTION
_ROBBERY = Kind.ROBBERY
_EFFECT_COMBAT, _EFFECT_DIE, _EFFECT_ROBBERY = Effect.COMBAT, Effect.DIE, Effect.ROBBERY

#: A card's name (the names of a hand's cards, in order, are what a hand is known by).
card_name = operator.attrgetter("name")

#: What a hat, a cauldron or a card given as an object brings to the action phase:
#: ``(card given, None, 0)``, ``(None, (hat's name, energy), 0)`` or ``(None, None, energy)``.
Extra = tuple[Card | None, tuple[str, int] | None, int]

# Moves are small values shared by every state that offers them: each is made once.
#: The trip to the market showing the card of this name.
market_move = _kept.lru(4096, owner=__name__)(Market)
#: The potion of this name played as this effect.
drink_move = _kept.lru(4096, owner=__name__)(Drink)


def _distinct(cards: tuple[Card, ...]) -> list[Card]:
    """The first card of each name, in order."""
    first: dict[str, Card] = {}
    for card in cards:
        first.setdefault(card.name, card)
    return list(first.values())


class Tables:
    """What the move path reads of one config: its cultures, its voodoo dolls, what each card
    name gives in a hand, and the moves each character's name gives.

    A table holds every name that gives something; a name missing from it gives nothing.
    """

    __slots__ = (
        "action",
        "action_without_market",
        "bids",
        "bids_by_hand",
        "cauldron_energy",
        "config",
        "cultures",
        "die_drinks",
        "doll_count",
        "dolls",
        "dolls_last",
        "equip",
        "extras",
        "fights",
        "given",
        "hand_points",
        "hats",
        "market",
        "meals",
        "most_hand_points",
        "robberies",
        "swaps",
        "swaps_made",
        "uses",
    )

    def __init__(self, config: Config) -> None:
        self.config = config
        cards = all_cards(config)
        hand_cards = [c for c in cards if c.kind.is_hand]
        #: The cultures an Alakazum can be cast in.
        self.cultures: tuple[Culture, ...] = config.cultures
        #: The game's voodoo dolls, one card of each name (usually one).
        self.dolls: tuple[Card, ...] = tuple(_distinct(tuple(c for c in cards if c.kind is _DOLL)))
        #: How many voodoo doll cards the game has (a used one leaves it).
        self.doll_count = sum(1 for c in cards if c.kind is _DOLL)
        #: The dolls' names if they sort after the name of every other card a hand may hold
        #: (as in every preset; else none): a hand, sorted by name, then holds a doll exactly
        #: when its last card is one.
        doll_names = frozenset(card.name for card in self.dolls)
        others = [c.name for c in hand_cards if c.name not in doll_names]
        last = bool(doll_names) and (not others or max(others) < min(doll_names))
        self.dolls_last: frozenset[str] = doll_names if last else frozenset()
        # What each name gives in a hand:
        #: The trip to the market showing it (a card that may be shown).
        self.market: dict[str, Market] = {c.name: market_move(c.name) for c in cards if may_show(c)}
        #: The card given as the Give objects action.
        self.given: dict[str, Card] = {
            c.name: c for c in hand_cards if c.kind in OBJECT_ACTION_KINDS
        }
        #: A hat's ``(name, energy)``.
        self.hats: dict[str, tuple[str, int]] = {
            c.name: (c.name, c.value) for c in hand_cards if c.kind is _HAT
        }
        #: The energy of a cauldron (empty in a game without cauldrons).
        self.cauldron_energy: dict[str, int] = {
            c.name: c.value for c in hand_cards if c.kind is _CAULDRON
        }
        #: What a hat, a cauldron or a card given as an object brings to the action phase, in
        #: one table: ``(card given, None, 0)``, ``(None, hat, 0)`` or ``(None, None, energy)``.
        self.extras: dict[str, Extra] = {
            **{name: (card, None, 0) for name, card in self.given.items()},
            **{name: (None, hat, 0) for name, hat in self.hats.items()},
            **{name: (None, None, value) for name, value in self.cauldron_energy.items()},
        }
        #: Each name's trip to the market (``None`` for a card never shown) and what it brings
        #: as in :attr:`extras` (``None``: nothing), one lookup per card; and the same without
        #: the trips, for when the market deck is empty.
        self.action: dict[str, tuple[Market | None, Extra | None]] = {
            c.name: (self.market.get(c.name), self.extras.get(c.name)) for c in cards
        }
        self.action_without_market: dict[str, tuple[Market | None, Extra | None]] = {
            name: (None, extra) for name, (_, extra) in self.action.items()
        }
        #: The potion played while combat points are bid (a combat or double potion as
        #: combat, a robbery as robbery), and the names of the robberies.
        self.bids: dict[str, Drink] = {}
        for card in hand_cards:
            if card.kind in COMBAT_KINDS:
                self.bids[card.name] = drink_move(card.name, _EFFECT_COMBAT)
            elif card.kind is _ROBBERY:
                self.bids[card.name] = drink_move(card.name, _EFFECT_ROBBERY)
        self.robberies: frozenset[str] = frozenset(c.name for c in hand_cards if c.kind is _ROBBERY)
        #: The potions each hand met in a combat may bid (see :meth:`bids_of`), by the hand's
        #: identity: the hand, its potions, whether a robbery is among them. An entry holds its
        #: hand, so no other takes its ``id``.
        self.bids_by_hand: dict[int, tuple[tuple[Card, ...], tuple[Drink, ...], bool]] = {}
        #: The potion drunk for a hypnosis roll (a die or double potion).
        self.die_drinks: dict[str, Drink] = {
            c.name: drink_move(c.name, _EFFECT_DIE) for c in hand_cards if c.kind in DIE_KINDS
        }
        #: The points a card adds to an Alakazum from the hand, as ``(culture, points)``.
        self.hand_points: dict[str, tuple[Culture, int]] = {}
        for card in hand_cards:
            points = alakazum_points(card)
            if points is not None:
                self.hand_points[card.name] = points
        #: The most Alakazum points one hand card gives (none: 0).
        self.most_hand_points = max((value for _, value in self.hand_points.values()), default=0)

        # The moves of the action phase that a card or a character gives whatever the hand
        # (those of UseObject for the cards given, Fight for the characters).
        names = _distinct(cards)
        #: Each player's characters to fight, by name: ``fights[player][name]``.
        self.fights: tuple[dict[str, Fight], ...] = tuple(
            {c.name: Fight(player, c.name) for c in names if c.kind is _CHARACTER}
            for player in range(config.players)
        )
        #: A broom or a cape put under each character, by the character's name.
        self.equip: dict[str, dict[str, UseObject]] = {
            c.name: {m.name: UseObject(c.name, None, m.name) for m in names if m.kind is _CHARACTER}
            for c in names
            if c.kind is _BROOM or c.kind is _CAPE
        }
        #: A meal given to each of its cultures, as ``(culture, move)``.
        self.meals: dict[str, tuple[tuple[Culture, UseObject], ...]] = {
            c.name: tuple((culture, UseObject(c.name, culture)) for culture in c.cultures)
            for c in names
            if c.kind is _MEAL
        }
        #: A crystal ball or a recovery potion given (its target is chosen next).
        self.uses: dict[str, UseObject] = {
            c.name: UseObject(c.name)
            for c in names
            if c.kind is _CRYSTAL_BALL or c.kind is _RECOVERY_POTION
        }
        #: Levitation's swaps met (see :meth:`swaps_of`), by one's own character's name, and
        #: how many were made since the table last started again (one count for all).
        self.swaps: dict[str, Swaps] = {}
        self.swaps_made = [0]

    def swaps_of(self, character: str) -> Swaps:
        """Levitation's swaps of one's ``character``, by the player (``None``: the cemetery)
        and the name of the character taken."""
        made = self.swaps_made
        if made[0] >= MOST_SWAPS:
            self.swaps.clear()
            made[0] = 0
        swaps = self.swaps.get(character)
        if swaps is None:
            swaps = self.swaps[character] = Swaps(character, made)
        return swaps

    def bids_of(self, hand: tuple[Card, ...]) -> tuple[tuple[Drink, ...], bool]:
        """The potions ``hand`` may bid while combat points are bid (one move per name, in the
        hand's order) and whether a robbery is among them, kept by the hand's identity: a hand's
        tuple is shared by the states that follow until it changes, as while both sides bid."""
        known = self.bids_by_hand
        memo = known.get(id(hand))
        if memo is None or memo[0] is not hand:
            names = [*map(card_name, hand)]
            bids = self.bids
            if bids.keys().isdisjoint(names):  # most hands met hold no potion to bid
                memo = (hand, (), False)
            else:
                faces = dict.fromkeys(names)  # each name once, in the hand's order
                drinks = tuple(filter(None, map(bids.get, faces)))
                memo = (hand, drinks, not self.robberies.isdisjoint(faces))
            if len(known) >= MOST_BIDS:
                known.clear()
            known[id(hand)] = memo
        return memo[1], memo[2]


_swap = slot_filler(Swap)


class Swaps(dict[tuple[int | None, str], Swap]):
    """Levitation's swaps of one's ``character``, by the player whose character is taken
    (``None``: the cemetery) and that character's name, each made the first time it is asked
    for and counted in ``made``."""

    __slots__ = ("character", "made")

    def __init__(self, character: str, made: list[int]) -> None:
        super().__init__()
        self.character = character
        self.made = made

    def __missing__(self, target: tuple[int | None, str]) -> Swap:
        self.made[0] += 1
        player, name = target
        swap = self[target] = _swap(self.character, name, player)
        return swap


#: Each config's tables, by the config's identity.
tables = _kept.by_identity(Tables, owner=__name__, most=_MOST_CONFIGS)
_kept_tables = tables.kept


def tables_of(config: Config) -> Tables:
    """The tables of ``config``, made when first asked for: the move path asks at every
    action phase, announcement, bidding and end of turn, so the memo's dict is read here
    without the call of the memo object."""
    kept = _kept_tables.get(id(config))
    return kept[1] if kept is not None and kept[0] is config else tables(config)
