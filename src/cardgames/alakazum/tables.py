"""What the move path of Alakazum! works out once instead of at every decision.

Per config (:class:`Tables`): the cultures an Alakazum can be cast in, the voodoo dolls, and
what each card name gives in a hand, whatever else is on the table: its trip to the market,
the object it is given as, its hat's or cauldron's energy, the potion it is bid or drunk as,
the points it adds to an Alakazum. Within one config, cards with one name are one card, so
the move path reads what a hand offers from its cards' names through these tables, at C speed.
A new game meets mostly hands never met before, so nothing is kept per hand on that path.

Per hand (:class:`Hand`, through :func:`hand_of`): the same, worked out card by card in plain
Python and kept by the names of the hand's cards. This is the readable reading of a hand; the
tests hold the tables by name to it.

These tables only gather what the rules' chapters say card by card (:mod:`.market`,
:mod:`.potions`, :mod:`.spells`, :mod:`.ending`); the tests hold each use of them to the plain
reading, step by step through random games.
"""

from __future__ import annotations

import functools
import operator
from collections.abc import Callable

from cardgames._engine import ByIdentity, slot_filler
from cardgames.alakazum.cards import OBJECT_ACTION_KINDS, Card, Culture, Kind
from cardgames.alakazum.config import Config, all_cards
from cardgames.alakazum.draft import distinct
from cardgames.alakazum.moves import Drink, Effect, Fight, Market, Swap, UseObject

__all__ = [
    "MOST_BIDS",
    "MOST_HANDS",
    "MOST_SWAPS",
    "Extra",
    "Hand",
    "Swaps",
    "Tables",
    "card_name",
    "drink_move",
    "hand_of",
    "market_move",
    "tables",
    "tables_of",
]

#: Hands remembered per config by :func:`hand_of`; past this many, the table starts again
#: empty. A hand's table and its key take about 0.9 KB: at most about 1 MB per config. The
#: move path reads the tables by name instead and keeps no hand (a new game meets about 0.4
#: hands a decision never met before, whatever the room).
MOST_HANDS = 1024
#: Hands whose potions are kept per config (:attr:`Tables.bids_by_hand`); past this many, the
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
_COMBAT_POTION, _DIE_POTION, _DOUBLE_POTION = (
    Kind.COMBAT_POTION,
    Kind.DIE_POTION,
    Kind.DOUBLE_POTION,
)
_ROBBERY = Kind.ROBBERY
_OBJECT, _AMULET = Kind.OBJECT, Kind.AMULET
_EFFECT_COMBAT, _EFFECT_DIE, _EFFECT_ROBBERY = Effect.COMBAT, Effect.DIE, Effect.ROBBERY
_MULTI = Culture.MULTI
_OBJECT_ACTIONS = tuple(OBJECT_ACTION_KINDS)  # searched by identity: an enum's hash is a call

#: A card's name (the names of a hand's cards, in order, are what a hand is known by).
card_name = operator.attrgetter("name")
_names = card_name

#: What a hat, a cauldron or a card given as an object brings to the action phase:
#: ``(card given, None, 0)``, ``(None, (hat's name, energy), 0)`` or ``(None, None, energy)``.
Extra = tuple[Card | None, tuple[str, int] | None, int]


# Moves are small values shared by every state that offers them: each is made once.
@functools.lru_cache(maxsize=4096)
def market_move(name: str) -> Market:
    """The trip to the market showing the card ``name``."""
    return Market(name)


@functools.lru_cache(maxsize=4096)
def drink_move(name: str, effect: Effect) -> Drink:
    """The potion ``name`` played as ``effect``."""
    return Drink(name, effect)


