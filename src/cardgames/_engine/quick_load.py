"""Straight-line loaders of attrs classes from JSON, in front of cattrs' own.

cattrs structures a class field by field, through a hook call per field, a dict of keyword
arguments and error bookkeeping, which is most of the cost of loading a state. For each attrs
class, :func:`quick_attrs_hook` writes one function (with ``exec``, from the field names and
types only) that checks the keys, tests the scalar fields in place, calls the hooks of the
others and builds the object in one call.

It is only a quicker road to the same value: whenever anything is not as expected (an unknown
key, a value of another type, a hook that fails), it hands the whole value to cattrs' loader,
which either makes the same object or raises the same located error as it always did. So no
document loads that did not load before, and every refusal keeps its message.

Why not ``cattrs.gen.make_dict_structure_fn``, which also writes a structuring function per
class? That function is what the quick loader stands in front of: it checks each field through
its own hook call, keeps a dict of keyword arguments and gathers errors field by field (so that
a refusal says where), which is what makes loading slow; the quick loader tests the scalar
fields in place and makes the object in one call, and hands anything unusual back to it
(``tests/test_quick_load.py`` holds the two in lock-step).
"""

from __future__ import annotations

import itertools
import keyword
import operator
from collections.abc import Callable
from enum import Enum
from types import UnionType
from typing import Any, Union, get_args

import attrs

from cardgames._engine.codegen import compiled

__all__ = ["optional_of", "quick_attrs_hook", "quick_enum_items", "quick_item_tests"]

Hook = Callable[[Any, Any], Any]


def quick_item_tests(low: int, high: int) -> dict[Any, Callable[[list[Any]], bool]]:
    """For the item types whose hook returns a JSON value unchanged (an int from ``low`` to
    ``high``, exclusive, never a bool; a string; true or false), a test that every item of a
    list is such a value, in one pass at C speed. Floats are left out: their hook turns an int
    into a float."""
    ints = itertools.repeat(int)  # endless; each map stops with its list

    def all_ints(value: list[Any]) -> bool:
        return not value or (
            all(map(operator.is_, map(type, value), ints))
            and min(value) > low
            and max(value) < high
        )

    def all_of(kind: type) -> Callable[[list[Any]], bool]:
        kinds = itertools.repeat(kind)
        return lambda value: all(map(operator.is_, map(type, value), kinds))

    return {int: all_ints, str: all_of(str), bool: all_of(bool)}


def quick_enum_items(cls: type[Enum]) -> Callable[[list[Any]], list[Any] | None] | None:
    """For an enum whose values are all strings or all ints, a function that gives the members
    of a list of values in one pass at C speed, or ``None`` when an item is not exactly a value
    of the enum (of the values' own type: ``true`` is no ``1``), which the enum's hook then
    refuses, saying why; for any other enum, ``None``."""
    by_value = {member.value: member for member in cls}
    kinds = {type(value) for value in by_value}
    if len(kinds) != 1 or not kinds <= {str, int}:
        return None
    same = itertools.repeat(kinds.pop())

    def members(value: list[Any]) -> list[Any] | None:
        if not all(map(operator.is_, map(type, value), same)):
            return None
        found = list(map(by_value.get, value))
        return None if None in found else found

    return members


def _scalar_test(kind: Any, name: str) -> str | None:
    """The test, as source text, that the JSON value ``name`` is what the scalar hook of
    ``kind`` would return unchanged, or ``None`` for a kind without one."""
    if kind is int:
        return f"type({name}) is int and _LOW < {name} < _HIGH"
    if kind is bool or kind is str:
        return f"type({name}) is {kind.__name__}"
    return None


def optional_of(kind: Any) -> Any:
    """``X`` for ``X | None``, else ``None``."""
    if getattr(kind, "__origin__", None) in (Union, UnionType) or isinstance(kind, UnionType):
        args = get_args(kind)
        if len(args) == 2 and type(None) in args:
            return args[0] if args[1] is type(None) else args[1]
    return None


def quick_attrs_hook(
    cls: type,
    hook_of: Callable[[Any], Hook],
    slow: Hook,
    low: int,
    high: int,
) -> Hook | None:
    """A loader of the attrs class ``cls`` that goes straight to ``cls(...)``, or ``None`` if
    ``cls`` has fields it does not handle (then cattrs' loader is the only one).

    ``hook_of(type)`` gives the hook of a field's type (asked on first use, once), ``slow`` is
    cattrs' loader of ``cls``, which the quick one hands every value it does not take, and
    ``low``/``high`` bound the integers (exclusive), as the int hook does.
    """
    attrs.resolve_types(cls)
    fields = [field for field in attrs.fields(cls) if field.init]
    if not fields or any(
        not field.name.isidentifier()
        or keyword.iskeyword(field.name)
        or field.name.startswith("_")
        or field.alias != field.name
        or field.converter is not None
        for field in fields
    ):
        return None
    namespace: dict[str, Any] = {
        "_cls": cls,
        "_slow": slow,
        "_LOW": low,
        "_HIGH": high,
        "_NOTHING": attrs.NOTHING,
    }
    lines = [
        "def load(d, _):",
        "    if type(d) is not dict or not d.keys() <= _KNOWN:",
        "        return _slow(d, _cls)",
        "    try:",
    ]
    args = []
    for number, field in enumerate(fields):
        if isinstance(field.default, attrs.Factory) and field.default.takes_self:  # type: ignore[arg-type]
            return None
        name, value = field.name, f"v{number}"
        test = _scalar_test(field.type, value)
        inner = optional_of(field.type)
        inner_test = None if inner is None else _scalar_test(inner, value)
        if test is not None:
            check = f"if not ({test}): return _slow(d, _cls)"
        elif inner_test is not None:
            check = f"if {value} is not None and not ({inner_test}): return _slow(d, _cls)"
        else:
            namespace[f"_t{number}"] = field.type
            namespace[f"_h{number}"] = _first_use(namespace, f"_h{number}", hook_of, field.type)
            check = f"{value} = _h{number}({value}, _t{number})"
        if field.default is attrs.NOTHING:
            lines.append(f"        {value} = d[{name!r}]")
            lines.append(f"        {check}")
        else:
            if isinstance(field.default, attrs.Factory):  # type: ignore[arg-type]
                namespace[f"_d{number}"] = field.default.factory
                default = f"_d{number}()"
            else:
                namespace[f"_d{number}"] = field.default
                default = f"_d{number}"
            lines.append(f"        {value} = d.get({name!r}, _NOTHING)")
            lines.append(f"        if {value} is _NOTHING:")
            lines.append(f"            {value} = {default}")
            lines.append("        else:")
            lines.append(f"            {check}")
        args.append(f"{name}={value}")
    lines.append(f"        return _cls({', '.join(args)})")
    lines.append("    except Exception:")
    lines.append("        return _slow(d, _cls)")
    namespace["_KNOWN"] = frozenset(field.name for field in fields)
    # Made from attrs field names and constants only.
    load: Hook = compiled(
        "\n".join(lines) + "\n", "load", namespace, what=f"quick_attrs_hook({cls.__name__})"
    )
    return load


def _first_use(
    namespace: dict[str, Any], slot: str, hook_of: Callable[[Any], Hook], kind: Any
) -> Hook:
    """A stand-in for a field's hook, which looks the hook up on its first call (a game may
    register the hook of a type after the class that holds it) and puts it in its place."""

    def first(value: Any, as_type: Any) -> Any:
        hook = hook_of(kind)
        namespace[slot] = hook
        return hook(value, as_type)

    return first
