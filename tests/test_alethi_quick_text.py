"""Alethi's quick text writer of states, in lock-step with the hook and the encoder.

:mod:`cardgames.alethi.documents` writes a checked state's JSON text straight from its fields.
Over every state of seeded random games of every preset (and of a few random armies, which the
hook leaves to the converter), it must write exactly what the encoder writes of the hook's
form, and ``to_json`` exactly the document it wrote before. Each road back to the hook and the
encoder is taken once here: an unchecked state, a memo of another state, a config the hook
does not write itself, a result, and field values of types the writer does not know.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import attrs
import pytest

import cardgames
import random_play
from cardgames import alethi, serialization
from cardgames._converter import encode, text_writer
from cardgames._engine import ByIdentity
from cardgames.alethi import checks, documents
from cardgames.alethi.cards import CardType, Kind
from cardgames.alethi.config import Config
from cardgames.alethi.state import Card, Placed
from cardgames.serialization import converter

SEEDS = range(4)

HOOK = converter.get_unstructure_hook(alethi.State)
WRITE = text_writer(alethi.State)


def random_states(config: Config, seed: int) -> Iterator[alethi.State]:
    """Every state of a seeded random game."""
    return random_play.random_states(alethi, config, seed, alethi.State)


def hook_text(state: alethi.State) -> str:
    """What the encoder writes of the hook's form of ``state``."""
    return encode(HOOK(state))


def hook_document(state: alethi.State) -> str:
    """The whole document, as ``to_json`` wrote it before it had the quick writer."""
    return serialization.envelope("alethi", "state", HOOK(state))


def mid_game(seed: int = 1) -> alethi.State:
    """A state with cards on the field, some captured, and cards removed by soulcasting."""
    for s in range(seed, seed + 200):
        for state in random_states(alethi.PRESETS["default"], s):
            if any(card.captured for card in state.field) and state.removed and not state.result:
                return state
    raise AssertionError("no such state")


def trusted(state: alethi.State, like: alethi.State) -> alethi.State:
    """``state`` with a memo of its own: a copy of the board of ``like``."""
    checks.trust(state, like._memo.copy())
    return state


def test_the_writer_is_the_one_to_json_uses() -> None:
    state = alethi.new_game(seed=2)
    assert WRITE(state) == hook_text(state)
    assert WRITE.__qualname__.startswith("state_writer")


def test_every_state_of_random_games_is_written_as_the_encoder_writes_it() -> None:
    written = captured = removed = 0
    for preset, config in alethi.PRESETS.items():
        for seed in SEEDS:
            for state in random_states(config, seed):
                assert state._memo is not None, preset
                assert WRITE(state) == hook_text(state)
                assert cardgames.to_json(state) == hook_document(state)
                written += 1
                captured += any(card.captured for card in state.field)
                removed += bool(state.removed)
    assert written > 200
    # Captured cards and soulcast ones came up, so each part of the writer was compared.
    assert captured and removed


def test_states_of_other_armies_and_turn_limits_go_to_the_encoder() -> None:
    army = tuple(CardType(kind, attack=2, health=3, count=2) for kind in Kind)
    for config in (Config(army=army, first_player=1), Config(turn_limit=12)):
        for state in random_states(config, 3):
            assert WRITE(state) == hook_text(state)
            assert cardgames.from_json(cardgames.to_json(state), alethi.State) == state


def test_a_state_with_a_result_goes_to_the_encoder() -> None:
    state = next(s for s in random_states(alethi.PRESETS["default"], 0) if s.result is not None)
    assert state._memo is not None
    assert WRITE(state) == hook_text(state)
    assert '"result":null' not in WRITE(state)


def test_an_unchecked_state_and_a_borrowed_memo_go_to_the_encoder() -> None:
    state = mid_game()
    copy = attrs.evolve(state)
    assert copy._memo is None
    assert WRITE(copy) == hook_text(copy) == hook_text(state)
    object.__setattr__(copy, "_memo", state._memo)  # another state's memo
    assert WRITE(copy) == hook_text(copy)
    odd = attrs.evolve(state, turn=True)
    assert WRITE(odd) == hook_text(odd)
    assert '"turn":true' in WRITE(odd)


