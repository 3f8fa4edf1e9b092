"""The writers of JSON text straight from objects, in lock-step with the encoder.

:func:`cardgames._engine.converter.text_writer` writes a value's JSON text without building the dict
and lists that the converter's hooks make. Over every state, view and move of a random game of
every game, of every preset, and over those objects broken in many ways, :func:`to_json` must
write exactly the text that encoding the hook's output writes, or refuse with the same message.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from enum import Enum
from typing import Any, Union

import attrs
import pytest
from cattrs.strategies import configure_tagged_union

import cardgames
from cardgames import serialization
from cardgames._engine import converter, encode, text_writer
from cardgames.bench.memory import random_game
from cardgames.errors import SerializationError

PRESETS = [
    (name, preset)
    for name in sorted(cardgames.GAMES)
    for preset in [*cardgames.GAMES[name].presets][:2]
]
#: Values put in place of a field's value: each of another type, out of range, or not JSON.
ODD_VALUES: tuple[Any, ...] = (
    None,
    True,
    0,
    -1,
    1.5,
    float("nan"),
    2**70,
    "x",
    'é"\\\n',
    (),
    (1, 2),
    ("BL-NR",),
    [1],
    frozenset({3}),
    {"a": 1},
    object(),
)


def reference(obj: Any, as_type: Any) -> tuple[str, str]:
    """What the encoder writes of the hook's output, or the error it stops with."""
    try:
        return "text", encode(converter.unstructure(obj, unstructure_as=as_type))
    except Exception as exc:
        return "error", type(exc).__name__


def quick(obj: Any, as_type: Any) -> tuple[str, str]:
    """What the quick writer writes, or the error it stops with."""
    try:
        return "text", text_writer(as_type)(obj)
    except Exception as exc:
        return "error", type(exc).__name__


def written(obj: object) -> tuple[str, str]:
    """What :func:`to_json` writes, or the message of its refusal."""
    try:
        return "text", cardgames.to_json(obj)
    except SerializationError as exc:
        return "refused", str(exc)


def reference_document(obj: Any) -> tuple[str, str]:
    """What :func:`to_json` wrote before it had quick writers: the whole envelope encoded."""
    game, kind = serialization._kind_of(type(obj))
    as_type = serialization._union_of(game, kind, type(obj))
    try:
        data = converter.unstructure(obj, unstructure_as=as_type)
        return "text", serialization.envelope(game, kind, data)
    except (ValueError, TypeError, KeyError, AttributeError, IndexError, RecursionError) as exc:
        return "refused", f"cannot write this {kind}: {serialization._reason(exc)}"


