"""JSON for every config, state, move, view, event and record, through one cattrs converter.

Every document is an envelope that says what it holds::

    {"format": "cardgames", "version": 1, "game": "alethi", "kind": "state", "data": {...}}

Loading checks the envelope first, so a record of another game, a view offered where a state is
expected, or a document written by a newer version of the library is refused with a
:class:`~cardgames.errors.SerializationError` that names the offending place (``$.kind``...).

Loading is built for documents from anywhere. A document longer than :data:`MAX_DOCUMENT` is
refused before it is parsed; otherwise the work is linear in the document's size, the first
problem found stops it, and the error names that place and what was expected there, in a
message of a few hundred characters at most that never repeats the document. A loaded state or
view has also passed its game's ``check_state`` or ``check_view``: loading never returns a
state or view that the rules could not have made.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from json.scanner import make_scanner
from typing import Any, TypeVar, Union, cast, overload

import cattrs
from cattrs.errors import (
    AttributeValidationNote,
    ForbiddenExtraKeysError,
    IterableValidationNote,
)
from cattrs.strategies import configure_tagged_union

from cardgames._engine.converter import (
    MAX_INTEGER_BITS,
    converter,
    encode,
    give_text_writer,
    intern_configs,
    optional_text_writer,
    register_quick_hooks,
    text_writer,
)
from cardgames._surface import public_dir
from cardgames.errors import CardgamesError, SerializationError, excerpt
from cardgames.event_checks import (
    EventLimits,
    check_event,
    check_event_data,
    register_event_limits,
)
from cardgames.game import MAX_PLAYERS

__all__ = [
    "FORMAT",
    "FORMAT_VERSION",
    "MAX_DOCUMENT",
    "MAX_INTEGER_BITS",
    "brief",
    "converter",
    "from_json",
    "register_event_types",
    "register_game_types",
    "to_json",
]

#: The ``format`` every document carries, which tells a cardgames document from other JSON.
FORMAT = "cardgames"
#: The format version this library writes, and the newest it reads.
FORMAT_VERSION = 1
#: The longest document :func:`from_json` reads, in characters of a ``str`` or bytes of a
#: ``bytes``: 4 MiB. The longest record of a real game is a few tens of kilobytes, so the limit
#: only ever refuses documents that were made to be large.
MAX_DOCUMENT = 4 * 1024 * 1024
#: The most characters of a nested error's own text that a loading error quotes.
_REASON = 240
# The most characters of a refused value that a loading error shows after "got".
_QUOTED = 34
T = TypeVar("T")

#: Classes that write and read whole documents themselves (the game record).
_DOCUMENTS: set[type] = set()

# type -> (game name, kind); kinds are "config", "state", "view", "move", "event", "record".
_KIND_OF: dict[type, tuple[str, str]] = {}
# (game name) -> the union of its move classes, for structuring a move of unknown class.
_MOVE_UNION: dict[str, Any] = {}
# config type -> the game's check of a config, run before a config is written.
_CONFIG_CHECKS: dict[type, Callable[[Any], None]] = {}
# state or view type -> the game's full check of one (``check_state``, ``check_view``), run on
# every state or view read from JSON.
_LOAD_CHECKS: dict[type, Callable[[Any], Any]] = {}


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
    check_state: Callable[[Any], Any] | None = None,
    check_view: Callable[[Any], Any] | None = None,
) -> None:
    """Make a game's classes known to :func:`to_json` and :func:`from_json`.

    ``check_config`` (raising a ``CardgamesError``) keeps :func:`to_json` from writing a config
    that could not be played, which might otherwise be written as another (``2.0`` players
    equals the default 2, so it would be left out and read back as ``2``). ``check_state`` and
    ``check_view`` (raising a ``CardgamesError`` too)
    run on every state and view that :func:`from_json` reads, so a document that no game could
    reach is refused when it is loaded rather than when it is first used. Called once per game by
    the registry; a game's own code never needs it.
    """
    seen: set[Any] = set()
    for cls in (config, state, view, *moves):
        register_quick_hooks(cls, seen)
    _KIND_OF[config] = (game, "config")
    intern_configs(config)
    if check_config is not None:
        _CONFIG_CHECKS[config] = check_config
    _KIND_OF[state] = (game, "state")
    _KIND_OF[view] = (game, "view")
    for cls, check in ((state, check_state), (view, check_view)):
        if check is not None:
            _LOAD_CHECKS[cls] = check
    union: Any = Union[moves]  # noqa: UP007 - a runtime union built from a tuple
    for cls in moves:
        _KIND_OF[cls] = (game, "move")
    _MOVE_UNION[game] = union
    if len(moves) > 1:
        # The strategy writes the tag; reading goes through a hook of our own, which checks the
        # tag before it looks it up, so that a bad tag is named but never repeated.
        configure_tagged_union(union, converter, tag_generator=_tag, tag_name="type")
        structure_move = _structure_move(moves)
        converter.register_structure_hook(union, structure_move)
        # A field that may hold a move or nothing (the move that led to a state, one
        # announced) is written and read the same way, with null for nothing.
        optional: Any = Union[(*moves, type(None))]
        unstructure_move = converter.get_unstructure_hook(union)

        def unstructure_optional_move(move: Any) -> Any:
            return None if move is None else unstructure_move(move)

        converter.register_unstructure_hook(optional, unstructure_optional_move)
        give_text_writer(unstructure_optional_move, optional_text_writer(union))
        converter.register_structure_hook(
            optional, lambda value, _: None if value is None else structure_move(value, union)
        )
    _forget_writers_and_readers()


# (game name) -> the union of its event classes, written and read with a "type" tag.
_EVENT_UNION: dict[str, Any] = {}


def register_event_types(
    game: str, events: tuple[type, ...], *, limits: EventLimits | None = None
) -> None:
    """Make a game's event classes known to :func:`to_json` and :func:`from_json`.

    An event is written as ``{"type": tag, ...fields}``, the tag being its class name in lower
    case, like a move. Every event that :func:`from_json` reads passes
    :func:`~cardgames.event_checks.check_event` with the game's ``limits`` (without them, the
    most players an outcome may name). Called once per game by
    :func:`cardgames.define.define_game`.
    """
    if not events:
        raise TypeError(f"game {game} has no event classes")
    register_event_limits(game, events, limits or EventLimits(players=MAX_PLAYERS))
    seen: set[Any] = set()
    for cls in events:
        register_quick_hooks(cls, seen)
        _KIND_OF[cls] = (game, "event")
        _LOAD_CHECKS[cls] = check_event
    union: Any = Union[events]  # noqa: UP007 - a runtime union built from a tuple
    _EVENT_UNION[game] = union
    _forget_writers_and_readers()
    if len(events) > 1:
        configure_tagged_union(union, converter, tag_generator=_tag, tag_name="type")
        converter.register_structure_hook(union, _structure_move(events, "an event"))


def _structure_move(moves: tuple[type, ...], what: str = "a move") -> Callable[[Any, Any], Any]:
    """The hook of a game's move union: ``{"type": tag, ...fields}``, the tag chosen first."""
    by_tag = {_tag(cls): cls for cls in moves}
    expected = ", ".join(by_tag)

    def structure(value: Any, _: Any) -> Any:
        if type(value) is not dict:
            raise ValueError(f"expected {what} as a JSON object, got {excerpt(value)}")
        tag = value.get("type")
        cls = by_tag.get(tag) if type(tag) is str else None
        if cls is None:
            got = "no type" if "type" not in value else excerpt(tag)
            raise ValueError(f"expected {what} type ({expected}), got {got}")
        fields = {key: item for key, item in value.items() if key != "type"}
        return converter.get_structure_hook(cls)(fields, cls)

    return structure


