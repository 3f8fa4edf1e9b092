"""Alethi's encodings for learning agents: every legal move of every state reached in random
games of every preset, and of large armies, has one action of the fixed space and comes back
from it; the mask from the view is the legal moves exactly; the observation comes from the view
alone; bad input gets a library error."""

from __future__ import annotations

import itertools
import math
import random

import attrs
import pytest

from cardgames import alethi
from cardgames.alethi.agents import encoding
from cardgames.alethi.cards import CardType, Cell, Kind
from cardgames.errors import (
    IllegalMoveError,
    InvalidConfigError,
    InvalidStateError,
    InvalidViewError,
)

#: A large army: many Scouts and Soulcasters, so that the field spreads out and the Scout and
#: soulcast blocks fill; 96 cards a side.
BIG = alethi.Config(
    army=(
        CardType(Kind.SQUIRE, attack=1, health=3, count=40),
        CardType(Kind.KNIGHT, attack=2, health=5, count=20),
        CardType(Kind.SCOUT, attack=1, health=3, count=20),
        CardType(Kind.SOULCASTER, attack=1, health=3, count=10),
        CardType(Kind.GENERAL, attack=3, health=6, count=5),
        CardType(Kind.KING, attack=5, health=10, count=1),
    )
)
#: A small army of Scouts: its games are long Scout walks, the far reach of the field.
SCOUTS = alethi.Config(
    army=(
        CardType(Kind.SQUIRE, attack=1, health=3, count=2),
        CardType(Kind.SCOUT, attack=1, health=30, count=8),
        CardType(Kind.KING, attack=5, health=100, count=1),
    )
)
CONFIGS = {**alethi.PRESETS, "big": BIG, "scouts": SCOUTS}
GAMES = {"big": 2}


def _states(config: alethi.Config, games: int, seed: int) -> list[alethi.State]:
    """Every state of ``games`` random games (the Scout moves chosen more often, so that the
    field spreads), the last one over."""
    rng = random.Random(seed)
    states = []
    for number in range(games):
        state = alethi.new_game(config, seed=seed * 1000 + number)
        while not alethi.is_over(state):
            states.append(state)
            moves = alethi.legal_moves(state)
            scouting = [m for m in moves if isinstance(m, alethi.Scout)]
            pick = scouting if scouting and rng.random() < 0.7 else moves
            state = alethi.apply_move(state, rng.choice(pick))
    states.append(state)
    return states


@pytest.mark.parametrize("name", sorted(CONFIGS))
def test_every_legal_move_has_one_action_and_comes_back(name: str) -> None:
    config = CONFIGS[name]
    size = encoding.num_actions(config)
    for state in _states(config, GAMES.get(name, 12), seed=7):
        player = alethi.current_player(state)
        if player is None:
            for seat in (0, 1):
                assert encoding.action_mask(alethi.view(state, seat)) == (False,) * size
            continue
        view = alethi.view(state, player)
        moves = alethi.legal_moves(state)
        actions = [encoding.move_to_action(state, move) for move in moves]
        assert len(set(actions)) == len(moves)
        assert all(0 <= action < size for action in actions)
        mask = encoding.action_mask(view)
        assert len(mask) == size
        assert set(itertools.compress(range(size), mask)) == set(actions)
        assert encoding.action_mask(alethi.view(state, 1 - player)) == (False,) * size
        for move, action in zip(moves, actions, strict=True):
            assert encoding.move_to_action(view, move) == action
            assert encoding.action_to_move(state, action) == move
            assert encoding.action_to_move(view, action) == move


def test_the_same_index_means_the_same_decision_for_both_sides() -> None:
    # Each side throws a Squire back from its first starting Squire: red from (0,0) to (0,-1),
    # blue from (0,1) to (0,2). Blue's field is mirrored, so both are the same action.
    start = alethi.new_game(alethi.PRESETS["red-starts"], seed=1)
    red = alethi.Throw(Kind.SQUIRE, Cell(0, -1))
    after = alethi.apply_move(start, red)
    assert alethi.current_player(after) == 1 and after.phase is alethi.Phase.THROW
    blue = alethi.Throw(Kind.SQUIRE, Cell(0, 2))
    back = encoding.DIRECTIONS.index((0, -1))
    expected = encoding.layout(alethi.Config()).throw + back  # kind 0, slot 0
    assert encoding.move_to_action(start, red) == expected
    assert encoding.move_to_action(after, blue) == expected


def test_sizes_follow_the_army() -> None:
    assert encoding.num_actions() == encoding.num_actions(alethi.Config())
    assert encoding.num_actions() == 7 * 12 * 4 + 12 + 1 * 12 * 4 + 1
    assert encoding.observation_shape() == (8 + 4 * 7 + 2 * 12 * (2 + 7 + 2 + 12),)
    specials = alethi.PRESETS["specials"]
    assert encoding.num_actions(specials) == 7 * 11 * 4 + 11 + 2 * 11 * 4 + 1


