"""Building blocks for the games' ``evaluate`` functions: quick guesses at who will win.

A search bot that stops a playout before the game ends needs a guess at each player's return
from the state it stopped in. Every game's ``evaluate`` makes that guess from what decides the
game: how far each side is from winning the match, and how well placed it is in the current
round. These helpers turn such measures into chances that add up to one. Each takes a short,
non-empty sequence of finite numbers (one per side) and raises ``InvalidStateError`` for
anything else.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from cardgames._surface import public_dir
from cardgames.errors import InvalidStateError

__all__ = ["CHANCE_SLACK", "MAX_SIDES", "mix", "race", "softmax"]

#: The slope that makes the logistic curve follow the normal one: Φ(x) is close to
#: 1 / (1 + exp(-1.7 x)).
_LOGISTIC = 1.7
#: More sides than any game has: a longer sequence is a mistake.
MAX_SIDES = 64
#: How far the chances given to :func:`mix` may add up to more or less than one.
CHANCE_SLACK = 1e-9


def _numbers(values: object, what: str) -> tuple[float, ...]:
    """``values`` as floats, once they are a non-empty sequence of at most ``MAX_SIDES`` finite
    real numbers."""
    if not isinstance(values, Sequence) or isinstance(values, str | bytes):
        raise InvalidStateError(
            f"{what} must be a sequence of numbers, got {type(values).__name__}"
        )
    if not 0 < len(values) <= MAX_SIDES:
        raise InvalidStateError(f"{what} must hold 1 to {MAX_SIDES} numbers, got {len(values)}")
    numbers = []
    for value in values:
        if not isinstance(value, int | float) or isinstance(value, bool):
            raise InvalidStateError(f"{what} must hold numbers, got a {type(value).__name__}")
        try:
            number = float(value)
        except OverflowError:
            number = math.inf
        if not math.isfinite(number):
            raise InvalidStateError(f"{what} must hold finite numbers")
        numbers.append(number)
    return tuple(numbers)


def softmax(strengths: Sequence[float]) -> tuple[float, ...]:
    """Shares of one that grow by the factor ``e`` with every unit of strength.

    >>> softmax([0.0, 0.0])
    (0.5, 0.5)
    """
    strengths = _numbers(strengths, "strengths")
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
    needs = _numbers(needs, "needs")
    done = [need <= 0 for need in needs]
    if any(done):
        first = done.index(True)
        return tuple(1.0 if side == first else 0.0 for side in range(len(needs)))
    spread = math.sqrt(2.0 * sum(needs) / len(needs))
    return softmax([-_LOGISTIC * need / spread for need in needs])


def mix(chances: Sequence[float], outcomes: Sequence[Sequence[float]]) -> tuple[float, ...]:
    """The expected values when outcome ``i`` (a value per side) comes with ``chances[i]``.

    The chances are those of every outcome that can happen, so each lies in [0, 1] and they add
    up to one (within ``CHANCE_SLACK``, room for the rounding of a :func:`softmax`); the values
    of an outcome are returns, each in [0, 1]. The expected values are then in [0, 1] too.

    >>> mix([0.5, 0.5], [(1.0, 0.0), (0.0, 1.0)])
    (0.5, 0.5)
    """
    chances = _numbers(chances, "chances")
    if any(not 0.0 <= c <= 1.0 for c in chances):
        raise InvalidStateError("chances must each lie between 0 and 1")
    if abs(math.fsum(chances) - 1.0) > CHANCE_SLACK:
        raise InvalidStateError("chances must add up to 1")
    if not isinstance(outcomes, Sequence) or len(outcomes) != len(chances):
        raise InvalidStateError("mix() needs one outcome per chance")
    outcomes = [_numbers(o, "an outcome") for o in outcomes]
    sides = len(outcomes[0])
    if any(len(o) != sides for o in outcomes):
        raise InvalidStateError("every outcome of mix() needs a value per side")
    if any(not 0.0 <= value <= 1.0 for o in outcomes for value in o):
        raise InvalidStateError("the values of an outcome must each lie between 0 and 1")
    # Within the slack the sum may pass 1 by a rounding error: the result stays in [0, 1].
    return tuple(
        min(1.0, sum(c * o[side] for c, o in zip(chances, outcomes, strict=True)))
        for side in range(sides)
    )


__dir__ = public_dir(__all__)
