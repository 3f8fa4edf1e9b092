"""Issue 28, item 1: the generator the arena hands a bot tells nothing of the game's seed.

The attack this guards against: a bot reads its own ``random.Random`` (``getstate()``), runs the
Mersenne Twister's seeding backwards to the integer it was seeded with, and, when that integer
was a draw of SplitMix64 from the game's seed, runs SplitMix64 backwards too: it then knows the
seed, deals the game again and sees every hand. The tests give the attacker the strongest
position (the integer itself) and check that the seed is still out of reach, in ``arena.play``,
in a tournament and in the CLI's play.
"""

from __future__ import annotations

import hashlib
import itertools
import random
import secrets
from collections.abc import Sequence
from typing import Any

import pytest

import cardgames
from cardgames import arena, bots
from cardgames.registry import GAMES
from cardgames.rng import derive_seed

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15


def _unmix(z: int) -> int:
    """SplitMix64's output mixing, run backwards (each step of it is a bijection)."""
    z ^= z >> 31 ^ z >> 62
    z = (z * pow(0x94D049BB133111EB, -1, 1 << 64)) & _MASK
    z ^= z >> 27 ^ z >> 54
    z = (z * pow(0xBF58476D1CE4E5B9, -1, 1 << 64)) & _MASK
    return z ^ (z >> 30) ^ (z >> 60)


def _splitmix_seeds(value: int) -> set[int]:
    """Every seed from which some early SplitMix64 draw (``Rng.from_seed(seed)`` then up to
    64 ``next64`` calls, the seed xored with any of the library's former salts or none) is
    ``value``: what an attacker tries first."""
    found = set()
    low = value & _MASK
    for draws in range(1, 65):
        state = _unmix(low)
        start = (state - draws * _GOLDEN) & _MASK
        seeded = (_unmix(start) - _GOLDEN) & _MASK
        for salt in (0, 0xB075_5EED, 0x7041_5EED):
            found.add(seeded ^ salt)
    return found


def test_the_mixing_inverse_is_right() -> None:
    """The attacker's tool works: it finds the seed of a generator seeded the old way."""
    seed = secrets.randbits(64)
    value, _ = cardgames.rng.Rng.from_seed(seed ^ 0xB075_5EED).next64()
    assert seed in _splitmix_seeds(value)


class _Spy:
    """A random bot that keeps the state of the generator it is handed, once per game."""

    name = "spy"

    def __init__(self) -> None:
        self.states: list[Any] = []

    def choose(self, view: object, legal_moves: Sequence[Any], rng: random.Random) -> Any:
        if not self.states or self.states[-1][0] is not rng:
            self.states.append((rng, rng.getstate()))
        return legal_moves[rng.randrange(len(legal_moves))]


def _seeded_integer(state: Any) -> int:
    """The integer a Mersenne Twister with this state was seeded with, among the ones the
    arena could have used: the attacker who has run the seeding backwards knows it. The test
    stands in for that computation by asking which derivation matches."""
    for candidate in _CANDIDATES:
        if random.Random(candidate).getstate() == state:
            return candidate
    raise AssertionError("the bot's generator was seeded some other way")


_CANDIDATES: list[int] = []


def _expect(seed: int, seats: int) -> None:
    _CANDIDATES.clear()
    _CANDIDATES.extend(derive_seed(seed, "cardgames.bot", s) for s in range(seats))


@pytest.mark.parametrize("name", sorted(GAMES))
def test_bot_generator_hides_the_seed_in_arena_play(name: str) -> None:
    """In a game of every kind, the integer behind each bot's generator is a 256-bit BLAKE2b
    digest: no inverse of SplitMix64 leads from it to the game's seed."""
    game = GAMES[name]
    seats = game.num_players(game.config_type())
    seed = secrets.randbits(64)
    spies = [_Spy() for _ in range(seats)]
    arena.play(game, spies, seed=seed)
    _expect(seed, seats)
    for spy in spies:
        for _, state in spy.states:
            value = _seeded_integer(state)
            assert value.bit_length() > 64
            assert seed not in _splitmix_seeds(value)
            assert seed not in _splitmix_seeds(value >> 64)


def test_bot_generator_hides_the_seed_in_a_tournament() -> None:
    """The same in a tournament, where each game's seed is also kept from the others."""
    game = GAMES["lerally"]
    spy = _Spy()
    result = arena.tournament(game, [spy, bots.RandomBot()], games=4, seed=secrets.randbits(64))
    seeds = [record.seed for record in result.records]
    states = [state for _, state in spy.states]
    assert len(states) == 4
    for seed in seeds:
        _expect(seed, 2)
        values = [v for v in _CANDIDATES if random.Random(v).getstate() in states]
        assert values, "each game hands the spy a generator derived from that game's seed"
        for value in values:
            assert seed not in _splitmix_seeds(value)
    # One game's seed (from its record, once it is over) tells nothing of the next one's: the
    # old seeds were the top 53 bits of successive SplitMix64 draws, so trying the 2,048 ways
    # to fill the missing bits, running the mixing backwards and stepping on named them all.
    for earlier, later in itertools.pairwise(seeds):
        assert later not in _next_seeds(earlier)


def _next_seeds(seed: int) -> set[int]:
    """The seeds that follow ``seed`` if the seeds were SplitMix64 draws cut to 53 bits."""
    found = set()
    for low in range(1 << 11):
        state = _unmix(seed << 11 | low)
        found.add(cardgames.rng.Rng(state).next64()[0] >> 11)
    return found


def test_the_old_game_seeds_were_predictable() -> None:
    """The attacker's tool works on seeds made the old way."""
    rng = cardgames.rng.Rng.from_seed(secrets.randbits(64))
    first, rng = rng.next64()
    second, _ = rng.next64()
    assert second >> 11 in _next_seeds(first >> 11)


def test_the_derivation_is_blake2b() -> None:
    """The derived integer is BLAKE2b of the seed's 64 bits and the seat, personalized by the
    purpose: a one-way function, so knowing it is no step towards the seed."""
    seed, seat = secrets.randbits(64), 3
    digest = hashlib.blake2b(
        seed.to_bytes(8, "little") + seat.to_bytes(8, "little"),
        digest_size=32,
        person=b"cardgames.bot",
    ).digest()
    expected = random.Random(int.from_bytes(digest, "little")).getstate()
    assert arena.bot_rng(seed, seat).getstate() == expected