class Hand:
    """What a hand's cards offer by themselves, each name once, in the hand's order.

    A hand is met far more often than it is read in full: the action phase reads its market
    trips, objects, hats and cauldrons, a combat its potions, the end of a turn its points.
    So each of these three groups is worked out the first time one of its fields is read
    (by ``__getattr__``, which Python calls only while the slot is empty) and kept in its
    slots after that, read at full speed.
    """

    __slots__ = (
        "amulets",
        "cards",
        "cauldrons",
        "die_drinks",
        "drinks",
        "extra",
        "hats",
        "market",
        "objects",
        "points",
        "robbery",
    )

    #: The hand's cards.
    cards: tuple[Card, ...]
    # What the action phase reads:
    #: A trip to the market with each card but a voodoo doll.
    market: tuple[Market, ...]
    #: The cards given as the Give objects action (meals, brooms, capes, crystal balls,
    #: recovery potions).
    objects: tuple[Card, ...]
    #: Each hat held, copies included, as ``(name, energy)``, and the cauldrons' energy.
    hats: tuple[tuple[str, int], ...]
    cauldrons: int
    # What a combat reads:
    #: The potions played while combat points are bid (combat and double potions as combat,
    #: robberies as robbery), and whether a robbery is among them.
    drinks: tuple[Drink, ...]
    robbery: bool
    #: The potions drunk for a hypnosis roll (die and double potions).
    die_drinks: tuple[Drink, ...]
    # What the end of a turn reads:
    #: The cultural objects' points by culture (as a tuple of pairs), the amulets' points, and
    #: the points of both.
    points: tuple[tuple[Culture | None, int], ...]
    amulets: int
    extra: int

    def __init__(self, hand: tuple[Card, ...]) -> None:
        self.cards = hand

    def __getattr__(self, name: str) -> object:
        """A field not worked out yet: its group is worked out now (and kept)."""
        group = _GROUPS.get(name)
        if group is None:
            raise AttributeError(name)
        group(self)
        return object.__getattribute__(self, name)

    def _actions(self) -> None:
        """The market trips, the objects, the hats and the cauldrons' energy."""
        market: list[Market] = []
        objects: list[Card] = []
        hats: list[tuple[str, int]] = []
        cauldrons = 0
        last = None
        for card in self.cards:
            kind = card.kind
            # Copies count for energy; the moves are one per name.
            if kind is _HAT:
                hats.append((card.name, card.value))
            elif kind is _CAULDRON:
                cauldrons += card.value
            if card.name == last:
                continue
            last = card.name
            if kind is not _DOLL:
                market.append(market_move(card.name))
            if kind in _OBJECT_ACTIONS:
                objects.append(card)
        self.market = tuple(market)
        self.objects = tuple(objects)
        self.hats = tuple(hats)
        self.cauldrons = cauldrons

    def _potions(self) -> None:
        """The potions of a combat: those bid for points and those drunk for the die."""
        drinks: list[Drink] = []
        die_drinks: list[Drink] = []
        robbery = False
        last = None
        for card in self.cards:
            if card.name == last:
                continue
            last = card.name
            kind = card.kind
            if kind is _COMBAT_POTION or kind is _DOUBLE_POTION:
                drinks.append(drink_move(card.name, _EFFECT_COMBAT))
            elif kind is _ROBBERY:
                drinks.append(drink_move(card.name, _EFFECT_ROBBERY))
                robbery = True
            if kind is _DIE_POTION or kind is _DOUBLE_POTION:
                die_drinks.append(drink_move(card.name, _EFFECT_DIE))
        self.drinks = tuple(drinks)
        self.robbery = robbery
        self.die_drinks = tuple(die_drinks)

    def _points(self) -> None:
        """The points of the cultural objects and the amulets (copies count)."""
        points: dict[Culture | None, int] = {}
        amulets = 0
        for card in self.cards:
            kind = card.kind
            if kind is _AMULET:
                amulets += card.value
            elif kind is _OBJECT:
                points[card.culture] = points.get(card.culture, 0) + card.value
        self.points = tuple(points.items())
        self.amulets = amulets
        self.extra = amulets + sum(points.values())


#: The group of fields each field of a :class:`Hand` is worked out with.
_GROUPS: dict[str, Callable[[Hand], None]] = {
    **dict.fromkeys(("market", "objects", "hats", "cauldrons"), Hand._actions),
    **dict.fromkeys(("drinks", "robbery", "die_drinks"), Hand._potions),
    **dict.fromkeys(("points", "amulets", "extra"), Hand._points),
}