def register_document(cls: type) -> None:
    """Let :func:`to_json` and :func:`from_json` hand ``cls`` to its own ``to_json`` and
    ``from_json`` (a class whose documents span games, such as the record)."""
    _DOCUMENTS.add(cls)
    _forget_writers_and_readers()


def _forget_writers_and_readers() -> None:
    """Drop every writer and reader made so far: what they were made from has changed."""
    _WRITERS.clear()
    _READERS.clear()


def move_union(game: str) -> Any:
    """The union type of a game's moves, as registered."""
    return _MOVE_UNION[game]


def _first_problem(exc: BaseException, path: str) -> str:
    """``path: what is wrong`` for the first problem that ``exc`` reports.

    cattrs gathers the errors of a class's fields into a tree; the first leaf, with the fields
    and indices that lead to it, names the place. Only the leaf's own short text is kept, never
    the whole tree (which could hold an error per item of a long list).
    """
    while isinstance(exc, cattrs.BaseValidationError) and exc.exceptions:
        first = exc.exceptions[0]
        for note in getattr(first, "__notes__", ()):
            if isinstance(note, AttributeValidationNote):
                path += f".{note.name}"
            elif isinstance(note, IterableValidationNote):
                index = note.index
                path += f"[{index}]" if type(index) is int else f"[{excerpt(index)}]"
        exc = first
    return f"{path}: {_reason(exc)}"


