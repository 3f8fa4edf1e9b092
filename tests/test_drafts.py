"""The games' drafts and the core pieces they are made of, ``cardgames._engine.drafts``."""

from __future__ import annotations

import inspect
import random
import traceback
from typing import Any

import attrs
import pytest

from cardgames import alakaslam, alakazum, lerally
from cardgames._engine import draft_freezer, draft_loader, draft_slots
from cardgames.alakaslam import draft as alakaslam_draft
from cardgames.alakazum import draft as alakazum_draft
from cardgames.alakazum.state import Combat
from cardgames.lerally import checks as lerally_checks
from cardgames.lerally import draft as lerally_draft

#: Each draft class, the class of the values it is a draft of, and the slots it has of its own.
DRAFTS: list[tuple[Any, type, tuple[str, ...]]] = [
    (alakaslam_draft.Draft, alakaslam.State, ()),
    (lerally_draft.Draft, lerally.State, ()),
    (alakazum_draft.Draft, alakazum.State, ("rng_state", "moves")),
    (alakazum_draft.CombatDraft, Combat, ()),
]


def _states(game: Any, count: int) -> list[Any]:
    """The states of a few random games, from their first on."""
    states: list[Any] = []
    for seed in range(count):
        rng = random.Random(seed)
        state = game.new_game(seed=seed)
        while not game.is_over(state) and len(states) < 60 * (seed + 1):
            states.append(state)
            state = game.apply_move(state, rng.choice(game.legal_moves(state)))
    return states


def _fields(value: Any) -> list[object]:
    return [getattr(value, field.name) for field in attrs.fields(type(value)) if field.init]


@pytest.mark.parametrize(
    ("draft", "made_of", "own"),
    DRAFTS,
    ids=["alakaslam", "lerally", "alakazum", "alakazum-combat"],
)
def test_a_draft_declares_the_type_of_each_slot(
    draft: Any, made_of: type, own: tuple[str, ...]
) -> None:
    """The slots are the fields of what it drafts, and the type checker knows each one."""
    assert draft.__slots__ == draft_slots(made_of, *own)
    assert sorted(draft.__annotations__) == sorted(draft.__slots__)


@pytest.mark.parametrize(
    ("game", "draft", "memo"),
    [
        (alakaslam, alakaslam_draft.Draft, alakaslam_draft.TRUSTED),
        (lerally, lerally_draft.Draft, lerally_checks.TRUSTED),
        (alakazum, alakazum_draft.Draft, alakazum_draft.TRUSTED),
    ],
    ids=["alakaslam", "lerally", "alakazum"],
)
def test_a_draft_left_as_it_is_finishes_into_the_same_state(
    game: Any, draft: Any, memo: object
) -> None:
    """Copied in and frozen again, every state of a few games comes back field for field,
    trusted by the rules."""
    states = _states(game, 4)
    if game is alakazum:  # combats are drafted and frozen too
        assert any(state.combat is not None for state in states)
    for state in states:
        again = draft(state).finish()
        assert type(again) is type(state)
        assert again == state
        assert _fields(again) == _fields(state)
        assert again._memo is memo


@attrs.frozen
class _Pair:
    left: int
    right: str = ""
    _memo: object = attrs.field(init=False, default=None, eq=False)


class _PairDraft:
    __slots__ = draft_slots(_Pair)
    left: int
    right: str


def test_the_loader_copies_each_field_but_those_left() -> None:
    draft = _PairDraft()
    draft_loader(_Pair)(draft, _Pair(1, "a"))
    assert (draft.left, draft.right) == (1, "a")
    draft = _PairDraft()
    draft_loader(_Pair, leave=("right",))(draft, _Pair(2, "b"))
    assert draft.left == 2
    assert not hasattr(draft, "right")


def test_the_freezer_takes_fields_from_the_draft_the_arguments_and_the_fixed_values() -> None:
    draft = _PairDraft()
    draft.left, draft.right = 3, "c"
    marker = object()
    pair = draft_freezer(_Pair, fixed={"_memo": marker})(draft)
    assert pair == _Pair(3, "c")
    assert pair._memo is marker
    pair = draft_freezer(_Pair, given=("right", "_memo"), doc="Made.")(draft, "d", None)
    assert pair == _Pair(3, "d")
    assert pair._memo is None
    freeze = draft_freezer(_Pair, doc="The pair.")
    assert freeze.__doc__ == "The pair."
    assert freeze.__qualname__ == "draft_freezer(_Pair)"


@attrs.frozen
class _Checked:
    count: int = attrs.field(validator=attrs.validators.instance_of(int))


@pytest.mark.parametrize(
    "make",
    [
        lambda: draft_loader(_Pair, leave=("middle",)),
        lambda: draft_freezer(_Pair, given=("middle",)),
        lambda: draft_freezer(_Pair, fixed={"middle": 0}),
        lambda: draft_freezer(_Pair, given=("left",), fixed={"left": 0}),
        lambda: draft_freezer(_Pair, given=("left", "left")),
        lambda: draft_freezer(_Checked),
    ],
    ids=["leave-stranger", "given-stranger", "fixed-stranger", "twice", "given-twice", "checked"],
)
def test_a_mistake_in_the_making_is_refused_at_import(make: Any) -> None:
    """A name that is no field, a field given twice, or a class whose ``__init__`` checks its
    values (which a freezer would skip) is a ``TypeError`` when the game module is loaded."""
    with pytest.raises(TypeError):
        make()


def test_written_out_functions_keep_their_source_for_tracebacks_and_getsource() -> None:
    """The source of a function the engine writes out is registered in ``linecache``: a
    traceback through it shows its lines, and ``inspect.getsource`` gives its text."""
    load = draft_loader(_Pair)
    assert inspect.getsource(load).startswith("def load(draft, state):")
    assert "draft.left = state.left" in inspect.getsource(load)
    nothing: Any = None
    try:
        load(_PairDraft(), nothing)
    except AttributeError as error:
        shown = "".join(traceback.format_exception(error))
    else:  # pragma: no cover - a loader reads the state's fields
        raise AssertionError("the loader read a field of None")
    assert "<cardgames generated draft_loader(_Pair)" in shown
    assert "draft.left = state.left" in shown
    assert "def freeze(" in inspect.getsource(draft_freezer(_Pair))
