"""What a match of one config starts from, made once per config and server."""

from __future__ import annotations

from cardgames import _kept
from cardgames.lerally.config import Config
from cardgames.lerally.state import Score, State
from cardgames.rng import Rng

__all__ = ["empty_table"]


@_kept.lru(64, owner=__name__)
def empty_table(config: Config, server: int) -> State:
    """The table of a new match before its first deal, with no cards anywhere and no points:
    every match of a config starts from one (its generator is a stand-in, set by the deal)."""
    sides = config.sides
    return State(
        config=config,
        to_move=None,
        leading=True,
        ball=None,
        attack=None,
        attack_total=0,
        last=None,
        deck=(),
        pile=(),
        cleared=(),
        hands=((),) * config.players,
        server=server,
        score=Score((0,) * sides, (0,) * sides),
        rng=Rng(0),
    )