@pytest.mark.parametrize("name", sorted(CONFIGS))
def test_observation_comes_from_the_view_alone(name: str) -> None:
    config = CONFIGS[name]
    (length,) = encoding.observation_shape(config)
    for state in _states(config, 2 if name != "big" else 1, seed=11)[::5]:
        for player in (0, 1):
            view = alethi.view(state, player)
            seen = encoding.observation(view)
            assert len(seen) == length
            assert set(map(type, seen)) <= {float}  # floats only, loop in C
            assert all(map(math.isfinite, seen))
            assert encoding.observation(view) == seen
            for seed in (1, 2):
                again = alethi.view(alethi.resample(view, seed=seed), player)
                assert encoding.observation(again) == seen


def test_observation_is_the_viewers() -> None:
    state = alethi.new_game(alethi.PRESETS["red-starts"], seed=3)
    red = encoding.observation(alethi.view(state, 0))
    blue = encoding.observation(alethi.view(state, 1))
    # The start is symmetric: seen from either side, all but "my decision" and "I am red" agree.
    assert red[0] == 1.0 and blue[0] == 0.0
    assert red[6] == 1.0 and blue[6] == 0.0
    assert red[1:6] == blue[1:6] and red[7:] == blue[7:]


def test_illegal_moves_and_actions_are_refused() -> None:
    state = alethi.new_game(alethi.PRESETS["red-starts"], seed=5)
    view = alethi.view(state, 0)
    other = alethi.view(state, 1)
    size = encoding.num_actions()
    legal = alethi.legal_moves(state)[0]
    bad_moves: list[object] = [
        alethi.Pass(),
        alethi.Throw(Kind.SQUIRE, Cell(40, 40)),
        alethi.Soulcast(Cell(0, 1)),
        alethi.Scout(Cell(0, 0), Cell(0, -1)),
        "throw squire -1,0",
        None,
        alethi.Throw(Kind.SQUIRE, (True, 0)),  # type: ignore[arg-type]
        alethi.Throw([1], Cell(0, -1)),  # type: ignore[arg-type]
    ]
    for move in bad_moves:
        for table in (state, view):
            with pytest.raises(IllegalMoveError):
                encoding.move_to_action(table, move)  # type: ignore[arg-type]
    with pytest.raises(IllegalMoveError):
        encoding.move_to_action(other, legal)
    legal_actions = {encoding.move_to_action(state, m) for m in alethi.legal_moves(state)}
    for action in (
        -1,
        size,
        10**30,
        True,
        1.0,
        "0",
        None,
        *sorted(set(range(size)) - legal_actions),
    ):
        with pytest.raises(IllegalMoveError):
            encoding.action_to_move(state, action)  # type: ignore[arg-type]
    with pytest.raises(IllegalMoveError):
        encoding.action_to_move(other, min(legal_actions))


def test_bad_tables_and_views_get_a_library_error() -> None:
    state = alethi.new_game(seed=1)
    view = alethi.view(state, 0)
    for thing in (None, "view", 3, state):
        with pytest.raises(InvalidViewError):
            encoding.observation(thing)  # type: ignore[arg-type]
        with pytest.raises(InvalidViewError):
            encoding.action_mask(thing)  # type: ignore[arg-type]
    for thing in (None, "state", 3):
        with pytest.raises(InvalidStateError):
            encoding.move_to_action(thing, alethi.Pass())  # type: ignore[arg-type]
        with pytest.raises(InvalidStateError):
            encoding.action_to_move(thing, 0)  # type: ignore[arg-type]
    # A view whose field lost a card: not one the rules reach.
    broken = attrs.evolve(view, field=view.field[1:])
    for call in (encoding.observation, encoding.action_mask):
        with pytest.raises(InvalidViewError) as caught:
            call(broken)
        assert len(str(caught.value)) < 200
    with pytest.raises(InvalidViewError):
        encoding.move_to_action(broken, alethi.Pass())
    with pytest.raises(InvalidViewError):
        encoding.observation(attrs.evolve(view, player=7))  # type: ignore[arg-type]
    for config in ("default", alethi.Config(army=())):
        with pytest.raises(InvalidConfigError):
            encoding.num_actions(config)  # type: ignore[arg-type]
        with pytest.raises(InvalidConfigError):
            encoding.observation_shape(config)  # type: ignore[arg-type]


def test_the_actions_do_not_depend_on_where_the_field_lies() -> None:
    # A hand-made position: a game's field moved far out. Its legal moves are those of the game
    # moved along, and each has the same action: actions name cells from the cards in play.
    far = (1000, -700)
    for state in _states(SCOUTS, 2, seed=4)[:-1:3]:
        field = tuple(
            attrs.evolve(card, at=Cell(card.at.x + far[0], card.at.y + far[1]))
            for card in state.field
        )
        moved = alethi.State(
            config=state.config,
            field=field,
            barracks=state.barracks,
            removed=state.removed,
            to_move=state.to_move,
            phase=state.phase,
            turn=state.turn,
            result=state.result,
            rng=state.rng,
        )
        actions = sorted(encoding.move_to_action(state, m) for m in alethi.legal_moves(state))
        there = sorted(encoding.move_to_action(moved, m) for m in alethi.legal_moves(moved))
        assert there == actions
