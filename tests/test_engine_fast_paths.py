"""The fast paths of the engines: the writable twin that states are made through, checked
against what attrs' own ``__init__`` makes."""

from __future__ import annotations

import copy
import pickle
from typing import Any

import attrs
import pytest

from cardgames import alakaslam, alakazum, lerally
from cardgames._draft import draft_freezer
from cardgames._engine import slot_filler, writable_twin


@attrs.frozen
class _Pair:
    left: int
    right: tuple[str, ...] = ()
    _memo: object = attrs.field(init=False, default=None, eq=False)


class _PairDraft:
    __slots__ = ("left", "right")

    def __init__(self, left: int, right: tuple[str, ...]) -> None:
        self.left, self.right = left, right


def test_a_twin_adds_no_slot_and_sets_fields_by_assignment() -> None:
    twin = writable_twin(_Pair)
    assert issubclass(twin, _Pair)
    assert vars(twin)["__slots__"] == ()
    made: Any = object.__new__(twin)
    made.left = 1  # a twin is writable ...
    made.right = ("a",)
    made._memo = None
    made.__class__ = _Pair  # ... until it becomes what it stands for
    assert type(made) is _Pair
    assert made == _Pair(1, ("a",))
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        made.left = 2  # type: ignore[misc]


def test_a_filled_value_is_a_plain_frozen_value() -> None:
    filled = slot_filler(_Pair)(4, ("b", "c"), "memo")
    assert type(filled) is _Pair
    assert filled == _Pair(4, ("b", "c"))
    assert hash(filled) == hash(_Pair(4, ("b", "c")))
    assert filled._memo == "memo"
    assert pickle.loads(pickle.dumps(filled)) == filled
    assert copy.deepcopy(filled) == filled
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        del filled.left


def test_a_frozen_draft_is_a_plain_frozen_value() -> None:
    marker = object()
    frozen = draft_freezer(_Pair, fixed={"_memo": marker})(_PairDraft(5, ("d",)))
    assert type(frozen) is _Pair
    assert frozen == _Pair(5, ("d",))
    assert frozen._memo is marker
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        frozen.right = ()  # type: ignore[misc]


@attrs.frozen
class _Checked:
    count: int = attrs.field(validator=attrs.validators.instance_of(int))


@attrs.frozen(slots=False)
class _Unslotted:
    count: int


@pytest.mark.parametrize("cls", [_Checked, _Unslotted])
def test_no_twin_of_a_class_whose_init_does_more(cls: type) -> None:
    with pytest.raises(TypeError, match="does more on __init__ than set its slots"):
        writable_twin(cls)


@pytest.mark.parametrize("game", [alakaslam, alakazum, lerally], ids=lambda g: g.__name__)
def test_the_states_of_a_game_are_never_twins(game: Any) -> None:
    """Every state a game's rules make is of the game's ``State`` class itself."""
    state = game.new_game(seed=3)
    for _ in range(40):
        assert type(state) is game.State
        moves = game.legal_moves(state)
        if not moves:
            break
        state = game.apply_move(state, moves[len(moves) // 2])
