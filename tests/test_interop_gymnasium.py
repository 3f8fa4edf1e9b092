"""The Gymnasium adapter: Gymnasium's own ``check_env`` on every game and preset, then what the
adapter promises beyond it: the bots play as in the arena, the mask is the learner's legal
moves, the reward is the learner's return, an illegal action ends the episode, and bad
arguments get the library's errors."""

from __future__ import annotations

import doctest
import random
import warnings
from typing import Any

import pytest

pytest.importorskip("gymnasium")

import numpy as np
from gymnasium.utils.env_checker import check_env

from cardgames import GAMES, get_game
from cardgames.arena import bot_rng, play
from cardgames.bots import RandomBot
from cardgames.errors import (
    CardgamesError,
    IllegalMoveError,
    InvalidConfigError,
    UnknownBotError,
    UnknownNameError,
)
from cardgames.interop import gymnasium as gym_adapter

CASES = [(name, preset) for name, game in GAMES.items() for preset in game.presets]


@pytest.mark.parametrize(("name", "preset"), CASES)
def test_gymnasium_check_env_passes(name: str, preset: str) -> None:
    """Gymnasium's checker, the learner in the last seat so that bots move before it."""
    game = get_game(name)
    seats = game.num_players(game.presets[preset])
    env = gym_adapter.env(name, preset, seat=seats - 1, render_mode="ansi")
    with warnings.catch_warnings():
        # The observation's bounds are infinite: a game promises finite numbers, no range.
        warnings.filterwarnings("ignore", message=".*Box observation space m.*infinity")
        warnings.filterwarnings("ignore", message=".*render fps")
        warnings.filterwarnings("ignore", message=".*alternative render modes")
        check_env(env, skip_render_check=False)


@pytest.mark.parametrize("name", sorted(GAMES))
def test_the_learner_plays_the_arena_game_of_the_seed(name: str) -> None:
    """A learner that plays as the random bot would gives the arena's game between random
    bots with the same seed: the bots get the arena's generators, and the reward at the end
    is the learner's return."""
    game = get_game(name)
    seat, seed = 1, 12
    env = gym_adapter.env(name, opponents=RandomBot(), seat=seat)
    observation, info = env.reset(seed=seed)
    rng = bot_rng(seed, seat)
    reward, terminated, truncated = 0.0, False, False
    while not (terminated or truncated):
        state = env.state_of_game
        legal = game.legal_moves(state)
        assert game.current_player(state) == seat
        assert set(info["action_mask"].nonzero()[0]) == {
            game.move_to_action(state, m) for m in legal
        }
        assert np.array_equal(env.action_masks(), info["action_mask"].astype(bool))
        move = RandomBot().choose(game.view(state, seat), legal, rng)
        observation, reward_now, terminated, truncated, info = env.step(
            game.move_to_action(state, move)
        )
        reward = float(reward_now)
        assert observation in env.observation_space
    record = play(game, [RandomBot()] * game.num_players(game.config_type()), seed=seed)
    assert terminated and not truncated
    assert env.state_of_game == record.final_state()
    assert record.outcome is not None
    assert reward == record.outcome.returns[seat]
    assert not info["action_mask"].any()


def test_an_illegal_action_ends_the_episode() -> None:
    """An action the mask forbids is not played: terminated, with the penalty and a flag."""
    env = gym_adapter.env("lerally", illegal_reward=-5)
    _, info = env.reset(seed=2)
    before = env.state_of_game
    illegal = int((info["action_mask"] == 0).nonzero()[0][0])
    _, reward, terminated, truncated, info = env.step(illegal)
    assert (reward, terminated, truncated, info["illegal_action"]) == (-5.0, True, False, True)
    assert env.state_of_game is before
    with pytest.raises(CardgamesError):
        env.step(illegal)


@pytest.mark.parametrize(
    "action", [-1, 10**6, 2**80, 1.5, "3", None, np.float32(2.0), True, np.True_, [1]]
)
def test_an_action_outside_the_space_is_refused(action: Any) -> None:
    """An action that is not an integer of the space raises IllegalMoveError."""
    env = gym_adapter.env("lerally")
    env.reset(seed=2)
    with pytest.raises(IllegalMoveError) as raised:
        env.step(action)
    assert len(str(raised.value)) < 100


