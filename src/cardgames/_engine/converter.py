"""The library's one JSON converter: cattrs hooks that read documents strictly and quickly.

:mod:`cardgames.serialization` wraps every document in its envelope and runs each game's checks;
this module holds what turns JSON values into the library's objects and back. Values are never
converted on load (``"1"`` is not an integer, ``true`` not a number); integers are bounded
before any arithmetic is done with them; a hook found once for a class is kept; what can only
ever load one way (an enum's value, a card's short name, a config document of plain scalars) is
remembered, by exact type as well as value, so it is worked out once.
"""

from __future__ import annotations

import itertools
import json
import math
import operator
from collections.abc import Callable, Iterable
from enum import Enum
from types import UnionType
from typing import Any, Union, cast, get_args, get_type_hints

import attrs
from cattrs.errors import (
    IterableValidationError,
    IterableValidationNote,
)
from cattrs.fns import identity
from cattrs.preconf.json import make_converter

from cardgames._engine.quick_load import quick_attrs_hook, quick_enum_items, quick_item_tests
from cardgames._engine.quick_write import QuickWriters
from cardgames.errors import excerpt

__all__ = [
    "MAX_INTEGER_BITS",
    "converter",
    "encode",
    "give_state_text_writer",
    "give_text_writer",
    "intern_configs",
    "optional_text_writer",
    "register_quick_hooks",
    "text_writer",
]

#: Integers in documents lie strictly between ``-2**MAX_INTEGER_BITS`` and ``2**MAX_INTEGER_BITS``:
#: every number of every game, and every 64-bit seed, fits; a larger one is refused before any
#: arithmetic is done with it.
MAX_INTEGER_BITS = 64

#: The one converter of the library. Unknown keys are errors, so a round trip is exact.
converter = make_converter(forbid_extra_keys=True, omit_if_default=True)

#: The encoder of every document's JSON text, made once (json.dumps makes one per call when
#: given options). It skips the search for circular references: what it is given is freshly
#: unstructured data, and a value nested past Python's limit (a list holding itself, put into a
#: state by hand) still ends in a RecursionError, which ``to_json`` reports as a
#: SerializationError.
encode = json.JSONEncoder(separators=(",", ":"), ensure_ascii=False, check_circular=False).encode

# The writers of JSON text straight from objects (see text_writer).
_WRITERS = QuickWriters(converter.get_unstructure_hook, encode, identity)


def text_writer(kind: Any) -> Callable[[Any], str]:
    """A function that writes a value of type ``kind`` as JSON text: the text that ``encode``
    makes of what the converter's hook of ``kind`` returns, most of it written directly."""
    return _WRITERS.text_of(kind, converter.get_unstructure_hook(kind))


def optional_text_writer(kind: Any) -> Callable[[Any], str]:
    """The writer of a value of ``kind`` or ``None`` (a hook of ``kind | None`` of one's own:
    give it with :func:`give_text_writer`): ``null``, or :func:`text_writer`'s text of ``kind``,
    its writer made on first use, once every hook it leans on is registered."""
    made: list[Callable[[Any], str]] = []

    def text(value: Any) -> str:
        if value is None:
            return "null"
        if not made:
            made.append(text_writer(kind))
        return made[0](value)

    return text


def give_text_writer(hook: Callable[[Any], Any], write: Callable[[Any], str]) -> None:
    """Make ``write`` the writer of the JSON text of values whose unstructure hook is ``hook``
    (a game's own hook): it writes exactly what ``encode(hook(value))`` writes, or raises, and
    ``to_json`` then writes that instead."""
    _WRITERS.give(hook, write)


def give_state_text_writer(
    state_type: type,
    config_type: type,
    make: Callable[
        [Callable[[Any], Any], Callable[[Any], str], Callable[[Any], str]], Callable[[Any], str]
    ],
) -> None:
    """For a game whose states keep the converter's own unstructure hook: keep that very hook
    as the hook of ``state_type`` from now on (cattrs makes a new one whenever a hook is
    registered, and a writer is given for one hook), and give ``to_json`` the writer
    ``make(hook, encode, config_text)`` makes, ``config_text`` writing a ``config_type`` as
    ``encode`` writes what the converter makes of it."""
    unstructure = converter.get_unstructure_hook(state_type)
    converter.register_unstructure_hook(state_type, unstructure)
    write_config = converter.get_unstructure_hook(config_type)

    def config_text(config: Any) -> str:
        return encode(write_config(config))

    give_text_writer(unstructure, make(unstructure, encode, config_text))


