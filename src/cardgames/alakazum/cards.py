"""The cards of Alakazum! as values: characters, hand cards, traps and final enemies.

Every card is one :class:`Card`, whatever its kind, so that a forest deck can hold all of them;
the fields a kind does not use keep their defaults. The card lists themselves (the forest deck,
the start cards, the final enemies, and the Alakazum! 2 additions) are in
:mod:`cardgames.alakazum.deck`.
"""

import unicodedata
from enum import Enum, IntEnum, StrEnum
from typing import Any, NamedTuple

from cardgames.errors import excerpt

__all__ = [
    "CULTURES",
    "DIE_SIDES",
    "HAND_KINDS",
    "TRAP_KINDS",
    "Card",
    "Culture",
    "Enemy",
    "Kind",
    "Level",
    "alakazum_points",
    "is_card",
    "is_enemy",
    "is_name",
    "may_show",
    "plain_name",
]


class Culture(StrEnum):
    """The cultures a character belongs to (its colour on the card)."""

    VAL = "VAL"  # Valencian
    CAT = "CAT"  # Catalan
    GAL = "GAL"  # Galician
    EUS = "EUS"  # Basque
    AND = "AND"  # Andalusian
    CAS = "CAS"  # Castilian (Alakazum! 2 only)
    MULTI = "MULTI"  # multicoloured: its points count for any culture

    @property
    def full_name(self) -> str:
        """The culture's name in words."""
        return _CULTURE_NAMES[self]


_CULTURE_NAMES = {
    Culture.VAL: "Valencian",
    Culture.CAT: "Catalan",
    Culture.GAL: "Galician",
    Culture.EUS: "Basque",
    Culture.AND: "Andalusian",
    Culture.CAS: "Castilian",
    Culture.MULTI: "multicoloured",
}

#: The cultures an Alakazum can be cast in (multicoloured is none of them: it joins any).
CULTURES = (Culture.VAL, Culture.CAT, Culture.GAL, Culture.EUS, Culture.AND, Culture.CAS)


class Level(IntEnum):
    """A character's level; it only rises (A to B to C), and falls back to A in the cemetery."""

    A = 0
    B = 1
    C = 2


class Kind(StrEnum):
    """What a card is."""

    CHARACTER = "character"
    # Traps: suffered at once when drawn in the forest, then out of the game.
    BLACK_FRIDAY = "black friday"  # give away half of one's hand
    HALLOWEEN = "halloween"  # give away half of one's hand, or a character to the cemetery
    SANTA_CLAUS = "santa claus"  # the exploding die
    CUPCAKES = "cupcakes"  # Alakazum! 2: the turn's action is lost
    # Hand cards (kept in hand, hidden; each shows a market number).
    COMBAT_POTION = "combat potion"  # + value combat points in a combat
    DIE_POTION = "die potion"  # + die to a hypnosis roll
    DOUBLE_POTION = "double potion"  # either + value combat points or + die to a roll
    ROBBERY = "robbery"  # take the opponent's last potion of a combat between players
    HAT = "hat"  # value magic energy, spent on a spell
    MEAL = "meal"  # every character of one of its two cultures to level C
    BROOM = "broom"  # under a character: it never leaves its player
    OBJECT = "object"  # a cultural object: + value points of its culture in an Alakazum
    AMULET = "amulet"  # + value points of any culture in an Alakazum
    DOLL = "voodoo doll"  # cancels another player's action or Alakazum
    CAULDRON = "cauldron"  # Alakazum! 2: + value magic energy for every spell, kept
    CAPE = "cape"  # Alakazum! 2: under a character: + value combat points
    CRYSTAL_BALL = "crystal ball"  # Alakazum! 2: look at a face-down final enemy
    RECOVERY_POTION = "recovery potion"  # Alakazum! 2: a character back from the cemetery

    @property
    def is_trap(self) -> bool:
        """Whether cards of this kind are traps."""
        return self in TRAP_KINDS

    @property
    def is_hand(self) -> bool:
        """Whether cards of this kind are hand cards."""
        return self in HAND_KINDS


