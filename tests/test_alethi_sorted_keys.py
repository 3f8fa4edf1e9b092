"""The sorted tuples of cell keys that Alethi's boards keep, edited a few entries at a time, held
to the plain set arithmetic over random keys."""

from __future__ import annotations

import random

import pytest

from cardgames.alethi._fast.sorted_keys import edit, holds, opened, without


def random_keys(chooser: random.Random) -> tuple[int, ...]:
    """A few distinct keys of a small range, sorted: enough overlap to test both ways."""
    return tuple(sorted(chooser.sample(range(40), chooser.randint(0, 12))))


@pytest.mark.parametrize("seed", range(300))
def test_opened_is_the_union_of_the_empty_cells_sorted(seed: int) -> None:
    """``opened`` gives the keys without the one taken, with every candidate that is neither a
    card's cell nor there already: the sorted set arithmetic it stands for."""
    chooser = random.Random(seed)
    keys = random_keys(chooser)
    taken = chooser.choice((None, chooser.randrange(40)))
    around = tuple(chooser.randrange(40) for _ in range(chooser.randint(0, 5)))
    cards = dict.fromkeys(chooser.sample(range(40), chooser.randint(0, 10)))
    plain = sorted((set(keys) - {taken}) | (set(around) - set(cards)))
    assert opened(keys, taken, around, cards) == tuple(plain)


@pytest.mark.parametrize("seed", range(300))
def test_edit_without_and_holds_are_the_set_arithmetic(seed: int) -> None:
    """``edit`` adds keys that are not there and takes one away, ``without`` takes one away,
    ``holds`` asks for one: as sets of the same keys, kept sorted."""
    chooser = random.Random(seed)
    keys = random_keys(chooser)
    key = chooser.randrange(40)
    added = set(chooser.sample(range(40), chooser.randint(0, 4))) - set(keys)
    taken = chooser.choice((None, key))
    assert edit(keys, taken, added) == tuple(sorted((set(keys) - {taken}) | added))
    assert without(keys, key) == tuple(sorted(set(keys) - {key}))
    assert holds(keys, key) is (key in keys)
    assert not holds(keys, None)


@pytest.mark.parametrize("seed", range(300))
def test_opened_told_where_the_taken_key_stands_is_opened_looking_for_it(seed: int) -> None:
    """Given where the taken key stands in the keys, ``opened`` gives what it gives when it
    looks for the key itself."""
    chooser = random.Random(seed)
    keys = random_keys(chooser) or (7,)
    at = chooser.randrange(len(keys))
    around = tuple(chooser.randrange(40) for _ in range(chooser.randint(0, 5)))
    cards = dict.fromkeys(chooser.sample(range(40), chooser.randint(0, 10)))
    assert opened(keys, keys[at], around, cards, at) == opened(keys, keys[at], around, cards)
