"""The native vector environment: N games stepped in one call, stacked numpy arrays, the two
autoreset modes of Gymnasium (never an all-False mask handed to a policy), and the games it
plays being the single environment's games of the same seeds."""

from __future__ import annotations

from typing import Any

import pytest

pytest.importorskip("gymnasium")

import numpy as np
from gymnasium.vector import AutoresetMode

from cardgames import GAMES
from cardgames.errors import InvalidConfigError
from cardgames.interop import gymnasium as cg


def _masked_actions(masks: np.ndarray[Any, Any], rng: np.random.Generator) -> np.ndarray[Any, Any]:
    return np.array([rng.choice(np.flatnonzero(row)) for row in masks])


@pytest.mark.parametrize("name", sorted(GAMES))
def test_arrays_are_stacked_one_row_per_game(name: str) -> None:
    """Observations (N, *shape) float32 in the batched space, masks (N, actions), rewards
    and flags (N,)."""
    envs = cg.vector_env(name, 3)
    observations, infos = envs.reset(seed=0)
    shape = envs.envs[0].table.shape
    assert observations.shape == (3, *shape) and observations.dtype == np.float32
    assert observations in envs.observation_space
    assert infos["action_mask"].shape == (3, envs.envs[0].table.actions)
    rng = np.random.default_rng(0)
    observations, rewards, terminated, truncated, infos = envs.step(
        _masked_actions(envs.action_masks(), rng)
    )
    assert rewards.shape == terminated.shape == truncated.shape == (3,)
    assert observations.shape == (3, *shape)


@pytest.mark.parametrize("name", sorted(GAMES))
def test_each_game_is_the_single_environment_game_of_its_seed(name: str) -> None:
    """Game i of reset(seed=s) plays as the single environment reset with seed s + i: the
    same observations, masks and rewards, step by step, to the end of the first episode."""
    envs = cg.vector_env(name, 2, autoreset_mode=AutoresetMode.SAME_STEP)
    singles = [cg.env(name) for _ in range(2)]
    observations, infos = envs.reset(seed=10)
    for i, single in enumerate(singles):
        alone, info = single.reset(seed=10 + i)
        assert np.array_equal(observations[i], alone)
        assert np.array_equal(infos["action_mask"][i], info["action_mask"])
    rng = np.random.default_rng(1)
    running = [True, True]
    for _ in range(300):
        if not any(running):
            break
        actions = _masked_actions(envs.action_masks(), rng)
        observations, rewards, terminated, truncated, infos = envs.step(actions)
        for i, single in enumerate(singles):
            if not running[i]:
                continue
            alone, reward, ended, cut, _ = single.step(actions[i])
            assert rewards[i] == reward and terminated[i] == ended and truncated[i] == cut
            if ended or cut:
                assert np.array_equal(infos["final_obs"][i], alone)
                running[i] = False
            else:
                assert np.array_equal(observations[i], alone)


@pytest.mark.parametrize("mode", [AutoresetMode.NEXT_STEP, AutoresetMode.SAME_STEP])
def test_no_mask_is_ever_all_false(mode: AutoresetMode) -> None:
    """Through many episodes in both modes, every row of every mask allows an action."""
    envs = cg.vector_env("alakaslam", 4, autoreset_mode=mode)
    envs.reset(seed=3)
    rng = np.random.default_rng(3)
    ended = 0
    for _ in range(600):
        masks = envs.action_masks()
        assert masks.any(axis=1).all()
        _, _, terminated, truncated, infos = envs.step(_masked_actions(masks, rng))
        assert infos["action_mask"].any(axis=1).all()
        ended += int((terminated | truncated).sum())
    assert ended > 4


def test_next_step_starts_an_ended_game_at_the_next_step() -> None:
    """NEXT_STEP: the step after a game ends gives its new game, with reward 0 and no flag,
    and the action given for it is not played."""
    envs = cg.vector_env("lerally", 1, autoreset_mode="NextStep")
    envs.reset(seed=0)
    rng = np.random.default_rng(0)
    for _ in range(2000):
        _, reward, terminated, truncated, _ = envs.step(_masked_actions(envs.action_masks(), rng))
        if terminated[0] or truncated[0]:
            break
    else:
        pytest.fail("no episode ended")
    assert envs.action_masks().all()  # any action: it is not played
    _, reward, terminated, truncated, infos = envs.step(np.array([0]))
    assert reward[0] == 0.0 and not terminated[0] and not truncated[0]
    assert infos["action_mask"][0].any()


def test_same_step_returns_the_new_game_and_the_final_observation() -> None:
    """SAME_STEP: the step that ends a game returns the next game's observation, the ended
    game's reward and flag, and its last observation in infos["final_obs"]."""
    envs = cg.vector_env("lerally", 2, autoreset_mode=AutoresetMode.SAME_STEP)
    envs.reset(seed=0)
    rng = np.random.default_rng(0)
    for _ in range(3000):
        observations, _, terminated, truncated, infos = envs.step(
            _masked_actions(envs.action_masks(), rng)
        )
        if (terminated | truncated).any():
            ended = int(np.flatnonzero(terminated | truncated)[0])
            assert infos["_final_obs"][ended]
            assert infos["final_obs"][ended].shape == observations[ended].shape
            assert infos["action_mask"][ended].any()
            return
    pytest.fail("no episode ended")


@pytest.mark.parametrize(
    "arguments",
    [
        {"num_envs": 0},
        {"num_envs": "4"},
        {"num_envs": 2, "autoreset_mode": "Disabled"},
        {"num_envs": 2, "autoreset_mode": "sometimes"},
    ],
)
def test_bad_arguments_get_the_library_errors(arguments: dict[str, Any]) -> None:
    """Bad sizes and modes are refused with the library's error."""
    with pytest.raises(InvalidConfigError):
        cg.vector_env("alethi", **arguments)


def test_a_step_needs_one_action_per_game() -> None:
    """A step with too few actions is refused."""
    envs = cg.vector_env("alethi", 2)
    envs.reset(seed=0)
    with pytest.raises(InvalidConfigError):
        envs.step(np.array([0]))


def test_action_masks_reach_through_gymnasium_wrappers() -> None:
    """sb3-contrib asks for action_masks through the wrappers gymnasium.make adds."""
    import gymnasium

    env = gymnasium.make("cardgames/LeRally-v0")
    env.reset(seed=0)
    masks = env.get_wrapper_attr("action_masks")()
    assert masks.dtype == bool and masks.any()
