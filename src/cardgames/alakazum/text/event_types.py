"""The classes of Alakazum!'s events (see :mod:`cardgames.alakazum.story`, which tells them and
holds them to the states): each a small frozen record of one thing a move did, public to every
player but a hand's cards (told to its player only) and a hidden decision."""

from __future__ import annotations

from enum import Enum
from typing import Any, TypeAlias

import attrs
from attrs.validators import instance_of

from cardgames import story
from cardgames._engine import is_count, is_player
from cardgames.alakazum.cards import Culture, Kind, Level

__all__ = [
    "EVENT_TYPES",
    "TRAP_EFFECTS",
    "AlakazumFailed",
    "Buried",
    "CombatWon",
    "Decided",
    "Event",
    "GameOver",
    "HandChanged",
    "Held",
    "Hold",
    "HypnosisRolled",
    "Joined",
    "Left",
    "LevelledUp",
    "Met",
    "PointsRolled",
    "Resisted",
    "SantaRolled",
    "TrapSprung",
    "TurnBegan",
]


_names = story.cards_or_none(lambda name: type(name) is str)


def _player_or_none(instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
    if value is not None:
        is_player(instance, attribute, value)


#: The kinds of the trap cards, and what each does, as a sentence ends.
TRAP_EFFECTS = {
    Kind.BLACK_FRIDAY: "half of their hand goes to the others",
    Kind.HALLOWEEN: "half of their hand or a character goes",
    Kind.SANTA_CLAUS: "Santa Claus' die starts rolling",
    Kind.CUPCAKES: "the turn's action is lost",
}


@attrs.frozen
class Decided(story.Decided):
    """``player`` made a decision, ``move`` in the game's notation, or ``None`` when the
    viewer may not know which (a card given to another player, the choices of a Magic of
    the forest)."""


@attrs.frozen
class TurnBegan:
    """``player``'s turn began, number ``turn`` counted from 1 (as the table's picture counts
    it): what follows it in a move's events (the draws of thrifty characters and from the
    forest, a trap, a character met) happened in that turn."""

    player: int = attrs.field(validator=is_player)
    turn: int = attrs.field(validator=is_count)


@attrs.frozen
class Met:
    """Exploring the forest, ``player`` met its character ``character``: a combat begins."""

    player: int = attrs.field(validator=is_player)
    character: str = attrs.field(validator=instance_of(str))


@attrs.frozen
class TrapSprung:
    """Exploring the forest, ``player`` drew the trap ``trap`` (of ``kind``); it struck and
    left the game."""

    player: int = attrs.field(validator=is_player)
    trap: str = attrs.field(validator=instance_of(str))
    kind: Kind = attrs.field(validator=attrs.validators.in_(tuple(TRAP_EFFECTS)))


@attrs.frozen
class SantaRolled:
    """``player`` rolled ``roll`` with Santa Claus' die; ``exploded``: it went off, and one of
    their characters goes to the cemetery (else they hand the die on)."""

    player: int = attrs.field(validator=is_player)
    roll: int = attrs.field(validator=is_count)
    exploded: bool = attrs.field(validator=instance_of(bool))


@attrs.frozen
class PointsRolled:
    """The die was rolled for the combat points of ``character``, of ``player``'s team (or the
    forest's, when ``player`` is ``None``), and came up ``roll``: its points in this combat (a
    cape under it adds to them)."""

    player: int | None = attrs.field(validator=_player_or_none)
    character: str = attrs.field(validator=instance_of(str))
    roll: int = attrs.field(validator=is_count)


@attrs.frozen
class HypnosisRolled:
    """``player``, whose character won the combat, rolled ``roll`` to hypnotise the loser
    ``character``, whose hypnosis ``resistance`` the roll (with the die potions drunk for it)
    must exceed."""

    player: int = attrs.field(validator=is_player)
    character: str = attrs.field(validator=instance_of(str))
    roll: int = attrs.field(validator=is_count)
    resistance: int = attrs.field(validator=is_count)


class Hold(Enum):
    """Why a character that lost a combat cannot leave its team."""

    #: It is its player's last character: a player never runs out of characters.
    LAST_CHARACTER = "last character"
    #: It rides a broom: it stays with its player for the rest of the game.
    BROOM = "broom"


@attrs.frozen
class Held:
    """``character`` lost the combat but stays in ``player``'s team, for ``reason``: no roll
    to hypnotise it (or, beaten by the forest, it escapes the cemetery)."""

    player: int = attrs.field(validator=is_player)
    character: str = attrs.field(validator=instance_of(str))
    reason: Hold = attrs.field(validator=instance_of(Hold))


@attrs.frozen
class Resisted:
    """``character`` (of ``player``'s team, or the forest's when ``None``) resisted the
    hypnosis: the roll, with the die potions drunk for it, did not exceed its resistance. A
    forest character goes to the cemetery, another player's stays in their team."""

    player: int | None = attrs.field(validator=_player_or_none)
    character: str = attrs.field(validator=instance_of(str))


@attrs.frozen
class AlakazumFailed:
    """``player``'s Alakazum with the characters of ``culture`` failed: they pay a sacrifice."""

    player: int = attrs.field(validator=is_player)
    culture: Culture = attrs.field(validator=instance_of(Culture))


@attrs.frozen
class CombatWon:
    """The combat against ``opponent`` was won by player ``winner``, or by the forest's
    character when ``winner`` is ``None``."""

    winner: int | None = attrs.field(validator=_player_or_none)
    opponent: str = attrs.field(validator=instance_of(str))


@attrs.frozen
class Joined:
    """``character`` joined ``player``'s team."""

    player: int = attrs.field(validator=is_player)
    character: str = attrs.field(validator=instance_of(str))


@attrs.frozen
class Left:
    """``character`` left ``player``'s team."""

    player: int = attrs.field(validator=is_player)
    character: str = attrs.field(validator=instance_of(str))


@attrs.frozen
class LevelledUp:
    """``player``'s ``character`` rose to ``level`` (after a won combat, a meal, a spell)."""

    player: int = attrs.field(validator=is_player)
    character: str = attrs.field(validator=instance_of(str))
    level: Level = attrs.field(validator=instance_of(Level))


@attrs.frozen
class Buried:
    """``cards`` went to the cemetery."""

    cards: tuple[str, ...] = attrs.field(validator=_names)


@attrs.frozen
class HandChanged(story.HandChanged):
    """``player``'s hand now holds ``size`` cards; ``gained`` and ``lost`` name the cards that
    came in and went out, or are ``None`` for a viewer who may not see that hand."""


@attrs.frozen
class GameOver(story.GameOver):
    """The game ended: ``winners`` (none when everybody lost) and the outcome's ``reason``."""


#: Any Alakazum! event.
Event: TypeAlias = (
    Decided
    | TurnBegan
    | Met
    | TrapSprung
    | SantaRolled
    | PointsRolled
    | CombatWon
    | HypnosisRolled
    | Held
    | Resisted
    | AlakazumFailed
    | Joined
    | Left
    | LevelledUp
    | Buried
    | HandChanged
    | GameOver
)

#: Every class of Alakazum! event.
EVENT_TYPES: tuple[type[Event], ...] = (
    Decided,
    TurnBegan,
    Met,
    TrapSprung,
    SantaRolled,
    PointsRolled,
    CombatWon,
    HypnosisRolled,
    Held,
    Resisted,
    AlakazumFailed,
    Joined,
    Left,
    LevelledUp,
    Buried,
    HandChanged,
    GameOver,
)
