"""The learning adapters against the library called directly: decisions a second.

Run it with ``.venv/bin/python benchmarks/adapters.py`` (``--help`` lists the options);
``make bench`` runs it with its defaults. For every game (its default preset) it times random
play four ways and a fifth as the yardstick:

- ``raw``: ``legal_moves`` and ``apply_move``, a move drawn at random: the library itself;
- ``pyspiel``: the OpenSpiel game, ``legal_actions`` and ``apply_action`` (the chance node
  that deals is not counted);
- ``gymnasium``: one :func:`cardgames.interop.gymnasium.env` stepped by a learner that draws
  from ``info["action_mask"]``, a random bot in the other seats; each step's observation and
  mask are made;
- ``vector``: :func:`cardgames.interop.gymnasium.vector_env` of ``--envs`` games (default 16),
  stepped together, drawing from ``action_masks()``;
- ``pettingzoo``: the wrapped ``AECEnv``, every agent drawing from its observation's mask.

Every adapter is counted in *decisions*: the moves applied to the games, the bots' included,
so that each figure is comparable with ``raw``, and a ratio is the adapter's time a decision
over the library's. The rounds are interleaved (each contender a short slice in turn, best of
the rounds kept), so that other load on the machine meets each contender alike. OpenSpiel's
own Python games (``python_tic_tac_toe``, ``python_kuhn_poker``) are timed the same way
through pyspiel, as the target for the pyspiel playouts.

Targets (issue 33): a pyspiel and a Gymnasium decision at most 2x a raw one, a PettingZoo
decision at most 5x, pyspiel playouts at least as fast as OpenSpiel's own Python games.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections.abc import Callable, Iterator
from typing import Any

import numpy as np
import open_spiel.python.games  # noqa: F401 (registers OpenSpiel's own python_* games)
import pyspiel

import cardgames
import cardgames.interop.openspiel
from cardgames.interop import gymnasium as cg_gym
from cardgames.interop import pettingzoo as cg_pz

GAMES = ("alethi", "alakaslam", "lerally", "alakazum")
TARGETS = {"pyspiel": 2.0, "gymnasium": 2.0, "vector": 2.0, "pettingzoo": 5.0}
#: A contender runs for ``slice`` seconds and says how many decisions it took.
Contender = Callable[[float], int]


def _forever(make: Callable[[int], Iterator[int]]) -> Contender:
    """A contender from a generator of decision counts, kept between slices (a game goes on
    where the last slice left it)."""
    state: dict[str, Any] = {"it": make(0)}

    def run(seconds: float) -> int:
        done = 0
        end = time.perf_counter() + seconds
        it = state["it"]
        while time.perf_counter() < end:
            done += next(it)
        return done

    return run


def draw(mask: np.ndarray[Any, Any], rng: random.Random) -> int:
    """A learner's action drawn at random from ``mask``, the way ``raw`` draws a move (with
    Python's generator: numpy's ``Generator.choice`` costs more than some of the steps timed
    here, and the choice is the learner's work, not the adapter's)."""
    legal = np.flatnonzero(mask)
    return int(legal[rng.randrange(len(legal))])


def raw(name: str) -> Contender:
    game = cardgames.get_game(name)

    def steps(seed: int) -> Iterator[int]:
        rng = random.Random(seed)
        while True:
            state = game.new_game(seed=seed)
            seed += 1
            while not game.is_over(state):
                state = game.apply_move(state, rng.choice(game.legal_moves(state)))
                yield 1

    return _forever(steps)


def spiel(short: str) -> Contender:
    game = pyspiel.load_game(short)

    def steps(seed: int) -> Iterator[int]:
        rng = random.Random(seed)
        while True:
            state = game.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    outcomes = state.chance_outcomes()
                    state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
                    continue
                state.apply_action(rng.choice(state.legal_actions()))
                yield 1

    return _forever(steps)


def gym(name: str) -> Contender:
    env = cg_gym.env(name, opponents="random")

    def steps(seed: int) -> Iterator[int]:
        rng = random.Random(seed)
        _, info = env.reset(seed=seed)
        before = 0
        while True:
            action = draw(info["action_mask"], rng)
            _, _, terminated, truncated, info = env.step(action)
            made = env._decisions - before
            before = env._decisions
            yield made
            if terminated or truncated:
                seed += 1
                _, info = env.reset(seed=seed)
                before = env._decisions

    return _forever(steps)


def vector(name: str, envs: int) -> Contender:
    venv = cg_gym.vector_env(name, envs, opponents="random")

    def steps(seed: int) -> Iterator[int]:
        rng = random.Random(seed)
        venv.reset(seed=seed)
        while True:
            before = [e._decisions for e in venv.envs]
            masks = venv.action_masks()
            actions = np.array([draw(row, rng) for row in masks])
            venv.step(actions)
            made = 0
            for env, was in zip(venv.envs, before, strict=True):
                now = env._decisions
                # A game started again counts from 0 (the bots' opening moves included).
                made += now - was if now >= was else now
            yield made

    return _forever(steps)


def pz(name: str) -> Contender:
    env = cg_pz.env(name)

    def steps(seed: int) -> Iterator[int]:
        rng = random.Random(seed)
        while True:
            env.reset(seed=seed)
            seed += 1
            for _agent in env.agent_iter():
                observation, _, terminated, truncated, _ = env.last()
                if terminated or truncated:
                    env.step(None)
                    continue
                assert observation is not None
                env.step(draw(observation["action_mask"], rng))
                yield 1

    return _forever(steps)


def measure(contenders: dict[str, Contender], seconds: float, rounds: int) -> dict[str, float]:
    """Decisions a second of each contender: best of ``rounds`` interleaved slices."""
    best = dict.fromkeys(contenders, 0.0)
    for run in contenders.values():
        run(0.05)  # warm up
    per = seconds / (rounds * len(contenders))
    for _ in range(rounds):
        for label, run in contenders.items():
            start = time.perf_counter()
            done = run(per)
            best[label] = max(best[label], done / (time.perf_counter() - start))
    return best


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=6.0, help="time per game (default 6)")
    parser.add_argument("--rounds", type=int, default=5, help="interleaved rounds (default 5)")
    parser.add_argument("--envs", type=int, default=16, help="games of the vector env")
    parser.add_argument("--games", default=",".join(GAMES), help="comma-separated games")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args(argv)
    report: dict[str, Any] = {"games": {}}
    yardstick = measure(
        {
            "python_tic_tac_toe": spiel("python_tic_tac_toe"),
            "python_kuhn_poker": spiel("python_kuhn_poker"),
        },
        args.seconds / 2,
        args.rounds,
    )
    report["openspiel_python_games"] = yardstick
    slowest_own = min(yardstick.values())
    for name in args.games.split(","):
        figures = measure(
            {
                "raw": raw(name),
                "pyspiel": spiel(cardgames.interop.openspiel.short_name(name)),
                "gymnasium": gym(name),
                "vector": vector(name, args.envs),
                "pettingzoo": pz(name),
            },
            args.seconds,
            args.rounds,
        )
        report["games"][name] = figures
    if args.json:
        print(json.dumps(report, indent=2))
        return 0
    print("adapters: decisions a second (ratio to the raw library; target)")
    own = ", ".join(f"{k} {v:,.0f}/s" for k, v in yardstick.items())
    print(f"  OpenSpiel's own Python games through pyspiel: {own}")
    for name, figures in report["games"].items():
        base = figures["raw"]
        cells = [f"raw {base:,.0f}/s"]
        for label, target in TARGETS.items():
            value = figures[label]
            ratio = base / value
            mark = "ok" if ratio <= target else "over"
            cells.append(f"{label} {value:,.0f}/s {ratio:.1f}x (<= {target:g}x {mark})")
        fast = "ok" if figures["pyspiel"] >= slowest_own else "slower"
        cells.append(f"pyspiel vs OpenSpiel's Python games: {fast}")
        print(f"  {name}: " + "; ".join(cells))
    return 0


if __name__ == "__main__":
    sys.exit(main())
