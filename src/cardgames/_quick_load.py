"""Straight-line loaders of attrs classes from JSON, in front of cattrs' own, and writers of
their JSON text.

cattrs structures a class field by field, through a hook call per field, a dict of keyword
arguments and error bookkeeping, which is most of the cost of loading a state. For each attrs
class, :func:`quick_attrs_hook` writes one function (with ``exec``, from the field names and
types only) that checks the keys, tests the scalar fields in place, calls the hooks of the
others and builds the object in one call.

It is only a quicker road to the same value: whenever anything is not as expected (an unknown
key, a value of another type, a hook that fails), it hands the whole value to cattrs' loader,
which either makes the same object or raises the same located error as it always did. So no
document loads that did not load before, and every refusal keeps its message.

Writing is the same idea the other way: :class:`QuickWriters` writes an object's JSON text
field by field, with the cards and numbers of a list joined at C speed, where cattrs would build
a dict of lists for the encoder to walk; its text is the encoder's, and any value it does not
know is handed to the hook and the encoder.
"""

from __future__ import annotations

import itertools
import json.encoder
import keyword
import operator
from collections.abc import Callable
from enum import Enum
from types import UnionType
from typing import Any, Union, get_args

import attrs

__all__ = ["QuickWriters", "quick_attrs_hook", "quick_enum_items", "quick_item_tests"]

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


def _optional_of(kind: Any) -> Any:
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
        inner = _optional_of(field.type)
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
    exec("\n".join(lines) + "\n", namespace)  # made from attrs field names and constants only
    load: Hook = namespace["load"]
    load.__qualname__ = f"quick_attrs_hook({cls.__name__})"
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


Text = Callable[[Any], str]


