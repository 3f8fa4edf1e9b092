"""Every cache the library keeps between calls, owned in one place.

The games keep what they work out once per config (tables, openings, texts of cards) and what
they meet again and again (moves, hands): caches at module level, each bounded. They are
made through this module, which records each under its owner (the module that keeps it), so
that a test, a benchmark or a program that loads configs from outside can list them, see
their sizes and empty them all at once (:func:`clear`), and no cache is hidden in a corner.

A cache here is any object with a ``cache_clear()`` method: a :func:`functools.lru_cache`
wrapper (:func:`lru`), a memo by identity (:class:`ByIdentity`, :func:`by_identity`), the
objects that passed a check (:class:`Passed`, :func:`passed`), a plain dict (:class:`KeptDict`,
:func:`kept_dict`) or a table that makes each entry on first use and keeps it: how the games
intern what they meet again and again (:class:`KeptTable`, :func:`kept_table`).
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any, Generic, Protocol, TypeVar

__all__ = [
    "ByIdentity",
    "Clearable",
    "KeptDict",
    "KeptTable",
    "Passed",
    "by_identity",
    "caches",
    "clear",
    "keep",
    "kept_dict",
    "kept_table",
    "lru",
    "passed",
]

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


class Passed:
    """Frozen objects that passed a check, by identity: an object that passed once passes for
    good, while an object merely equal to it may not (``True`` equals 1, ``2.0`` equals 2).
    Each entry holds its object, so no other object can take its ``id`` while it lasts; past
    ``most`` entries the memo is emptied and fills anew.
    """

    __slots__ = ("kept", "most")

    def __init__(self, most: int = 64) -> None:
        self.most = most
        #: id -> the object of that id.
        self.kept: dict[int, object] = {}

    def __contains__(self, obj: object) -> bool:
        return self.kept.get(id(obj), _ABSENT) is obj

    def check(self, obj: K, full_check: Callable[[K], object]) -> None:
        """``full_check(obj)``, unless ``obj`` passed it before; remembered once it passes
        (``full_check`` raises for an object that does not)."""
        if self.kept.get(id(obj), _ABSENT) is not obj:
            full_check(obj)
            self.add(obj)

    def add(self, obj: object) -> None:
        """Remember ``obj``, which passed."""
        kept = self.kept
        if len(kept) >= self.most:
            kept.clear()
        kept[id(obj)] = obj

    def cache_clear(self) -> None:
        """Forget every object met so far."""
        self.kept.clear()


#: What no entry of a :class:`Passed` is: ``None`` may be checked too.
_ABSENT = object()


class ByIdentity(Generic[K, W]):
    """What ``work_out`` gives for a frozen object (a config), kept by the object's identity:
    a config loaded from JSON or carried by the states of a game is one reused object, and
    finding it by ``id`` is one dict lookup where its own hash would walk all its fields. Each
    entry holds its object, so no other object can take its ``id`` while it lasts; past
    ``most`` entries the memo is emptied and fills anew.
    """

    __slots__ = ("kept", "most", "work_out")

    def __init__(self, work_out: Callable[[K], W], most: int = 64) -> None:
        self.work_out = work_out
        self.most = most
        #: id -> the object of that id, and what was worked out for it.
        self.kept: dict[int, tuple[K, W]] = {}

    def __call__(self, obj: K) -> W:
        kept = self.kept.get(id(obj))
        if kept is not None and kept[0] is obj:
            return kept[1]
        found = self.work_out(obj)
        if len(self.kept) >= self.most:
            self.kept.clear()
        self.kept[id(obj)] = (obj, found)
        return found

    def cache_clear(self) -> None:
        """Forget every object met so far."""
        self.kept.clear()


def by_identity(work_out: Callable[[K], W], *, owner: str, most: int = 64) -> ByIdentity[K, W]:
    """A :class:`ByIdentity` memo of ``work_out`` (at most ``most`` objects),
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


def passed(*, owner: str, most: int = 64) -> Passed:
    """A new :class:`Passed` of at most ``most`` objects, recorded as one of ``owner``'s."""
    return keep(Passed(most), owner=owner)


class KeptTable(KeptDict[K, V]):
    """A dict that makes the value of a key it lacks with ``make(key)`` and keeps it: each
    value is made once and shared by all who ask (a cell by its key, the moves from a cell),
    so an object met again and again is one object, found by one lookup. Past ``most``
    entries it is emptied before a new one is kept."""

    __slots__ = ("make",)

    def __init__(self, make: Callable[[K], V], most: int) -> None:
        super().__init__(most)
        self.make = make

    def __missing__(self, key: K) -> V:
        return self.keep_at(key, self.make(key))


def kept_table(make: Callable[[K], V], *, most: int, owner: str) -> KeptTable[K, V]:
    """A new :class:`KeptTable` of ``make``, of at most ``most`` entries, recorded as one of
    ``owner``'s."""
    return keep(KeptTable(make, most), owner=owner)


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
