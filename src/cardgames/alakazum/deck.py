"""The card lists of Alakazum!: the forest deck, the start cards, the final enemies, and the
additions of the Alakazum! 2 expansion.

The publisher's card list is not public, so every list here is the project's reconstruction,
built to the numbers the rules give (90 forest cards, 9 start cards, 5 final enemies, 2 voodoo
dolls, 2 traps of each kind) and to the values the rulebook's worked examples fix (a level B
Penitente with 1 combat point and 1 hypnosis resistance, a level A Dolçainer with 1 combat point,
a Castanyera with 1 hypnosis resistance). A ``Config`` can replace any of them.

Balance: each of the five cultures has 8 characters in the forest (its great witch among them)
and one starting character, so any culture can win. A culture's best three or four characters
at level C hold 9-12 culture points, and a cultural object adds 2, so the final enemies (7 to 13
points, more needed to win) are within reach of a grown team. The cultures differ in style:

- Valencian: all-rounders with steady points.
- Catalan: no culture points and little hypnosis resistance at level A, the most at level C;
  most of the thrifty characters.
- Galician: weak in combat, but most of them very magical (Maruxa twice).
- Basque: the strongest fighters, with fewer culture points.
- Andalusian: dice, sociable help and steady points.

Three multicoloured characters add a few points to any culture; no meal levels them up.
"""

from cardgames.alakazum.cards import Card, Culture, Enemy, Kind

__all__ = [
    "DOLL_COUNT",
    "ENEMIES",
    "EXPANSION_ENEMIES",
    "EXPANSION_FOREST",
    "EXPANSION_FOREST_SIZE",
    "FOREST",
    "FOREST_CHARACTERS_PER_CULTURE",
    "FOREST_SIZE",
    "GREAT_WITCHES",
    "MULTI_CHARACTER_COUNT",
    "START_CHARACTERS",
    "START_MARKET",
    "START_MARKET_SIZE",
    "TRAPS_PER_KIND",
]

# The sizes of the lists, as the rules give them (the forest's make-up is our reconstruction).
#: Cards in the forest deck.
FOREST_SIZE = 90
#: Hand cards that begin the market deck.
START_MARKET_SIZE = 4
#: Forest characters of each culture.
FOREST_CHARACTERS_PER_CULTURE = 8
#: Multicoloured characters in the forest.
MULTI_CHARACTER_COUNT = 3
#: Forest traps of each kind.
TRAPS_PER_KIND = 2
#: Voodoo dolls in the forest.
DOLL_COUNT = 2
#: Cards the Alakazum! 2 expansion adds to the forest.
EXPANSION_FOREST_SIZE = 24

#: The great witches, one per culture (Juana leads the Castilians of Alakazum! 2).
GREAT_WITCHES = ("Vicentica", "Montserrat", "Maruxa", "Kattalin", "Rocío", "Juana")

# Short names that keep the catalogue below one card a line.
_VAL, _CAT, _GAL, _EUS, _AND = Culture.VAL, Culture.CAT, Culture.GAL, Culture.EUS, Culture.AND
_CAS, _MULTI = Culture.CAS, Culture.MULTI
#: In a character's combat points: a die is rolled for them in each combat.
_DIE = None

_PerLevel = tuple[int, int, int]

# Market numbers (the weaker a card, the more market cards it fetches when shown) and the
# points of a cultural object.
_MEAL_MARKET = 1
_OBJECT_MARKET = 1
_OBJECT_POINTS = 2


def _character(
    name: str,
    culture: Culture,
    combat: tuple[int | None, int | None, int | None],
    points: _PerLevel,
    resistance: _PerLevel,
    *,
    sociable: bool = False,
    thrifty: bool = False,
    magic: int = 0,
) -> Card:
    """A character: combat points, culture points and hypnosis resistance at levels A, B, C."""
    return Card(
        name,
        Kind.CHARACTER,
        culture,
        combat=combat,
        points=points,
        resistance=resistance,
        sociable=sociable,
        thrifty=thrifty,
        magic=magic,
    )


def _copies(count: int, card: Card) -> tuple[Card, ...]:
    """``count`` copies of one hand card (or trap)."""
    return (card,) * count


def _trap(name: str, kind: Kind) -> Card:
    return Card(name, kind)


def _plain(name: str, kind: Kind, market: int) -> Card:
    """A hand card whose kind says all it does (robbery, broom, doll, crystal ball...)."""
    return Card(name, kind, market=market)