def _is_enum(t: Any) -> bool:
    return isinstance(t, type) and issubclass(t, Enum)


def _structure_enum(cls: type[Enum]) -> Callable[[Any, Any], Enum]:
    """A quick hook for an enum: a table lookup of its values (a bool is never an int here)."""
    # 1.0 == 1, but a float is never an IntEnum's value: only the value's own type loads, so
    # each member is found by its value and the value's type together.
    by_value = {(member.value, type(member.value)): member for member in cls}
    expected = ", ".join(repr(v) for v, _ in by_value)

    def structure(value: Any, _: Any) -> Enum:
        kind = type(value)
        member = by_value.get((value, kind)) if kind in (str, int, float) else None
        if member is None:
            raise ValueError(
                f"{excerpt(value)} is not a {cls.__name__}; expected one of {expected}"
            )
        return member

    return structure


def _is_int_namedtuple(t: Any) -> bool:
    if not (isinstance(t, type) and issubclass(t, tuple) and hasattr(t, "_fields")):
        return False
    hints = get_type_hints(t)
    return bool(hints) and all(hint is int for hint in hints.values())


#: ``int`` for as long as a map needs it: ``map(operator.is_, map(type, v), _INTS)``.
_INTS = itertools.repeat(int)


def _structure_int_namedtuple(cls: type[tuple[int, ...]]) -> Callable[[Any, Any], Any]:
    """A quick hook for a named tuple of integers (a cell), written as a JSON list."""
    size = len(cls._fields)  # type: ignore[attr-defined]

    def structure(value: Any, _: Any) -> Any:
        if (
            not isinstance(value, list)
            or len(value) != size
            or not all(map(operator.is_, map(type, value), _INTS))
        ):
            raise ValueError(
                f"expected a list of {size} integers for {cls.__name__}, got {excerpt(value)}"
            )
        return cls(*value)

    return structure


def _strict(kind: type, check: Callable[[Any], bool], what: str) -> None:
    """Make ``kind`` load only from JSON values of its own type: no silent conversions, so a
    loaded object is exactly what was written (a whole number is taken as a float, as float)."""

    def structure(value: Any, _: Any) -> Any:
        if not check(value):
            raise ValueError(f"expected {what}, got {excerpt(value)}")
        return kind(value)

    converter.register_structure_hook(kind, structure)


def _is_document_int(value: object) -> bool:
    return type(value) is int and value.bit_length() <= MAX_INTEGER_BITS


_strict(int, _is_document_int, f"an integer of at most {MAX_INTEGER_BITS} bits")
_strict(bool, lambda v: type(v) is bool, "true or false")
_strict(str, lambda v: type(v) is str, "a string")
_strict(
    float,
    lambda v: (type(v) is float and math.isfinite(v)) or _is_document_int(v),
    "a finite number",
)


def _is_homogeneous_tuple(t: Any) -> bool:
    args = get_args(t)
    return getattr(t, "__origin__", None) is tuple and len(args) == 2 and args[1] is Ellipsis


