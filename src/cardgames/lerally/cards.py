"""The cards of Le Rally as data: the court's sections and the 78 cards.

The publisher's card list and court colours are not public. ``DEFAULT_CARDS`` is the project's
reconstruction: 64 shot cards (4 copies of each of the 16 ways from one section to another),
6 attack cards (Baseline Winner +2 x3, Net Winner +3 x3), 2 offense cards and 6 special cards
(Just Out, Yours, Challenge, 2 each). A config can replace it.
"""

from enum import IntEnum, StrEnum
from typing import NamedTuple

import attrs

from cardgames import _kept
from cardgames._engine import register_card_codes
from cardgames.errors import InvalidMoveError, excerpt

__all__ = [
    "DEFAULT_CARDS",
    "MAX_FACES",
    "Card",
    "CardKind",
    "CardType",
    "Section",
    "Zone",
    "attack",
    "is_card",
    "offense",
    "parse_card",
    "shot",
    "special",
]


class Zone(StrEnum):
    """The two depths of a half of the court."""

    BASELINE = "baseline"
    NET = "net"


class Section(StrEnum):
    """The four coloured sections of each half; both halves are coloured alike.

    A shot lands in a section of the next player's half, who plays from that section.
    """

    BASELINE_LEFT = "BL"
    BASELINE_RIGHT = "BR"
    NET_LEFT = "NL"
    NET_RIGHT = "NR"

    @property
    def zone(self) -> Zone:
        """Baseline or net."""
        return Zone.BASELINE if self.value[0] == "B" else Zone.NET

    @property
    def colour(self) -> str:
        """The section's colour on the court (reconstructed)."""
        return _COLOURS[self]

    @property
    def full_name(self) -> str:
        """``Baseline-Left`` and so on."""
        return self.name.title().replace("_", "-")


_COLOURS = {
    Section.BASELINE_LEFT: "blue",
    Section.BASELINE_RIGHT: "green",
    Section.NET_LEFT: "yellow",
    Section.NET_RIGHT: "red",
}


class CardKind(IntEnum):
    """What a card does."""

    SHOT = 0  # from one section to another
    ATTACK = 1  # a winner: the next player answers it or picks up its value
    OFFENSE = 2  # from anywhere, landing where its player chooses
    JUST_OUT = 3  # the previous player picks up 3; its player leads again
    YOURS = 4  # the shot passes on to the next player
    CHALLENGE = 5  # the previous player must answer the shot instead


class Card(NamedTuple):
    """One card face. A shot card has a ``source`` and a ``target`` section; an attack card a
    zone (``source``'s zone is where it may be played from: ``zone``) and a ``value``."""

    kind: CardKind
    source: Section | None = None
    target: Section | None = None
    zone: Zone | None = None
    value: int = 0

    @property
    def code(self) -> str:
        """The card's short name: ``BL-NR`` (a shot), ``BW2``/``NW3`` (attacks), ``OF``,
        ``JO``, ``YO``, ``CH``."""
        kind = self.kind
        if kind is CardKind.SHOT:
            return f"{self.source}-{self.target}"
        if kind is CardKind.ATTACK:
            return f"{'B' if self.zone is Zone.BASELINE else 'N'}W{self.value}"
        return _SHORT[kind]

    def __repr__(self) -> str:
        if not is_card(self):
            fields = ", ".join(repr(field) for field in self)
            return f"Card({fields})"
        kind = self.kind
        if kind is CardKind.SHOT:
            return f"shot(Section.{_name(self.source)}, Section.{_name(self.target)})"
        if kind is CardKind.ATTACK:
            return f"attack(Zone.{_name(self.zone)}, {self.value})"
        if kind is CardKind.OFFENSE:
            return "offense()"
        return f"special(CardKind.{kind.name})"


#: The values an attack card may carry (cards to pick up).
ATTACK_VALUES = range(1, 21)
#: Every card face there can be: 16 shots, an attack of each zone and value, the offense card
#: and the three special cards. A card list names each face at most once.
MAX_FACES = (
    len(Section) ** 2
    + len(Zone) * len(ATTACK_VALUES)
    + sum(1 for kind in CardKind if kind not in (CardKind.SHOT, CardKind.ATTACK))
)


