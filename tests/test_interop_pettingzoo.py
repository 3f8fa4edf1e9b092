"""The PettingZoo adapter: PettingZoo's own ``api_test`` and ``seed_test`` on every game and
preset, then what the adapter promises beyond them: the episode is the library's game of the
seed, the masks are the legal moves, the rewards are the outcome's returns, an illegal action
ends the episode, the cap truncates, ``render`` is the game's, and bad arguments get the
library's errors."""

from __future__ import annotations

import doctest
import random
import warnings
from typing import Any

import pytest

pytest.importorskip("pettingzoo")

from pettingzoo.test.api_test import api_test
from pettingzoo.test.seed_test import seed_test

from cardgames import GAMES, get_game
from cardgames.errors import InvalidConfigError, UnknownGameError, UnknownNameError
from cardgames.interop import pettingzoo as pz

CASES = [(name, preset) for name, game in GAMES.items() for preset in game.presets]


def quietly(check: Any, *args: Any, **kwargs: Any) -> None:
    """Run one of PettingZoo's checks without its advice for the environments it knows by
    name (a dict observation is right for these games, as for its own classic games)."""
    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", message="Observation is not a NumPy array")
        warnings.filterwarnings("ignore", message="Observation space for each agent probably")
        check(*args, **kwargs)


@pytest.mark.parametrize(("name", "preset"), CASES)
def test_pettingzoo_api_test_passes(name: str, preset: str) -> None:
    """PettingZoo's API test, long enough for a few whole games of every preset."""
    quietly(api_test, pz.env(name, preset), num_cycles=200)


@pytest.mark.parametrize(("name", "preset"), CASES)
def test_pettingzoo_seed_test_passes(name: str, preset: str) -> None:
    """Two environments reset with the same seed play the same episode."""
    quietly(seed_test, lambda: pz.env(name, preset), num_cycles=200)


def masked_action(mask: Any, rng: random.Random) -> int:
    """A random action that ``mask`` allows."""
    return rng.choice([int(i) for i in mask.nonzero()[0]])


@pytest.mark.parametrize("name", sorted(GAMES))
def test_an_episode_is_the_library_game_of_its_seed(name: str) -> None:
    """reset(seed=s) plays new_game(seed=s); each mover's mask is its legal moves and everyone
    else's is empty; at the end every agent gets its return in the outcome, once (with
    rewards="returns"; the two-player default, +1/-1, is in test_interop_conventions)."""
    game = get_game(name)
    env = pz.raw_env(name, rewards="returns")
    env.reset(seed=5)
    state = game.new_game(seed=5)
    rng = random.Random(1)
    rewards: dict[str, float] = {}
    for agent in env.agent_iter():
        observation, reward, terminated, truncated, _ = env.last()
        if terminated or truncated:
            rewards[agent] = float(reward)
            env.step(None)
            continue
        assert observation is not None
        assert env.state_of_game == state
        player = int(agent.removeprefix("player_"))
        assert game.current_player(state) == player
        legal = {game.move_to_action(state, m) for m in game.legal_moves(state)}
        assert set(observation["action_mask"].nonzero()[0]) == legal
        for other in env.agents:
            if other != agent:
                assert not env.observe(other)["action_mask"].any()
        action = masked_action(observation["action_mask"], rng)
        state = game.apply_move(state, game.action_to_move(state, action))
        env.step(action)
    outcome = game.outcome(state)
    assert outcome is not None
    assert rewards == {f"player_{p}": r for p, r in enumerate(outcome.returns)}
    assert env.agents == []


def test_an_observation_is_the_encoded_view() -> None:
    """The observation is the game's observation of the agent's view, in its shape."""
    game = get_game("alethi")
    env = pz.raw_env("alethi")
    env.reset(seed=2)
    for p, agent in enumerate(env.possible_agents):
        seen = env.observe(agent)["observation"]
        view = game.view(env.state_of_game, p)
        assert seen.shape == game.observation_shape(game.config_type())
        assert tuple(float(x) for x in seen.ravel()) == pytest.approx(game.observation(view))


def test_an_illegal_action_ends_the_episode_with_a_penalty() -> None:
    """As in PettingZoo's classic games: -1 for the agent that took it, 0 for the others."""
    env = pz.env("lerally")
    env.reset(seed=3)
    observation, *_ = env.last()
    assert observation is not None
    mover = env.agent_selection
    illegal = int((observation["action_mask"] == 0).nonzero()[0][0])
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        env.step(illegal)
    assert all(env.terminations.values())
    rewards = {agent: env._cumulative_rewards[agent] for agent in env.agents}
    assert rewards == {a: (pz.ILLEGAL_REWARD if a == mover else 0.0) for a in env.agents}