def _key(key: object) -> str:
    """A key of a JSON object as a message shows it: plain if short and printable."""
    if type(key) is str and len(key) <= 32 and key.isprintable():
        return key
    return excerpt(key)


def _reason(exc: BaseException) -> str:
    """A short text for one error found while loading."""
    if isinstance(exc, ForbiddenExtraKeysError):
        keys = sorted(exc.extra_fields, key=str)
        shown = ", ".join(_key(key) for key in keys[:3])
        more = f" and {len(keys) - 3} more" if len(keys) > 3 else ""
        return f"unexpected keys {shown}{more}"
    if type(exc) is KeyError:
        return "a required key is missing"
    if isinstance(exc, RecursionError):
        return "nested too deeply"
    try:
        text = str(exc)
    except Exception:  # a message that cannot even be made is no message
        text = ""
    return brief(text) or type(exc).__name__


def brief(text: str) -> str:
    """An error's text from elsewhere (a game's hook or check), made safe to pass on: on one
    line, at most a few hundred characters, and with no more of a quoted value than
    :func:`~cardgames.errors.excerpt` would show."""
    # Any long word but a path ($.data.hands[3][7]) is cut as excerpt cuts a string: a refused
    # value is often quoted whole.
    words = [
        w if len(w) <= _QUOTED or (w.startswith("$") and len(w) <= _REASON) else w[:_QUOTED] + "…"
        for w in text.split()
    ]
    text = " ".join(words)
    # A hook that quotes the value it refused ("expected ..., got <value>") would repeat it
    # even in short words: keep no more of it than excerpt would.
    got = text.find("got ")
    if got >= 0 and len(text) > got + 4 + _QUOTED:
        text = text[: got + 4 + _QUOTED] + "…"
    if len(text) > _REASON:
        text = text[: _REASON - 1] + "…"
    return text


def unstructure(obj: Any, as_type: Any) -> Any:
    """The JSON-ready form of ``obj`` (no envelope)."""
    return converter.unstructure(obj, unstructure_as=as_type)


def structure(data: Any, as_type: type[T] | Any, path: str = "$") -> T:
    """Build an object from its JSON-ready form, turning every failure into a located error."""
    try:
        return cast(T, converter.structure(data, as_type))
    except SerializationError as exc:
        # A game's own hook that located the problem itself: its words, kept as short.
        raise SerializationError(_reason(exc)) from None
    except _LOADING_ERRORS as exc:
        raise SerializationError(_first_problem(exc, path)) from None


