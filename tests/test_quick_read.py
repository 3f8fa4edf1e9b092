"""The quick hooks of tuples of ints and of card lists, in lock-step with the long way.

A tuple of a fixed number of ints (AlakaSLAM's score) is read at once when it is a list of so
many exact ints in range; cards read before are found by their texts. Whatever the value, the
result must be what cattrs' own hook makes, or the same located refusal.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

import pytest

import cardgames
from cardgames import serialization
from cardgames.bench.memory import random_game
from cardgames.errors import SerializationError
from cardgames.serialization import converter

#: Values offered where a tuple of ints or a list of cards belongs.
ODD_VALUES: tuple[Any, ...] = (
    None,
    True,
    0,
    "ab",
    [],
    [1],
    [1, 2],
    [0, 0],
    [1, 2, 3],
    [True, 1],
    [1, False],
    [1.0, 2],
    [2**64, 1],
    [-(2**64), 1],
    [2**64 - 1, -(2**64) + 1],
    ["1", 2],
    [[1], 2],
    [{"a": 1}, 2],
    {"a": 1},
    {1: 2, 3: 4},
)


def outcome(load: Callable[[], Any]) -> tuple[str, Any]:
    """What loading gives: the object (with its type), or the located message."""
    try:
        made = load()
    except SerializationError as exc:
        return "refused", serialization._reason(exc)
    except serialization._LOADING_ERRORS as exc:
        return "refused", serialization._first_problem(exc, "$")
    return "made", (type(made), made)


@pytest.mark.parametrize("kind", [tuple[int, int], tuple[int], tuple[int, int, int]])
def test_tuples_of_ints_load_as_cattrs_loads_them(kind: Any) -> None:
    quick = converter.get_structure_hook(kind)
    slow = converter.gen_structure_hetero_tuple(kind)
    made = 0
    for value in ODD_VALUES:
        expected = outcome(functools.partial(slow, value, kind))
        assert outcome(functools.partial(quick, value, kind)) == expected
        made += expected[0] == "made"
    assert made > 0


@pytest.mark.parametrize("name", sorted(cardgames.GAMES))
def test_card_lists_load_as_each_card_loads(name: str) -> None:
    """A list of card texts loads to the cards that each text loads to, by the quick road or
    the long one; a list with anything else in it is refused at the same place."""
    game = cardgames.GAMES[name]
    states, _ = random_game(game, next(iter(game.presets.values()), None))
    state = states[len(states) // 2]
    texts: list[Any] = []
    card_type: Any = None
    for field in ("deck", "discard", "pile", "cleared", "draw_pile", "hand"):
        cards = getattr(state, field, None)
        if type(cards) is tuple and cards and type(cards[0]) is not tuple:
            card_type = type(cards[0])
            texts = converter.unstructure(cards, unstructure_as=tuple[card_type, ...])
            break
        if type(cards) is tuple and cards:
            break
    if card_type is None or not all(type(text) is str for text in texts):
        pytest.skip(f"{name} keeps no list of cards written as texts")
    kind = tuple[card_type, ...]
    hook = converter.get_structure_hook(kind)
    item = converter.get_structure_hook(card_type)
    one_by_one = tuple(item(text, card_type) for text in texts)
    assert hook(texts, kind) == one_by_one
    assert hook([], kind) == ()
    odds: tuple[Any, ...] = (None, 1, [], {}, "not a card", texts[0].lower() + "?")
    for odd in odds:
        for at in (0, len(texts) // 2, len(texts) - 1):
            broken = [*texts[:at], odd, *texts[at + 1 :]]
            got = outcome(functools.partial(hook, broken, kind))
            assert got[0] == "refused"
            assert got[1].startswith(f"$[{at}]")
