"""The encodings for learning agents, checked the same way for every game and preset.

For every state of seeded random games: the action mask of the player to move is exactly the
legal moves' actions, each legal move has its own action and comes back from it (through the
state and through the view), every other seat's mask is empty, and the observation has the
declared shape, finite values and no hidden card in it (a resampled state of the same view
gives the same observation). Then the hostile inputs: actions that are not actions, illegal
moves, views and states of another game, malformed views.
"""

from __future__ import annotations

import array
import itertools
import math
import random
from collections.abc import Iterator
from typing import Any

import pytest

import cardgames
from cardgames import Game, IllegalMoveError, InvalidStateError
from cardgames.errors import InvalidConfigError, InvalidViewError

AnyGame = Game[Any, Any, Any, Any]

#: Seeded random games per preset, and the decisions of each that the walk checks (and then
#: the last state, once the game is over): more games when they are short, until the walks
#: have checked about STATES states.
SEEDS = range(11, 51)
MIN_GAMES = 2
MAX_STEPS = 100
STATES = 200
#: Moves once legal that the test of illegal moves tries at each state, at most.
ILLEGAL_PER_STATE = 12
#: Every this many steps, the view is resampled to check that the observation hides nothing.
RESAMPLE_EVERY = 7
RESAMPLES = 2


GAMES = list(cardgames.GAMES.items())
CASES = [
    pytest.param(game, preset, id=f"{name}-{preset}")
    for name, game in GAMES
    for preset in game.presets
]
GAME_CASES = [pytest.param(game, id=name) for name, game in GAMES]


def _walk(game: AnyGame, config: Any, seed: int) -> Iterator[Any]:
    """The states of a random game of ``config``: its first :data:`MAX_STEPS` decisions, then
    the state where it ends (played on without a look at the states between)."""
    chooser = random.Random(seed)
    state = game.new_game(config, seed=seed)
    for step in range(game.max_decisions(config) + 1):
        if step < MAX_STEPS or game.is_over(state):
            yield state
        if game.is_over(state):
            return
        state = game.apply_move(state, chooser.choice(game.legal_moves(state)))
    raise AssertionError("a random game outlived its game's max_decisions")


def _to_move(game: AnyGame, state: Any) -> int:
    player = game.current_player(state)
    assert player is not None
    return player


def _only(values: tuple[Any, ...], kind: type) -> bool:
    """Whether every one of ``values`` is of type ``kind`` exactly (not a subclass): the same
    as ``all(type(v) is kind for v in values)``, with the loop in C, since masks and
    observations are thousands long and checked at every state."""
    return set(map(type, values)) <= {kind}


def _check_observation(game: AnyGame, view: Any, shape: tuple[int, ...]) -> tuple[float, ...]:
    obs = game.observation(view)
    assert type(obs) is tuple
    assert len(obs) == math.prod(shape)
    assert _only(obs, float)
    assert all(map(math.isfinite, obs))
    assert game.observation(view) == obs
    return obs


def _check_observe_into(game: AnyGame, state: Any, player: int) -> None:
    """``observe_into`` writes ``observe``'s numbers into a zeroed list, and into a memoryview
    of a zeroed float64 buffer (a numpy array's ``.data`` is one), leaving nothing else."""
    observed = list(game.observe(state, player))
    into = [0.0] * len(observed)
    game.observe_into(state, player, into)
    assert into == observed
    buffer = array.array("d", bytes(8 * len(observed)))
    game.observe_into(state, player, memoryview(buffer))
    assert list(buffer) == observed


def _check_state(game: AnyGame, state: Any, n: int, shape: Any) -> None:
    """Every property of the encoding at ``state``."""
    players = game.num_players(state.config)
    player = game.current_player(state)
    legal = game.legal_moves(state)
    for p in range(players):
        view = game.view(state, p)
        mask = game.action_mask(view)
        assert type(mask) is tuple and len(mask) == n
        assert _only(mask, bool)
        _check_observation(game, view, shape)
        _check_observe_into(game, state, p)
        if p != player:
            assert not any(mask), "a player not to move has no legal action"
            continue
        actions = [game.move_to_action(state, move) for move in legal]
        assert all(type(a) is int and 0 <= a < n for a in actions)
        assert len(set(actions)) == len(actions), "two legal moves share an action"
        assert set(itertools.compress(range(n), mask)) == set(actions)
        for move, action in zip(legal, actions, strict=True):
            assert game.move_to_action(view, move) == action
            assert game.action_to_move(state, action) == move
            assert game.action_to_move(view, action) == move


@pytest.mark.parametrize(("game", "preset"), CASES)
def test_sizes_are_fixed_per_config(game: AnyGame, preset: str) -> None:
    config = game.presets[preset]
    n = game.num_actions(config)
    shape = game.observation_shape(config)
    assert type(n) is int and n >= 1
    assert type(shape) is tuple and shape and all(type(d) is int and d > 0 for d in shape)
    assert game.num_actions(config) == n and game.observation_shape(config) == shape
    if preset == "default":
        assert game.num_actions() == n and game.observation_shape() == shape


