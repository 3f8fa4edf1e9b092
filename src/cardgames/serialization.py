"""JSON for every config, state, move, view and record, through one cattrs converter.

Every document is an envelope that says what it holds::

    {"format": "cardgames", "version": 1, "game": "alethi", "kind": "state", "data": {...}}

Loading checks the envelope first, so a record of another game, a view offered where a state is
expected, or a document written by a newer version of the library is refused with a
:class:`~cardgames.errors.SerializationError` that names the offending place (``$.kind``...).
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable
from enum import Enum
from typing import Any, TypeVar, Union, cast, get_args, get_type_hints

import attrs
import cattrs
from cattrs.cols import homogenous_tuple_structure_factory
from cattrs.preconf.json import make_converter
from cattrs.strategies import configure_tagged_union

from cardgames.errors import CardgamesError, SerializationError

__all__ = [
    "FORMAT",
    "FORMAT_VERSION",
    "converter",
    "from_json",
    "register_game_types",
    "to_json",
]

#: The ``format`` every document carries, which tells a cardgames document from other JSON.
FORMAT = "cardgames"
#: The format version this library writes, and the newest it reads.
FORMAT_VERSION = 1
T = TypeVar("T")

#: The one converter of the library. Unknown keys are errors, so a round trip is exact.
converter = make_converter(forbid_extra_keys=True, omit_if_default=True)


def _is_enum(t: Any) -> bool:
    return isinstance(t, type) and issubclass(t, Enum)


def _structure_enum(cls: type[Enum]) -> Callable[[Any, Any], Enum]:
    """A quick hook for an enum: a table lookup of its values (a bool is never an int here)."""
    by_value = {member.value: member for member in cls}
    expected = ", ".join(repr(v) for v in by_value)

    def structure(value: Any, _: Any) -> Enum:
        member = by_value.get(value) if type(value) is not bool else None
        # 1.0 == 1, but a float is never an IntEnum's value: only the value's own type loads.
        if member is None or type(value) is not type(member.value):
            raise ValueError(f"{value!r} is not a {cls.__name__}; expected one of {expected}")
        return member

    return structure


def _is_int_namedtuple(t: Any) -> bool:
    if not (isinstance(t, type) and issubclass(t, tuple) and hasattr(t, "_fields")):
        return False
    hints = get_type_hints(t)
    return bool(hints) and all(hint is int for hint in hints.values())


def _structure_int_namedtuple(cls: type[tuple[int, ...]]) -> Callable[[Any, Any], Any]:
    """A quick hook for a named tuple of integers (a cell), written as a JSON list."""
    size = len(cls._fields)  # type: ignore[attr-defined]

    def structure(value: Any, _: Any) -> Any:
        if (
            not isinstance(value, list)
            or len(value) != size
            or any(type(v) is not int for v in value)
        ):
            raise ValueError(
                f"expected a list of {size} integers for {cls.__name__}, got {value!r}"
            )
        return cls(*value)

    return structure


def _strict(kind: type, check: Callable[[Any], bool], what: str) -> None:
    """Make ``kind`` load only from JSON values of its own type: no silent conversions, so a
    loaded object is exactly what was written (a whole number is taken as a float, as float)."""

    def structure(value: Any, _: Any) -> Any:
        if not check(value):
            raise ValueError(f"expected {what}, got {value!r}")
        return kind(value)

    converter.register_structure_hook(kind, structure)


_strict(int, lambda v: type(v) is int, "an integer")
_strict(bool, lambda v: type(v) is bool, "true or false")
_strict(str, lambda v: type(v) is str, "a string")
_strict(
    float,
    lambda v: (type(v) is float and math.isfinite(v)) or type(v) is int,
    "a finite number",
)


def _is_homogeneous_tuple(t: Any) -> bool:
    args = get_args(t)
    return getattr(t, "__origin__", None) is tuple and len(args) == 2 and args[1] is Ellipsis


def _structure_homogeneous_tuple(t: Any) -> Callable[[Any, Any], Any]:
    """A tuple of any length is written as a JSON list, and only a list loads as one (cattrs
    alone would also take a JSON object, as the tuple of its keys)."""
    items = homogenous_tuple_structure_factory(t, converter)

    def structure(value: Any, cls: Any) -> Any:
        if type(value) is not list:
            raise ValueError(f"expected a list, got {type(value).__name__}")
        return items(value, cls)

    return structure


converter.register_structure_hook_factory(_is_homogeneous_tuple, _structure_homogeneous_tuple)


def _register_quick_hooks(tp: Any, seen: set[Any]) -> None:
    """Give every enum and integer named tuple reachable from ``tp`` its quick hook.

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
    elif isinstance(tp, type) and attrs.has(tp):
        for hint in get_type_hints(tp).values():
            _register_quick_hooks(hint, seen)
    for arg in get_args(tp):
        _register_quick_hooks(arg, seen)


