"""The shapes of values: whether a value is a well-formed card, member, team, hand, counter or
played potion, the type checks that the checks of states (:mod:`.checks`), of views
(:mod:`.view`) and of the arguments of :func:`~cardgames.alakazum.culture_points` share. The
rule chapters that check their arguments use them too, which is why this module stands outside
``checks/``: that package's checks import the chapters.

Each answers about one value, without the rules: a value that passes has the types and ranges
the rules read, and whether it fits the rest of its state is for the callers to check.
"""

from __future__ import annotations

import functools
import itertools
import operator

from cardgames.alakazum.cards import COMBAT_KINDS, DIE_KINDS, Kind, Level, is_card
from cardgames.alakazum.config import MAX_CARDS, Config, all_cards, check_config
from cardgames.alakazum.moves import MOVE_TYPES, well_formed
from cardgames.alakazum.state import Member
from cardgames.errors import CardgamesError, InvalidStateError

__all__ = [
    "DIE_FACES",
    "SIDES",
    "card_ok",
    "cards_ok",
    "check_team_and_hand",
    "config_card_ids",
    "config_problem",
    "counts_ok",
    "flags_ok",
    "hand_problem",
    "is_int",
    "is_player",
    "last_move_problem",
    "member_ok",
    "potion_ok",
    "team_problem",
]

#: The faces of the die.
DIE_FACES = range(1, 7)
#: The two sides of a combat.
SIDES = (0, 1)


@functools.lru_cache(maxsize=64)
def config_card_ids(config: Config) -> frozenset[int]:
    """The identities of the config's own card objects (checked with the config), which the
    rules, ``resample`` and JSON put in every state they make."""
    return frozenset(id(card) for card in all_cards(config))


def card_ok(value: object, ids: frozenset[int]) -> bool:
    """Whether ``value`` is a card: one of the config's own objects, or a well-formed card."""
    return id(value) in ids or is_card(value)


def cards_ok(value: object, ids: frozenset[int]) -> bool:
    """Whether ``value`` is a tuple of cards (see :func:`card_ok`)."""
    # The config's own objects, as in every state the rules or JSON made, are known in one pass
    # at C speed; only a tuple with another object in it is looked at card by card.
    return type(value) is tuple and (
        all(map(ids.__contains__, map(id, value))) or all(id(c) in ids or is_card(c) for c in value)
    )


def member_ok(member: object, ids: frozenset[int]) -> bool:
    """Whether ``member`` is a :class:`Member` of a character, with a broom, a cape or none."""
    return (
        type(member) is Member
        and card_ok(member.card, ids)
        and member.card.kind is Kind.CHARACTER
        and type(member.level) is Level
        and (
            member.broom is None or (card_ok(member.broom, ids) and member.broom.kind is Kind.BROOM)
        )
        and (member.cape is None or (card_ok(member.cape, ids) and member.cape.kind is Kind.CAPE))
    )


def is_int(value: object, low: int = 0, high: int | None = None) -> bool:
    """Whether ``value`` is an int from ``low`` up to ``high`` (no bound: ``None``)."""
    return type(value) is int and value >= low and (high is None or value <= high)


def is_player(value: object, n: int) -> bool:
    """Whether ``value`` is a player of ``n``, 0 to ``n - 1``."""
    return is_int(value, 0, n - 1)


def flags_ok(value: object, size: int) -> bool:
    """Whether ``value`` is a tuple of ``size`` bools."""
    # Each item's type, in one pass at C speed.
    return (
        type(value) is tuple
        and len(value) == size
        and all(map(operator.is_, map(type, value), itertools.repeat(bool)))
    )


def counts_ok(value: object, size: int) -> bool:
    """Whether ``value`` is a tuple of ``size`` non-negative ints."""
    # Each item's type, then the least of them, in passes at C speed.
    return (
        type(value) is tuple
        and len(value) == size
        and all(map(operator.is_, map(type, value), itertools.repeat(int)))
        and (not value or min(value) >= 0)
    )


def config_problem(config: Config) -> str | None:
    """What makes ``config`` one that cannot be played, or ``None``."""
    try:
        check_config(config)
    except CardgamesError as exc:
        return str(exc)
    return None


def team_problem(team: object) -> str | None:
    """What makes ``team`` not a team of characters (each with its broom and cape), or
    ``None``."""
    if type(team) is not tuple or len(team) > MAX_CARDS:
        return "a team must be a tuple of Member"
    for i, member in enumerate(team):
        if not member_ok(member, frozenset()):
            return f"team[{i}] is not a Member of a character (with a broom, a cape or None)"
    return None


def hand_problem(hand: object) -> str | None:
    """What makes ``hand`` not a tuple of hand cards, or ``None``."""
    if type(hand) is not tuple or len(hand) > MAX_CARDS:
        return "a hand must be a tuple of hand cards"
    for i, card in enumerate(hand):
        if not is_card(card) or not card.kind.is_hand:
            return f"hand[{i}] is not a hand card"
    return None


def check_team_and_hand(team: object, hand: object) -> None:
    """Raise ``InvalidStateError`` unless ``team`` and ``hand`` are a team and a hand."""
    problem = team_problem(team) or hand_problem(hand)
    if problem is not None:
        raise InvalidStateError(problem)


def potion_ok(entry: object, config: Config) -> bool:
    """Whether ``entry`` is a potion played in a combat: ``(side, card, points)``."""
    if type(entry) is not tuple or len(entry) != 3:  # (side, card, points)
        return False
    side, card, points = entry
    # A potion played for combat points counts its value; a die potion, a double potion
    # played for the die and a robbery count none.
    return (
        type(side) is int
        and side in SIDES
        and card_ok(card, config_card_ids(config))
        and card.kind in (COMBAT_KINDS | DIE_KINDS | {Kind.ROBBERY})
        and type(points) is int
        and (points == 0 or (card.kind in COMBAT_KINDS and points == card.value))
    )


def last_move_problem(mover: object, move: object, players: int) -> str | None:
    """What is wrong with the move that led to a state or view and its player: none yet (both
    ``None``), or a player and a well-formed move, or ``None`` when the move is not known (a
    view that does not show it, or a state dealt from one)."""
    if mover is None:
        return None if move is None else "last_move needs its last_mover"
    if not is_player(mover, players):
        return f"last_mover must be a player 0-{players - 1}"
    if move is not None and not (isinstance(move, MOVE_TYPES) and well_formed(move)):
        return "last_move must be a well-formed alakazum move or None"
    return None
