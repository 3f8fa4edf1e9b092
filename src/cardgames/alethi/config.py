"""The configuration of an Alethi game."""

from __future__ import annotations

import functools
from collections.abc import Mapping
from types import MappingProxyType

import attrs

from cardgames.alethi.cards import DEFAULT_ARMY, CardType, Kind
from cardgames.errors import InvalidConfigError
from cardgames.rng import check_seed

__all__ = ["Config", "Stats", "check_config", "check_seed", "stats"]

STARTING_SQUIRES = 2
#: The largest army a side may have; it keeps every cell within the rules' coordinate limits.
MAX_CARDS = 1000


@attrs.frozen(cache_hash=True)
class Config:
    """Options of an Alethi game; every field has the rules' default.

    ``army`` is each side's card list (replace it to play a variant); ``first_player`` fixes who
    starts (0 red, 1 blue) instead of the seeded coin flip.
    """

    army: tuple[CardType, ...] = DEFAULT_ARMY
    first_player: int | None = None


def check_config(config: Config) -> None:
    """Raise ``InvalidConfigError`` if the config cannot be played."""
    if not isinstance(config, Config):
        raise InvalidConfigError(f"expected an alethi Config, got {type(config).__name__}")
    if type(config.army) is not tuple or not all(type(c) is CardType for c in config.army):
        raise InvalidConfigError("army must be a tuple of CardType")
    for card in config.army:
        if type(card.kind) is not Kind:
            raise InvalidConfigError(f"army: {card.kind!r} is not a Kind")
        if not all(type(v) is int for v in (card.count, card.attack, card.health)):
            raise InvalidConfigError(f"army: {card.kind}'s count, attack and health must be ints")
    kinds = [card.kind for card in config.army]
    if len(set(kinds)) != len(kinds):
        raise InvalidConfigError("army: each kind may appear only once")
    for card in config.army:
        if card.count < 0 or card.attack < 0 or card.health < 0:
            raise InvalidConfigError(f"army: {card.kind} has a negative count or stat")
    if sum(card.count for card in config.army) > MAX_CARDS:
        raise InvalidConfigError(f"army: at most {MAX_CARDS} cards a side")
    squires = next((c.count for c in config.army if c.kind is Kind.SQUIRE), 0)
    if squires < STARTING_SQUIRES:
        raise InvalidConfigError(f"army: needs at least {STARTING_SQUIRES} squires to start")
    if config.first_player is not None and (
        type(config.first_player) is not int or config.first_player not in (0, 1)
    ):
        raise InvalidConfigError(f"first_player must be 0, 1 or None, got {config.first_player}")


@attrs.frozen
class Stats:
    """Attack and health by kind, looked up from a config's army."""

    attack: Mapping[Kind, int]
    health: Mapping[Kind, int]


@functools.lru_cache(maxsize=64)
def stats(config: Config) -> Stats:
    """The stats table of a config (cached: configs are immutable)."""
    # Read-only: the table is shared by every game with this config.
    return Stats(
        attack=MappingProxyType({card.kind: card.attack for card in config.army}),
        health=MappingProxyType({card.kind: card.health for card in config.army}),
    )