def _first_error_items(t: Any, item_type: Any, make: Callable[[Iterable[Any]], Any]) -> Any:
    """A hook for a collection written as a JSON list: only a list loads as one (cattrs alone
    would also take a JSON object, as the collection of its keys), and the first item that does
    not load stops the work, with its index, instead of every bad item being collected."""
    # The items' hook is looked up on first use, not here: a game may register the hook of its
    # card type after the collection's hook was made, and once found it never changes.
    found: list[Callable[[Any, Any], Any]] = []
    quick = _QUICK_ITEMS.get(item_type)
    members = quick_enum_items(item_type) if _is_enum(item_type) else None

    # The memo of the items' hook (cards read before, by their texts), once it exists.
    memo: list[dict[str, Any]] = []

    def structure(value: Any, _: Any) -> Any:
        if type(value) is not list:
            raise ValueError(f"expected a list, got {excerpt(value)}")
        if not value:
            return make(value)
        if quick is not None and quick(value):
            # Every item is already what its hook would make of it (an exact int in range, a
            # string, true or false): checked in one pass at C speed.
            return make(value)
        if members is not None:
            made = members(value)
            if made is not None:
                return make(made)
        if not memo and item_type in _READ:
            memo.append(_READ[item_type])
        if memo:
            # Cards written as texts read before: a dict lookup each, at C speed. A value that
            # is no text read before (or no text at all, or a JSON list or object, which is not
            # hashable) sends the whole list the long way.
            try:
                return make(map(memo[0].__getitem__, value))
            except (KeyError, TypeError):
                pass
        if not found:
            found.append(converter.get_structure_hook(item_type))
        item = found[0]
        items: list[Any] = []
        append = items.append
        try:
            for element in value:
                append(item(element, item_type))
        except Exception as exc:
            # The items before the bad one all loaded, so their count is its index.
            index = len(items)
            exc.__notes__ = [IterableValidationNote(f"@ index {index}", index, item_type)]
            # cattrs' error takes the class as a third argument in its __new__; pyright reads
            # the two-argument __init__ of ExceptionGroup instead.
            error = IterableValidationError(f"While structuring {t!r}", [exc], t)  # pyright: ignore[reportCallIssue]
            raise error from None
        return make(items)

    return structure


# The bounds of a document's integers, as the int hook holds them (see MAX_INTEGER_BITS).
_INT_LOW = -(1 << MAX_INTEGER_BITS)
_INT_HIGH = 1 << MAX_INTEGER_BITS
# item type -> a one-pass test that a list's items need no hook (see quick_item_tests).
_QUICK_ITEMS = quick_item_tests(_INT_LOW, _INT_HIGH)


def _structure_homogeneous_tuple(t: Any) -> Callable[[Any, Any], Any]:
    """A tuple of any length is written as a JSON list."""
    return cast(Callable[[Any, Any], Any], _first_error_items(t, get_args(t)[0], tuple))


def _is_frozenset(t: Any) -> bool:
    return getattr(t, "__origin__", None) is frozenset and len(get_args(t)) == 1


def _structure_frozenset(t: Any) -> Callable[[Any, Any], Any]:
    """A frozen set is written as a JSON list."""
    return cast(Callable[[Any, Any], Any], _first_error_items(t, get_args(t)[0], frozenset))


converter.register_structure_hook_factory(_is_homogeneous_tuple, _structure_homogeneous_tuple)
converter.register_structure_hook_factory(_is_frozenset, _structure_frozenset)


def _is_int_pair(t: Any) -> bool:
    """``tuple[int, int]`` and other tuples of a fixed number of ints (a score)."""
    args = get_args(t)
    return getattr(t, "__origin__", None) is tuple and bool(args) and all(a is int for a in args)


def _structure_int_pair(t: Any) -> Callable[[Any, Any], Any]:
    """A tuple of a fixed number of ints: a list of so many exact ints in range at once, any
    other value through cattrs' own hook, which loads it or says what is wrong."""
    slow = converter.gen_structure_hetero_tuple(t)
    size = len(get_args(t))

    def structure(value: Any, _: Any) -> Any:
        if type(value) is list and len(value) == size and _QUICK_ITEMS[int](value):
            return tuple(value)
        return slow(value, t)

    return structure


converter.register_structure_hook_factory(_is_int_pair, _structure_int_pair)