#: The kinds of the traps, which strike when they come out of the forest.
TRAP_KINDS = frozenset({Kind.BLACK_FRIDAY, Kind.HALLOWEEN, Kind.SANTA_CLAUS, Kind.CUPCAKES})
#: The kinds of the cards kept in a hand: neither characters nor traps.
HAND_KINDS = frozenset(Kind) - TRAP_KINDS - {Kind.CHARACTER}
#: Potions that add combat points, and potions that add to a die roll.
COMBAT_KINDS = frozenset({Kind.COMBAT_POTION, Kind.DOUBLE_POTION})
DIE_KINDS = frozenset({Kind.DIE_POTION, Kind.DOUBLE_POTION})
#: Hand cards used as the Give objects action.
OBJECT_ACTION_KINDS = frozenset(
    {Kind.MEAL, Kind.BROOM, Kind.CAPE, Kind.CRYSTAL_BALL, Kind.RECOVERY_POTION}
)


class Card(NamedTuple):
    """One card face; cards with the same name are the same card.

    - A **character** (``kind`` ``CHARACTER``) has a ``culture`` and, for each level A, B, C,
      ``combat`` points (``None``: a die is rolled for them in each combat), culture ``points``
      and hypnosis ``resistance``; its personalities are ``sociable``, ``thrifty`` and ``magic``
      (the energy it gives as a very magical character: 0, 1, or 2 for Maruxa).
    - A **hand card** has a ``market`` number (cards taken at the market when it is shown) and,
      by kind: potions ``value`` combat points and/or ``die`` points; hats, cauldrons ``value``
      energy; objects (with a ``culture``) and amulets ``value`` points; capes ``value`` combat
      points; meals the two ``cultures`` they can feed.
    - A **trap** has only a name and a kind.
    """

    name: str
    kind: Kind
    culture: Culture | None = None
    combat: tuple[int | None, ...] = ()
    points: tuple[int, ...] = ()
    resistance: tuple[int, ...] = ()
    sociable: bool = False
    thrifty: bool = False
    magic: int = 0
    market: int = 0
    value: int = 0
    die: int = 0
    cultures: tuple[Culture, ...] = ()

    @property
    def is_character(self) -> bool:
        """Whether the card is a character."""
        return self.kind is Kind.CHARACTER

    def __hash__(self) -> int:
        # Cards with one name are one card (in a card list), so the name alone is a good hash,
        # and a quick one: hands, decks and counts of cards hash their cards often.
        return hash(self.name)

    def __repr__(self) -> str:
        shown = [f"{self.name!r}", f"Kind.{_member_name(self.kind)}"]
        for field, default in zip(self._fields[2:], _DEFAULTS[2:], strict=True):
            value = getattr(self, field)
            if value != default or type(value) is not type(default):
                shown.append(f"{field}={value!r}")
        return f"Card({', '.join(shown)})"


_DEFAULTS: tuple[Any, ...] = ("", Kind.CHARACTER, *Card._field_defaults.values())


# --- what a hand card does by itself ------------------------------------------------------------
# The rules' chapters ask these of a card in a hand, and the tables the move path reads by card
# name are made of them: one place for each.


def may_show(card: Card) -> bool:
    """Whether ``card`` (a hand card) may be shown at the market: any but a voodoo doll, which
    may never go to the market deck."""
    return card.kind is not Kind.DOLL


def alakazum_points(card: Card) -> tuple[Culture, int] | None:
    """What ``card`` (a hand card) adds to an Alakazum from the hand, as ``(culture, points)``:
    a cultural object its points in its culture, an amulet its points in every culture (as
    :attr:`Culture.MULTI`, like a multicoloured character); any other card nothing."""
    kind = card.kind
    if kind is Kind.AMULET:
        return Culture.MULTI, card.value
    if kind is Kind.OBJECT:
        assert card.culture is not None  # a well-formed object has its culture
        return card.culture, card.value
    return None


