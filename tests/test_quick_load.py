"""The straight-line loaders of attrs classes, in lock-step with cattrs' loaders behind them.

Every attrs class the converter meets gets a quick loader (:mod:`cardgames._engine.quick_load`) that
hands anything unexpected to cattrs' own. Over the states, views and moves of a random game of
every game, and over those documents broken in many ways, the quick loader must make what
cattrs' loader makes, or fail with the same located message.
"""

from __future__ import annotations

import enum
import json
from collections.abc import Callable, Iterator
from typing import Any

import attrs
import pytest

import cardgames
from cardgames import alakazum, serialization
from cardgames._engine.quick_load import quick_attrs_hook, quick_enum_items, quick_item_tests
from cardgames.bench.memory import random_game
from cardgames.errors import SerializationError
from cardgames.serialization import converter

GAMES = sorted(cardgames.GAMES)
#: Values put in place of a field's value: each of another JSON type, or out of range.
ODD_VALUES: tuple[Any, ...] = (None, True, 0, -1, 1.5, 2**64, -(2**64), "x", [], [1], {}, {"a": 1})


def outcome(load: Callable[[], Any]) -> tuple[str, Any]:
    """What loading gives: the object, or the message :func:`serialization.structure` makes of
    the error."""
    try:
        return "made", load()
    except SerializationError as exc:
        return "refused", serialization._reason(exc)
    except serialization._LOADING_ERRORS as exc:
        return "refused", serialization._first_problem(exc, "$")


def both(data: Any, cls: type) -> tuple[tuple[str, Any], tuple[str, Any]]:
    """The outcome of the converter's hook (quick if ``cls`` has one) and of cattrs' own."""
    hook = converter.get_structure_hook(cls)
    slow: Callable[[Any, Any], Any] = converter.gen_structure_attrs_fromdict(cls)
    return outcome(lambda: hook(data, cls)), outcome(lambda: slow(data, cls))


def quick_classes(obj: Any) -> Iterator[tuple[type, Any]]:
    """``obj``'s class and the attrs classes of its fields, each with its JSON form, where the
    converter loads the class through a quick loader."""
    if not attrs.has(type(obj)):
        return
    hook = converter.get_structure_hook(type(obj))
    if hook.__qualname__.startswith("quick_attrs_hook"):
        yield (
            type(obj),
            json.loads(json.dumps(converter.unstructure(obj, unstructure_as=type(obj)))),
        )
    for field in attrs.fields(type(obj)):
        if field.init and not field.name.startswith("_"):
            yield from quick_classes(getattr(obj, field.name))


