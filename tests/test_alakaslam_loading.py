"""AlakaSLAM's one-pass reader of state documents, held to the general road in lock-step.

The reader (:mod:`cardgames.alakaslam.loading`) takes usual documents straight to a state and
records that its fields passed the field checks; anything else goes to the converter's own hook
and the full check. Over every state of seeded random games of each preset, and over documents
changed in every field, loading must give what the general road alone gives: the same state, or
the same refusal in the same words; and a state the reader takes must pass the readable field
checks on its own.
"""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Iterator
from typing import Any

import attrs
import pytest

import cardgames
import random_play
from cardgames import alakaslam
from cardgames.alakaslam import checks, loading
from cardgames.errors import SerializationError
from cardgames.serialization import converter, envelope

SEEDS = (0, 1, 2)

_config_hook = converter.get_structure_hook(alakaslam.Config)


def _read_config(value: Any) -> alakaslam.Config:
    config: alakaslam.Config = _config_hook(value, alakaslam.Config)
    return config


def _states(config: alakaslam.Config, seed: int) -> Iterator[alakaslam.State]:
    """Every state of a seeded random game."""
    return random_play.random_states(alakaslam, config, seed, alakaslam.State)


def _changes(data: dict[str, Any], n: int) -> Iterator[dict[str, Any]]:
    """One part of a state's JSON form changed, to something the rules allow or not."""
    seats: list[Any] = [-1, 0, 1, n - 1, n, None, True, "0", 1.0]
    yield {"phase": "over"}
    yield {"phase": "bogus"}
    yield {"phase": 3}
    for phase in alakaslam.Phase:
        yield {"phase": phase.value}
    for seat in seats:
        yield {"to_move": seat}
        yield {"server": seat}
        yield {"hitter": seat}
        yield {"queue": [seat]}
        yield {"moved": [seat]}
    yield {"queue": [1, 1]}
    yield {"moved": [0, 0]}
    names = data["characters"]
    yield {"characters": names[::-1]}
    yield {"characters": names[:-1]}
    if names:  # none are chosen yet at the start of a choice
        yield {"characters": [*names, names[0]]}
    yield {"characters": ["nobody", *names[1:]]}
    yield {"characters": ["simon", *names[1:]]}
    yield {"characters": "rich"}
    for character in (*alakaslam.Character, "nobody", 1):
        yield {"copied": character}
    deck, discard, hands = data["deck"], data["discard"], data["hands"]
    for card in ("E3", "R9", "X1", 5, None, ["R1"], "E1", "R0"):
        yield {"deck": [*deck, card]}
        yield {"discard": [card, *discard]}
        yield {"played": [card]}
        yield {"hands": [[*hands[0], card], *hands[1:]]}
    if deck:
        yield {"deck": deck[:-1]}
        yield {"hands": [[*hands[0], deck[-1]], *hands[1:]]}
        yield {"deck": deck[:-1], "hands": [[*hands[0], deck[-1]], *hands[1:]]}
        yield {"deck": deck[:-1], "played": [deck[-1]]}
    yield {"hands": [hands[0][::-1], *hands[1:]]}
    yield {"hands": hands[:-1]}
    yield {"hands": [*hands, []]}
    yield {"hands": {"0": hands[0]}}
    cells: list[Any] = [[0, 0], [0, 3], [1, 1], [2, 2], [3, 3], [9, 9], [0, 3.0], [True, 0]]
    cells += [[1], "a1", None, [0, 0, 0]]
    positions = data["positions"]
    for cell in cells:
        yield {"ball": cell}
        yield {"positions": [cell, *positions[1:]]}
        yield {"positions": [*positions[:-1], cell]}
    yield {"positions": positions[::-1]}
    yield {"positions": []}
    for score in ([0, 0], [1, 0], [3, 0], [2, 2], [4, 0], [-1, 0], [0], [0, 0, 0], [True, 0]):
        yield {"score": score}
    for rng in ({"state": -1}, {"state": 1 << 64}, {"state": "1"}, {}, {"state": 0, "x": 1}):
        yield {"rng": rng}
    for flag in ("serving", "free_step", "meddled", "locked"):
        for value in (True, False, 1, None):
            yield {flag: value}
    for binds in ([], [0] * n, [4] * n, [1] * n, [0], [True] * n, [0.0] * n):
        yield {"binds": binds}
    pending: list[Any] = [[[0, 1]], [[1, 2]], [[0, 1], [2, 1], [0, 2]], [[0, 0]], [[0]], [0]]
    for waiting in pending:
        yield {"pending": waiting}
    for count in (0, 1, 3, 4, -1, 300, 301, 2**70, True):
        yield {"discards_left": count}
        yield {"shots": count}
    points: list[Any] = [None, {"side": 0, "fault": "net"}, {"side": 1, "fault": "let go"}]
    points += [{"side": 2, "fault": "net"}, {"side": 0, "fault": "x"}, {"side": 0}]
    points += [{"side": 0, "fault": "net", "x": 1}, {"side": True, "fault": "net"}]
    for point in points:
        yield {"last_point": point}
    yield {"result": None}
    yield {"bogus": 1}
    configs: list[Any] = [{}, {"players": 4}, {"players": 3}, {"hand_size": 9}, [], {"x": 1}]
    for config in configs:
        yield {"config": config}
    yield {"config": {"choose_characters": True, "split_movement": True}}