def is_card(value: object) -> bool:
    """Whether ``value`` is a well-formed card (plain tuples are not cards): a shot with two
    sections, an attack with a zone and a value 1-20, or a card of another kind with neither."""
    if type(value) is not Card:
        return False
    kind, source, target, zone, number = value
    if type(kind) is not CardKind or type(number) is not int:
        return False
    if kind is CardKind.SHOT:
        return type(source) is Section and type(target) is Section and zone is None and not number
    if kind is CardKind.ATTACK:
        return source is None and target is None and type(zone) is Zone and number in ATTACK_VALUES
    return source is None and target is None and zone is None and number == 0


def _name(member: StrEnum | None) -> str:
    return "None" if member is None else member.name


_SHORT = {
    CardKind.OFFENSE: "OF",
    CardKind.JUST_OUT: "JO",
    CardKind.YOURS: "YO",
    CardKind.CHALLENGE: "CH",
}


def shot(source: Section, target: Section) -> Card:
    """The shot card from ``source`` to ``target``."""
    return Card(CardKind.SHOT, source, target)


def attack(zone: Zone, value: int) -> Card:
    """An attack card: a winner from ``zone`` sections worth ``value`` cards to pick up."""
    return Card(CardKind.ATTACK, zone=zone, value=value)


def offense() -> Card:
    """The offense card."""
    return Card(CardKind.OFFENSE)


def special(kind: CardKind) -> Card:
    """A special card: ``CardKind.JUST_OUT``, ``YOURS`` or ``CHALLENGE``."""
    return Card(kind)


_SECTION_CODES = {section.value: section for section in Section}


@_kept.lru(256, owner=__name__)
def _parse_known(text: str) -> Card:
    return parse_card(text)


def parse_card(code: str) -> Card:
    """The card a short name names (any case): ``BL-NR``, ``BW2``, ``OF``, ``JO``...;
    ``InvalidMoveError`` (a ``ValueError``) for anything else."""
    text = code.strip().upper() if isinstance(code, str) else ""
    for kind, short in _SHORT.items():
        if text == short:
            return Card(kind)
    if len(text) == 5 and text[2] == "-":
        source, target = _SECTION_CODES.get(text[:2]), _SECTION_CODES.get(text[3:])
        if source is not None and target is not None:
            return shot(source, target)
    digits = text[2:]
    if (
        text[:2] in ("BW", "NW")
        and digits
        and all(c in "0123456789" for c in digits)
        and not digits.startswith("0")
        and int(digits) in ATTACK_VALUES
    ):
        return attack(Zone.BASELINE if text[0] == "B" else Zone.NET, int(digits))
    raise InvalidMoveError(
        f"{excerpt(code)} is not a card (cards are written BL-NR, BW2, NW3, OF, JO, YO, CH)"
    )


@attrs.frozen
class CardType:
    """One face of the card list: the card, its tennis name, and how many copies there are."""

    card: Card
    name: str
    count: int


#: Tennis names of the 16 shots, by (from, to); reconstructed.
_SHOT_NAMES = {
    ("BL", "BL"): "Crosscourt Forehand",
    ("BL", "BR"): "Forehand Down the Line",
    ("BL", "NL"): "Forehand Drop Shot",
    ("BL", "NR"): "Forehand Angle",
    ("BR", "BR"): "Crosscourt Backhand",
    ("BR", "BL"): "Backhand Down the Line",
    ("BR", "NR"): "Backhand Drop Shot",
    ("BR", "NL"): "Backhand Slice",
    ("NL", "BL"): "Deep Forehand Volley",
    ("NL", "BR"): "Forehand Punch Volley",
    ("NL", "NL"): "Forehand Drop Volley",
    ("NL", "NR"): "Forehand Half Volley",
    ("NR", "BR"): "Deep Backhand Volley",
    ("NR", "BL"): "Backhand Punch Volley",
    ("NR", "NR"): "Backhand Drop Volley",
    ("NR", "NL"): "Backhand Half Volley",
}

#: The reconstructed 78-card list (see the module docstring).
DEFAULT_CARDS: tuple[CardType, ...] = (
    *(
        CardType(shot(source, target), _SHOT_NAMES[source.value, target.value], 4)
        for source in Section
        for target in Section
    ),
    CardType(attack(Zone.BASELINE, 2), "Baseline Winner +2", 3),
    CardType(attack(Zone.NET, 3), "Net Winner +3", 3),
    CardType(offense(), "Offense", 2),
    CardType(special(CardKind.JUST_OUT), "Just Out", 2),
    CardType(special(CardKind.YOURS), "Yours", 2),
    CardType(special(CardKind.CHALLENGE), "Challenge", 2),
)


register_card_codes(
    Card, is_card=is_card, code=lambda card: card.code, parse=_parse_known, example="BL-NR"
)
