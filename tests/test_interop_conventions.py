"""The adapters follow their libraries' conventions: OpenSpiel's constant-sum games and
perfect information, PettingZoo's +1/-1 rewards and ``human`` rendering, Gymnasium's
registered ids, bounded spaces and reset-first rendering."""

from __future__ import annotations

import random
from typing import Any

import pytest

pytest.importorskip("pyspiel")
pytest.importorskip("pettingzoo")

import pyspiel
from open_spiel.python import policy as spiel_policy
from open_spiel.python.algorithms import exploitability

import cardgames.interop.openspiel as spiel
from cardgames import GAMES, get_game
from cardgames.alethi.cards import CardType, Kind
from cardgames.alethi.config import Config as AlethiConfig
from cardgames.interop._common import Table

CASES = [(name, preset) for name, game in GAMES.items() for preset in game.presets]

#: What the returns of each preset's games sum to; absent: general-sum.
SUMS = {("alethi", preset): 1.0 for preset in get_game("alethi").presets} | {
    ("lerally", "default"): 1.0,
    ("lerally", "shot-gun-3"): 1.0,
    ("lerally", "fast-four-4"): 1.0,
    ("lerally", "one-set-3"): 1.0,
    ("lerally", "one-set-doubles"): 2.0,
    ("lerally", "best-of-three"): 1.0,
    ("lerally", "best-of-five-doubles"): 2.0,
    ("lerally", "tiny"): 1.0,
    ("alakaslam", "default"): 1.0,
    ("alakaslam", "chosen"): 1.0,
    ("alakaslam", "tiny"): 1.0,
}


def load(name: str, preset: str = "default", seeds: int = 2) -> Any:
    """The registered OpenSpiel game of ``name`` with ``preset`` and ``seeds`` deals."""
    return pyspiel.load_game(f"{spiel.short_name(name)}(preset={preset},seeds={seeds})")


@pytest.mark.parametrize(("name", "preset"), CASES)
def test_constant_sum_presets_declare_their_sum(name: str, preset: str) -> None:
    """What exploitability checks (two players aside): the utility is constant-sum and the
    game info holds the sum, for the presets whose returns always sum to one number; every
    other preset is general-sum."""
    game = load(name, preset)
    utility = game.get_type().utility
    expected = SUMS.get((name, preset))
    assert spiel.utility_sum(get_game(name), get_game(name).presets[preset]) == expected
    if expected is None:
        assert utility == pyspiel.GameType.Utility.GENERAL_SUM
    else:
        assert utility == pyspiel.GameType.Utility.CONSTANT_SUM
        assert game.utility_sum() == expected


@pytest.mark.parametrize(("name", "preset"), sorted(SUMS))
def test_returns_of_random_playouts_sum_to_the_utility_sum(name: str, preset: str) -> None:
    """Random games through OpenSpiel of every constant-sum preset end with returns that sum
    to the declared utility_sum."""
    game = load(name, preset)
    rng = random.Random(f"{name}-{preset}")
    for deal in range(2):
        state = game.new_initial_state()
        state.apply_action(deal)
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
        assert sum(state.returns()) == pytest.approx(game.utility_sum())


def test_the_registered_types_say_what_holds_for_every_preset() -> None:
    """The registered type of a game is constant-sum only if every preset is."""
    utility = {t.short_name: t.utility for t in pyspiel.registered_games()}
    constant, general = pyspiel.GameType.Utility.CONSTANT_SUM, pyspiel.GameType.Utility.GENERAL_SUM
    assert utility[spiel.short_name("alethi")] == constant
    assert utility[spiel.short_name("lerally")] == constant
    assert utility[spiel.short_name("alakaslam")] == general
    assert utility[spiel.short_name("alakazum")] == general


class _TinyAlethi(spiel.CardgamesGame):
    """Alethi with three Squires and a King a side: small enough for exploitability."""

    game_type = spiel._game_type(get_game("alethi"))

    def _make_table(self, params: dict[str, Any]) -> Table:
        army = (
            CardType(Kind.SQUIRE, attack=1, health=3, count=3),
            CardType(Kind.KING, attack=5, health=5, count=1),
        )
        return Table(get_game("alethi"), AlethiConfig(army=army))