def _combat_potion(value: int, market: int) -> Card:
    return Card(f"Combat potion +{value}", Kind.COMBAT_POTION, market=market, value=value)


def _die_potion(die: int, market: int) -> Card:
    return Card(f"Die potion +{die}", Kind.DIE_POTION, market=market, die=die)


def _double_potion(value: int, die: int, market: int) -> Card:
    name = f"Double potion +{value}/+{die}"
    return Card(name, Kind.DOUBLE_POTION, market=market, value=value, die=die)


def _hat(energy: int, market: int) -> Card:
    return Card(f"Magic hat {energy}", Kind.HAT, market=market, value=energy)


def _meal(first: str, first_culture: Culture, second: str, second_culture: Culture) -> Card:
    """A meal card: two dishes, each raising one culture's characters to level C."""
    cultures = (first_culture, second_culture)
    return Card(f"Meal: {first} / {second}", Kind.MEAL, market=_MEAL_MARKET, cultures=cultures)


def _object(name: str, culture: Culture) -> Card:
    """A cultural object: + 2 points of its culture in an Alakazum, kept in hand."""
    return Card(name, Kind.OBJECT, culture, market=_OBJECT_MARKET, value=_OBJECT_POINTS)


# Hand cards that appear both among the start cards and in the forest.
_COMBAT_1 = _combat_potion(1, market=2)
_DIE_1 = _die_potion(1, market=2)
_HAT_1 = _hat(1, market=3)

START_CHARACTERS: tuple[Card, ...] = (
    _character("Senyor Pirotècnic", _VAL, (1, 2, 3), (1, 1, 2), (1, 2, 2)),
    _character("Tió de Nadal", _CAT, (0, 1, 2), (0, 1, 2), (1, 1, 3), thrifty=True),
    _character("Moura", _GAL, (0, 1, 2), (1, 1, 2), (1, 2, 2), magic=1),
    _character("Olentzero", _EUS, (1, 2, 3), (1, 1, 2), (1, 2, 2)),
    # The rulebook's example: a level B Penitente has 1 combat point and 1 resistance.
    _character("Penitente", _AND, (1, 1, 2), (1, 1, 2), (1, 1, 2)),
)
"""The five starting characters, one per culture, chosen in turn at the start."""

START_MARKET: tuple[Card, ...] = (
    _COMBAT_1,
    _DIE_1,
    _HAT_1,
    _meal("Fideuà", _VAL, "Txistorra", _EUS),
)
"""The four hand cards among the start cards: the market deck's first cards, face up."""

