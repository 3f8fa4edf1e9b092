"""The step moves to a list of cells, each list of moves made once: the cells a player may
step to recur, and a move costs several times the lookup to build."""

from __future__ import annotations

from cardgames import _kept
from cardgames.alakaslam.cards import Card
from cardgames.alakaslam.court import Cell
from cardgames.alakaslam.moves import DiscardStep, Meddle, Step

__all__ = ["meddles_to", "paid_steps_to", "steps_to"]


@_kept.lru(256, owner=__name__)
def steps_to(targets: tuple[Cell, ...]) -> tuple[Step, ...]:
    """A free step to each of ``targets``."""
    return tuple(Step(cell) for cell in targets)


@_kept.lru(4096, owner=__name__)
def paid_steps_to(face: Card, targets: tuple[Cell, ...]) -> tuple[DiscardStep, ...]:
    """A step to each of ``targets`` paid with a card of ``face``."""
    return tuple(DiscardStep(face, cell) for cell in targets)


@_kept.lru(1024, owner=__name__)
def meddles_to(player: int, targets: tuple[Cell, ...]) -> tuple[Meddle, ...]:
    """Toots moving ``player`` to each of ``targets``."""
    return tuple(Meddle(player, cell) for cell in targets)