def _variants(data: dict[str, Any], n: int) -> Iterator[dict[str, Any]]:
    """Copies of ``data`` with one part changed, and with each key left out."""
    for change in _changes(data, n):
        yield {**copy.deepcopy(data), **change}
    for key in data:
        yield {name: value for name, value in data.items() if name != key}


def _answer(data: dict[str, Any]) -> Any:
    """What loading a state document of ``data`` gives: the state, or the refusal's words."""
    try:
        return cardgames.from_json(envelope("alakaslam", "state", data), alakaslam.State)
    except SerializationError as exc:
        return str(exc)


def _general_road(data: Any, config: Any) -> alakaslam.State:
    raise loading.UnusualError


def test_the_reader_keeps_step_with_the_general_road(monkeypatch: pytest.MonkeyPatch) -> None:
    chooser = random.Random(5)
    taken = left = refused = 0
    for config in alakaslam.PRESETS.values():
        for seed in SEEDS:
            for state in _states(config, seed):
                data = json.loads(cardgames.to_json(state))["data"]
                variants = [data]
                if chooser.randrange(10) == 0:
                    every = list(_variants(data, config.players))
                    variants += chooser.sample(every, 40)
                for number, variant in enumerate(variants):
                    try:
                        read = loading.read(copy.deepcopy(variant), _read_config)
                    except (loading.UnusualError, KeyError, TypeError, ValueError):
                        assert number or state.result is not None, variant
                        read = None
                    fast = _answer(variant)
                    with monkeypatch.context() as patch:
                        patch.setattr(loading, "read", _general_road)
                        general = _answer(variant)
                    assert fast == general, variant
                    if read is None:
                        left += 1
                        refused += isinstance(general, str)
                        continue
                    taken += 1
                    # The fields passed their readable checks, as the reader recorded; the
                    # rest of the check is the full one's.
                    assert checks._field_problem(read) is None
                    assert checks.state_problem(attrs.evolve(read)) == checks.state_problem(read)
                    if isinstance(general, str):
                        refused += 1
                    else:
                        assert read == general
                    if number == 0:
                        assert read == state
    assert taken > 500 and left > 500 and refused > 500


def test_a_field_of_another_type_gets_the_general_roads_answer(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Every field (those a document may leave out too) given a value of another JSON type,
    the empty ones included (an empty value of the wrong type must not pass for an empty
    list), in a mid-game state of every preset."""
    for config in alakaslam.PRESETS.values():
        states = list(_states(config, 0))
        data = json.loads(cardgames.to_json(states[len(states) // 2]))["data"]
        for key in [field.name for field in attrs.fields(alakaslam.State) if field.init]:
            others: list[Any] = [None, False, 0, 1.5, "", {}, [], "x"]
            for other in others:
                variant = {**data, key: other}
                fast = _answer(variant)
                with monkeypatch.context() as patch:
                    patch.setattr(loading, "read", _general_road)
                    general = _answer(variant)
                assert fast == general, (key, other)


def test_a_state_the_reader_takes_is_checked_for_what_ties_its_fields() -> None:
    """The reader vouches for the fields only: a state whose fields are each fine but whose
    phase cannot be is refused with the full check's words."""
    state = next(s for s in _states(alakaslam.Config(), 0) if s.phase is alakaslam.Phase.MULLIGAN)
    data = json.loads(cardgames.to_json(state))["data"]
    data["phase"] = "serve"
    assert isinstance(loading.read(copy.deepcopy(data), _read_config), alakaslam.State)
    with pytest.raises(SerializationError, match="not a playable state of alakaslam"):
        cardgames.from_json(envelope("alakaslam", "state", data), alakaslam.State)