# The errors a hook may raise on a value it refuses, which loading turns into located ones.
_LOADING_ERRORS = (
    cattrs.BaseValidationError,
    ValueError,
    TypeError,
    KeyError,
    AttributeError,
    IndexError,
    RecursionError,
)


def _kind_of(obj_type: Any) -> tuple[str, str]:
    try:
        return _KIND_OF[obj_type]
    except (KeyError, TypeError):
        name = getattr(obj_type, "__name__", repr(obj_type))
        raise SerializationError(
            f"{name} is not a cardgames config, state, move, view, event or record"
        ) from None


def envelope(game: str, kind: str, data: Any) -> str:
    """The JSON text of a document."""
    doc = {"format": FORMAT, "version": FORMAT_VERSION, "game": game, "kind": kind, "data": data}
    return _encode(doc)


# The encoder of every document.
_encode = encode

# The writers and readers that to_json and from_json made for each type they were given: one
# dict lookup finds all that is fixed for a type (its game, its kind, its hook, its envelope).
# Registering a game forgets them all, so they are always made from what is registered now.
_WRITERS: dict[Any, Callable[[Any], str]] = {}
_READERS: dict[Any, Callable[[str | bytes], Any]] = {}


def to_json(obj: object) -> str:
    """The JSON text of a config, state, move, view, event or record.

    >>> import cardgames
    >>> from cardgames import alethi
    >>> text = cardgames.to_json(alethi.Config())
    >>> cardgames.from_json(text, alethi.Config) == alethi.Config()
    True
    """
    write = _WRITERS.get(type(obj))
    if write is None:
        write = _writer(type(obj))
    return write(obj)


def _writer(cls: type) -> Callable[[Any], str]:
    """What :func:`to_json` does with an object of class ``cls``, made once and kept."""
    write = _write_document if cls in _DOCUMENTS else _object_writer(cls)
    _WRITERS[cls] = write
    return write


def _write_document(obj: Any) -> str:
    return cast(str, obj.to_json())


def _object_writer(cls: type) -> Callable[[Any], str]:
    """The writer of a config, state, view, move or event of class ``cls``."""
    game, kind = _kind_of(cls)
    as_type: Any = _union_of(game, kind, cls)
    hook = converter.get_unstructure_hook(as_type)
    text = text_writer(as_type)
    # The document up to its data, as the encoder writes it: only the data is encoded anew.
    head = _encode({"format": FORMAT, "version": FORMAT_VERSION, "game": game, "kind": kind})
    head = head[:-1] + ',"data":'
    check = _CONFIG_CHECKS.get(cls) if kind == "config" else None

    def write(obj: Any) -> str:
        if check is not None:
            try:
                check(obj)
            except CardgamesError as exc:
                raise SerializationError(f"cannot write this config: {_reason(exc)}") from None
        try:
            return head + text(obj) + "}"
        except Exception:  # told as the encoder tells it, below
            pass
        # The writer's text is the encoder's; should it fail, the encoder fails as it would.
        try:
            return head + _encode(hook(obj)) + "}"
        except _WRITING_ERRORS as exc:
            raise SerializationError(f"cannot write this {kind}: {_reason(exc)}") from None

    return write


# The errors a hook or the encoder may raise on a value it cannot write.
_WRITING_ERRORS = (ValueError, TypeError, KeyError, AttributeError, IndexError, RecursionError)


_ENVELOPE_KEYS = {"format", "version", "game", "kind", "data"}
_KINDS = ("config", "state", "move", "view", "event", "record")


def _union_of(game: str, kind: str, cls: Any) -> Any:
    """The type a move or an event is written and read as (its game's tagged union)."""
    if kind == "move":
        return _MOVE_UNION[game]
    if kind == "event":
        return _EVENT_UNION[game]
    return cls