class Tables:
    """What the move path reads of one config: its cultures, its voodoo dolls, what each card
    name gives in a hand, and the hands met so far.

    Within a config one name is one card, so what a hand offers can be read from the names of
    its cards through the tables below, one ``map`` at C speed per field of a :class:`Hand`
    (names are hashed at C speed, a :class:`Card` by a Python call). A table holds every name
    that gives something.
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
        "hands",
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
        #: The cultures an Alakazum can be cast in.
        self.cultures: tuple[Culture, ...] = config.cultures
        #: The game's voodoo dolls, one card of each name (usually one).
        self.dolls: tuple[Card, ...] = tuple(distinct(c for c in cards if c.kind is _DOLL))
        #: How many voodoo doll cards the game has (a used one leaves it).
        self.doll_count = sum(1 for c in cards if c.kind is _DOLL)
        #: The dolls' names if they sort after the name of every other card a hand may hold
        #: (as in every preset; else none): a hand, sorted by name, then holds a doll exactly
        #: when its last card is one.
        doll_names = frozenset(card.name for card in self.dolls)
        others = [c.name for c in cards if c.kind.is_hand and c.name not in doll_names]
        last = bool(doll_names) and (not others or max(others) < min(doll_names))
        self.dolls_last: frozenset[str] = doll_names if last else frozenset()
        #: Each hand met, by the names of its cards.
        self.hands: dict[tuple[str, ...], Hand] = {}
        # What each name gives (Hand's fields, card by card):
        #: The trip to the market showing it (any card but a voodoo doll).
        self.market: dict[str, Market] = {
            c.name: market_move(c.name) for c in cards if c.kind is not _DOLL
        }
        #: The card given as the Give objects action.
        self.given: dict[str, Card] = {c.name: c for c in cards if c.kind in _OBJECT_ACTIONS}
        #: A hat's ``(name, energy)``.
        self.hats: dict[str, tuple[str, int]] = {
            c.name: (c.name, c.value) for c in cards if c.kind is _HAT
        }
        #: The energy of a cauldron (empty in a game without cauldrons).
        self.cauldron_energy: dict[str, int] = {
            c.name: c.value for c in cards if c.kind is _CAULDRON
        }
        #: What a hat, a cauldron or a card given as an object brings to the action phase, in
        #: one table: ``(card given, None, 0)``, ``(None, hat, 0)`` or ``(None, None, energy)``.
        self.extras: dict[str, Extra] = {
            **{name: (card, None, 0) for name, card in self.given.items()},
            **{name: (None, hat, 0) for name, hat in self.hats.items()},
            **{name: (None, None, value) for name, value in self.cauldron_energy.items()},
        }
        #: Each name's trip to the market (``None`` for a voodoo doll) and what it brings as
        #: in :attr:`extras` (``None``: nothing), one lookup per card; and the same without
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
        for card in cards:
            if card.kind is _COMBAT_POTION or card.kind is _DOUBLE_POTION:
                self.bids[card.name] = drink_move(card.name, _EFFECT_COMBAT)
            elif card.kind is _ROBBERY:
                self.bids[card.name] = drink_move(card.name, _EFFECT_ROBBERY)
        self.robberies: frozenset[str] = frozenset(c.name for c in cards if c.kind is _ROBBERY)
        #: The potions each hand met in a combat may bid (one per name, in the hand's order)
        #: and whether a robbery is among them, by the hand's identity (a hand's tuple is
        #: shared by the states that follow until it changes, as while both sides bid): the
        #: hand, its potions, the robbery. An entry holds its hand, so no other takes its ``id``.
        self.bids_by_hand: dict[int, tuple[tuple[Card, ...], tuple[Drink, ...], bool]] = {}
        #: The potion drunk for a hypnosis roll (a die or double potion).
        self.die_drinks: dict[str, Drink] = {
            c.name: drink_move(c.name, _EFFECT_DIE)
            for c in cards
            if c.kind is _DIE_POTION or c.kind is _DOUBLE_POTION
        }
        #: The points of a cultural object or an amulet, as ``(culture, points)``; an
        #: amulet's points count for every culture, as a multicoloured character's do, so its
        #: culture is :attr:`Culture.MULTI`.
        self.hand_points: dict[str, tuple[Culture | None, int]] = {
            c.name: (_MULTI if c.kind is _AMULET else c.culture, c.value)
            for c in cards
            if c.kind is _AMULET or c.kind is _OBJECT
        }
        #: The most Alakazum points one hand card gives (none: 0).
        self.most_hand_points = max((value for _, value in self.hand_points.values()), default=0)

        # The moves of the action phase that a card or a character gives whatever the hand
        # (those of UseObject for the cards given, Fight for the characters).
        names = distinct(cards)
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

    def hand(self, hand: tuple[Card, ...]) -> Hand:
        """What ``hand`` (a hand of this config's cards) offers by itself."""
        key = tuple(map(_names, hand))
        found = self.hands.get(key)
        if found is None:
            if len(self.hands) >= MOST_HANDS:
                self.hands.clear()
            found = self.hands[key] = Hand(hand)
        return found


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
tables = ByIdentity(Tables, _MOST_CONFIGS)


def tables_of(config: Config) -> Tables:
    """``tables(config)`` as a plain function, which costs less to call than the memo object:
    the move path asks at every announcement and at the end of every turn."""
    kept = tables.kept.get(id(config))
    return kept[1] if kept is not None and kept[0] is config else tables(config)


def hand_of(config: Config, hand: tuple[Card, ...]) -> Hand:
    """What ``hand`` offers by itself, in a game of ``config``."""
    # tables_of(config).hand(hand), written out: the move path asks this about once a
    # decision.
    kept = tables.kept.get(id(config))
    found = kept[1] if kept is not None and kept[0] is config else tables(config)
    hands = found.hands
    key = tuple(map(_names, hand))
    known = hands.get(key)
    if known is None:  # Tables.hand's miss, with the key already made
        if len(hands) >= MOST_HANDS:
            hands.clear()
        known = hands[key] = Hand(hand)
    return known