#: Classes that write and read whole documents themselves (the game record).
_DOCUMENTS: set[type] = set()

# type -> (game name, kind); kinds are "config", "state", "view", "move", "record".
_KIND_OF: dict[type, tuple[str, str]] = {}
# (game name) -> the union of its move classes, for structuring a move of unknown class.
_MOVE_UNION: dict[str, Any] = {}
# config type -> the game's check of a config, run before a config is written.
_CONFIG_CHECKS: dict[type, Callable[[Any], None]] = {}


def _tag(cls: type) -> str:
    return cls.__name__.lower()


def register_game_types(
    game: str,
    *,
    config: type,
    state: type,
    view: type,
    moves: tuple[type, ...],
    check_config: Callable[[Any], None] | None = None,
) -> None:
    """Make a game's classes known to :func:`to_json` and :func:`from_json`.

    ``check_config`` (raising a ``CardgamesError``) keeps :func:`to_json` from writing a config
    that could not be played, which might otherwise be written as another (``2.0`` players
    equals the default 2, so it would be left out and read back as ``2``). Called once per game
    by the registry; a game's own code never needs it.
    """
    seen: set[Any] = set()
    for cls in (config, state, view, *moves):
        _register_quick_hooks(cls, seen)
    _KIND_OF[config] = (game, "config")
    if check_config is not None:
        _CONFIG_CHECKS[config] = check_config
    _KIND_OF[state] = (game, "state")
    _KIND_OF[view] = (game, "view")
    union: Any = Union[moves]  # noqa: UP007 - a runtime union built from a tuple
    for cls in moves:
        _KIND_OF[cls] = (game, "move")
    _MOVE_UNION[game] = union
    if len(moves) > 1:
        configure_tagged_union(union, converter, tag_generator=_tag, tag_name="type")


def register_document(cls: type) -> None:
    """Let :func:`to_json` and :func:`from_json` hand ``cls`` to its own ``to_json`` and
    ``from_json`` (a class whose documents span games, such as the record)."""
    _DOCUMENTS.add(cls)


def move_union(game: str) -> Any:
    """The union type of a game's moves, as registered."""
    return _MOVE_UNION[game]


def _where(exc: Exception, path: str) -> str:
    if isinstance(exc, cattrs.BaseValidationError):
        return "; ".join(cattrs.transform_error(exc, path=path))
    return f"{path}: {exc}"


def unstructure(obj: Any, as_type: Any) -> Any:
    """The JSON-ready form of ``obj`` (no envelope)."""
    return converter.unstructure(obj, unstructure_as=as_type)


def structure(data: Any, as_type: type[T] | Any, path: str = "$") -> T:
    """Build an object from its JSON-ready form, turning every failure into a located error."""
    try:
        return cast(T, converter.structure(data, as_type))
    except SerializationError:
        raise
    except (cattrs.BaseValidationError, ValueError, TypeError, KeyError, AttributeError) as exc:
        raise SerializationError(_where(exc, path)) from None


def _kind_of(obj_type: Any) -> tuple[str, str]:
    try:
        return _KIND_OF[obj_type]
    except (KeyError, TypeError):
        name = getattr(obj_type, "__name__", repr(obj_type))
        raise SerializationError(
            f"{name} is not a cardgames config, state, move, view or record"
        ) from None


