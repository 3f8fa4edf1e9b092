"""Writers of the JSON text of the library's objects, straight from their fields.

The writing half of the quick JSON path (:mod:`cardgames._engine.quick_load` is the reading
one): :class:`QuickWriters` writes an object's JSON text field by field, with the cards and
numbers of a list joined at C speed, where cattrs would build a dict of lists for the encoder to
walk; its text is the encoder's, and any value it does not know is handed to the hook and the
encoder.
"""

from __future__ import annotations

import itertools
import json.encoder
import operator
from collections.abc import Callable
from enum import Enum
from typing import Any

import attrs

from cardgames._engine.codegen import compiled
from cardgames._engine.quick_load import optional_of

__all__ = ["QuickWriters"]

Text = Callable[[Any], str]


class QuickWriters:
    """Writers of the JSON text of values, each the same text as the encoder makes of what a
    value's unstructure hook returns, without the dict and lists in between.

    ``hook_of(type)`` gives a type's unstructure hook, ``encode`` is the encoder of documents
    and ``identity`` the hook of values written as they are. A writer is made for what it
    knows (cattrs' generated hooks of attrs classes, ``X | None``, enums, the tuple hooks and
    card memos that :mod:`cardgames._engine.converter` registers in :attr:`items_of` and
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
            return self._scalar_of(kind)
        given = self.given.get(hook)
        if given is not None:
            return given
        other = optional_of(kind)
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
        return self._tagged(hook) or self._generic(hook)

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

    def _tagged(self, hook: Callable[[Any], Any]) -> Text | None:
        """The writer of a union of attrs classes whose hook is cattrs' tagged union (the
        member's own object with its tag added as the last key), or ``None`` for another hook.
        Each member's text is its class's writer's, closed by the tag; a class the union does
        not know raises, and the hook and the encoder take the value."""
        defaults: Any = getattr(hook, "__defaults__", None)
        if getattr(hook, "__name__", "") != "unstructure_tagged_union" or not defaults:
            return None
        if len(defaults) != 3 or not isinstance(defaults[2], str):
            return None
        members, tags, tag_name = defaults
        tails: dict[type, tuple[Text, str]] = {}
        for cls, member_hook in members.items():
            inner = getattr(member_hook, "__defaults__", None)
            if not inner or cls not in tags or not attrs.has(cls):
                return None
            # A member's keys are its fields' names only if cattrs generated its hook without
            # renaming any: then the tag is a key of its own, added last.
            hook_of_member = inner[0]
            renamed = getattr(hook_of_member, "overrides", None)
            if not _is_generated(hook_of_member) or renamed or tag_name in attrs.fields_dict(cls):
                return None
            tag = f"{_quote(tag_name)}:{_quote(tags[cls])}}}"
            tails[cls] = (self.text_of(cls, hook_of_member), tag)

        def text(value: Any) -> str:
            write, tail = tails[value.__class__]
            made = write(value)
            if made[0] != "{" or made[-1] != "}":
                raise TypeError("a union member is not written as an object")
            return (made[:-1] + "," if len(made) > 2 else "{") + tail

        return text

    def _scalar_of(self, kind: Any) -> Text:
        """The writer of values of type ``kind`` written as they are: :meth:`_scalar`, with the
        values of the declared type written at once (an enum's member by its text found by
        identity, a bool, an int, a named tuple of ints) and anything else left to it."""
        scalar = self._scalar
        if kind is bool:
            return lambda value: (
                "true" if value is True else "false" if value is False else scalar(value)
            )
        if kind is int:
            return lambda value: int.__repr__(value) if type(value) is int else scalar(value)
        if not isinstance(kind, type):
            return scalar
        if issubclass(kind, Enum) and issubclass(kind, (int, str)):
            # A member is an int or a string: _scalar writes it as its plain value.
            texts = {id(member): scalar(member) for member in kind}

            def member_text(value: Any) -> str:
                known = texts.get(id(value)) if type(value) is kind else None
                return scalar(value) if known is None else known

            return member_text
        if issubclass(kind, tuple) and kind is not tuple and hasattr(kind, "_fields"):

            def ints_text(value: Any) -> str:
                if type(value) is kind and all(map(operator.is_, map(type, value), _INTS)):
                    return "[" + ",".join(map(int.__repr__, value)) + "]"
                return scalar(value)

            return ints_text
        return scalar

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
        # Made from attrs field names only.
        write: Text = compiled(
            "\n".join(lines) + "\n", "write", namespace, what=f"quick_attrs_writer({cls.__name__})"
        )
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
