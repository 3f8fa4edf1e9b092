"""``Rng.shuffled`` works out all the draws of a shuffle at once; it is held here to the plain
reading, one draw of ``below`` at a time, over random lengths and generator states."""

from __future__ import annotations

import random

import pytest

from cardgames import rng as rng_module
from cardgames.rng import Rng, shuffle_one_by_one

_MASK = (1 << 64) - 1
_SPAN = 1 << 64
_GOLDEN = 0x9E3779B97F4A7C15


def _as_written_before(state: int, items: list[int]) -> tuple[tuple[int, ...], int]:
    """The shuffle as ``Rng.shuffled`` wrote it before its draws were made together (a frozen
    copy, kept as the reference): the items and the generator's next state."""
    out = list(items)
    for i in range(len(out) - 1, 0, -1):
        n = i + 1
        limit = _SPAN - _SPAN % n
        while True:
            state = (state + _GOLDEN) & _MASK
            z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
            value = z ^ (z >> 31)
            if value < limit:
                break
        j = value % n
        out[i], out[j] = out[j], out[i]
    return tuple(out), state


def _states(draw: random.Random) -> list[int]:
    """Generator states: random ones and those at the edges of the counter's range."""
    edges = [0, 1, _MASK, _MASK - _GOLDEN, (-5 * _GOLDEN) & _MASK, _GOLDEN]
    return edges + [draw.getrandbits(64) for _ in range(300)]


def test_a_shuffle_makes_the_draws_of_the_plain_reading() -> None:
    """Every length from 0 to 130 and many generator states: the same order and the same next
    generator as one draw at a time, and as the loop written before."""
    draw = random.Random(17)
    for state in _states(draw):
        count = draw.randrange(0, 131)
        items = list(range(count))
        fast, after = Rng(state).shuffled(items)
        assert (fast, after) == shuffle_one_by_one(list(items), state)
        assert (fast, after.state) == _as_written_before(state, items)
    for count in range(131):
        items = list(range(count))
        assert Rng(99).shuffled(items)[0] == _as_written_before(99, items)[0]


def test_the_draws_at_once_are_the_generators_draws() -> None:
    """The draws worked out together are ``next64``'s, one after the other."""
    draw = random.Random(3)
    for state in _states(draw)[:40]:
        count = draw.randrange(1, 120)
        generator = Rng(state)
        expected = []
        for _ in range(count):
            value, generator = generator.next64()
            expected.append(value)
        assert list(rng_module._draws(state, count)) == expected


@pytest.mark.parametrize("count", [2, 3, 10, 90])
def test_a_draw_to_take_again_takes_the_draws_one_by_one(
    count: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """When a draw of the shuffle would be drawn again by ``below`` (or might be), the shuffle
    takes its draws one by one: the same result as the plain reading."""
    real = rng_module._draws

    def one_too_high(state: int, many: int) -> tuple[int, ...]:
        values = list(real(state, many))
        values[-1] = _MASK
        return tuple(values)

    monkeypatch.setattr(rng_module, "_draws", one_too_high)
    items = [f"card {i}" for i in range(count)]
    for state in (0, 12345, _MASK):
        assert Rng(state).shuffled(items) == shuffle_one_by_one(list(items), state)


def test_long_shuffles_make_the_same_draws() -> None:
    """Around the length past which the draws are taken one by one, and far past it: the
    plain reading's order and generator."""
    for count in (rng_module._MOST_AT_ONCE - 1, rng_module._MOST_AT_ONCE, 1025, 3000):
        items = list(range(count))
        for state in (5, _MASK):
            assert Rng(state).shuffled(items) == shuffle_one_by_one(list(items), state)


def test_a_draw_below_is_the_plain_reading_of_next64() -> None:
    """``draw_below`` mixes the generator's state written out in its own body; it is held to
    ``next64``'s draws taken until one falls under the bound, bounds that draw again half the
    time included."""
    draw = random.Random(29)
    bounds = [1, 2, 6, 91, 115, (1 << 63) + 1, (1 << 64) - 1, 1 << 64]
    for state in _states(draw):
        for n in [*bounds, draw.randrange(1, 1 << 64)]:
            limit = _SPAN - _SPAN % n
            plain = Rng(state)
            while True:
                value, plain = plain.next64()
                if value < limit:
                    break
            assert rng_module.draw_below(state, n) == (value % n, plain.state)
            assert Rng(state).below(n) == (value % n, plain)
