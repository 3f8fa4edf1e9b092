"""Frozen values made fast: a writable twin of a frozen class, filled by plain assignment and
turned into the frozen class itself (:func:`become`), and the straight-line functions made of a
class's fields (:func:`slot_filler`, :func:`field_reader`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

import attrs

from cardgames._engine.codegen import compiled

__all__ = ["CACHED_HASH", "become", "field_reader", "new_twin", "slot_filler", "writable_twin"]

S = TypeVar("S")


#: The slot in which attrs keeps the hash of a class made with ``cache_hash=True``; its
#: ``__init__`` sets it to ``None``, and so do the functions here.
CACHED_HASH = "_attrs_cached_hash"


def _refuse_unless_plain(cls: type) -> tuple[str, ...]:
    """The field names of ``cls``, in order, if its ``__init__`` does nothing but set its
    slots (and, for a class with a cached hash, empty that slot); else ``TypeError``."""
    fields = attrs.fields(cls)
    plain = all(
        field.validator is None
        and field.converter is None
        and not field.inherited
        and not isinstance(field.default, attrs.Factory)  # type: ignore[arg-type]
        for field in fields
    )
    own_slots = vars(cls).get("__slots__", ())
    names = tuple(field.name for field in fields)
    if (
        not plain
        or hasattr(cls, "__attrs_post_init__")
        or not all(name in own_slots for name in names)
    ):
        raise TypeError(f"{cls.__name__} does more on __init__ than set its slots")
    return names


def _hashes_once(cls: type) -> bool:
    """Whether ``cls`` keeps its hash once worked out (attrs' ``cache_hash=True``)."""
    return CACHED_HASH in vars(cls).get("__slots__", ())


def writable_twin(cls: type) -> type:
    """A subclass of the frozen, slotted attrs class ``cls`` that adds no slot and lets its
    fields be set by plain assignment.

    Python sets a slot of an instance whose class keeps the default ``__setattr__`` with one
    quick instruction; a frozen class's ``__setattr__`` refuses, and going round it (through
    ``object.__setattr__`` or the slot's descriptor) is a call per field. So a value is made
    as a twin (:func:`new_twin`), filled by assignment, and turned into a ``cls`` by
    :func:`become`, which Python allows between classes of the same layout: from then on it is
    a plain, frozen ``cls``, equal to the one ``__init__`` would make. A twin never leaves the
    module that makes it. ``__delattr__`` is reset with ``__setattr__``: Python takes the quick
    path only when both are the default ones. A twin of a class that caches its hash must have
    that slot (:data:`CACHED_HASH`) set to ``None`` before it becomes a ``cls``, as
    ``__init__`` does.
    """
    _refuse_unless_plain(cls)
    namespace = {
        "__slots__": (),
        "__setattr__": object.__setattr__,
        "__delattr__": object.__delattr__,
        "__module__": cls.__module__,
        "__doc__": f"A writable twin of {cls.__qualname__}, turned into one once filled.",
    }
    return type(f"_Writable{cls.__name__}", (cls,), namespace)


#: A new, empty instance of a class, its slots unset: ``new_twin(_WritableState)``.
new_twin: Callable[[type], Any] = object.__new__


def become(twin: object, cls: type[S]) -> S:
    """``twin``, a filled :func:`writable_twin` of ``cls`` (or of a subclass of that twin that
    adds no slot), turned into a ``cls``: a frozen value from now on, the very same object.

    The one place the engine changes an object's class: game code calls this rather than
    setting ``__class__`` itself. Every slot of ``cls`` must be filled first.
    """
    assert isinstance(twin, cls) and not vars(type(twin)).get("__slots__"), "not a twin"
    twin.__class__ = cls
    return twin


def slot_filler(cls: type[S]) -> Callable[..., S]:
    """A function that makes a ``cls`` from all its fields, in order, by setting its slots.

    attrs' ``__init__`` of a frozen class sets every field through ``object.__setattr__``; an
    engine that makes a state of thirty fields at every decision spends a good part of the
    decision there. Filling a :func:`writable_twin` by assignment and turning it into a
    ``cls`` costs about a quarter as much and gives an equal value. It only stands for
    ``__init__`` when that does nothing more, so ``cls`` must be a slotted attrs class with
    its own fields only (no base class's), without defaults made by factories, validators,
    converters or ``__attrs_post_init__``: checked here, once. Fields left out of ``__init__``
    are given like the others; a cached hash starts empty, as ``__init__`` leaves it.
    """
    names = _refuse_unless_plain(cls)
    # Straight-line code, as attrs itself writes its __init__: a loop over the slots would cost
    # more than it saves.
    arguments = ", ".join(names)
    body = "".join(f"    new.{name} = {name}\n" for name in names)
    if _hashes_once(cls):
        body += f"    new.{CACHED_HASH} = None\n"
    source = (
        f"def fill({arguments}):\n    new = _new(_twin)\n{body}"
        "    new.__class__ = _cls\n    return new\n"
    )
    namespace: dict[str, Any] = {"_new": object.__new__, "_cls": cls, "_twin": writable_twin(cls)}
    fill: Callable[..., S] = compiled(
        source, "fill", namespace, what=f"slot_filler({cls.__name__})"
    )
    return fill


def field_reader(
    source: type, target: type, *, leave: tuple[str, ...] = ()
) -> Callable[[Any], dict[str, Any]]:
    """A function that reads, from a ``source`` instance, every field that the attrs class
    ``target`` takes under the same name, but those in ``leave``, as keyword arguments.

    How a view takes what it shows as it is in the state (``View(**read(state), hand=...)``),
    and a resampled state takes it back from the view: the fields both have by name are the
    open part of the table, and only the hidden part is written out by hand.
    """
    have = {field.name for field in attrs.fields(source)}
    names = tuple(
        field.name
        for field in attrs.fields(target)
        if field.init and field.name in have and field.name not in leave
    )
    if len(names) < 2:
        raise TypeError(f"{target.__name__} shares fewer than two fields with {source.__name__}")
    # One dict display, written out from the field names as slot_filler writes its function:
    # about three times as fast as attrgetter and zip, and a view is made at every search step.
    items = ", ".join(f"{name!r}: obj.{name}" for name in names)
    read: Callable[[Any], dict[str, Any]] = compiled(
        f"def read(obj):\n    return {{{items}}}\n",
        "read",
        {},
        what=f"field_reader({source.__name__}, {target.__name__})",
    )
    return read