def _member_name(member: object) -> str:
    return member.name if isinstance(member, StrEnum) else repr(member)


class Enemy(NamedTuple):
    """A final enemy: its culture points by player count (``values[players - 2]``; ``None``
    where it stays out of the game), or ``invincible`` (every Alakazum against it fails)."""

    name: str
    values: tuple[int | None, ...]
    invincible: bool = False

    def value(self, players: int) -> int | None:
        """Its points in a game of ``players``, or ``None`` if it is not in that game."""
        return self.values[players - 2]


#: The faces of the game's die.
DIE_SIDES = 6
#: The player counts of the game, and the number of levels.
PLAYER_COUNTS = (2, 3, 4, 5)
LEVELS = (Level.A, Level.B, Level.C)
#: Bounds that keep a hand-made card list playable.
MAX_POINTS = 99
MAX_MARKET = 9
#: The longest card or final enemy name: the longest printed one has 34 characters. Names are
#: written in move notation, pictures and messages, so their length bounds all of those.
MAX_NAME = 64


def _is_int(value: object, low: int = 0, high: int = MAX_POINTS) -> bool:
    return type(value) is int and low <= value <= high


def _per_level(value: object, *, die: bool = False) -> bool:
    return (
        type(value) is tuple
        and len(value) == len(LEVELS)
        and all((die and v is None) or _is_int(v) for v in value)
    )


def is_name(value: object) -> bool:
    """Whether ``value`` can name a card or final enemy: printable text of 1 to
    :data:`MAX_NAME` characters, without spaces at either end or two in a row (so that its
    notation reads back as itself)."""
    return (
        type(value) is str
        and 0 < len(value) <= MAX_NAME
        and value.isprintable()
        and value == " ".join(value.split())
    )


def plain_name(text: str) -> str:
    """``text`` without accents, case, compatibility forms or repeated spaces: the form in
    which move notation matches names (``"Tió  de NADAL"`` and ``"tio de nadal"`` agree)."""
    decomposed = unicodedata.normalize("NFKD", text)
    bare = "".join(ch for ch in decomposed if not unicodedata.combining(ch))
    return " ".join(bare.casefold().split())


def is_card(value: object) -> bool:
    """Whether ``value`` is a well-formed card: a character with all its per-level numbers, a
    hand card with its market number, or a trap; fields a kind does not use keep defaults."""
    if type(value) is not Card:
        return False
    name, kind, culture, combat, points, resistance, sociable, thrifty, magic = value[:9]
    market, number, die, cultures = value.market, value.value, value.die, value.cultures
    if not is_name(name) or type(kind) is not Kind:
        return False
    if any(type(flag) is not bool for flag in (sociable, thrifty)):
        return False
    if not all(_is_int(n) for n in (magic, market, number, die)):
        return False
    if type(cultures) is not tuple or not all(type(c) is Culture for c in cultures):
        return False
    if culture is not None and type(culture) is not Culture:
        return False
    if kind is Kind.CHARACTER:
        return (
            culture is not None
            and _per_level(combat, die=True)
            and _per_level(points)
            and _per_level(resistance)
            and market == number == die == 0
            and not cultures
        )
    plain = combat == points == resistance == () and not (sociable or thrifty or magic)
    if kind in TRAP_KINDS:
        return plain and culture is None and market == number == die == 0 and not cultures
    return plain and market >= 1 and _hand_fields_fit(kind, culture, number, die, cultures)