def _a(word: str) -> str:
    """``word`` after its indefinite article: ``a state``, ``an event``."""
    return f"an {word}" if word[:1] in ("a", "e", "i", "o", "u") else f"a {word}"


def open_envelope(text: str | bytes, game: str | None, kind: str) -> tuple[str, int, Any]:
    """Check a document's envelope; return its game name, its format version and its data."""
    if not isinstance(text, str | bytes | bytearray):
        raise SerializationError(f"expected JSON text, got {type(text).__name__}")
    if len(text) > MAX_DOCUMENT:
        raise SerializationError(
            f"$: the document is {len(text)} long, more than the {MAX_DOCUMENT} that cardgames "
            "reads"
        )
    try:
        doc = json.loads(text)
    except (ValueError, RecursionError) as exc:  # bad JSON, bad UTF-8, absurd nesting or numbers
        raise SerializationError(f"not JSON: {_reason(exc)}") from None
    if not isinstance(doc, dict):
        raise SerializationError(f"$: expected a JSON object, got {type(doc).__name__}")
    missing = [key for key in ("format", "version", "game", "kind", "data") if key not in doc]
    if missing:
        raise SerializationError(f"$: not a cardgames document, missing {', '.join(missing)}")
    if len(doc) > 5:
        raise SerializationError(
            f"$: {_reason(ForbiddenExtraKeysError('', dict, set(doc) - _ENVELOPE_KEYS))}"
        )
    if doc["format"] != FORMAT:
        raise SerializationError(f"$.format: expected {FORMAT!r}, got {excerpt(doc['format'])}")
    version = doc["version"]
    if type(version) is not int or version < 1:
        raise SerializationError(f"$.version: expected a positive integer, got {excerpt(version)}")
    if version > FORMAT_VERSION:
        raise SerializationError(
            f"$.version: format version {excerpt(version)} is newer than this library reads "
            f"(up to {FORMAT_VERSION}); upgrade cardgames"
        )
    if type(doc["game"]) is not str:
        raise SerializationError(f"$.game: expected a game name, got {excerpt(doc['game'])}")
    if game is not None and doc["game"] != game:
        raise SerializationError(
            f"$.game: this is a {excerpt(doc['game'])} document, expected {game!r}"
        )
    if doc["kind"] != kind:
        held = doc["kind"] if doc["kind"] in _KINDS else excerpt(doc["kind"])
        raise SerializationError(f"$.kind: this document holds {_a(held)}, expected {_a(kind)}")
    return doc["game"], version, doc["data"]


# The C scanner json.loads runs, called straight: (value, end) of the JSON value at an index.
# (typeshed mistypes the argument of make_scanner: it takes a decoder, whose options it reads.)
_scan: Callable[[str, int], tuple[Any, int]] = make_scanner(cast(Any, json.JSONDecoder()))


def _open(text: str | bytes, game: str, kind: str) -> Any:
    """The data of a document of ``game`` holding a ``kind``: what :func:`open_envelope`
    returns last, found in one step when the document is a plain ``str`` of at most
    :data:`MAX_DOCUMENT` characters whose envelope is exactly as :func:`to_json` writes it.
    Anything else goes to :func:`open_envelope`, which refuses it or reads it as before."""
    if type(text) is str and len(text) <= MAX_DOCUMENT:
        doc: Any = None
        try:
            doc, end = _scan(text, 0)
        except Exception:  # any failure is told by the full opening below
            end = -1
        if (
            end == len(text)
            and type(doc) is dict
            and len(doc) == len(_ENVELOPE_KEYS)
            and doc.get("format") == FORMAT
            and type(doc.get("version")) is int
            and doc["version"] == FORMAT_VERSION
            and doc.get("game") == game
            and doc.get("kind") == kind
            and "data" in doc
        ):
            return doc["data"]
    return open_envelope(text, game, kind)[2]


@overload
def from_json(text: str | bytes, cls: type[T]) -> T: ...


@overload
def from_json(text: str | bytes, cls: Any) -> Any: ...


