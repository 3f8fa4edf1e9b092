"""Train a linear softmax policy with REINFORCE on Le Rally against the random bot, plot its
learning curve, and enter it in a tournament as a bot.

Run it from a checkout with the ``rl`` extra installed (``pip install 'cardgames[rl]'``):

    python docs/examples/reinforce_lerally.py --episodes 3000

The tutorial ``docs/tutorials/learning-agent.md`` walks through it.
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Sequence
from pathlib import Path

import numpy as np
from win_rate_chart import win_rate_svg

from cardgames import arena, lerally
from cardgames.interop import gymnasium as cardgames_gym

#: Two players, one rally: the Shot Gun format, short episodes for a first agent.
CONFIG = lerally.Config(players=2, format=lerally.Format.SHOT_GUN)


class LinearPolicy:
    """Softmax over the legal actions of a linear score: ``weights @ [observation, 1]``."""

    def __init__(self, observations: int, actions: int) -> None:
        self.weights = np.zeros((actions, observations + 1))

    def probabilities(self, features: np.ndarray, mask: np.ndarray) -> np.ndarray:
        scores = np.where(mask, self.weights @ features, -np.inf)
        exp = np.exp(scores - scores.max())
        probabilities: np.ndarray = exp / exp.sum()
        return probabilities


def features(observation: Sequence[float] | np.ndarray) -> np.ndarray:
    """The observation with a constant 1 appended, for the bias."""
    return np.append(np.asarray(observation, dtype=float), 1.0)


def train(
    episodes: int, *, seed: int = 0, learning_rate: float = 0.1
) -> tuple[LinearPolicy, list[float]]:
    """REINFORCE with a running-mean baseline; returns the policy and each episode's reward
    (1.0 for a won match, 0.0 for a lost one)."""
    env = cardgames_gym.env("lerally", CONFIG, opponents="random")
    (size,) = lerally.observation_shape(CONFIG)
    policy = LinearPolicy(size, lerally.num_actions(CONFIG))
    rng = np.random.default_rng(seed)
    baseline, rewards = 0.5, []
    observation, info = env.reset(seed=seed)
    for _ in range(episodes):
        gradient = np.zeros_like(policy.weights)
        done = False
        while not done:
            x = features(observation)
            p = policy.probabilities(x, info["action_mask"].astype(bool))
            action = int(rng.choice(len(p), p=p))
            gradient -= np.outer(p, x)  # the gradient of log p[action] ...
            gradient[action] += x  # ... for a softmax of linear scores
            observation, reward, terminated, truncated, info = env.step(action)
            done = terminated or truncated
        policy.weights += learning_rate * (float(reward) - baseline) * gradient
        baseline += 0.02 * (float(reward) - baseline)
        rewards.append(float(reward))
        observation, info = env.reset()
    return policy, rewards


def random_win_rate(episodes: int, *, seed: int = 1) -> float:
    """The share of ``episodes`` matches a player choosing uniformly among its legal actions
    wins against the random bot, in the same environment: the line a learning agent has to
    climb above."""
    env = cardgames_gym.env("lerally", CONFIG, opponents="random")
    rng = np.random.default_rng(seed)
    wins = 0.0
    _, info = env.reset(seed=seed)
    for _ in range(episodes):
        done = False
        while not done:
            legal = np.flatnonzero(info["action_mask"])
            _, reward, terminated, truncated, info = env.step(int(rng.choice(legal)))
            done = terminated or truncated
        wins += float(reward)
        _, info = env.reset()
    return wins / max(1, episodes)


class PolicyBot:
    """The trained policy as a ``cardgames`` bot: the legal action it scores highest."""

    name = "reinforce"

    def __init__(self, policy: LinearPolicy) -> None:
        self.policy = policy

    def choose(
        self, view: lerally.View, legal_moves: Sequence[lerally.Move], rng: random.Random
    ) -> lerally.Move:
        mask = np.asarray(lerally.action_mask(view), dtype=bool)
        p = self.policy.probabilities(features(lerally.observation(view)), mask)
        return lerally.action_to_move(view, int(p.argmax()))


def moving_average(values: Sequence[float], window: int) -> list[float]:
    """The mean of each run of ``window`` values (fewer at the start)."""
    sums = np.cumsum(np.insert(np.asarray(values, dtype=float), 0, 0.0))
    return [
        (sums[i + 1] - sums[max(0, i + 1 - window)]) / min(i + 1, window)
        for i in range(len(values))
    ]


def learning_curve_svg(
    curve: Sequence[float],
    *,
    first: int = 1,
    baseline: float | None = None,
    width: int = 640,
    height: int = 320,
) -> str:
    """A line chart of ``curve`` (values in [0, 1], one per episode from episode ``first``) as
    SVG text, with ``baseline`` (the random player's win rate) as a dashed line across it."""
    step = max(1, len(curve) // 400)  # a few hundred points draw the same line
    return win_rate_svg(
        [(first + i, curve[i]) for i in range(0, len(curve), step)],
        span=(first, first + max(1, len(curve) - 1)),
        ticks=[first + i for i in range(0, len(curve), max(1, len(curve) // 5))],
        line_label=f"REINFORCE, over the last {first} episodes",
        x_title="episode",
        baseline=None if baseline is None else ("random player", baseline),
        width=width,
        height=height,
    )


def main(argv: Sequence[str] | None = None) -> arena.TournamentResult:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--episodes", type=int, default=3000)
    parser.add_argument("--games", type=int, default=400, help="tournament games")
    parser.add_argument("--plot", type=Path, default=None, help="where to write the SVG")
    parser.add_argument(
        "--baseline-episodes", type=int, default=1000, help="matches of the random player"
    )
    args = parser.parse_args(argv)

    policy, rewards = train(args.episodes)
    window = max(1, min(200, args.episodes // 10))
    # Each point is the win rate over the `window` episodes up to it: the curve starts once a
    # whole window has been played, so its first points are not the luck of a few episodes.
    curve = moving_average(rewards, window)[window - 1 :]
    print(f"win rate over the last {window} training episodes: {curve[-1]:.2f}")
    baseline = random_win_rate(args.baseline_episodes)
    print(f"win rate of a random player over {args.baseline_episodes} matches: {baseline:.2f}")
    if args.plot is not None:
        svg = learning_curve_svg(curve, first=window, baseline=baseline)
        args.plot.write_text(svg, encoding="utf-8")

    result = arena.tournament(
        "lerally", [PolicyBot(policy), "random"], games=args.games, config=CONFIG, seed=1
    )
    print(result.table())
    return result


if __name__ == "__main__":
    main()