def envelope(game: str, kind: str, data: Any) -> str:
    """The JSON text of a document."""
    doc = {"format": FORMAT, "version": FORMAT_VERSION, "game": game, "kind": kind, "data": data}
    return json.dumps(doc, separators=(",", ":"), ensure_ascii=False)


def to_json(obj: object) -> str:
    """The JSON text of a config, state, move, view or record.

    >>> import cardgames
    >>> from cardgames import alethi
    >>> text = cardgames.to_json(alethi.Config())
    >>> cardgames.from_json(text, alethi.Config) == alethi.Config()
    True
    """
    if type(obj) in _DOCUMENTS:
        return cast(str, obj.to_json())  # type: ignore[attr-defined]
    game, kind = _kind_of(type(obj))
    check = _CONFIG_CHECKS.get(type(obj)) if kind == "config" else None
    if check is not None:
        try:
            check(obj)
        except CardgamesError as exc:
            raise SerializationError(f"cannot write this config: {exc}") from None
    as_type: Any = _MOVE_UNION[game] if kind == "move" else type(obj)
    try:
        data = unstructure(obj, as_type)
        return envelope(game, kind, data)
    except (ValueError, TypeError, KeyError, AttributeError, IndexError) as exc:
        raise SerializationError(f"cannot write this {kind}: {exc}") from None


def open_envelope(text: str | bytes, game: str | None, kind: str) -> tuple[str, int, Any]:
    """Check a document's envelope; return its game name, its format version and its data."""
    try:
        doc = json.loads(text)
    except TypeError:
        raise SerializationError(f"expected JSON text, got {type(text).__name__}") from None
    except (ValueError, RecursionError) as exc:  # bad JSON, bad UTF-8, absurd nesting or numbers
        raise SerializationError(f"not JSON: {exc}") from None
    if not isinstance(doc, dict):
        raise SerializationError(f"$: expected a JSON object, got {type(doc).__name__}")
    missing = [key for key in ("format", "version", "game", "kind", "data") if key not in doc]
    if missing:
        raise SerializationError(f"$: not a cardgames document, missing {', '.join(missing)}")
    extra = sorted(set(doc) - {"format", "version", "game", "kind", "data"})
    if extra:
        raise SerializationError(f"$: unexpected keys {', '.join(extra)}")
    if doc["format"] != FORMAT:
        raise SerializationError(f"$.format: expected {FORMAT!r}, got {doc['format']!r}")
    version = doc["version"]
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise SerializationError(f"$.version: expected a positive integer, got {version!r}")
    if version > FORMAT_VERSION:
        raise SerializationError(
            f"$.version: format version {version} is newer than this library reads "
            f"(up to {FORMAT_VERSION}); upgrade cardgames"
        )
    if game is not None and doc["game"] != game:
        raise SerializationError(f"$.game: this is a {doc['game']!r} document, expected {game!r}")
    if doc["kind"] != kind:
        raise SerializationError(f"$.kind: this document holds a {doc['kind']}, expected a {kind}")
    return str(doc["game"]), version, doc["data"]


def from_json(text: str | bytes, cls: type[T] | Any) -> T:
    """Load an object of class ``cls`` (or a game's move union) from :func:`to_json` text.

    Raises ``SerializationError`` naming the place that is wrong.
    """
    if isinstance(cls, type) and cls in _DOCUMENTS:
        return cast(T, cls.from_json(text))  # type: ignore[attr-defined]
    union_game = next((g for g, u in _MOVE_UNION.items() if u == cls), None)
    if union_game is not None:
        game, kind = union_game, "move"
    else:
        game, kind = _kind_of(cls)
    _, _, data = open_envelope(text, game, kind)
    as_type: Any = _MOVE_UNION[game] if kind == "move" else cls
    obj: Any = structure(data, as_type, "$.data")
    if kind == "move" and isinstance(cls, type) and not isinstance(obj, cls):
        raise SerializationError(f"$.data.type: expected a {_tag(cls)} move, got {_tag(type(obj))}")
    return cast(T, obj)