@pytest.mark.parametrize(("game", "preset"), CASES)
def test_mask_round_trip_and_observation_on_random_games(game: AnyGame, preset: str) -> None:
    config = game.presets[preset]
    n, shape = game.num_actions(config), game.observation_shape(config)
    checked = 0
    for seed in SEEDS:
        if checked >= STATES and seed >= SEEDS[0] + MIN_GAMES:
            break
        state = None
        for state in _walk(game, config, seed):
            _check_state(game, state, n, shape)
            checked += 1
        assert game.is_over(state), "the walk checks the state a game ends in too"


#: Random games per preset that the search for every kind of move may play at most.
KIND_GAMES = 60


@pytest.mark.parametrize("game", GAME_CASES)
def test_every_kind_of_move_is_encoded(game: AnyGame) -> None:
    """Rare moves too: random games of every preset are played until every move class of the
    game has been legal somewhere, and each state that offers a class seen fewer than three
    times is checked in full."""
    seen: dict[type, int] = dict.fromkeys(game.move_types, 0)
    for config in game.presets.values():
        n, shape = game.num_actions(config), game.observation_shape(config)
        for seed in range(KIND_GAMES):
            if min(seen.values()) >= 3:
                break
            chooser = random.Random(seed)
            state = game.new_game(config, seed=seed)
            while not game.is_over(state):
                legal = game.legal_moves(state)
                kinds = {type(move) for move in legal}
                if any(seen[kind] < 3 for kind in kinds):
                    _check_state(game, state, n, shape)
                    for kind in kinds:
                        seen[kind] += 1
                state = game.apply_move(state, chooser.choice(legal))
    assert [kind.__name__ for kind, count in seen.items() if not count] == []


@pytest.mark.parametrize(("game", "preset"), CASES)
def test_observation_shows_only_the_view(game: AnyGame, preset: str) -> None:
    """A state resampled from a view shows the same view, so the same observation and mask."""
    config = game.presets[preset]
    for step, state in enumerate(_walk(game, config, SEEDS[0])):
        if step % RESAMPLE_EVERY:
            continue
        for p in range(game.num_players(config)):
            view = game.view(state, p)
            obs, mask = game.observation(view), game.action_mask(view)
            for k in range(RESAMPLES):
                again = game.view(game.resample(view, seed=k), p)
                assert game.observation(again) == obs
                assert game.action_mask(again) == mask


NOT_ACTIONS: tuple[object, ...] = (-1, True, False, 1.0, "0", None, 2**70, -(2**70), [0])


@pytest.mark.parametrize("game", GAME_CASES)
def test_actions_that_are_not_actions_are_refused(game: AnyGame) -> None:
    state = game.new_game(seed=5)
    view = game.view(state, _to_move(game, state))
    n = game.num_actions(state.config)
    for where in (state, view):
        for action in (*NOT_ACTIONS, n, n + 1):
            with pytest.raises(IllegalMoveError) as info:
                game.action_to_move(where, action)  # type: ignore[arg-type]
            assert len(str(info.value)) < 200
        mask = game.action_mask(view)
        for action in (a for a, flag in enumerate(mask) if not flag):
            with pytest.raises(IllegalMoveError):
                game.action_to_move(where, action)


@pytest.mark.parametrize("game", GAME_CASES)
def test_illegal_moves_have_no_action(game: AnyGame) -> None:
    """Moves legal earlier in the game but not now (the latest few), and things that are not
    moves, through the state, the view of the player to move and the view of the next seat."""
    seen: list[Any] = []
    for state in _walk(game, game.presets["default"], 7):
        legal = game.legal_moves(state)
        seen.extend(m for m in legal if m not in seen)
        players = game.num_players(state.config)
        player = game.current_player(state) or 0
        seats = dict.fromkeys((player, (player + 1) % players))
        viewers = [game.view(state, p) for p in seats]
        illegal = [m for m in seen if m not in legal][-ILLEGAL_PER_STATE:]
        for where in (state, *viewers):
            for move in illegal:
                with pytest.raises(IllegalMoveError):
                    game.move_to_action(where, move)
            for stranger in (object(), None, "pick up", 3, ("x",) * 10**4):
                with pytest.raises(IllegalMoveError) as info:
                    game.move_to_action(where, stranger)
                assert len(str(info.value)) < 200


@pytest.mark.parametrize("game", GAME_CASES)
def test_views_and_states_of_another_game_are_refused(game: AnyGame) -> None:
    mine = game.new_game(seed=3)
    move = game.legal_moves(mine)[0]
    for other in cardgames.GAMES.values():
        if other is game:
            continue
        state = other.new_game(seed=3)
        view = other.view(state, _to_move(other, state))
        for stranger in (view, state, None, object()):
            with pytest.raises(InvalidViewError):
                game.observation(stranger)
            with pytest.raises(InvalidViewError):
                game.action_mask(stranger)
            with pytest.raises(InvalidStateError):
                game.move_to_action(stranger, move)
            with pytest.raises(InvalidStateError):
                game.action_to_move(stranger, 0)
        with pytest.raises(InvalidConfigError):
            game.num_actions(state.config)
        with pytest.raises(InvalidConfigError):
            game.observation_shape(state.config)
    # A state stands for no view, and a view of no playable state is refused too.
    with pytest.raises(InvalidViewError):
        game.observation(mine)
    shell = object.__new__(game.view_type)
    for function in (game.observation, game.action_mask):
        with pytest.raises(InvalidViewError):
            function(shell)