def _unstructure_items(t: Any) -> Callable[[Any], Any]:
    """A tuple of any length or a frozen set, written as a JSON list in one pass: a list of the
    items themselves when they are written as they are (numbers, strings), of the texts
    written before for the very same items (cards), else of each item's JSON form (cattrs
    alone goes through a generator)."""
    item_type = get_args(t)[0]
    found: list[Callable[[Any], Any]] = []
    texts: list[dict[int, str]] = []

    def unstructure(value: Any) -> Any:
        if not found:
            found.append(converter.get_unstructure_hook(item_type))
            texts.append(_WRITTEN.get(item_type, {}))
        item = found[0]
        if item is identity:
            return list(value)
        # Each item's text by its identity, at C speed: a card written before (and kept alive
        # by the memo, so that no other object can have its id) is written as it was.
        written = list(map(texts[0].get, map(id, value)))
        if None not in written:
            return written
        return [item(element) for element in value]

    _WRITERS.items_of[unstructure] = item_type
    return unstructure


def _is_optional(t: Any) -> bool:
    args = get_args(t)
    return (getattr(t, "__origin__", None) in (Union, UnionType) or isinstance(t, UnionType)) and (
        len(args) == 2 and type(None) in args
    )


def _structure_optional(t: Any) -> Callable[[Any, Any], Any]:
    """``X | None``: ``null``, or what ``X``'s hook makes (found once, where cattrs looks it up
    on every call)."""
    args = get_args(t)
    other = args[0] if args[1] is type(None) else args[1]
    found: list[Callable[[Any, Any], Any]] = []

    def structure(value: Any, _: Any) -> Any:
        if value is None:
            return None
        if not found:
            found.append(converter.get_structure_hook(other))
        return found[0](value, other)

    return structure


converter.register_structure_hook_factory(_is_optional, _structure_optional)


def _structure_attrs(cls: type) -> Callable[[Any, Any], Any]:
    """An attrs class: cattrs' loader, behind a straight-line one that takes the common case
    and hands it everything else (see :mod:`cardgames._engine.quick_load`)."""
    slow: Callable[[Any, Any], Any] = converter.gen_structure_attrs_fromdict(cls)
    quick = quick_attrs_hook(cls, converter.get_structure_hook, slow, _INT_LOW, _INT_HIGH)
    return slow if quick is None else quick


converter.register_structure_hook_factory(attrs.has, _structure_attrs)
converter.register_unstructure_hook_factory(_is_homogeneous_tuple, _unstructure_items)
converter.register_unstructure_hook_factory(_is_frozenset, _unstructure_items)

# named tuple type -> the memo of its structure hook: text -> the value read from it.
_READ: dict[type, dict[str, Any]] = {}
# named tuple type -> the memo of its unstructure hook: id of a value -> the text written of it.
_WRITTEN: dict[type, dict[int, str]] = {}
# named tuple type -> the values whose ids _WRITTEN holds, kept alive until it is emptied.
_ALIVE: dict[type, list[Any]] = {}
#: The most values each memo of a named tuple's hooks keeps (see :func:`_memoized_codes`); past
#: it, the memo is emptied and fills anew.
_MEMO = 4096


def _is_code_tuple(value: object) -> bool:
    """Whether ``value`` is a tuple of numbers, strings, enum members and ``None`` only: a
    value that nothing can change, so what a hook made of it once it makes every time."""
    return isinstance(value, tuple) and all(
        type(item) in _KEY_SCALARS or isinstance(item, Enum) for item in value
    )


