"""Sorted tuples of cell keys, as a board keeps the cells each side may throw on: asked and
edited by bisection, a few entries at a time, so that no move sorts or hashes them all."""

from __future__ import annotations

from bisect import bisect_left, insort
from collections.abc import Container, Iterable

__all__ = ["edit", "holds", "opened", "without"]


def holds(keys: tuple[int, ...], key: object) -> bool:
    """Whether the sorted ``keys`` hold ``key`` (an int, or ``None`` for no cell)."""
    if type(key) is not int:
        return False
    i = bisect_left(keys, key)
    return i < len(keys) and keys[i] == key


def without(keys: tuple[int, ...], key: int) -> tuple[int, ...]:
    """The sorted ``keys`` without ``key`` (the same tuple when it is not there)."""
    i = bisect_left(keys, key)
    if i < len(keys) and keys[i] == key:
        return keys[:i] + keys[i + 1 :]
    return keys


def edit(keys: tuple[int, ...], taken: int | None, added: Iterable[int]) -> tuple[int, ...]:
    """The sorted ``keys`` without ``taken`` (if there) and with ``added``, none of which is
    in ``keys``: a copy and a few insertions, where sorting the union would hash and compare
    every key."""
    merged = list(keys)
    if taken is not None:
        i = bisect_left(merged, taken)
        if i < len(merged) and merged[i] == taken:
            del merged[i]
    for key in added:
        insort(merged, key)
    return tuple(merged)


def opened(
    keys: tuple[int, ...],
    taken: int | None,
    around: Iterable[int],
    cards: Container[int],
    at: int | None = None,
) -> tuple[int, ...]:
    """The sorted ``keys`` without ``taken`` (if there) and with each key of ``around`` that
    is neither a cell of ``cards`` nor in ``keys`` already: the empty cells next to a card
    opening to its side. Each is looked for where it would go, where taking ``cards`` and
    ``keys`` away from a set of the candidates went through all of both. ``at``, when given,
    is where ``taken`` stands in ``keys``, as a caller that looked for it already knows."""
    merged = list(keys)
    if at is not None:
        del merged[at]
    elif taken is not None:
        i = bisect_left(merged, taken)
        if i < len(merged) and merged[i] == taken:
            del merged[i]
    for key in around:
        if key not in cards:
            i = bisect_left(merged, key)
            if i == len(merged) or merged[i] != key:
                merged.insert(i, key)
    return tuple(merged)