FOREST: tuple[Card, ...] = (
    # Valencian: all-rounders. The rulebook's example: a level A Dolçainer has 1 combat point.
    _character("Vicentica", _VAL, (2, 3, 4), (2, 3, 4), (2, 3, 4)),
    _character("Dolçainer", _VAL, (1, 2, 2), (1, 1, 2), (1, 2, 2), sociable=True),
    _character("Fallera", _VAL, (1, 1, 2), (1, 2, 3), (1, 2, 3)),
    _character("Moma", _VAL, (2, 2, 3), (1, 2, 2), (2, 2, 3)),
    _character("Cuc", _VAL, (_DIE, _DIE, 4), (0, 1, 1), (1, 2, 2)),
    _character("Tio Sarrapio", _VAL, (1, 2, 3), (1, 1, 2), (1, 2, 3)),
    _character("Butoni", _VAL, (2, 3, 3), (0, 1, 1), (2, 2, 3)),
    _character("Quarantamaula", _VAL, (1, 2, 3), (1, 1, 1), (1, 1, 2)),
    # Catalan: points and resistance come late. The rulebook's example: Castanyera resists 1.
    _character("Montserrat", _CAT, (2, 3, 4), (1, 2, 4), (2, 2, 5)),
    _character("Castanyera", _CAT, (0, 1, 2), (0, 1, 2), (1, 1, 3), thrifty=True),
    _character("Sant Jordi", _CAT, (2, 3, 4), (0, 1, 3), (1, 2, 4)),
    _character("Caganer", _CAT, (0, 1, 1), (0, 1, 2), (1, 1, 3), thrifty=True),
    _character("Gegant", _CAT, (2, 3, 4), (0, 1, 2), (1, 1, 4), sociable=True),
    _character("Dimoni", _CAT, (2, _DIE, _DIE), (0, 1, 2), (1, 1, 3)),
    _character("Minairons", _CAT, (1, 1, 2), (0, 1, 2), (1, 1, 3), thrifty=True),
    _character("Patufet", _CAT, (0, 1, 2), (0, 1, 3), (1, 1, 4)),
    # Galician: weak fighters, mostly very magical; Maruxa counts twice.
    _character("Maruxa", _GAL, (1, 2, 3), (2, 3, 4), (2, 3, 4), magic=2),
    _character("Santa Compaña", _GAL, (1, 2, 3), (1, 2, 3), (2, 3, 4), magic=1),
    _character("Meiga", _GAL, (0, 1, 1), (1, 2, 2), (1, 2, 3), magic=1),
    _character("Trasno", _GAL, (1, _DIE, _DIE), (1, 1, 2), (1, 1, 2), magic=1),
    _character("Nubeiro", _GAL, (1, 1, 2), (1, 1, 2), (1, 2, 2), magic=1),
    _character("Lavandeira", _GAL, (0, 1, 1), (1, 1, 2), (1, 1, 2), sociable=True, magic=1),
    _character("Urco", _GAL, (2, 2, 3), (0, 1, 1), (1, 2, 2)),
    _character("Lobishome", _GAL, (2, 3, 3), (0, 1, 1), (1, 2, 3)),
    # Basque: the strongest fighters, fewer culture points.
    _character("Kattalin", _EUS, (2, 3, 5), (2, 3, 4), (2, 3, 4)),
    _character("Aizkolari", _EUS, (2, 3, 4), (1, 1, 2), (1, 2, 3)),
    _character("Mari", _EUS, (1, 2, 3), (1, 2, 3), (2, 3, 4), magic=1),
    _character("Basajaun", _EUS, (3, 4, 5), (0, 1, 1), (2, 3, 3)),
    _character("Tartalo", _EUS, (2, 3, _DIE), (0, 1, 1), (1, 2, 3)),
    _character("Lamia", _EUS, (1, 2, 2), (1, 2, 2), (1, 2, 3)),
    _character("Jentil", _EUS, (2, 3, 3), (1, 1, 2), (1, 2, 2)),
    _character("Galtzagorri", _EUS, (1, 1, 2), (1, 1, 2), (1, 1, 2), sociable=True),
    # Andalusian: dice, sociable help, steady points.
    _character("Rocío", _AND, (2, 3, 4), (2, 3, 4), (2, 3, 4)),
    _character("Cascamorras", _AND, (_DIE, _DIE, _DIE), (1, 1, 2), (1, 2, 2)),
    _character("Bandolero", _AND, (2, 3, 4), (0, 1, 2), (1, 2, 3)),
    _character("Duende", _AND, (1, 1, 2), (1, 2, 2), (2, 2, 3), magic=1),
    _character("Ánimas", _AND, (1, 2, 2), (1, 2, 3), (1, 2, 3)),
    _character("Sacamantecas", _AND, (2, 2, 3), (0, 1, 1), (1, 2, 2)),
    _character("Romera", _AND, (0, 1, 2), (1, 1, 2), (1, 1, 2)),
    _character("Chirigotero", _AND, (1, 2, 2), (1, 1, 2), (1, 1, 2), sociable=True),
    # Multicoloured: their few points count for any culture.
    _character("Ratoncito Pérez", _MULTI, (0, 1, 1), (1, 1, 1), (1, 2, 2), thrifty=True),
    _character("El Coco", _MULTI, (2, 2, 3), (0, 1, 1), (1, 2, 3)),
    _character("Hombre del Saco", _MULTI, (1, 2, 3), (0, 1, 1), (1, 2, 2), sociable=True),
    # Traps, two of each kind.
    *_copies(TRAPS_PER_KIND, _trap("Black Friday's Discount", Kind.BLACK_FRIDAY)),
    *_copies(TRAPS_PER_KIND, _trap("Halloween's Trick or Treat", Kind.HALLOWEEN)),
    *_copies(TRAPS_PER_KIND, _trap("Santa Claus' Present", Kind.SANTA_CLAUS)),
    # Potions: 17, the strongest fetching the fewest market cards.
    *_copies(5, _COMBAT_1),
    *_copies(3, _combat_potion(2, market=1)),  # the +2 Pep plays in the rulebook
    _combat_potion(3, market=1),
    *_copies(3, _DIE_1),
    _die_potion(2, market=1),
    *_copies(2, _double_potion(1, 1, market=2)),  # the card Ana and Pep play
    *_copies(2, _plain("Robbery potion", Kind.ROBBERY, market=1)),
    # Magic hats: 9, worth 1 to 3 energy.
    *_copies(4, _HAT_1),
    *_copies(3, _hat(2, market=2)),
    *_copies(2, _hat(3, market=1)),
    # Meals: every culture is fed by at least one; the weak Galicians by two.
    _meal("Paella", _VAL, "Pa amb tomàquet", _CAT),
    _meal("Polbo á feira", _GAL, "Marmitako", _EUS),
    _meal("Gazpacho", _AND, "Empanada", _GAL),
    _meal("Pintxos", _EUS, "Salmorejo", _AND),
    # Brooms, cultural objects (one per culture), amulets and voodoo dolls.
    *_copies(2, _plain("Broom", Kind.BROOM, market=2)),
    _object("Traca", _VAL),
    _object("Barretina", _CAT),
    _object("Botafumeiro", _GAL),
    _object("Txapela", _EUS),
    _object("Peineta", _AND),
    *_copies(2, Card("Multicoloured amulet", Kind.AMULET, market=2, value=1)),
    *_copies(DOLL_COUNT, _plain("Voodoo doll", Kind.DOLL, market=1)),
)
"""The 90 forest cards: 43 characters, 6 traps and 41 hand cards (a reconstruction)."""