def test_the_unwrapped_environment_refuses_an_illegal_action() -> None:
    """Without the wrappers, an illegal action is the library's IllegalMoveError."""
    from cardgames.errors import IllegalMoveError

    env = pz.raw_env("lerally")
    env.reset(seed=3)
    mask = env.observe(env.agent_selection)["action_mask"]
    with pytest.raises(IllegalMoveError):
        env.step(int((mask == 0).nonzero()[0][0]))


def test_the_cap_on_decisions_truncates_the_episode() -> None:
    """After max_decisions decisions an unfinished game is truncated, with no reward."""
    env = pz.env("lerally", max_decisions=4)
    env.reset(seed=1)
    rng = random.Random(0)
    steps = 0
    for _agent in env.agent_iter():
        observation, reward, terminated, truncated, _ = env.last()
        if terminated or truncated:
            assert truncated and not terminated
            assert reward == 0.0
            env.step(None)
            continue
        assert observation is not None
        env.step(masked_action(observation["action_mask"], rng))
        steps += 1
    assert steps == 4


def test_reset_without_a_seed_follows_the_last_seed() -> None:
    """Unseeded resets after a seeded one deal the same games in two environments."""
    first, second = pz.raw_env("alakaslam"), pz.raw_env("alakaslam")
    for env in (first, second):
        env.reset(seed=9)
        env.reset()
    assert first.state_of_game == second.state_of_game
    assert first.state_of_game != get_game("alakaslam").new_game(seed=9)


def test_ansi_render_is_the_game_render() -> None:
    """render_mode="ansi" gives the game's picture of the table; no mode gives None."""
    env = pz.raw_env("lerally", render_mode="ansi")
    env.reset(seed=4)
    assert env.render() == get_game("lerally").render(env.state_of_game)
    plain = pz.raw_env("lerally")
    plain.reset(seed=4)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        assert plain.render() is None


def test_presets_and_configs_are_accepted() -> None:
    """A preset by name and a config object give the same spaces."""
    game = get_game("lerally")
    by_name = pz.raw_env("lerally", "one-set-doubles")
    by_config = pz.raw_env(game, game.presets["one-set-doubles"])
    assert by_name.possible_agents == by_config.possible_agents == [f"player_{p}" for p in range(4)]
    agent = by_name.possible_agents[0]
    assert by_name.observation_space(agent) == by_config.observation_space(agent)
    assert by_name.action_space(agent) == by_config.action_space(agent)


@pytest.mark.parametrize(
    ("arguments", "error"),
    [
        ((("nogame",), {}), UnknownGameError),
        ((("lerally", "no-such-preset"), {}), UnknownNameError),
        ((("lerally", get_game("alethi").config_type()), {}), InvalidConfigError),
        ((("lerally", 12), {}), InvalidConfigError),
        ((("lerally",), {"render_mode": "rgb_array"}), InvalidConfigError),
        ((("lerally",), {"rewards": "zero-sum"}), InvalidConfigError),
        ((("lerally",), {"rewards": 1}), InvalidConfigError),
        ((("lerally",), {"max_decisions": 0}), InvalidConfigError),
        ((("lerally",), {"max_decisions": True}), InvalidConfigError),
        ((("lerally",), {"max_decisions": "9" * 5000}), InvalidConfigError),
    ],
)
def test_bad_arguments_get_the_library_errors(
    arguments: tuple[tuple[Any, ...], dict[str, Any]], error: type[Exception]
) -> None:
    """Each bad argument raises the library's error, with a short message."""
    args, kwargs = arguments
    with pytest.raises(error) as raised:
        pz.env(*args, **kwargs)
    assert len(str(raised.value)) < 300


@pytest.mark.parametrize("seed", [True, 2**2000, "7", 1.5, b"7"])
def test_a_bad_seed_gets_the_library_error(seed: Any) -> None:
    """reset refuses a seed the library would refuse."""
    env = pz.raw_env("lerally")
    with pytest.raises(InvalidConfigError):
        env.reset(seed=seed)


def test_the_module_example_runs() -> None:
    """The example at the top of the adapter's docstring gives what it shows."""
    assert doctest.testmod(pz, report=False).failed == 0


@pytest.mark.parametrize("action", [-1, 10**6, 2**80, 1.5, "3", True, [0]])
def test_the_unwrapped_environment_refuses_what_is_not_an_action(action: Any) -> None:
    """Anything but an integer of the action space is the library's IllegalMoveError, with a
    short message, and the game does not move."""
    from cardgames.errors import IllegalMoveError

    env = pz.raw_env("lerally")
    env.reset(seed=3)
    before = env.state_of_game
    with pytest.raises(IllegalMoveError) as raised:
        env.step(action)
    assert len(str(raised.value)) < 100
    assert env.state_of_game is before
