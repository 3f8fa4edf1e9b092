"""The hostile-input suite: valid documents of every game, mutated the way an attacker would.

Hypothesis takes a real document (a state, a view, a move, a config or a record of a seeded
random game of every preset) and changes it: values of the wrong type, missing and extra
fields, numbers out of range or huge, cards duplicated, invented or removed, huge lists and
strings, deep nesting, look-alike letters, forged records. Whatever it sends, a loader either
refuses it with one of the library's errors and a short message that does not repeat the input,
or gives back an object that is fully usable: every function of the game works on it, and its
JSON comes back exact. Nothing that already exists is changed on the way.

Time is bounded by the input's size and shape rather than measured: a mutation whose text
would pass the loaders' size limit (``[value] * 2_000`` of a large part, twice) is sent as a
text just over it, which is refused by its length before anything in it is parsed, and the
loaders' own linear-time tests (``test_loaders.py``) cover the cost of rejection.
"""

from __future__ import annotations

import copy
import functools
import json
import random
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import cardgames
from cardgames import CardgamesError, Game, GameRecord, IllegalMoveError
from cardgames.errors import MAX_MESSAGE
from cardgames.serialization import MAX_DOCUMENT, move_union

AnyGame = Game[Any, Any, Any, Any]
Path = tuple[str | int, ...]

#: Examples per game and kind of document.
EXAMPLES = 40
#: A long string that must never come back in an error message.
LONG = "Ω" * 5_000
#: How deep the nesting mutation goes: past Python's recursion limit.
DEEP = 5_000
#: Look-alikes for Latin letters: Cyrillic, Greek and full-width forms.
LOOK_ALIKES = {
    "a": "\u0430",  # Cyrillic a
    "e": "\u0435",  # Cyrillic ie
    "o": "\u03bf",  # Greek omicron
    "p": "\u0440",  # Cyrillic er
    "c": "\u0441",  # Cyrillic es
    "i": "\u0456",  # Cyrillic i
    "k": "\u03ba",  # Greek kappa
    "s": "\uff53",  # full-width s
}


@functools.cache
def _sample(name: str, preset: str, seed: int) -> tuple[Any, ...]:
    """A seeded random game of a preset: its config, every state, the moves and the record."""
    game = cardgames.get_game(name)
    config = game.presets[preset]
    rng = random.Random(seed)
    state = game.new_game(config, seed=seed)
    states: list[Any] = [state]
    moves: list[Any] = []
    while not game.is_over(state) and len(moves) < 400:
        legal = game.legal_moves(state)
        move = legal[rng.randrange(len(legal))]
        state = game.apply_move(state, move)
        states.append(state)
        moves.append(move)
    record = GameRecord(
        game=name,
        config=config,
        seed=seed,
        moves=tuple(moves),
        players=tuple(f"p{p}" for p in range(game.num_players(config))),
        outcome=game.outcome(state),
    )
    return config, tuple(states), tuple(moves), record


CASES = [
    pytest.param(name, preset, id=f"{name}-{preset}")
    for name, game in sorted(cardgames.GAMES.items())
    for preset in game.presets
]


def _paths(node: Any, here: Path = ()) -> list[Path]:
    """Every place in a JSON tree, the root included."""
    found = [here]
    if isinstance(node, dict):
        for key, value in node.items():
            found += _paths(value, (*here, key))
    elif isinstance(node, list):
        for index, value in enumerate(node):
            found += _paths(value, (*here, index))
    return found


def _get(node: Any, path: Path) -> Any:
    for step in path:
        node = node[step]
    return node


def _set(node: Any, path: Path, value: Any) -> Any:
    """``node`` with the value at ``path`` replaced (the root if ``path`` is empty)."""
    if not path:
        return value
    _get(node, path[:-1])[path[-1]] = value
    return node


def _look_alike(text: str) -> str:
    return "".join(LOOK_ALIKES.get(ch, ch) for ch in text) if text else LOOK_ALIKES["a"]


