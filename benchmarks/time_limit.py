"""What a time limit costs a decision: the same games of bots with and without ``time_limit``.

Run it with ``.venv/bin/python benchmarks/time_limit.py`` (``--help`` lists the options). For
every game it plays the same seeded games of random bots with ``arena.play`` as trusted code
(the bots called in this process) and with a time limit (the bots in a process of their own,
each decision's view and legal moves sent there and the answer sent back), and prints the time
of a decision both ways and the difference: the cost of a decision under a time limit. A
separate line times starting the bots' process, which a game pays once (a tournament once per
worker, and again after each kill).

The games are the same both ways (the script checks that the records are equal). Each figure
is the best of several rounds, the closest estimate of its undisturbed time on a shared
machine.
"""

from __future__ import annotations

import argparse
import time
from typing import Any

import cardgames
from cardgames import arena
from cardgames.bots import RandomBot


def per_decision(
    game: cardgames.Game[Any, Any, Any, Any], seeds: range, limit: float | None
) -> tuple[float, list[cardgames.GameRecord]]:
    """Seconds per decision over the games of ``seeds``, and their records."""
    seats = game.num_players(game.config_type())
    bots = [RandomBot()] * seats
    records: list[cardgames.GameRecord] = []
    start = time.perf_counter()
    for seed in seeds:
        records.append(arena.play(game, bots, seed=seed, time_limit=limit))
    elapsed = time.perf_counter() - start
    return elapsed / sum(len(r.moves) for r in records), records


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=20, help="games per game and round")
    parser.add_argument("--rounds", type=int, default=3, help="rounds; the best is kept")
    args = parser.parse_args()
    seeds = range(args.games)
    print(f"{'game':10} {'trusted':>10} {'limited':>10} {'cost':>10}  (per decision)")
    for name, game in cardgames.GAMES.items():
        trusted: list[float] = []
        limited: list[float] = []
        for _ in range(args.rounds):
            plain, expected = per_decision(game, seeds, None)
            held, records = per_decision(game, seeds, 60.0)
            assert records == expected
            trusted.append(plain)
            limited.append(held)
        best, held = min(trusted), min(limited)
        print(f"{name:10} {best * 1e6:8.0f} us {held * 1e6:8.0f} us {(held - best) * 1e6:8.0f} us")
    # A game whose moves are all given: the bots' process is started, asked nothing, stopped.
    game = cardgames.get_game("alethi")
    finished = arena.play(game, [RandomBot()] * 2, seed=0).moves
    starts: list[float] = []
    for _ in range(args.rounds * 5):
        start = time.perf_counter()
        arena.play(game, [RandomBot()] * 2, seed=0, time_limit=60.0, moves=finished)
        starts.append(time.perf_counter() - start)
    bare: list[float] = []
    for _ in range(args.rounds * 5):
        start = time.perf_counter()
        arena.play(game, [RandomBot()] * 2, seed=0, moves=finished)
        bare.append(time.perf_counter() - start)
    cost = min(starts) - min(bare)
    print(f"starting and stopping the bots' process: {cost * 1e3:.1f} ms a game")


if __name__ == "__main__":
    main()
