"""The engines' shared pieces in ``cardgames._engine``."""

from __future__ import annotations

import attrs
import pytest

from cardgames import alakazum
from cardgames._engine import slot_filler
from cardgames.alakazum.state import Combat, State


def _fields(value: State | Combat) -> list[object]:
    return [getattr(value, field.name) for field in attrs.fields(type(value))]


def test_slot_filler_makes_the_value_init_makes() -> None:
    state = alakazum.new_game(alakazum.Config(players=3), seed=5)
    for _ in range(40):  # into the game, where combats and hands have filled in
        state = alakazum.apply_move(state, alakazum.legal_moves(state)[-1])
    filled = slot_filler(State)(*_fields(state))
    assert type(filled) is State
    assert filled == state
    assert _fields(filled) == _fields(state)
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        filled.turn = 3  # type: ignore[misc]


def test_slot_filler_fills_a_combat() -> None:
    card = alakazum.Config().start_cards[0]
    combat = Combat(0, None, None, card, (None, None), (0, 2), (), (), 0, 0, None, 0, 0)
    assert slot_filler(Combat)(*_fields(combat)) == combat


@attrs.frozen
class _Checked:
    count: int = attrs.field(validator=attrs.validators.instance_of(int))


@attrs.frozen
class _Converted:
    items: tuple[int, ...] = attrs.field(converter=tuple)


@attrs.frozen
class _PostInit:
    count: int

    def __attrs_post_init__(self) -> None:
        pass


@attrs.frozen(slots=False)
class _Unslotted:
    count: int


@pytest.mark.parametrize("cls", [_Checked, _Converted, _PostInit, _Unslotted])
def test_slot_filler_refuses_a_class_whose_init_does_more(cls: type) -> None:
    with pytest.raises(TypeError, match="does more on __init__ than set its slots"):
        slot_filler(cls)


@attrs.frozen(cache_hash=True)
class _CachedHash:
    count: int


@attrs.frozen
class _Base:
    count: int


@attrs.frozen
class _Derived(_Base):
    more: int


def test_slot_filler_refuses_a_class_it_could_not_fill_alike() -> None:
    with pytest.raises(TypeError, match="does more on __init__ than set its slots"):
        slot_filler(_Derived)


def test_slot_filler_fills_a_class_that_caches_its_hash_with_the_cache_empty() -> None:
    """A cached hash starts empty, as attrs' ``__init__`` leaves it, so the filled value
    hashes and compares as the one ``__init__`` makes."""
    filled = slot_filler(_CachedHash)(3)
    made = _CachedHash(3)
    assert type(filled) is _CachedHash and filled == made and hash(filled) == hash(made)
