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

import functools
import hashlib
import struct
from collections.abc import Sequence
from typing import TypeVar

import attrs

from cardgames._surface import public_dir
from cardgames.errors import InvalidConfigError, excerpt

__all__ = ["SEED_BITS", "Rng", "check_seed", "derive_seed", "draw_below", "shuffle_one_by_one"]

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

        The same draws as calling :meth:`below` for each swap, from the last place down
        (:func:`shuffle_one_by_one` reads so); they are worked out all at once (see
        :func:`_draws`).
        """
        try:
            out = list(items)
        except TypeError:
            raise InvalidConfigError(
                f"shuffled() needs a sequence of items, got {type(items).__name__}"
            ) from None
        count = len(out)
        if count < 2:
            return tuple(out), Rng(self.state)
        if count > _MOST_AT_ONCE:
            return shuffle_one_by_one(out, self.state)
        values = _draws(self.state, count - 1)
        # below(n) draws again when its draw is 2**64 - 2**64 % n or more, which is more than
        # 2**64 - count for every n of this shuffle: below that, no draw is drawn again (all
        # but certain); otherwise the draws are taken one by one.
        if max(values) >= _SPAN - count:
            return shuffle_one_by_one(out, self.state)
        i = count - 1  # each place from the last down, swapped with the place drawn below i + 1
        for value in values:
            j = value % (i + 1)
            out[i], out[j] = out[j], out[i]
            i -= 1
        return tuple(out), Rng((self.state + (count - 1) * _GOLDEN) & _MASK)

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
        # _mix(state), written out: engines draw in their move paths, where a call costs as
        # much as the mixing.
        z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        z ^= z >> 31
        if z < limit:
            return z % n, state


def shuffle_one_by_one(out: list[T], state: int) -> tuple[tuple[T, ...], Rng]:
    """Shuffle the list ``out`` in place as :meth:`Rng.shuffled` does from the generator
    state ``state`` (Fisher-Yates: for each place ``i`` from the last down, swap it with the
    place drawn below ``i + 1``), one draw at a time: the plain reading, and the road of a
    shuffle with a draw to take again. Returns the items in their new order and the next
    generator."""
    for i in range(len(out) - 1, 0, -1):
        j, state = draw_below(state, i + 1)
        out[i], out[j] = out[j], out[i]
    return tuple(out), Rng(state)


# --- many draws at once ----------------------------------------------------------------------
# SplitMix64 is a counter: its k-th draw from the state s mixes s + k * golden (mod 2**64). So
# the draws of a whole shuffle can be mixed together, as one long int that holds each counter
# in a lane of 128 bits: a shift, an xor, a product by a 64-bit constant or a mask then works
# on every lane in one operation at C speed (a product of two 64-bit numbers fits in its lane,
# and what a right shift brings down from the next lane lands above the low 64 bits, which the
# mask clears), instead of a dozen operations of the interpreter for each draw.

# Longer shuffles (none of the games') take their draws one by one, so that the tables below
# stay small.
_MOST_AT_ONCE = 1024


@functools.lru_cache(maxsize=256)  # every length of the games' decks
def _lanes(count: int) -> tuple[int, int, int, struct.Struct]:
    """For ``count`` draws: 1 in every lane, k * golden in lane k - 1, 2**64 - 1 in every
    lane, and the layout that reads each lane's low 64 bits out of the lanes as bytes,
    skipping its high ones."""
    lanes = struct.Struct(f"<{2 * count}Q")  # each lane's low and high 64 bits
    ones = int.from_bytes(lanes.pack(*[1, 0] * count), "little")
    words = [part for k in range(1, count + 1) for part in _halves(k * _GOLDEN)]
    steps = int.from_bytes(lanes.pack(*words), "little")
    return ones, steps, ones * _MASK, struct.Struct("<" + "Q8x" * count)


def _halves(value: int) -> tuple[int, int]:
    """A number below 2**128 as its low and high 64 bits."""
    return value & _MASK, value >> 64


def _draws(state: int, count: int) -> tuple[int, ...]:
    """The next ``count`` 64-bit draws of the generator state ``state``, without rejection
    (as :meth:`Rng.next64` gives them one after the other)."""
    ones, steps, low, layout = _lanes(count)
    z = (state * ones + steps) & low  # each lane's counter: state + k * golden, mod 2**64
    z = ((z ^ (z >> 30)) & low) * 0xBF58476D1CE4E5B9 & low
    z = ((z ^ (z >> 27)) & low) * 0x94D049BB133111EB & low
    # The last shift brings the low bits of each lane down into the high half of the lane
    # below, which the layout skips: no mask is needed after it.
    z ^= z >> 31
    values: tuple[int, ...] = layout.unpack(z.to_bytes(layout.size, "little"))
    return values


def check_seed(seed: object) -> None:
    """Raise ``InvalidConfigError`` unless ``seed`` is an int of at most :data:`SEED_BITS` bits
    (``True`` is not a seed)."""
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise InvalidConfigError(f"seed must be an int, got {type(seed).__name__}")
    if seed.bit_length() > SEED_BITS:
        raise InvalidConfigError(f"seed must have at most {SEED_BITS} bits, got {excerpt(seed)}")


#: The longest purpose :func:`derive_seed` takes (BLAKE2b's personalization is 16 bytes).
_PURPOSE_BYTES = 16


def derive_seed(seed: int, purpose: str, index: int, *, bits: int = 256) -> int:
    """A seed for ``purpose`` (``"bot"``, ``"tournament"``...) and ``index`` (a seat, a game
    number) made from ``seed`` by a one-way function: BLAKE2b of the seed's 64 bits that
    count and of ``index``, personalized by ``purpose``.

    What is made from the derived seed (a bot's ``random.Random``, another game's seed) tells
    nothing about ``seed`` that trying every seed would not: the draws of SplitMix64 and of
    the Mersenne Twister can be run backwards to their seed, a hash cannot. Different purposes
    and indices give unrelated seeds; ``bits`` (1 to 512) is the size of the result.

    >>> derive_seed(1, "bot", 0) == derive_seed(1, "bot", 0) != derive_seed(1, "bot", 1)
    True
    """
    check_seed(seed)
    if type(index) is not int or not 0 <= index < _SPAN:
        raise InvalidConfigError(f"index must be an int from 0 to 2**64 - 1, got {excerpt(index)}")
    if type(bits) is not int or not 1 <= bits <= 512:
        raise InvalidConfigError(f"bits must be an int from 1 to 512, got {excerpt(bits)}")
    name = purpose.encode() if type(purpose) is str else b""
    if not name or len(name) > _PURPOSE_BYTES:
        raise InvalidConfigError(f"purpose must be text of 1 to {_PURPOSE_BYTES} bytes")
    data = (seed & _MASK).to_bytes(8, "little") + index.to_bytes(8, "little")
    digest = hashlib.blake2b(data, digest_size=(bits + 7) // 8, person=name).digest()
    return int.from_bytes(digest, "little") >> (-bits % 8)


__dir__ = public_dir(__all__)