def samples(name: str) -> list[tuple[type, Any]]:
    """Documents of every class with a quick loader met in a random game of ``name``."""
    game = cardgames.GAMES[name]
    states, moves = random_game(game, next(iter(game.presets.values()), None))
    found: list[tuple[type, Any]] = []
    for state in states[:: max(1, len(states) // 12)]:
        found.extend(quick_classes(state))
        found.extend(quick_classes(game.view(state, 0)))
    for move in moves[:: max(1, len(moves) // 12)]:
        found.extend(quick_classes(move))
    return found


@pytest.mark.parametrize("name", GAMES)
def test_quick_loaders_make_what_cattrs_makes(name: str) -> None:
    found = samples(name)
    assert found, "no class of the game is loaded through a quick loader"
    for cls, data in found:
        quick, slow = both(data, cls)
        assert quick == slow
        assert quick[0] == "made"


@pytest.mark.parametrize("name", GAMES)
def test_quick_loaders_refuse_what_cattrs_refuses(name: str) -> None:
    seen: set[type] = set()
    for cls, data in samples(name):
        if cls in seen or type(data) is not dict:
            continue
        seen.add(cls)
        assert both(None, cls)[0] == both(None, cls)[1]
        assert both([data], cls)[0][0] == "refused"
        broken = [{**data, "unknown": 1}]
        for key in data:
            broken.append({k: v for k, v in data.items() if k != key})
            broken.extend({**data, key: odd} for odd in ODD_VALUES)
        for field in attrs.fields(cls):
            if field.init and field.name not in data:
                broken.extend({**data, field.name: odd} for odd in ODD_VALUES)
        for document in broken:
            quick, slow = both(json.loads(json.dumps(document)), cls)
            assert quick == slow, (cls.__name__, document)


def test_a_class_the_quick_loader_does_not_take_is_left_to_cattrs() -> None:
    @attrs.frozen
    class Converted:
        size: int = attrs.field(converter=int)

    @attrs.frozen
    class Private:
        _hidden: int

    def slow(value: Any, cls: Any) -> Any:
        return None

    for cls in (Converted, Private):
        assert quick_attrs_hook(cls, converter.get_structure_hook, slow, -8, 8) is None


def test_the_quick_loader_keeps_defaults_factories_and_bounds() -> None:
    @attrs.frozen
    class Sample:
        count: int
        tags: tuple[str, ...] = ()
        extra: list[int] = attrs.Factory(list)
        flag: bool | None = None

    calls: list[Any] = []

    def slow(value: Any, cls: Any) -> Any:
        calls.append(value)
        return "slow"

    load = quick_attrs_hook(Sample, converter.get_structure_hook, slow, -8, 8)
    assert load is not None
    made = load({"count": 3}, Sample)
    assert made == Sample(3)
    assert made.extra is not load({"count": 3}, Sample).extra
    assert load({"count": 7, "tags": ["a"], "flag": True}, Sample) == Sample(7, ("a",), [], True)
    assert calls == []
    for bad in ({"count": 8}, {"count": True}, {"count": 1, "flag": 1}, {"count": 1, "x": 0}):
        assert load(bad, Sample) == "slow"
    assert calls == [{"count": 8}, {"count": True}, {"count": 1, "flag": 1}, {"count": 1, "x": 0}]


def test_lists_of_scalars_pass_whole_only_when_each_item_would_load_as_it_is() -> None:
    tests = quick_item_tests(-8, 8)
    assert tests[int]([]) and tests[int]([0, -7, 7])
    for bad in ([8], [-8], [1, True], [1, 1.0], [1, "1"], [1, None]):
        assert not tests[int](bad)
    assert tests[str](["a", ""]) and not tests[str](["a", 1])
    assert tests[bool]([True, False]) and not tests[bool]([True, 1])
    assert float not in tests


def test_lists_of_enum_values_load_whole_only_when_each_is_exactly_a_value() -> None:
    class Colour(enum.Enum):
        RED = "red"
        BLUE = "blue"

    class Size(enum.IntEnum):
        SMALL = 1
        LARGE = 2

    class Mixed(enum.Enum):
        ONE = 1
        TWO = "two"

    colours = quick_enum_items(Colour)
    sizes = quick_enum_items(Size)
    assert colours is not None and sizes is not None
    assert colours(["red", "blue"]) == [Colour.RED, Colour.BLUE] and colours([]) == []
    assert colours(["red", "green"]) is None and colours(["red", 1]) is None
    assert sizes([2, 1]) == [Size.LARGE, Size.SMALL]
    assert sizes([True]) is None and sizes([1.0]) is None and sizes([3]) is None
    assert quick_enum_items(Mixed) is None


def test_alakazum_teams_read_again_are_the_members_their_json_says() -> None:
    game = cardgames.GAMES["alakazum"]
    state = random_game(game, next(iter(game.presets.values())))[0][-1]
    data = json.loads(cardgames.to_json(state))["data"]
    team = data["teams"][0]
    name = team[0]["card"]

    def first_member(member: Any) -> Any:
        teams = [[member, *team[1:]], *data["teams"][1:]]
        loaded: alakazum.State = serialization.structure({**data, "teams": teams}, alakazum.State)
        return loaded.teams[0][0]

    for _ in range(2):  # the second time, the members are found by their JSON objects
        assert first_member({"card": name}).level == 0
        assert first_member({"card": name, "level": 0}).level == 0
        assert first_member({"card": name, "level": 2}).level == 2
        with_broom = first_member({"card": name, "broom": "Broom"})
        assert with_broom.broom is not None and with_broom.broom.name == "Broom"
        with_broom = first_member({"card": name, "level": 1, "broom": "Broom"})
        assert with_broom.broom is not None and with_broom.level == 1
        assert first_member({"card": name, "broom": None}).broom is None
        with pytest.raises(SerializationError, match=r"\$\.data\.teams"):
            first_member({"card": name, "level": True, "broom": "Broom"})
        with pytest.raises(SerializationError, match=r"\$\.data\.teams"):
            first_member({"card": name, "broom": ["Broom"]})
        for bad in (True, 1.0, "1", None):
            with pytest.raises(SerializationError, match=r"\$\.data\.teams"):
                first_member({"card": name, "level": bad})
        with pytest.raises(SerializationError, match=r"\$\.data\.teams"):
            first_member({"card": name, "level": 1, "extra": 0})


def test_a_loaded_alakazum_state_keeps_the_moves_its_check_worked_out() -> None:
    """The moves a load's check listed are the ones the first ``legal_moves`` gives back. In
    the phases where the player to move may always pass, the check proves there is a move
    without listing them (the memo says "checked"), and the first ``legal_moves`` lists them."""
    from cardgames.alakazum.draft import TRUSTED
    from cardgames.alakazum.generate import generate

    passing = {alakazum.Phase.ACTION, alakazum.Phase.DOLL, alakazum.Phase.POTIONS}
    passing.add(alakazum.Phase.HYPNOSIS)
    game = cardgames.GAMES["alakazum"]
    states = random_game(game, next(iter(game.presets.values())))[0]
    kept = 0
    for state in states[:: max(1, len(states) // 10)] + states[-1:]:
        loaded: alakazum.State = cardgames.from_json(cardgames.to_json(state), alakazum.State)
        memo = loaded._memo
        moves = game.legal_moves(loaded)
        assert moves == game.legal_moves(state) == generate(loaded)
        if game.is_over(loaded):
            assert moves == ()
        elif memo is TRUSTED:
            assert loaded.phase in passing
            assert loaded._memo is moves
        else:
            assert moves is memo
            kept += 1
    assert kept
