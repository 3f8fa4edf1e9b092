"""Moves met again and again: the legal move a move equals, and moves read from JSON once per
distinct value."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

__all__ = ["MoveReader", "find_move"]

M = TypeVar("M")


def find_move(moves: tuple[M, ...], move: object) -> M | None:
    """The legal move equal to ``move`` (the very object first, which is how bots answer), or
    ``None``; a move that cannot even be compared is not legal."""
    for legal in moves:
        if legal is move:
            return legal
    try:
        for legal in moves:
            if legal == move:
                return legal
    except (TypeError, ValueError):
        return None
    return None


class MoveReader:
    """A game's moves read from their JSON values, each distinct value structured once.

    The quick readers of the games' states meet the move that led to a state in nearly every
    document, and a match meets few distinct moves: ``structure`` (the converter's hook of the
    game's move union, which refuses a value that is not a move) runs once per value; the
    moves made are kept, up to :attr:`MOST_KEPT` of them. A value's scalars are kept with
    their types, so ``true`` never finds the move of ``1``.
    """

    #: The most moves kept: more than a match meets, few enough for hostile documents.
    MOST_KEPT = 4096

    __slots__ = ("_kept", "_structure")

    def __init__(self, structure: Callable[..., Any]) -> None:
        self._structure = structure
        self._kept: dict[Any, Any] = {}

    def __call__(self, value: Any, *context: Any) -> Any:
        """The move ``value`` (a JSON object) stands for; the hook's error for any other.
        ``context`` goes to ``structure`` after the value, the first time it is read."""
        key = _frozen(value)
        kept = self._kept
        move = kept.get(key)
        if move is None:
            move = self._structure(value, *context)
            if len(kept) < self.MOST_KEPT:
                kept[key] = move
        return move


def _frozen(value: Any) -> Any:
    """A JSON value as a hashable key that tells apart values of different types."""
    kind = type(value)
    if kind is dict:
        return (dict, *((k, _frozen(v)) for k, v in value.items()))
    if kind is list:
        return (list, *map(_frozen, value))
    return kind, value