def _hand_fields_fit(
    kind: Kind, culture: Culture | None, value: int, die: int, cultures: tuple[Culture, ...]
) -> bool:
    """Whether a hand card of ``kind`` carries exactly the numbers its kind uses."""
    if kind is Kind.MEAL:
        return (
            culture is None
            and value == die == 0
            and len(cultures) == 2  # a meal card offers two meals
            and len(set(cultures)) == 2
            and Culture.MULTI not in cultures
        )
    if cultures:
        return False
    if kind is Kind.OBJECT:
        return culture is not None and culture is not Culture.MULTI and value >= 1 and die == 0
    if culture is not None:
        return False
    if kind is Kind.DIE_POTION:
        return value == 0 and die >= 1
    if kind is Kind.DOUBLE_POTION:
        return value >= 1 and die >= 1
    if kind in (Kind.COMBAT_POTION, Kind.HAT, Kind.AMULET, Kind.CAULDRON, Kind.CAPE):
        return value >= 1 and die == 0
    return value == die == 0


def is_enemy(value: object) -> bool:
    """Whether ``value`` is a well-formed final enemy."""
    if type(value) is not Enemy:
        return False
    name, values, invincible = value
    return (
        is_name(name)
        and type(invincible) is bool
        and type(values) is tuple
        and len(values) == len(PLAYER_COUNTS)
        and all(v is None or _is_int(v) for v in values)
    )


def _enum(cls: type[Enum]) -> Any:
    by_value = {member.value: member for member in cls}

    def load(value: object) -> Any:
        if type(value) is not str or value not in by_value:
            raise ValueError(
                f"{excerpt(value)} is not a {cls.__name__}: one of {', '.join(by_value)}"
            )
        return by_value[value]

    return load


def _register_json() -> None:
    """Cards are written in JSON as objects of their fields, leaving out the defaults, so a
    card list reads like the printed cards."""
    from cardgames.serialization import converter

    kind, culture = _enum(Kind), _enum(Culture)

    def number(value: object) -> int:
        if type(value) is not int:
            raise ValueError(f"expected an integer, got {excerpt(value)}")
        return value

    def flag(value: object) -> bool:
        if type(value) is not bool:
            raise ValueError(f"expected true or false, got {excerpt(value)}")
        return value

    def text(value: object) -> str:
        if type(value) is not str:
            raise ValueError(f"expected a string, got {excerpt(value)}")
        return value

    def many(item: Any) -> Any:
        def load(value: object) -> tuple[Any, ...]:
            if type(value) is not list:
                raise ValueError(f"expected a list, got {excerpt(value)}")
            return tuple(item(v) for v in value)

        return load

    loaders: dict[str, Any] = {
        "name": text,
        "kind": kind,
        "culture": lambda v: None if v is None else culture(v),
        "combat": many(lambda v: None if v is None else number(v)),
        "points": many(number),
        "resistance": many(number),
        "sociable": flag,
        "thrifty": flag,
        "magic": number,
        "market": number,
        "value": number,
        "die": number,
        "cultures": many(culture),
    }
    defaults = dict(zip(Card._fields, _DEFAULTS, strict=True))

    def unstructure(card: Card) -> dict[str, Any]:
        if not is_card(card):
            raise ValueError(
                f"a card named {excerpt(getattr(card, 'name', None))} is not well formed "
                "(see Card: each kind has its fields, names of 1-64 characters, numbers 0-99)"
            )
        return {
            field: list(value) if type(value) is tuple else value
            for field, value in zip(Card._fields, card, strict=True)
            if field in ("name", "kind") or value != defaults[field]
        }

    def structure(value: object, _: object) -> Card:
        if type(value) is not dict:
            raise ValueError(f"expected a card as a JSON object, got {excerpt(value)}")
        if not set(value) <= set(loaders) or "name" not in value or "kind" not in value:
            raise ValueError(
                f"a card needs a name and a kind, and has only the fields {', '.join(loaders)}"
            )
        card = Card(**{key: loaders[key](item) for key, item in value.items()})
        if not is_card(card):
            raise ValueError(
                f"a card named {excerpt(getattr(card, 'name', None))} is not well formed "
                "(see Card: each kind has its fields, names of 1-64 characters, numbers 0-99)"
            )
        return card

    converter.register_unstructure_hook(Card, unstructure)
    converter.register_structure_hook(Card, structure)


_register_json()
