"""A small, portable, immutable random generator that lives inside game states.

The whole generator is one 64-bit integer, so it serializes as a number, compares by value and
gives the same sequence on every platform and Python version (it uses only integer arithmetic).
The algorithm is SplitMix64. Every draw returns the value *and* the next generator::

    >>> rng = Rng.from_seed(7)
    >>> roll, rng = rng.below(6)
    >>> 0 <= roll < 6
    True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

import attrs

from cardgames._surface import public_dir
from cardgames.errors import InvalidConfigError, excerpt

__all__ = ["SEED_BITS", "Rng", "check_seed", "draw_below"]

#: A seed is an int of at most this many bits, of either sign: far more than any seed needs (the
#: generator keeps 64 bits of it), few enough that no seed costs time to read or write.
SEED_BITS = 1024

_MASK = (1 << 64) - 1
_SPAN = 1 << 64
_GOLDEN = 0x9E3779B97F4A7C15
T = TypeVar("T")


def _mix(z: int) -> int:
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)


@attrs.frozen
class Rng:
    """An immutable SplitMix64 generator; ``state`` is its whole state, an int from 0 to
    ``2**64 - 1``.

    The state is not checked when a generator is made (engines make one at every draw); the
    games' ``check_state`` checks the generator of any state from outside.
    """

    state: int

    @classmethod
    def from_seed(cls, seed: int) -> Rng:
        """The generator for a seed; any Python ``int`` works, negative or large (only its low
        64 bits count, so a huge one costs no more than reading it)."""
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise InvalidConfigError(f"seed must be an int, got {type(seed).__name__}")
        return cls(_mix((seed + _GOLDEN) & _MASK))

    def next64(self) -> tuple[int, Rng]:
        """A uniform 64-bit integer and the next generator."""
        state = (self.state + _GOLDEN) & _MASK
        return _mix(state), Rng(state)

    def below(self, n: int) -> tuple[int, Rng]:
        """A uniform integer in ``range(n)`` (unbiased, by rejection) and the next generator."""
        value, state = draw_below(self.state, n)
        return value, Rng(state)

    def shuffled(self, items: Sequence[T]) -> tuple[tuple[T, ...], Rng]:
        """The items in a uniformly random order (Fisher-Yates) and the next generator.

        The same draws as calling :meth:`below` for each swap, with the arithmetic inlined.
        """
        try:
            out = list(items)
        except TypeError:
            raise InvalidConfigError(
                f"shuffled() needs a sequence of items, got {type(items).__name__}"
            ) from None
        state = self.state
        for i in range(len(out) - 1, 0, -1):
            n = i + 1
            limit = _SPAN - _SPAN % n
            while True:
                state = (state + _GOLDEN) & _MASK
                # _mix(state), inlined: shuffles are the hot path of dealing.
                z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
                z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
                value = z ^ (z >> 31)
                if value < limit:
                    break
            j = value % n
            out[i], out[j] = out[j], out[i]
        return tuple(out), Rng(state)

    def split(self) -> tuple[Rng, Rng]:
        """Two independent generators: one to use now and one to keep."""
        value, rng = self.next64()
        return Rng.from_seed(value), rng


def draw_below(state: int, n: int) -> tuple[int, int]:
    """:meth:`Rng.below` on a bare generator state: the value and the next state. Engines that
    draw many numbers in one move keep the state as an int and make the ``Rng`` once."""
    if type(n) is not int or not 0 < n <= _SPAN:
        raise InvalidConfigError(
            f"below() needs a positive int bound of at most 2**64, got {excerpt(n)}"
        )
    limit = _SPAN - _SPAN % n
    while True:
        state = (state + _GOLDEN) & _MASK
        value = _mix(state)
        if value < limit:
            return value % n, state


def check_seed(seed: object) -> None:
    """Raise ``InvalidConfigError`` unless ``seed`` is an int of at most :data:`SEED_BITS` bits
    (``True`` is not a seed)."""
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise InvalidConfigError(f"seed must be an int, got {type(seed).__name__}")
    if seed.bit_length() > SEED_BITS:
        raise InvalidConfigError(f"seed must have at most {SEED_BITS} bits, got {excerpt(seed)}")


__dir__ = public_dir(__all__)