def changed(card: Placed, **changes: Any) -> Placed:
    """A copy of ``card`` with ``changes``, of any type."""
    return attrs.evolve(card, **changes)


def odd_states(state: alethi.State) -> Iterator[tuple[str, alethi.State]]:
    """Copies of ``state`` each with one value of a type the writer does not know, each with a
    memo of its own, as a careless hand would make them."""
    first = state.field[0]
    gone = state.removed[0]
    red, blue = state.barracks
    changes: dict[str, dict[str, Any]] = {
        "bool owner": {"field": (changed(first, owner=True), *state.field[1:])},
        "str kind": {"field": (changed(first, kind='sq"uire'), *state.field[1:])},
        "list cell": {"field": (changed(first, at=[0, 0]), *state.field[1:])},
        "float cell": {"field": (changed(first, at=(0.0, 0)), *state.field[1:])},
        "long cell": {"field": (changed(first, at=(0, 0, 0)), *state.field[1:])},
        "int captured": {"field": (changed(first, captured=1), *state.field[1:])},
        "card on field": {"field": (Card(first.owner, first.kind), *state.field[1:])},
        "placed removed": {
            "removed": (changed(first, owner=gone.owner, kind=gone.kind), *state.removed[1:])
        },
        "int to_move": {"to_move": int(state.to_move)},
        "bool to_move": {"to_move": bool(state.to_move)},
        "str phase": {"phase": str(state.phase)},
        "str kind in barracks": {"barracks": ((*red, 'kn"ight'), blue)},
        "list in barracks": {"barracks": (red, (*blue, []))},
        "list barracks": {"barracks": [red, blue]},
        "three barracks": {"barracks": (red, blue, ())},
        "list of kinds": {"barracks": (list(red), blue)},
        "list field": {"field": list(state.field)},
        "bool rng state": {"rng": attrs.evolve(state.rng, state=True)},
    }
    for name, change in changes.items():
        yield name, trusted(attrs.evolve(state, **change), state)


def test_values_of_unknown_types_go_to_the_encoder() -> None:
    state = mid_game()
    for name, odd in odd_states(state):
        assert type(odd._memo) is type(state._memo) and odd._memo.owner == id(odd), name
        try:
            expected = hook_text(odd)
        except Exception as exc:  # the hook or the encoder refuses it: so must the writer
            with pytest.raises(type(exc)):
                WRITE(odd)
            continue
        assert WRITE(odd) == expected, name


def test_values_written_alike_are_written_quickly_alike() -> None:
    # A plain int colour, a plain tuple as a cell: the encoder writes them as it writes a
    # Colour and a Cell, and so does the writer.
    state = mid_game()
    first = state.field[0]
    plain = changed(first, owner=int(first.owner), at=tuple(first.at))
    odd = trusted(attrs.evolve(state, field=(plain, *state.field[1:])), state)
    assert WRITE(odd) == hook_text(odd) == hook_text(state)


def test_a_full_table_starts_anew() -> None:
    state = mid_game()
    table: ByIdentity[Any, str] = ByIdentity(documents._placed_text, most=3)
    field = HOOK(state)["field"]
    assert len(state.field) > 3
    assert documents._join(table, state.field) == encode(field)[1:-1]
    assert 0 < len(table.kept) <= 3
    # Each entry holds its card, so that no other object can take the card's id meanwhile.
    assert all(id(entry[0]) == number for number, entry in table.kept.items())
    again = documents._join(table, state.field[:2])
    assert again == encode(field[:2])[1:-1]
    twice = documents._join(table, state.field[:2])  # every text found at once
    assert twice == again
    fresh = documents._join(table, tuple(attrs.evolve(card) for card in state.field[:2]))
    assert fresh == again
    assert len(table.kept) <= 3


def test_a_loaded_state_is_written_as_it_was_read() -> None:
    state = mid_game(5)
    text = cardgames.to_json(state)
    loaded: alethi.State = cardgames.from_json(text, alethi.State)
    assert cardgames.to_json(loaded) == text == hook_document(state)
    assert documents.generic_writer is not HOOK
