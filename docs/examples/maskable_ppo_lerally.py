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
    left, right, top, bottom = 50, 20, 20, 40
    plot_w, plot_h = width - left - right, height - top - bottom
    last = max(1, curve[-1][0])

    def x(steps: float) -> float:
        return left + plot_w * steps / last

    def y(v: float) -> float:
        return top + plot_h * (1.0 - v)

    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" font-family="sans-serif" font-size="12">',
        f'<rect width="{width}" height="{height}" fill="white"/>',
    ]
    for tick in (0.0, 0.25, 0.5, 0.75, 1.0):
        parts.append(
            f'<line x1="{left}" y1="{y(tick):.1f}" x2="{width - right}" y2="{y(tick):.1f}" '
            f'stroke="#ddd"/><text x="{left - 8}" y="{y(tick) + 4:.1f}" '
            f'text-anchor="end">{tick:.2f}</text>'
        )
    for fraction in (0.0, 0.25, 0.5, 0.75, 1.0):
        steps = round(last * fraction)
        parts.append(
            f'<text x="{x(steps):.1f}" y="{height - 22}" text-anchor="middle">{steps}</text>'
        )
    points = " ".join(f"{x(steps):.1f},{y(rate):.1f}" for steps, rate in curve)
    parts += [
        f'<line x1="{left}" y1="{y(baseline):.1f}" x2="{width - right}" '
        f'y2="{y(baseline):.1f}" stroke="#d62728" stroke-width="1.5" stroke-dasharray="6 4"/>'
        f'<text x="{width - right - 4}" y="{y(baseline) + 16:.1f}" text-anchor="end" '
        f'fill="#d62728">greedy bot: {baseline:.2f}</text>',
        f'<polyline points="{points}" fill="none" stroke="#1f77b4" stroke-width="2"/>',
        f'<text x="{left + 8}" y="{top + 14}" fill="#1f77b4">maskable PPO</text>',
        f'<text x="{left + plot_w / 2}" y="{height - 6}" text-anchor="middle">'
        "training steps</text>",
        f'<text x="14" y="{top + plot_h / 2}" text-anchor="middle" '
        f'transform="rotate(-90 14 {top + plot_h / 2})">win rate vs random</text>',
        "</svg>",
    ]
    return "\n".join(parts) + "\n"


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
