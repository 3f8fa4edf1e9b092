"""The configuration of an Alethi game."""

from __future__ import annotations

import functools
from collections.abc import Mapping
from types import MappingProxyType

import attrs

from cardgames._engine import Passed
from cardgames.alethi.cards import DEFAULT_ARMY, CardType, Kind
from cardgames.errors import InvalidConfigError, excerpt, kind_of
from cardgames.rng import check_seed

__all__ = [
    "Config",
    "Stats",
    "check_config",
    "check_config_type",
    "check_seed",
    "default_turn_limit",
    "stats",
]

STARTING_SQUIRES = 2
#: The largest army a side may have, eight times the standard one. The field of a game spans at
#: most as many cells as its cards and turns (both grow with the army), so this keeps every cell
#: within the rules' coordinate limits and every picture of the table below a megabyte.
MAX_CARDS = 100
#: The largest attack or health a card may have: far more than any army needs, small enough
#: that every sum of attacks stays a small integer.
MAX_STAT = 1000


@attrs.frozen(cache_hash=True)
class Config:
    """Options of an Alethi game; every field has the rules' default.

    ``army`` is each side's card list (replace it to play a variant); ``first_player`` fixes who
    starts (0 red, 1 blue) instead of the seeded coin flip. ``turn_limit`` is a safety cap: the
    game ends by counting uncaptured cards at the end of that turn. ``None`` (the default) sets
    it to :func:`default_turn_limit`, which a game reaches only if it would otherwise stall.
    """

    army: tuple[CardType, ...] = DEFAULT_ARMY
    first_player: int | None = None
    turn_limit: int | None = None


def default_turn_limit(army: tuple[CardType, ...]) -> int:
    """Two turns per barracks card of both sides, and two more.

    A game goes on only while a side can bring a card in, and then a card comes in within two
    turns, unless the only way in is a soulcast that its side passes, or the other side's
    Scout steps onto the last free cell in between. So a game reaches this limit only if it
    stalls that way again and again, and the limit ends it.
    """
    barracks = 2 * (sum(card.count for card in army) - STARTING_SQUIRES)
    return 2 * barracks + 2


def check_config_type(config: object) -> None:
    """Raise ``InvalidConfigError`` unless ``config`` is an alethi ``Config`` (its fields not
    checked: for functions that read none of them)."""
    if type(config) is not Config:
        raise InvalidConfigError(f"expected an alethi Config, got {kind_of(config)}")


#: The configs that passed :func:`check_config`.
_PASSED = Passed(256)


def check_config(config: Config) -> None:
    """Raise ``InvalidConfigError`` if the config cannot be played.

    Every check stops at the first problem and costs time linear in the size of the army at
    most; messages name the field and never repeat the value given. A config object that
    passed once is not checked again (configs are frozen).
    """
    _PASSED.check(config, _check_config)


def _check_config(config: Config) -> None:
    """:func:`check_config`, every time."""
    check_config_type(config)
    army = config.army
    if type(army) is not tuple:
        raise InvalidConfigError(f"army must be a tuple of CardType, got {excerpt(army)}")
    if len(army) > len(Kind):
        raise InvalidConfigError(f"army: at most one entry per kind ({len(Kind)}), got {len(army)}")
    kinds = set()
    for number, card in enumerate(army):
        if type(card) is not CardType:
            raise InvalidConfigError(f"army[{number}] must be a CardType, got {excerpt(card)}")
        if type(card.kind) is not Kind:
            raise InvalidConfigError(
                f"army[{number}].kind must be a Kind, got {excerpt(card.kind)}"
            )
        if card.kind in kinds:
            raise InvalidConfigError(f"army: {card.kind} appears twice; each kind at most once")
        kinds.add(card.kind)
        for name in ("count", "attack", "health"):
            value = getattr(card, name)
            if type(value) is not int:
                raise InvalidConfigError(
                    f"army[{number}].{name} must be an int, got {excerpt(value)}"
                )
            top = MAX_CARDS if name == "count" else MAX_STAT
            if not 0 <= value <= top:
                raise InvalidConfigError(
                    f"army[{number}].{name} must be 0-{top}, got {excerpt(value)}"
                )
    if sum(card.count for card in army) > MAX_CARDS:
        raise InvalidConfigError(f"army: at most {MAX_CARDS} cards a side")
    squires = next((c.count for c in army if c.kind is Kind.SQUIRE), 0)
    if squires < STARTING_SQUIRES:
        raise InvalidConfigError(f"army: needs at least {STARTING_SQUIRES} squires to start")
    first = config.first_player
    if first is not None and (type(first) is not int or first not in (0, 1)):
        raise InvalidConfigError(f"first_player must be 0, 1 or None, got {excerpt(first)}")
    limit = config.turn_limit
    if limit is not None:
        top = default_turn_limit(army)
        if type(limit) is not int or not 1 <= limit <= top:
            raise InvalidConfigError(
                f"turn_limit must be None or an int 1-{top} for this army, got {excerpt(limit)}"
            )


def turn_limit(config: Config) -> int:
    """The turn at whose end the game stops at the latest (``config`` already checked)."""
    limit = config.turn_limit
    return default_turn_limit(config.army) if limit is None else limit


@attrs.frozen
class Stats:
    """Attack and health by kind, looked up from a config's army, its turn limit, and how many
    cards of each kind a side has."""

    attack: Mapping[Kind, int]
    health: Mapping[Kind, int]
    turn_limit: int
    counts: Mapping[Kind, int] = MappingProxyType({})


@functools.lru_cache(maxsize=64)
def stats(config: Config) -> Stats:
    """The stats table of a config (cached: configs are immutable)."""
    # Read-only: the table is shared by every game with this config.
    return Stats(
        attack=MappingProxyType({card.kind: card.attack for card in config.army}),
        health=MappingProxyType({card.kind: card.health for card in config.army}),
        turn_limit=turn_limit(config),
        counts=MappingProxyType({card.kind: card.count for card in config.army}),
    )
