"""Building blocks for the games' ``evaluate`` functions: quick guesses at who will win.

A search bot that stops a playout before the game ends needs a guess at each player's return
from the state it stopped in. Every game's ``evaluate`` makes that guess from what decides the
game: how far each side is from winning the match, and how well placed it is in the current
round. These helpers turn such measures into chances that add up to one.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

__all__ = ["mix", "race", "softmax"]

#: The slope that makes the logistic curve follow the normal one: Φ(x) is close to
#: 1 / (1 + exp(-1.7 x)).
_LOGISTIC = 1.7


def softmax(strengths: Sequence[float]) -> tuple[float, ...]:
    """Shares of one that grow by the factor ``e`` with every unit of strength.

    >>> softmax([0.0, 0.0])
    (0.5, 0.5)
    """
    top = max(strengths)
    weights = [math.exp(s - top) for s in strengths]
    total = sum(weights)
    return tuple(w / total for w in weights)


def race(needs: Sequence[float]) -> tuple[float, ...]:
    """Each side's chance of being the first to reach its target, when side ``i`` still needs
    ``needs[i]`` wins and every win is a toss-up between the sides.

    A side that needs nothing more has won. Otherwise the lead in wins still needed counts for
    less the longer the race still is: in two sides the chance is close to the normal curve of
    the difference over its spread (``a`` wins needed against ``b``: about ``Φ((b - a) /
    √(a + b))``), and more sides share it the same way.

    >>> race([1, 1])
    (0.5, 0.5)
    >>> [round(p, 2) for p in race([1, 4])]  # 40-0 in a game of tennis
    [0.91, 0.09]
    >>> race([0, 3])
    (1.0, 0.0)
    """
    done = [need <= 0 for need in needs]
    if any(done):
        first = done.index(True)
        return tuple(1.0 if side == first else 0.0 for side in range(len(needs)))
    spread = math.sqrt(2.0 * sum(needs) / len(needs))
    return softmax([-_LOGISTIC * need / spread for need in needs])


def mix(chances: Sequence[float], outcomes: Sequence[Sequence[float]]) -> tuple[float, ...]:
    """The expected values when outcome ``i`` (a value per side) comes with ``chances[i]``.

    >>> mix([0.5, 0.5], [(1.0, 0.0), (0.0, 1.0)])
    (0.5, 0.5)
    """
    sides = len(outcomes[0])
    return tuple(
        sum(c * o[side] for c, o in zip(chances, outcomes, strict=True)) for side in range(sides)
    )