def test_exploitability_runs_on_a_small_two_player_game() -> None:
    """OpenSpiel's exploitability accepts the adapter's two-player constant-sum game and
    walks it whole: a uniform random policy is exploitable, by no more than the sum."""
    game = _TinyAlethi({"seeds": 1})
    value = exploitability.exploitability(game, spiel_policy.UniformRandomPolicy(game))
    assert 0.0 < value <= game.utility_sum()


def test_exploitability_refuses_a_general_sum_game() -> None:
    """Alakazum!, where every player may lose, stays general-sum, and exploitability says so
    before it walks anything."""
    game = load("alakazum")
    assert game.num_players() == 2
    with pytest.raises(ValueError, match="constant- or zero-sum"):
        exploitability.exploitability(game, spiel_policy.UniformRandomPolicy(game))


@pytest.mark.parametrize("preset", sorted(get_game("alethi").presets))
def test_alethi_views_decide_the_play(preset: str) -> None:
    """Alethi is perfect information once dealt: both players see the same table, and a state
    rebuilt from either player's view (with any generator) has the same legal moves and the
    same views after each of them, along random games. It is still declared imperfect
    information to OpenSpiel (the seed is never observed; see the adapter's docstring)."""
    game = get_game("alethi")
    config = game.presets[preset]
    assert load("alethi", preset).get_type().information == (
        pyspiel.GameType.Information.IMPERFECT_INFORMATION
    )
    rng = random.Random(preset)
    for seed in range(2):
        state = game.new_game(config, seed=seed)
        while True:
            views = [game.view(state, p) for p in (0, 1)]
            assert (
                views[0].__class__(**{**vars_of(views[1]), "player": views[0].player}) == (views[0])
            )
            legal = game.legal_moves(state)
            for p, view in enumerate(views):
                rebuilt = game.resample(view, seed=rng.randrange(2**32))
                assert game.view(rebuilt, p) == view
                assert game.legal_moves(rebuilt) == legal
                for move in legal[:3]:
                    after = [game.apply_move(s, move) for s in (state, rebuilt)]
                    assert game.view(after[0], p) == game.view(after[1], p)
            if game.is_over(state):
                break
            state = game.apply_move(state, rng.choice(list(legal)))


def vars_of(view: Any) -> dict[str, Any]:
    """The fields of an attrs view, by name."""
    import attrs

    return attrs.asdict(view, recurse=False)


# PettingZoo


def _pettingzoo_rewards(
    name: str, preset: str, seed: int, **kwargs: Any
) -> tuple[Any, dict[str, float]]:
    """The final state and each agent's reward of one random game through the raw env."""
    from cardgames.interop import pettingzoo as pz

    env = pz.raw_env(name, preset, **kwargs)
    env.reset(seed=seed)
    rng = random.Random(seed)
    rewards: dict[str, float] = {}
    state = None
    for agent in env.agent_iter():
        observation, reward, terminated, truncated, _ = env.last()
        if terminated or truncated:
            rewards[agent] = float(reward)
            state = env.state_of_game
            env.step(None)
            continue
        assert observation is not None
        env.step(rng.choice([int(i) for i in observation["action_mask"].nonzero()[0]]))
    return state, rewards


@pytest.mark.parametrize(("name", "preset"), CASES)
def test_pettingzoo_rewards_are_win_loss_for_two_players(name: str, preset: str) -> None:
    """Two players: +1 for the winner, -1 for the loser, 0 in a draw (as PettingZoo's classic
    games); more players: the outcome's returns unless win-loss is asked for."""
    game = get_game(name)
    players = game.num_players(game.presets[preset])
    state, rewards = _pettingzoo_rewards(name, preset, seed=3)
    outcome = game.outcome(state)
    assert outcome is not None
    win_loss = {
        f"player_{p}": 0.0 if outcome.is_draw else (1.0 if p in outcome.winners else -1.0)
        for p in range(players)
    }
    returns = {f"player_{p}": r for p, r in enumerate(outcome.returns)}
    assert rewards == (win_loss if players == 2 else returns)
    if players > 2:
        assert _pettingzoo_rewards(name, preset, seed=3, rewards="win-loss")[1] == win_loss


