"""Train Stable-Baselines3's maskable PPO (sb3-contrib) on Le Rally against the random bot,
measure its win rate as it learns, plot the learning curve, and enter it in a tournament.

Run it from a checkout with the ``sb3`` extra installed (``pip install 'cardgames[sb3]'``,
which brings sb3-contrib and PyTorch; the CPU build of PyTorch is all it needs):

    python docs/examples/maskable_ppo_lerally.py --plot curve.svg

The tutorial ``docs/tutorials/learning-agent.md`` walks through it.
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Sequence
from pathlib import Path

import numpy as np
from sb3_contrib import MaskablePPO
from stable_baselines3.common.callbacks import BaseCallback
from win_rate_chart import win_rate_svg

from cardgames import arena, lerally
from cardgames.interop import gymnasium as cardgames_gym

#: Two players, one rally: the Shot Gun format, the same short episodes as the REINFORCE agent.
CONFIG = lerally.Config(players=2, format=lerally.Format.SHOT_GUN)


def make_env() -> cardgames_gym.CardgamesEnv:
    """The learner's environment: seat 0 of Le Rally, the random bot in the other seat."""
    return cardgames_gym.env("lerally", CONFIG, opponents="random")


class PolicyBot:
    """A trained model as a library bot: it acts from its view, as every bot does."""

    name = "maskable-ppo"

    def __init__(self, model: MaskablePPO) -> None:
        self.model = model

    def choose(
        self, view: lerally.View, legal_moves: Sequence[lerally.Move], rng: random.Random
    ) -> lerally.Move:
        observation = np.asarray(lerally.observation(view), dtype=np.float32)
        mask = np.asarray(lerally.action_mask(view), dtype=bool)
        action, _ = self.model.predict(observation, action_masks=mask, deterministic=True)
        return lerally.action_to_move(view, int(action))


def win_rate(model: MaskablePPO, games: int, *, seed: int) -> float:
    """The share of ``games`` matches the model wins against the random bot, seats rotated."""
    result = arena.tournament(
        "lerally", [PolicyBot(model), "random"], games=games, config=CONFIG, seed=seed
    )
    return result.standings[0].win_rate


class Evaluate(BaseCallback):
    """Every ``every`` steps of training, the model's win rate over ``games`` matches."""

    def __init__(self, every: int, games: int) -> None:
        super().__init__()
        self.every = every
        self.games = games
        self.curve: list[tuple[int, float]] = []

    def _on_step(self) -> bool:
        if self.num_timesteps % self.every == 0:
            model = self.model
            assert isinstance(model, MaskablePPO)
            rate = win_rate(model, self.games, seed=len(self.curve))
            self.curve.append((self.num_timesteps, rate))
            print(f"{self.num_timesteps:7d} steps: win rate {rate:.2f} against random")
        return True


def train(steps: int, *, every: int, games: int, seed: int = 0) -> tuple[MaskablePPO, Evaluate]:
    """A model trained for ``steps`` steps, and its learning curve (the untrained model's win
    rate first)."""
    model = MaskablePPO("MlpPolicy", make_env(), n_steps=1024, batch_size=256, seed=seed)
    evaluate = Evaluate(every, games)
    evaluate.curve.append((0, win_rate(model, games, seed=1000)))
    model.learn(total_timesteps=steps, callback=evaluate)
    return model, evaluate


def learning_curve_svg(
    curve: Sequence[tuple[int, float]],
    *,
    baseline: float,
    width: int = 640,
    height: int = 320,
) -> str:
    """A line chart of ``curve`` (steps, win rate) as SVG text, with ``baseline`` (the heuristic
    bot's win rate against random) as a dashed line across it."""
    last = max(1, curve[-1][0])
    return win_rate_svg(
        curve,
        span=(0, last),
        ticks=[round(last * fraction) for fraction in (0.0, 0.25, 0.5, 0.75, 1.0)],
        line_label="maskable PPO",
        x_title="training steps",
        baseline=("greedy bot", baseline),
        width=width,
        height=height,
    )


def main(argv: Sequence[str] | None = None) -> arena.TournamentResult:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--steps", type=int, default=100_000, help="training steps")
    parser.add_argument("--every", type=int, default=10_000, help="steps between evaluations")
    parser.add_argument("--games", type=int, default=200, help="matches of each evaluation")
    parser.add_argument("--final-games", type=int, default=400, help="tournament games")
    parser.add_argument("--plot", type=Path, default=None, help="where to write the SVG")
    args = parser.parse_args(argv)

    model, evaluate = train(args.steps, every=args.every, games=args.games)
    greedy = arena.tournament(
        "lerally", ["greedy", "random"], games=args.final_games, config=CONFIG, seed=2
    )
    baseline = greedy.standings[0].win_rate
    print(f"the greedy bot's win rate against random: {baseline:.2f}")
    if args.plot is not None:
        args.plot.write_text(learning_curve_svg(evaluate.curve, baseline=baseline), "utf-8")

    result = arena.tournament(
        "lerally", [PolicyBot(model), "random"], games=args.final_games, config=CONFIG, seed=1
    )
    print(result.table())
    return result


if __name__ == "__main__":
    main()
