"""Every cache the library keeps between calls, owned in one place.

The games keep what they work out once per config (tables, openings, texts of cards) and what
they meet again and again (moves, hands): caches at module level, each bounded. They are
made through this module, which records each under its owner (the module that keeps it), so
that a test, a benchmark or a program that loads configs from outside can list them, see
their sizes and empty them all at once (:func:`clear`), and no cache is hidden in a corner.

A cache here is any object with a ``cache_clear()`` method: a :func:`functools.lru_cache`
wrapper (:func:`lru`), a memo by identity (:func:`by_identity`), or a plain dict
(:class:`KeptDict`, :func:`kept_dict`).
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any, Protocol, TypeVar

from cardgames._engine import ByIdentity

__all__ = ["Clearable", "KeptDict", "by_identity", "caches", "clear", "keep", "kept_dict", "lru"]

K = TypeVar("K")
V = TypeVar("V")
W = TypeVar("W")
F = TypeVar("F", bound=Callable[..., Any])


class Clearable(Protocol):
    """A cache: something that can be emptied."""

    def cache_clear(self) -> None: ...


#: Every cache made through this module, with its owner, in the order they were made.
_CACHES: list[tuple[str, Clearable]] = []

C = TypeVar("C", bound=Clearable)


def keep(cache: C, *, owner: str) -> C:
    """Record ``cache`` as one of ``owner``'s (pass ``__name__``) and give it back."""
    if not callable(getattr(cache, "cache_clear", None)):
        raise TypeError("a cache needs a cache_clear() method")
    if type(owner) is not str or not owner:
        raise TypeError("a cache's owner is the name of the module that keeps it")
    _CACHES.append((owner, cache))
    return cache


def lru(maxsize: int, *, owner: str) -> Callable[[F], F]:
    """:func:`functools.lru_cache` of ``maxsize`` entries, recorded as one of ``owner``'s."""

    def decorate(function: F) -> F:
        cached = functools.lru_cache(maxsize=maxsize)(function)
        keep(cached, owner=owner)
        return cached  # type: ignore[return-value]

    return decorate


def by_identity(work_out: Callable[[K], W], *, owner: str, most: int = 64) -> ByIdentity[K, W]:
    """A :class:`~cardgames._engine.ByIdentity` memo of ``work_out`` (at most ``most`` objects),
    recorded as one of ``owner``'s."""
    return keep(ByIdentity(work_out, most), owner=owner)


class KeptDict(dict[K, V]):
    """A dict kept as a cache: ``cache_clear()`` empties it, and past ``most`` entries a new
    one (set with :meth:`keep_at`) empties it first."""

    __slots__ = ("most",)

    def __init__(self, most: int) -> None:
        super().__init__()
        self.most = most

    def cache_clear(self) -> None:
        """Forget every entry."""
        self.clear()

    def keep_at(self, key: K, value: V) -> V:
        """Set ``key`` to ``value`` (emptying the dict first when it is full) and give
        ``value`` back."""
        if len(self) >= self.most:
            self.clear()
        self[key] = value
        return value


def kept_dict(most: int, *, owner: str) -> KeptDict[Any, Any]:
    """A new :class:`KeptDict` of at most ``most`` entries, recorded as one of ``owner``'s."""
    return keep(KeptDict(most), owner=owner)


def caches(owner: str = "") -> tuple[tuple[str, Clearable], ...]:
    """Every cache recorded, as ``(owner, cache)``; with ``owner``, only those of that module
    or of the modules under it (``"cardgames.alethi"``: every Alethi cache)."""
    return tuple(
        (name, cache)
        for name, cache in _CACHES
        if not owner or name == owner or name.startswith(owner + ".")
    )


def clear(owner: str = "") -> None:
    """Empty every cache recorded (with ``owner``: its own and its modules')."""
    for _, cache in caches(owner):
        cache.cache_clear()