class QuickWriters:
    """Writers of the JSON text of values, each the same text as the encoder makes of what a
    value's unstructure hook returns, without the dict and lists in between.

    ``hook_of(type)`` gives a type's unstructure hook, ``encode`` is the encoder of documents
    and ``identity`` the hook of values written as they are. A writer is made for what it
    knows (cattrs' generated hooks of attrs classes, ``X | None``, enums, the tuple hooks and
    card memos that :mod:`cardgames._converter` registers in :attr:`items_of` and
    :attr:`codes_of`); any other value is written as ``encode(hook(value))``.
    """

    def __init__(self, hook_of: Callable[[Any], Callable[[Any], Any]], encode: Text, identity: Any):
        self.hook_of = hook_of
        self.encode = encode
        self.identity = identity
        #: The hook of a tuple or a frozen set of items -> the items' type.
        self.items_of: dict[Any, Any] = {}
        #: The hook of a card type -> id of a card -> its JSON text, for cards kept alive.
        self.codes_of: dict[Any, dict[int, str]] = {}
        #: A game's own unstructure hook -> the writer of the same text that the game gives
        #: with it (see :meth:`give`).
        self.given: dict[Any, Text] = {}
        # An attrs class -> its writer (or the generic one), made once.
        self._classes: dict[Any, Text] = {}

    def text_of(self, kind: Any, hook: Callable[[Any], Any]) -> Text:
        """The writer of values of type ``kind`` whose unstructure hook is ``hook``."""
        if hook is self.identity:
            return self._scalar
        given = self.given.get(hook)
        if given is not None:
            return given
        other = _optional_of(kind)
        defaults: Any = getattr(hook, "__defaults__", None)
        if getattr(hook, "__name__", "") == "unstructure_optional" and other and defaults:
            # cattrs' hook of ``X | None``, which holds the hook of ``X`` as its default.
            inner = self.text_of(other, defaults[0])
            return lambda value: "null" if value is None else inner(value)
        if hook in self.items_of:
            return self._items(hook, self.items_of[hook])
        if hook in self.codes_of:
            return self._code(hook, self.codes_of[hook])
        if isinstance(kind, type) and issubclass(kind, Enum):
            return self._member(kind, hook)
        if isinstance(kind, type) and attrs.has(kind):
            return self._class(kind, hook)
        return self._generic(hook)

    def give(self, hook: Callable[[Any], Any], write: Text) -> None:
        """Make ``write`` the writer of the values whose unstructure hook is ``hook`` (a game's
        own hook, which the generic writer would only call and encode). ``write`` writes what
        ``encode(hook(value))`` writes, or raises, and the caller falls back to those two."""
        self.given[hook] = write

    def _generic(self, hook: Callable[[Any], Any]) -> Text:
        """What the hook makes, written by the encoder, but for a string or a list or tuple of
        ints (a score), written here at once."""
        encode = self.encode
        ints = itertools.repeat(int)

        def text(value: Any) -> str:
            made = hook(value)
            kind = type(made)
            if kind is str:
                return _quote(made)
            if (kind is list or kind is tuple) and all(map(operator.is_, map(type, made), ints)):
                return "[" + ",".join(map(int.__repr__, made)) + "]"
            return encode(made)

        return text

    def _scalar(self, value: Any) -> str:
        """A value written as it is: as the encoder writes a JSON scalar (a string or an int of
        a subclass, an enum's member, as its plain value), or anything else."""
        kind = type(value)
        if kind is int:
            return int.__repr__(value)
        if kind is str:
            return _quote(value)
        if value is None:
            return "null"
        if kind is bool:
            return "true" if value else "false"
        if isinstance(value, str):
            return _quote(value)
        if isinstance(value, int):
            return int.__repr__(value)
        if isinstance(value, tuple):  # a named tuple of ints (a cell), say: a JSON list
            if all(map(operator.is_, map(type, value), _INTS)):
                return "[" + ",".join(map(int.__repr__, value)) + "]"
            return "[" + ",".join(map(self._scalar, value)) + "]"
        return self.encode(value)

    def _member(self, cls: type[Enum], hook: Callable[[Any], Any]) -> Text:
        """An enum's members, each written once and then known by identity (a member lives as
        long as its class, so no other object ever has its id)."""
        texts: dict[int, str] = {}
        encode = self.encode

        def text(value: Any) -> str:
            known = texts.get(id(value))
            if known is None:
                known = encode(hook(value))
                if type(value) is cls:
                    texts[id(value)] = known
            return known

        return text

    def _code(self, hook: Callable[[Any], Any], quoted: dict[int, str]) -> Text:
        """A card: its text as written before, found by identity, or what its hook writes."""
        encode = self.encode

        def text(value: Any) -> str:
            known = quoted.get(id(value))
            return encode(hook(value)) if known is None else known

        return text

    def _items(self, hook: Callable[[Any], Any], item_type: Any) -> Text:
        """A tuple or a frozen set written as a list: numbers and cards at C speed."""
        found: list[Text] = []
        quoted: list[dict[int, str] | None] = []
        scalar = self._scalar
        encode = self.encode
        ints = itertools.repeat(int)

        def text(value: Any) -> str:
            if type(value) is not tuple and type(value) is not frozenset:
                return encode(hook(value))
            if not value:
                return "[]"
            if not found:
                item = self.hook_of(item_type)
                found.append(self.text_of(item_type, item))
                quoted.append(self.codes_of.get(item))
            item_text = found[0]
            codes = quoted[0]
            if codes is not None:
                try:
                    return "[" + ",".join(map(codes.__getitem__, map(id, value))) + "]"
                except KeyError:  # a card not written before: each item the long way
                    pass
            elif item_text is scalar and all(map(operator.is_, map(type, value), ints)):
                return "[" + ",".join(map(int.__repr__, value)) + "]"
            return "[" + ",".join(map(item_text, value)) + "]"

        return text

    def _class(self, cls: type, hook: Callable[[Any], Any]) -> Text:
        """The writer of an attrs class, made on first use (a class may hold itself). cattrs
        makes a field's hook anew for each class that holds it, but all of them write alike:
        one writer serves them all, or none if the hook is not cattrs' own."""
        if not _is_generated(hook):
            return self._generic(hook)
        made = self._classes.get(cls)
        if made is not None:
            return made
        slot: list[Text] = []

        def first(value: Any) -> str:
            return slot[0](value)

        self._classes[cls] = first
        writer = self._attrs_writer(cls, hook) or self._generic(hook)
        slot.append(writer)
        self._classes[cls] = writer
        return writer

    def _attrs_writer(self, cls: type, hook: Any) -> Text | None:
        """One function that writes an object of ``cls`` as cattrs' generated ``hook`` makes
        its dict (its fields in order, those equal to their defaults left out, then the
        defaulted ones) and the encoder writes it, or ``None`` for a hook it cannot read."""
        if not _is_generated(hook) or getattr(hook, "overrides", None):
            return None
        code = hook.__code__
        names = code.co_varnames[1 : code.co_argcount]
        defaults = hook.__defaults__ or ()
        if len(names) != len(defaults):
            return None
        params = dict(zip(names, defaults, strict=True))
        attrs.resolve_types(cls)
        fields = [field for field in attrs.fields(cls) if field.init]
        if any(field.converter is not None or not field.name.isidentifier() for field in fields):
            return None
        namespace: dict[str, Any] = {}
        always: list[str] = []
        sometimes: list[str] = []
        for number, field in enumerate(fields):
            handler: Any = params.get(f"__c_unstr_{field.name}", self.identity)
            namespace[f"_t{number}"] = self.text_of(field.type, handler)
            part = f"{_quote(field.name) + ':'!r} + _t{number}(o.{field.name})"
            default = params.get(f"__c_def_{field.name}", _ABSENT)
            if default is _ABSENT:
                always.append(part)
                continue
            namespace[f"_d{number}"] = default
            if isinstance(field.default, attrs.Factory):  # type: ignore[arg-type]
                call = "(o)" if field.default.takes_self else "()"
            else:
                call = ""
            sometimes.append(f"    if o.{field.name} != _d{number}{call}:")
            sometimes.append(f"        parts.append({part})")
        lines = ["def write(o):", f"    parts = [{', '.join(always)}]", *sometimes]
        lines.append("    return '{' + ','.join(parts) + '}'")
        exec("\n".join(lines) + "\n", namespace)  # made from attrs field names only
        write: Text = namespace["write"]
        write.__qualname__ = f"quick_attrs_writer({cls.__name__})"
        return write


def _is_generated(hook: Any) -> bool:
    """Whether ``hook`` is an unstructure hook that cattrs generated for an attrs class."""
    code = getattr(hook, "__code__", None)
    return code is not None and code.co_filename.startswith("<cattrs generated unstructure ")


#: ``int`` for as long as a map needs it: ``map(operator.is_, map(type, v), _INTS)``.
_INTS = itertools.repeat(int)
#: What no default of a field is.
_ABSENT = object()
#: A string as the encoder writes it (``ensure_ascii=False``).
_quote: Callable[[str], str] = json.encoder.encode_basestring
