"""Moves made once: the rules offer the same small move values in state after state, and
finding a move by its fields costs far less than building it again.

:func:`interned` keeps a move class's values by their fields (an ``lru_cache`` of the class);
:class:`ByName` keeps the moves that name one character, by the name, in a dict read at C speed
(where the cache makes a key and keeps its order of use at every call). Both are owned by
``cardgames._kept``, so ``_kept.clear("cardgames.alakazum")`` empties them.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Generic, TypeVar

from cardgames import _kept

__all__ = ["MOST_NAMES", "ByName", "interned"]

#: Names whose move one :class:`ByName` keeps; past this many, it starts again empty.
MOST_NAMES = 4096

F = TypeVar("F", bound=Callable[..., object])
M = TypeVar("M")


def interned(move: F, most: int = 4096) -> F:
    """``move`` (a move class, or a function making moves) made once per set of arguments, at
    most ``most`` of them kept."""
    return _kept.lru(most, owner=__name__)(move)


class ByName(dict[str, M], Generic[M]):
    """The moves of one kind by the name of the character they name, each made the first time
    it is asked for: ``table[name]``."""

    __slots__ = ("make",)

    def __init__(self, make: Callable[[str], M]) -> None:
        super().__init__()
        self.make = make
        _kept.keep(self, owner=__name__)

    def __missing__(self, name: str) -> M:
        if len(self) >= MOST_NAMES:
            self.clear()
        made = self[name] = self.make(name)
        return made

    def cache_clear(self) -> None:
        """Forget every move made."""
        self.clear()