def _replacements(value: Any, donor: Any) -> list[Any]:
    """What a hostile client might put in place of ``value``."""
    options: list[Any] = [None, True, False, 0, -1, 1.5, 2**63, -(2**63), 10**40, "", LONG, [], {}]
    options += [[value] * 2_000, {"extra": value}, donor]
    if isinstance(value, bool):
        options += [not value, int(value)]
    elif isinstance(value, int):
        options += [value + 1, value - 1, -value, value * 1_000, float(value), str(value)]
    elif isinstance(value, float):
        options += [value + 1.0, -value, int(value)]
    elif isinstance(value, str):
        options += [value.upper(), value.title(), f" {value}", f"{value}  ", _look_alike(value)]
        options += [value * 2, value[:-1], "\x00" + value, value + "\u202e"]
    elif isinstance(value, list):
        options += [value[:-1], value + value[-1:], value[::-1], value * 50, [*value, donor]]
        options += [value[1:], [value[0]] * len(value)] if value else [[donor]]
    elif isinstance(value, dict):
        for key in value:
            options.append({k: v for k, v in value.items() if k != key})
        options += [{**value, "zzz": 1}, {**value, "type": "nothing"}]
    return options


class _TooLongError(Exception):
    """A document whose text would be longer than any document cardgames reads."""


#: What stands for a document longer than cardgames reads: such a text is refused by its length
#: before anything in it is parsed, whatever it holds.
_OVERSIZED = "[" + " " * MAX_DOCUMENT + "]"


def _dumps(node: Any, texts: dict[int, str] | None = None) -> str:
    """``json.dumps(node, ensure_ascii=False)``, the same text, with a list or an object that
    the document holds many times over (``[value] * 2_000``) written once and its text
    repeated; ``_TooLongError`` as soon as the text would pass ``MAX_DOCUMENT``. Mutations reach
    hundreds of megabytes that way, and writing them out cost far more than the test itself."""
    if texts is None:
        texts = {}
    if type(node) is not list and type(node) is not dict:
        return json.dumps(node, ensure_ascii=False)
    known = texts.get(id(node))
    if known is not None:
        return known
    parts = []
    size = 2
    if isinstance(node, list):
        for item in node:
            part = _dumps(item, texts)
            size += len(part) + 2
            if size > MAX_DOCUMENT:
                raise _TooLongError
            parts.append(part)
        known = "[" + ", ".join(parts) + "]"
    else:
        for key, item in node.items():
            part = json.dumps(key, ensure_ascii=False) + ": " + _dumps(item, texts)
            size += len(part) + 2
            if size > MAX_DOCUMENT:
                raise _TooLongError
            parts.append(part)
        known = "{" + ", ".join(parts) + "}"
    texts[id(node)] = known
    return known


def _copy(node: Any) -> Any:
    """A copy of a part of a document that shares nothing with it."""
    try:
        return json.loads(_dumps(node))
    except _TooLongError:
        return copy.deepcopy(node)


@st.composite
def mutated(draw: st.DrawFn, document: Any) -> tuple[str, str]:
    """A document changed in one place (or twice, sometimes): the JSON text and what changed."""
    doc = json.loads(json.dumps(document))
    changes = []
    for _ in range(draw(st.integers(1, 2))):
        paths = _paths(doc)
        path = draw(st.sampled_from(paths))
        donor = _get(doc, draw(st.sampled_from(paths)))
        value = _copy(_get(doc, path))
        replacement = draw(st.sampled_from(_replacements(value, _copy(donor))))
        doc = _set(doc, path, replacement)
        changes.append(f"{'.'.join(map(str, path)) or '$'}")
    try:
        text = _dumps(doc)
    except _TooLongError:
        text = _OVERSIZED
    if draw(st.integers(0, 9)) == 0:
        # A document nested past the recursion limit, at the place that was changed.
        text = text.replace('"data":', '"data":' + "[" * DEEP, 1) + "]" * DEEP
    return text, ", ".join(changes)


def _refused_well(exc: BaseException, text: str) -> None:
    """An error that a hostile document may cause: the library's own, short, not an echo."""
    assert isinstance(exc, CardgamesError), f"{type(exc).__name__} is not a library error: {exc}"
    message = str(exc)
    assert 0 < len(message) <= MAX_MESSAGE
    assert LONG[:40] not in message, "the message repeats the input"


def _load(text: str, cls: Any) -> Any | None:
    """``from_json(text, cls)``, or ``None`` when it was refused well."""
    try:
        return cardgames.from_json(text, cls)
    except Exception as exc:
        _refused_well(exc, text)
        return None


