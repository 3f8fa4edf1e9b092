"""Serialized OpenSpiel states from outside: ``game.deserialize_state`` reads the library's JSON
record and nothing else, never unpickles, and keeps the round trip of honest states exact."""

from __future__ import annotations

import base64
import pickle
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("pyspiel")

import numpy as np
import pyspiel

import cardgames.interop.openspiel as spiel
from cardgames import GAMES, GameRecord, get_game
from cardgames.errors import IllegalMoveError, InvalidStateError, SerializationError

CASES = [(name, preset) for name, game in GAMES.items() for preset in game.presets]
SEEDS = 20


def load(name: str, preset: str = "default") -> Any:
    """The registered OpenSpiel game of ``name`` with ``preset`` and :data:`SEEDS` deals."""
    return pyspiel.load_game(f"{spiel.short_name(name)}(preset={preset},seeds={SEEDS})")


class _CreatesAFile:
    """Unpickling this opens (so creates) the file ``path`` for writing."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def __reduce__(self) -> tuple[Any, tuple[str, str]]:
        return open, (str(self.path), "w")


def _pickled_payloads(marker: Path) -> list[str | bytes]:
    """Texts that carry a pickle which would create ``marker`` if anything unpickled them."""
    payload = pickle.dumps({"_position": _CreatesAFile(marker)})
    encoded = base64.b64encode(payload).decode("ascii")
    return [
        # OpenSpiel's own format for a Python game's state: the history, then the pickle.
        f"history=-1:3\nmove_number=1\n__dict__={encoded}",
        f"history=\nmove_number=0\n__dict__={encoded}",
        encoded,
        payload,
        # The pickle hidden in what looks like the library's document.
        '{"format": "cardgames", "version": 1, "game": "lerally", "kind": "record", '
        f'"data": {{"pickle": "{encoded}"}}}}',
    ]


def test_a_pickled_state_is_refused_and_never_unpickled(tmp_path: Path) -> None:
    """A serialized state whose payload is a pickle that would create a file is refused
    with a library error, and the file is never created."""
    marker = tmp_path / "created-by-a-pickle"
    game = load("lerally")
    for text in _pickled_payloads(marker):
        with pytest.raises(SerializationError) as raised:
            game.deserialize_state(text)
        assert len(str(raised.value)) < 300
        assert not marker.exists()


def test_malformed_state_texts_are_library_errors() -> None:
    """Texts that are not this game's record get a short ``SerializationError``: not JSON,
    too long, another game, another preset, a seed that is not one of the deals, a move that
    is not legal, an outcome the moves do not reach."""
    game = load("lerally")
    state = game.new_initial_state()
    state.apply_action(4)
    for action in state.legal_actions()[:1]:
        state.apply_action(action)
    honest = state.serialize()
    record = GameRecord.from_json(honest)
    other_preset = load("lerally", "shot-gun-3").new_initial_state()
    other_preset.apply_action(4)
    other_game = load("alethi").new_initial_state()
    other_game.apply_action(4)
    lerally = get_game("lerally")
    far_seed = GameRecord(game="lerally", config=record.config, seed=SEEDS, moves=record.moves)
    truncated = GameRecord(
        game="lerally", config=record.config, seed=4, moves=record.moves[:0]
    ).to_json()
    bad: list[Any] = [
        "not json",
        "{}",
        "[]",
        "\x00\x01",
        b"\xff\xfe",
        "x" * (5 * 1024 * 1024),
        honest[: len(honest) // 2],
        honest.replace('"seed":4', '"seed":"4"'),
        honest.replace('"seed":4', '"seed":5'),  # the recorded move is not legal after deal 5
        other_preset.serialize(),
        other_game.serialize(),
        far_seed.to_json(),
        truncated.replace(
            '"outcome":null', '"outcome":{"winners":[0],"returns":[1,0],"reason":"forged"}'
        ),
        3,
        None,
    ]
    for text in bad:
        with pytest.raises(SerializationError) as raised:
            game.deserialize_state(text)
        assert len(str(raised.value)) < 400
        assert "x" * 40 not in str(raised.value)
    assert lerally.new_game(seed=4) == game.deserialize_state(truncated).game_state


@pytest.mark.parametrize("outcome", [SEEDS, SEEDS + 1, -1, -2, 10**6, 2**62])
def test_a_chance_outcome_outside_the_deals_is_refused(outcome: int) -> None:
    """``apply_action`` on the chance node takes only the seeds ``0 .. seeds - 1``, and a
    refused one leaves the state at the chance node (OpenSpiel itself refuses -1, its
    "invalid action", with its ``SpielError``)."""
    state = load("alethi").new_initial_state()
    with pytest.raises((IllegalMoveError, pyspiel.SpielError), match=r"a deal is one of|-1"):
        state.apply_action(outcome)
    assert state.is_chance_node() and state.history() == [] and state.game_state is None
    state.apply_action(SEEDS - 1)
    assert state.game_state == get_game("alethi").new_game(seed=SEEDS - 1)


def _same(a: Any, b: Any) -> None:
    """``a`` and ``b`` are the same OpenSpiel state: history, tables, players, actions and
    information."""
    assert b.history() == a.history()
    assert b.move_number() == a.move_number()
    assert b.game_state == a.game_state
    assert str(b) == str(a)
    assert b.current_player() == a.current_player()
    assert b.is_terminal() == a.is_terminal()
    assert b.returns() == a.returns()
    if not a.is_terminal():
        assert b.legal_actions() == a.legal_actions()
    for player in range(a.num_players()):
        assert b.information_state_string(player) == a.information_state_string(player)
    assert b.serialize() == a.serialize()


@pytest.mark.parametrize(("name", "preset"), CASES)
def test_serialized_states_come_back_with_the_same_history(name: str, preset: str) -> None:
    """``game.deserialize_state(state.serialize())`` is the same state with the same history,
    at the chance node, along a random game and at its end; it plays on the same way."""
    game = load(name, preset)
    rng = np.random.default_rng(len(name) + len(preset))
    state = game.new_initial_state()
    assert state.serialize() == ""
    _same(state, game.deserialize_state(state.serialize()))
    state.apply_action(int(rng.integers(SEEDS)))
    for step in range(400):
        if step % 25 == 0 or state.is_terminal():
            again = game.deserialize_state(state.serialize())
            _same(state, again)
            if not state.is_terminal():
                action = state.legal_actions()[0]
                _same(state.child(action), again.child(action))
        if state.is_terminal():
            break
        state.apply_action(int(rng.choice(state.legal_actions())))
    record = GameRecord.from_json(state.serialize())
    assert record.states()[-1] == state.game_state
    assert record.seed == state.history()[0]


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_finished_game_comes_back_finished(name: str) -> None:
    """The state at the end of a whole game serializes as the game's record, outcome
    included, and comes back terminal with the same returns."""
    game = load(name)
    rng = np.random.default_rng(5)
    state = game.new_initial_state()
    state.apply_action(11)
    while not state.is_terminal():
        state.apply_action(int(rng.choice(state.legal_actions())))
    record = GameRecord.from_json(state.serialize())
    assert record.outcome is not None and list(record.outcome.returns) == state.returns()
    _same(state, game.deserialize_state(state.serialize()))


def test_a_state_dealt_anew_for_search_is_not_serialized() -> None:
    """``resample_from_infostate`` deals hidden cards that no seed of the game accounts for:
    such a state refuses to serialize rather than write another game's record."""
    state = load("lerally").new_initial_state()
    state.apply_action(2)
    dealt = state.resample_from_infostate(
        state.current_player(), pyspiel.UniformProbabilitySampler(0.0, 1.0)
    )
    with pytest.raises(InvalidStateError):
        dealt.serialize()
    assert state.serialize() == state.clone().serialize() != ""