def test_numpy_integers_are_actions() -> None:
    """The actions that Gymnasium's spaces sample are numpy integers: they play."""
    env = gym_adapter.env("alethi")
    _, info = env.reset(seed=2)
    action = env.action_space.sample(info["action_mask"])
    _, _, _, _, info = env.step(np.int64(action))
    assert "illegal_action" not in info


def test_the_cap_on_decisions_truncates() -> None:
    """Decisions count the bots' too; an unfinished game at the cap is truncated."""
    env = gym_adapter.env("lerally", max_decisions=6)
    _, info = env.reset(seed=2)
    rng = np.random.default_rng(0)
    truncated = terminated = False
    steps = 0
    while not (terminated or truncated):
        action = int(rng.choice(info["action_mask"].nonzero()[0]))
        _, reward, terminated, truncated, info = env.step(action)
        steps += 1
    assert truncated and not terminated and reward == 0.0
    assert steps <= 6


def test_opponents_by_name_bot_or_one_per_seat() -> None:
    """The other seats take one bot or name for all, or one entry each, in seat order."""
    game = get_game("lerally")
    config = game.presets["fast-four-4"]
    env = gym_adapter.env(game, config, ["greedy", RandomBot(), "random"], seat=2)
    assert sorted(env.bots) == [0, 1, 3]
    assert type(env.bots[0]) is type(game.heuristic_bot())
    assert isinstance(env.bots[1], RandomBot)
    assert sorted(gym_adapter.env("lerally", "fast-four-4", "greedy").bots) == [1, 2, 3]


def test_reset_without_a_seed_draws_from_the_generator() -> None:
    """After a seeded reset, unseeded resets deal the same games in two environments."""
    first, second = gym_adapter.env("alakaslam"), gym_adapter.env("alakaslam")
    for env in (first, second):
        env.reset(seed=1)
        env.reset()
    assert first.state_of_game == second.state_of_game


def test_ansi_render_is_the_game_render() -> None:
    """render_mode="ansi" is the game's picture of the whole table."""
    env = gym_adapter.env("alethi", render_mode="ansi")
    env.reset(seed=3)
    assert env.render() == get_game("alethi").render(env.state_of_game)


@pytest.mark.parametrize(
    ("kwargs", "error"),
    [
        ({"opponents": ["random"] * 3}, InvalidConfigError),
        ({"opponents": 5}, InvalidConfigError),
        ({"opponents": "alphazero"}, UnknownBotError),
        ({"opponents": [object()]}, InvalidConfigError),
        ({"seat": 2}, InvalidConfigError),
        ({"seat": True}, InvalidConfigError),
        ({"seat": -1}, InvalidConfigError),
        ({"render_mode": "rgb_array"}, InvalidConfigError),
        ({"max_decisions": -3}, InvalidConfigError),
        ({"illegal_reward": "low"}, InvalidConfigError),
        ({"config": "nope"}, UnknownNameError),
    ],
)
def test_bad_arguments_get_the_library_errors(
    kwargs: dict[str, Any], error: type[Exception]
) -> None:
    """Each bad argument raises the library's error, with a short message."""
    with pytest.raises(error) as raised:
        gym_adapter.env("lerally", **kwargs)
    assert len(str(raised.value)) < 300


def test_a_bad_seed_gets_the_library_error() -> None:
    """reset refuses a seed the library would refuse."""
    env = gym_adapter.env("lerally")
    with pytest.raises(InvalidConfigError):
        env.reset(seed=2**5000)


def test_a_learner_can_play_any_seat_with_random_masked_actions() -> None:
    """Whole episodes in every seat of a four-player game end with a reward in [0, 1]."""
    for seat in range(4):
        env = gym_adapter.env("lerally", "one-set-doubles", seat=seat)
        _, info = env.reset(seed=seat)
        rng = random.Random(seat)
        terminated = truncated = False
        reward: Any = 0.0
        while not (terminated or truncated):
            action = rng.choice(list(info["action_mask"].nonzero()[0]))
            _, reward, terminated, truncated, info = env.step(action)
        assert terminated and 0.0 <= float(reward) <= 1.0


def test_the_module_example_runs() -> None:
    """The example at the top of the adapter's docstring gives what it shows."""
    assert doctest.testmod(gym_adapter, report=False).failed == 0