def _memoized_codes(tp: type) -> None:
    """Remember what the hooks of the named tuple ``tp`` (a game's card) make, when a card is
    written as a short text (``"R2"``) and read back from one.

    Writing is remembered by the card object itself (its identity, kept alive by the memo), not
    by equality: a card holding ``1`` where an ``IntEnum`` member belongs is equal to the real
    one, yet must be refused as before. Reading is remembered by the exact text, and gives the
    card that the hook made of it. Only what a hook made without an error is kept, so every
    refusal is made anew, with its message.
    """
    write = converter.get_unstructure_hook(tp)
    read = converter.get_structure_hook(tp)
    # id -> the text of the card of that id; every such card is kept alive in ``alive``, and
    # both are emptied together, so an id found here is that very card's.
    written: dict[int, str] = _WRITTEN.setdefault(tp, {})
    # The same, each text as JSON writes it.
    quoted: dict[int, str] = {}
    alive: list[Any] = _ALIVE.setdefault(tp, [])
    made: dict[str, Any] = _READ.setdefault(tp, {})

    def unstructure(value: Any) -> Any:
        text = written.get(id(value))
        if text is not None:
            return text
        text = write(value)
        if type(text) is str and _is_code_tuple(value):
            if len(written) >= _MEMO:
                written.clear()
                quoted.clear()
                alive.clear()
            written[id(value)] = text
            quoted[id(value)] = encode(text)
            alive.append(value)
        return text

    def structure(value: Any, as_type: Any) -> Any:
        if type(value) is not str:
            return read(value, as_type)
        found = made.get(value)
        if found is None:
            found = read(value, as_type)
            if _is_code_tuple(found):
                if len(made) >= _MEMO:
                    made.clear()
                made[value] = found
        return found

    converter.register_unstructure_hook(tp, unstructure)
    converter.register_structure_hook(tp, structure)
    _WRITERS.codes_of[unstructure] = quoted


def register_quick_hooks(tp: Any, seen: set[Any]) -> None:
    """Give every enum and integer named tuple reachable from ``tp`` its quick hook, and
    remember what the hooks of the other named tuples (cards) make.

    cattrs finds enum classes through its own class-based dispatch before any hook factory, so
    the quick hooks are registered class by class, walking the attrs classes of each game.
    """
    if tp in seen:
        return
    seen.add(tp)
    if _is_enum(tp):
        converter.register_structure_hook(tp, _structure_enum(tp))
    elif _is_int_namedtuple(tp):
        converter.register_structure_hook(tp, _structure_int_namedtuple(tp))
    elif isinstance(tp, type) and issubclass(tp, tuple) and hasattr(tp, "_fields"):
        _memoized_codes(tp)
    elif isinstance(tp, type) and attrs.has(tp):
        for hint in get_type_hints(tp).values():
            register_quick_hooks(hint, seen)
    for arg in get_args(tp):
        register_quick_hooks(arg, seen)


#: The most configs of each game that loading keeps, to hand out again (see
#: :func:`intern_configs`); past it, the kept ones are let go and keeping starts anew.
_INTERNED = 64
#: The most keys of a config document that loading keeps its config for.
_INTERNED_KEYS = 16
# The JSON scalars a config document may hold for its config to be kept: a float is left out,
# because two floats may be equal yet differ (0.0 and -0.0).
_KEY_SCALARS = (str, int, bool, type(None))


def _scalar_key(value: Any) -> tuple[tuple[str, type, Any], ...] | None:
    """``value``, a config's JSON form, as a key that tells apart what equality would not
    (``true``, ``1`` and ``1.0`` are equal in Python), or ``None`` when it is not a small
    object of scalars (a config with card lists, say), which is not kept."""
    if type(value) is not dict or len(value) > _INTERNED_KEYS:
        return None
    key = []
    for name, item in value.items():
        kind = type(item)
        if kind not in _KEY_SCALARS:
            return None
        key.append((name, kind, item))
    return tuple(key)


def intern_configs(cls: type) -> None:
    """Make loading a config of ``cls`` hand out the config it made from the same JSON before.

    Every state and view holds its config, and a game checks a config it has not seen before in
    full (Alakazum!'s card names, for one), which is most of the cost of loading a state. Configs
    are frozen, and the JSON values of the key match in type as well as in value, so the kept
    config is the very value that loading would make again; the games' checks know it by its
    identity. Only configs that loaded are kept, so a refused one is refused every time.
    """
    made: list[Callable[[Any, Any], Any]] = []
    kept: dict[tuple[tuple[str, type, Any], ...], Any] = {}

    def structure(value: Any, _: Any) -> Any:
        if not made:
            made.append(converter.gen_structure_attrs_fromdict(cls))
        key = _scalar_key(value)
        if key is None:
            return made[0](value, cls)
        config = kept.get(key)
        if config is None:
            config = made[0](value, cls)
            if len(kept) >= _INTERNED:
                kept.clear()
            kept[key] = config
        return config

    converter.register_structure_hook(cls, structure)