def from_json(text: str | bytes, cls: Any) -> Any:
    """Load an object of class ``cls`` (or a game's move or event union) from :func:`to_json`
    text.

    Typed for the class it is given: ``from_json(text, alethi.State)`` is an ``alethi.State``
    to a type checker (a union such as ``alethi.Move`` gives ``Any``, to be narrowed with
    ``isinstance``). Raises ``SerializationError`` naming the place that is wrong.
    """
    try:
        read = _READERS.get(cls)
    except TypeError:  # not even hashable, so neither a class nor a union
        read = None
    if read is None:
        read = _reader(cls)
    return read(text)


def _reader(cls: Any) -> Callable[[str | bytes], Any]:
    """What :func:`from_json` does with ``cls``, made once and kept (when ``cls`` is known)."""
    if isinstance(cls, type) and cls in _DOCUMENTS:
        read: Callable[[str | bytes], Any] = cls.from_json  # type: ignore[attr-defined]
    else:
        read = _object_reader(cls)
    _READERS[cls] = read
    return read


def _object_reader(cls: Any) -> Callable[[str | bytes], Any]:
    """The reader of a config, state, view, move or event of class ``cls``, or of a game's
    move or event union."""
    union_game = next((g for g, u in _MOVE_UNION.items() if u == cls), None)
    event_game = next((g for g, u in _EVENT_UNION.items() if u == cls), None)
    if union_game is not None:
        game, kind = union_game, "move"
    elif event_game is not None:
        game, kind = event_game, "event"
    else:
        game, kind = _kind_of(cls)
    as_type: Any = _union_of(game, kind, cls)
    hook = converter.get_structure_hook(as_type)
    # Only a move or an event class asked for by name is checked to be that class: a union, or
    # a class of any other kind, is what its hook makes.
    expected = cls if kind in ("move", "event") and isinstance(cls, type) else None

    def read(text: str | bytes) -> Any:
        data = _open(text, game, kind)
        if kind == "event":
            try:
                check_event_data(game, data)
            except CardgamesError as exc:
                raise SerializationError(_reason(exc)) from None
        try:
            obj = hook(data, as_type)
        except SerializationError as exc:
            # A game's own hook that located the problem itself: its words, kept as short.
            raise SerializationError(_reason(exc)) from None
        except _LOADING_ERRORS as exc:
            raise SerializationError(_first_problem(exc, "$.data")) from None
        if expected is not None and not isinstance(obj, expected):
            raise SerializationError(
                f"$.data.type: expected a {_tag(expected)} {kind}, got {_tag(type(obj))}"
            )
        return check_loaded(obj, game, kind, "$.data")

    return read


def check_loaded(obj: Any, game: str, kind: str, path: str) -> Any:
    """``obj``, just read from JSON, once its game's check of a state or view passes; the
    check's error becomes a ``SerializationError`` that says so at ``path``.

    An event is held to :func:`~cardgames.event_checks.check_event`. A config is not checked
    here: one that cannot be played loads, and ``new_game`` (and a record's replay) refuse it,
    saying why.
    """
    check = _LOAD_CHECKS.get(type(obj))
    if check is None:
        return obj
    try:
        check(obj)
    except CardgamesError as exc:
        if kind == "event":  # check_event names the field first: "player: not a player..."
            raise SerializationError(f"{path}.{_reason(exc)}") from None
        # The games' checks often start with the same words: say them once.
        reason = _reason(exc).removeprefix(f"not a playable {game} {kind}: ")
        raise SerializationError(f"{path}: not a playable {kind} of {game}: {reason}") from None
    except (ValueError, TypeError, KeyError, AttributeError, IndexError, RecursionError) as exc:
        raise SerializationError(
            f"{path}: not a playable {kind} of {game}: {type(exc).__name__}: {_reason(exc)}"
        ) from None
    return obj


__dir__ = public_dir(__all__)