def objects(name: str, preset: str) -> Iterator[Any]:
    """States, views, moves and events of a seeded random game of ``name``'s ``preset``."""
    game = cardgames.GAMES[name]
    states, moves = random_game(game, game.presets[preset])
    step = max(1, len(states) // 15)
    for state in states[::step]:
        yield state
        yield game.view(state, 0)
    yield from moves[::step]
    for number in range(0, len(moves), step):
        for viewer in (None, 0):
            yield from game.events(states[number], moves[number], states[number + 1], viewer=viewer)


def broken(obj: Any) -> Iterator[Any]:
    """``obj`` with one field at a time holding an odd value, and parts of it broken too."""
    if not attrs.has(type(obj)):
        return
    for field in attrs.fields(type(obj)):
        if not field.init or field.name.startswith("_"):
            continue
        for odd in ODD_VALUES:
            copy = attrs.evolve(obj)
            object.__setattr__(copy, field.name, odd)
            yield copy
        value = getattr(obj, field.name)
        if type(value) is tuple and value:
            for odd in ODD_VALUES[:9]:
                copy = attrs.evolve(obj)
                object.__setattr__(copy, field.name, (*value[:-1], odd))
                yield copy
        for part in broken(value):
            copy = attrs.evolve(obj)
            object.__setattr__(copy, field.name, part)
            yield copy


@pytest.mark.parametrize(("name", "preset"), PRESETS)
def test_quick_writers_write_what_the_encoder_writes(name: str, preset: str) -> None:
    seen = 0
    for obj in objects(name, preset):
        game, kind = serialization._kind_of(type(obj))
        as_type = serialization._union_of(game, kind, type(obj))
        expected = reference(obj, as_type)
        assert expected[0] == "text"
        assert quick(obj, as_type) == expected
        assert written(obj) == reference_document(obj)
        seen += 1
    assert seen > 10


@pytest.mark.parametrize("name", sorted(cardgames.GAMES))
def test_broken_objects_are_written_or_refused_as_before(name: str) -> None:
    game = cardgames.GAMES[name]
    states, _ = random_game(game, next(iter(game.presets.values()), None))
    state = states[len(states) // 2]
    tried = texts = 0
    for obj in (*broken(state), *broken(game.view(state, 0))):
        expected = reference(obj, type(obj))
        got = quick(obj, type(obj))
        if got[0] == "text":
            # The quick writer never writes what the encoder would not.
            assert got == expected
            texts += 1
        assert written(obj) == reference_document(obj)
        tried += 1
    assert tried > 100
    assert texts > 10


class Colour(Enum):
    RED = "red"
    BLUE = 2


@attrs.frozen
class Inner:
    colour: Colour
    count: int = 0


@attrs.frozen
class Outer:
    name: str
    inner: Inner
    others: tuple[Inner, ...] = ()
    numbers: frozenset[int] = frozenset()
    maybe: Inner | None = None
    made: tuple[int, ...] = attrs.field(factory=tuple)
    ratio: float = 0.5
    extra: dict[str, int] = attrs.field(factory=dict)


def test_a_class_of_every_kind_of_field_is_written_as_the_encoder_writes_it() -> None:
    samples = [
        Outer("a", Inner(Colour.RED)),
        Outer(
            'é"\n',
            Inner(Colour.BLUE, 3),
            (Inner(Colour.RED, -1), Inner(Colour.BLUE)),
            frozenset({1, 5, 9}),
            Inner(Colour.RED, 2**40),
            (1, 2, 3),
            float("inf"),
            {"k": 1},
        ),
        Outer("b", Inner("red", True), maybe=Inner(Colour.BLUE, 1.5)),  # type: ignore[arg-type]
        Outer("c", Inner(Colour.RED), numbers=frozenset({True, 2})),
    ]
    write: Callable[[Any], str] = text_writer(Outer)
    for sample in samples:
        expected = reference(sample, Outer)
        try:
            got = ("text", write(sample))
        except Exception as exc:
            got = ("error", type(exc).__name__)
        assert got == expected


@attrs.frozen
class Ping:
    count: int = 0


@attrs.frozen
class Pong:
    colour: Colour
    others: tuple[Inner, ...] = ()


@attrs.frozen
class Typed:
    type: str = "x"


def test_a_tagged_union_is_written_as_the_encoder_writes_it() -> None:
    """A union written with cattrs' tag (moves, events): each member's own object, the tag
    added as its last key; a member with a field of the tag's name is left to the encoder,
    which writes the tag in that field's place."""
    union: Any = Union[Ping, Pong]  # noqa: UP007 - a runtime union, as the games' are
    configure_tagged_union(union, converter, tag_name="type")
    assert "_tagged" in text_writer(union).__qualname__
    samples: list[Any] = [
        Ping(),
        Ping(3),
        Pong(Colour.RED),
        Pong(Colour.BLUE, (Inner(Colour.RED, 2),)),
    ]
    for sample in samples:
        assert quick(sample, union) == reference(sample, union)
    assert quick(Inner(Colour.RED), union) == reference(Inner(Colour.RED), union)  # not a member
    clashing: Any = Union[Ping, Typed]  # noqa: UP007
    configure_tagged_union(clashing, converter, tag_name="type")
    assert "_tagged" not in text_writer(clashing).__qualname__
    for sample in (Ping(1), Typed(), Typed("y")):
        assert quick(sample, clashing) == reference(sample, clashing)