def test_pettingzoo_rewards_can_be_the_returns() -> None:
    """rewards="returns" gives a two-player game the library's 0..1 returns."""
    state, rewards = _pettingzoo_rewards("lerally", "default", seed=1, rewards="returns")
    outcome = get_game("lerally").outcome(state)
    assert outcome is not None
    assert sorted(rewards.values()) == [0.0, 1.0]
    assert rewards == {f"player_{p}": r for p, r in enumerate(outcome.returns)}


def test_win_loss_of_a_draw_and_of_a_loss_for_all() -> None:
    """A draw rewards nobody; a game every player loses gives all of them -1."""
    from cardgames.game import Outcome
    from cardgames.interop._common import scheme_rewards

    for outcome, expected in [
        (Outcome.draw(2, "level"), (0.0, 0.0)),
        (Outcome.all_lose(2, "lost"), (-1.0, -1.0)),
        (Outcome.win({1}, 2, "won"), (-1.0, 1.0)),
        (Outcome.win({0, 2}, 4, "won"), (1.0, -1.0, 1.0, -1.0)),
    ]:
        assert scheme_rewards(outcome, "win-loss") == expected
        assert scheme_rewards(outcome, "returns") == outcome.returns
    assert scheme_rewards(None, "win-loss") is None


@pytest.mark.parametrize("name", sorted(GAMES))
def test_pettingzoo_render_test_passes(name: str) -> None:
    """PettingZoo's render_test, every render mode, human mode printing the table."""
    from pettingzoo.test.render_test import render_test

    from cardgames.interop import pettingzoo as pz

    def make(render_mode: str | None = None) -> Any:
        return pz.env(name, render_mode=render_mode)

    render_test(make)


def test_pettingzoo_human_mode_prints_the_table(capsys: pytest.CaptureFixture[str]) -> None:
    """render_mode="human" prints the game's table on reset and step; render() returns None."""
    from cardgames.interop import pettingzoo as pz

    env = pz.raw_env("lerally", render_mode="human")
    env.reset(seed=2)
    table = get_game("lerally").render(env.state_of_game)
    assert capsys.readouterr().out == table + "\n"
    assert env.render() is None
    assert capsys.readouterr().out == table + "\n"


def test_pettingzoo_render_before_reset_says_to_reset() -> None:
    """render() before the first reset is Gymnasium's ResetNeeded, in the raw and the wrapped
    environment alike."""
    import gymnasium

    from cardgames.interop import pettingzoo as pz

    with pytest.raises(gymnasium.error.ResetNeeded, match="reset"):
        pz.raw_env("alethi", render_mode="ansi").render()
    with pytest.raises(Exception, match="reset"):
        pz.env("alethi", render_mode="ansi").render()


# Gymnasium and PettingZoo: the bounds of the observation spaces


@pytest.mark.parametrize(("name", "preset"), CASES)
def test_observation_spaces_are_bounded_where_the_game_is(name: str, preset: str) -> None:
    """Le Rally's and AlakaSLAM's spaces are [0, 1], and every observation of random games of
    every preset lies in them; Alethi's and Alakazum!'s stay unbounded."""
    import gymnasium
    import numpy as np

    from cardgames.interop import gymnasium as gym_adapter
    from cardgames.interop import pettingzoo as pz

    env = gym_adapter.env(name, preset)
    box = env.observation_space
    assert isinstance(box, gymnasium.spaces.Box)
    agents = pz.raw_env(name, preset)
    assert agents.observation_space("player_0")["observation"] == box  # type: ignore[index]
    bounded = name in ("lerally", "alakaslam")
    assert bool(box.is_bounded()) == bounded
    if bounded:
        assert (box.low == 0.0).all() and (box.high == 1.0).all()
    rng = np.random.default_rng(0)
    for seed in range(2):
        observation, info = env.reset(seed=seed)
        done = False
        while not done:
            assert box.contains(observation)
            action = int(rng.choice(info["action_mask"].nonzero()[0]))
            observation, _, terminated, truncated, info = env.step(action)
            done = terminated or truncated
        assert box.contains(observation)