def _use_state(game: AnyGame, state: Any) -> None:
    """Everything a program does with a state works on one that loaded."""
    text = cardgames.to_json(state)
    assert cardgames.from_json(text, game.state_type) == state
    moves = game.legal_moves(state)
    assert game.is_over(state) == (moves == ())
    game.render(state)
    game.evaluate(state)
    game.card_counts(state)
    for player in range(game.num_players(state.config)):
        game.resample(game.view(state, player), seed=1)
    if moves:
        game.apply_move(state, moves[0])
    assert cardgames.to_json(state) == text, "using a loaded state changed it"


def _use_view(game: AnyGame, view: Any) -> None:
    text = cardgames.to_json(view)
    assert cardgames.from_json(text, game.view_type) == view
    game.render(view)
    state = game.resample(view, seed=2)
    assert game.view(state, view.player) == view
    assert cardgames.to_json(view) == text


def _check(kind: str, game: AnyGame, sample: tuple[Any, ...], text: str) -> None:
    states = sample[1]
    if kind == "state":
        loaded = _load(text, game.state_type)
        if loaded is not None:
            _use_state(game, loaded)
    elif kind == "view":
        loaded = _load(text, game.view_type)
        if loaded is not None:
            _use_view(game, loaded)
    elif kind == "config":
        loaded = _load(text, game.config_type)
        if loaded is None:
            return
        # A config that loads may still be unplayable: new_game refuses it then.
        try:
            state = game.new_game(loaded, seed=3)
        except Exception as exc:
            _refused_well(exc, text)
            return
        _use_state(game, state)
    elif kind == "move":
        loaded = _load(text, move_union(game.name))
        if loaded is not None:
            for state in states[:: max(1, len(states) // 8)]:
                before = cardgames.to_json(state)
                try:
                    game.apply_move(state, loaded)
                except IllegalMoveError as exc:
                    _refused_well(exc, text)
                assert cardgames.to_json(state) == before
    elif kind == "record":
        try:
            loaded = GameRecord.from_json(text)
        except Exception as exc:
            _refused_well(exc, text)
            return
        final = loaded.final_state()
        assert game.outcome(final) == loaded.outcome
        assert GameRecord.from_json(loaded.to_json()) == loaded


def _document(kind: str, sample: tuple[Any, ...], at: int) -> Any:
    config, states, moves, record = sample
    state = states[at % len(states)]
    if kind == "state":
        return json.loads(cardgames.to_json(state))
    if kind == "view":
        game = cardgames.get_game(record.game)
        player = at % game.num_players(config)
        return json.loads(cardgames.to_json(game.view(state, player)))
    if kind == "config":
        return json.loads(cardgames.to_json(config))
    if kind == "move":
        return json.loads(cardgames.to_json(moves[at % len(moves)]))
    return json.loads(record.to_json())


def hostile_test(kind: str) -> Callable[[str, str], None]:
    """A test that mutates documents of ``kind`` for every game and preset."""

    @pytest.mark.parametrize(("name", "preset"), CASES)
    def test(name: str, preset: str) -> None:
        game = cardgames.get_game(name)

        @settings(max_examples=EXAMPLES)
        @given(seed=st.integers(0, 3), at=st.integers(0, 10_000), data=st.data())
        def check(seed: int, at: int, data: st.DataObject) -> None:
            sample = _sample(name, preset, seed)
            before = [cardgames.to_json(s) for s in sample[1][::16]]
            text, where = data.draw(mutated(_document(kind, sample, at)), label="document")
            _check(kind, game, sample, text)
            assert [cardgames.to_json(s) for s in sample[1][::16]] == before, where

        check()

    test.__name__ = f"test_mutated_{kind}s_are_refused_or_fully_usable"
    test.__doc__ = (
        f"A mutated {kind} document is refused with a short library error, or loads as a "
        f"{kind} that every function of the game accepts."
    )
    return test


test_mutated_states_are_refused_or_fully_usable = hostile_test("state")
test_mutated_views_are_refused_or_fully_usable = hostile_test("view")
test_mutated_moves_are_refused_or_fully_usable = hostile_test("move")
test_mutated_configs_are_refused_or_fully_usable = hostile_test("config")
test_mutated_records_are_refused_or_fully_usable = hostile_test("record")