ENEMIES: tuple[Enemy, ...] = (
    Enemy("Black Friday", (7, 7, 7, 7)),
    Enemy("Fast Food", (8, 8, 8, 8)),
    Enemy("Halloween", (9, 9, 9, 9)),
    # Only in games of 2 (worth 9) or 5 players (worth 7).
    Enemy("Saint Valentine", (9, None, None, 7)),
    Enemy("Santa Claus", (13, 13, 13, 13)),
)
"""The final enemies and their culture points by player count (2, 3, 4, 5 players)."""

EXPANSION_FOREST: tuple[Card, ...] = (
    # Castilian, the expansion's new culture, led by the great witch Juana.
    _character("Juana", _CAS, (2, 3, 4), (2, 3, 4), (2, 3, 4)),
    _character("La Tarasca", _CAS, (2, 3, 4), (1, 1, 2), (2, 2, 3)),
    _character("El Colacho", _CAS, (_DIE, _DIE, 4), (0, 1, 2), (1, 2, 3)),
    _character("La Botarga", _CAS, (1, 2, 3), (1, 2, 2), (1, 2, 2)),
    _character("Las Águedas", _CAS, (1, 1, 2), (1, 2, 3), (1, 2, 3), sociable=True),
    _character("La Vaquilla", _CAS, (2, 3, 3), (0, 1, 2), (1, 1, 2)),
    # Almudena, the free-roaming Madrid witch.
    _character("Almudena", _MULTI, (1, 2, 3), (1, 2, 2), (2, 3, 4), sociable=True, magic=1),
    # New characters of the original cultures.
    _character("L'home dels nassos", _VAL, (1, 2, 3), (1, 1, 2), (1, 2, 3)),
    _character("La Bunyolera", _VAL, (0, 1, 2), (1, 2, 2), (1, 1, 2)),
    _character("El Bailaor", _AND, (1, 2, 3), (1, 1, 2), (1, 2, 2), sociable=True),
    # The Cupcakes trap: the turn's action is lost.
    *_copies(TRAPS_PER_KIND, _trap("Cupcakes", Kind.CUPCAKES)),
    # New hand cards.
    *_copies(2, Card("Cauldron", Kind.CAULDRON, market=1, value=1)),
    *_copies(2, Card("Cape", Kind.CAPE, market=2, value=1)),
    *_copies(2, _plain("Crystal ball", Kind.CRYSTAL_BALL, market=2)),
    *_copies(2, _plain("Recovery potion", Kind.RECOVERY_POTION, market=1)),
    *_copies(2, _object("Sceptre", _CAS)),
    _meal("Cocido madrileño", _CAS, "Esgarraet", _VAL),
    _meal("Cochinillo", _CAS, "Calçots", _CAT),
)
"""The 24 forest cards Alakazum! 2 adds (a reconstruction)."""

EXPANSION_ENEMIES: tuple[Enemy, ...] = (
    # Invincible: every Alakazum against it fails, so its points are never used.
    Enemy("Armazon", (0, 0, 0, 0), invincible=True),
)
"""The final enemy Alakazum! 2 adds, in every game whatever the player count."""