# Gymnasium

IDS = {
    "alethi": "cardgames/Alethi-v0",
    "alakaslam": "cardgames/AlakaSLAM-v0",
    "lerally": "cardgames/LeRally-v0",
    "alakazum": "cardgames/Alakazum-v0",
}


@pytest.mark.parametrize("name", sorted(IDS))
def test_gymnasium_make_by_id(name: str) -> None:
    """Each game has its id, keyword arguments pass through, and the checker gymnasium.make
    adds passes a whole game."""
    import gymnasium

    from cardgames.interop import gymnasium as gym_adapter

    assert gym_adapter.ENV_IDS[name] == IDS[name]
    preset = list(get_game(name).presets)[-1]
    players = get_game(name).num_players(get_game(name).presets[preset])
    env = gymnasium.make(IDS[name], config=preset, opponents="greedy", seat=players - 1)
    inner = env.unwrapped
    assert isinstance(inner, gym_adapter.CardgamesEnv)
    assert (inner.table.config, inner.seat) == (get_game(name).presets[preset], players - 1)
    assert {type(bot).__name__ for bot in inner.bots.values()} == {
        type(gym_adapter.env(name, preset, "greedy", seat=players - 1).bots[0]).__name__
    }
    observation, info = env.reset(seed=1)
    assert env.observation_space.contains(observation)
    done = False
    while not done:
        action = int(info["action_mask"].nonzero()[0][0])
        observation, _, terminated, truncated, info = env.step(action)
        done = terminated or truncated


def test_gymnasium_make_vec_steps_two_games() -> None:
    """make_vec by id gives a vector of environments stepping together."""
    import gymnasium
    import numpy as np

    envs = gymnasium.make_vec(IDS["lerally"], num_envs=2, config="best-of-three")
    try:
        observations, infos = envs.reset(seed=3)
        shape = envs.single_observation_space.shape
        assert shape is not None and observations.shape == (2, *shape)
        for _ in range(5):
            actions = np.array([int(mask.nonzero()[0][0]) for mask in infos["action_mask"]])
            observations, rewards, _, _, infos = envs.step(actions)
            assert rewards.shape == (2,)
    finally:
        envs.close()


def test_gymnasium_make_imports_the_module_named_in_the_id() -> None:
    """Gymnasium has no plug-in entry points; "module:id" imports the adapter and makes it."""
    import gymnasium

    env = gymnasium.make("cardgames.interop.gymnasium:cardgames/LeRally-v0")
    assert env.spec is not None and env.spec.id == IDS["lerally"]


def test_gymnasium_render_before_reset_says_to_reset() -> None:
    """render() before reset() is Gymnasium's ResetNeeded, made by id or directly."""
    import gymnasium

    from cardgames.interop import gymnasium as gym_adapter

    with pytest.raises(gymnasium.error.ResetNeeded, match="reset"):
        gym_adapter.env("alethi", render_mode="ansi").render()
    with pytest.raises(gymnasium.error.ResetNeeded, match="reset"):
        gymnasium.make(IDS["alethi"], render_mode="ansi").render()


def test_gymnasium_human_mode_passes_the_checker(capsys: pytest.CaptureFixture[str]) -> None:
    """render_mode="human" prints the table on reset and step, render() gives None, and
    Gymnasium's checker (render check included) passes."""
    import warnings

    from gymnasium.utils.env_checker import check_env

    from cardgames.interop import gymnasium as gym_adapter

    env = gym_adapter.env("lerally", render_mode="human")
    env.reset(seed=1)
    table = get_game("lerally").render(env.state_of_game)
    assert capsys.readouterr().out == table + "\n"
    assert env.render() is None
    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", message=".*render fps")
        warnings.filterwarnings("ignore", message=".*alternative render modes")
        check_env(env, skip_render_check=False)
