"""How much faster a tournament runs on a local process pool than one game after another.

Run it with ``.venv/bin/python benchmarks/tournament.py`` (``--help`` lists the options). It
plays the same tournament (by default Alethi, random against greedy, 200 games, seed 0) serially
and with ``jobs=2``, checks that both give the same :class:`~cardgames.arena.TournamentResult`,
and prints both times and their ratio (serial time over pool time). The target is a ratio of at
least 1.6 on 2 cores.

The pool's time is the whole call as a user makes it: starting the worker processes, sending
them the games in batches, gathering the records in game order and shutting the pool down.

The machine may be shared, and other load slows a run down, so the two are timed in several
*rounds*, each timing both back to back (the one that goes first alternates). The figure reported
for each is its best round, the closest estimate of its undisturbed time, and the ratio is that
of the two best times; the median of the per-round ratios is shown beside it as a check. The load
average before and after is printed too: with more runnable processes than cores, the pool gets
less than the cores it was given and the ratio understates it. The processor time of each (best
round, the pool's worker processes included) shows what the pool costs in extra work, whatever
the load: the speed-up on idle cores can not exceed ``jobs`` times serial over pool processor
time. Each round also times plain arithmetic serially and on as many processes (the
``machine`` line): the speed-up the machine itself allowed, to read the ratio against.
"""

from __future__ import annotations

import argparse
import concurrent.futures
import json
import os
import resource
import statistics
import sys
import time
from collections.abc import Sequence

from cardgames.arena import TournamentResult, tournament

TARGET = 1.6


def cpu_seconds() -> float:
    """The processor time used so far by this process and its finished child processes."""
    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def timed(args: argparse.Namespace, jobs: int) -> tuple[float, float, TournamentResult]:
    """The wall-clock time of one tournament call with ``jobs``, the processor time it used in
    every process (the pool's workers are finished, so counted, when the call returns), and its
    result."""
    cpu = cpu_seconds()
    start = time.perf_counter()
    result = tournament(
        args.game,
        args.bots.split(","),
        games=args.games,
        seed=args.seed,
        jobs=jobs,
        batch_size=args.batch_size,
    )
    return time.perf_counter() - start, cpu_seconds() - cpu, result


def spin(steps: int) -> int:
    """Pure arithmetic for ``steps`` steps: work that any number of cores shares perfectly."""
    total = 0
    for i in range(steps):
        total += i * i
    return total


def machine_speedup(jobs: int, steps: int = 4_000_000) -> float:
    """How much faster ``jobs`` copies of :func:`spin` run on a pool of ``jobs`` processes than
    one after another: the cores the machine gives this program right now (``jobs`` when idle,
    less when other programs share the machine)."""
    start = time.perf_counter()
    for _ in range(jobs):
        spin(steps)
    alone = time.perf_counter() - start
    with concurrent.futures.ProcessPoolExecutor(max_workers=jobs) as pool:
        pool.submit(spin, 1).result()  # the workers are started before the clock
        start = time.perf_counter()
        list(pool.map(spin, [steps] * jobs))
        together = time.perf_counter() - start
    return alone / together


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    """The command line options."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="alethi", help="registry name (default: alethi)")
    parser.add_argument(
        "--bots", default="random,greedy", help="comma-separated bot names, one per seat"
    )
    parser.add_argument("--games", type=int, default=200, help="games per tournament (200)")
    parser.add_argument("--seed", type=int, default=0, help="tournament seed (0)")
    parser.add_argument("--jobs", type=int, default=2, help="worker processes of the pool (2)")
    parser.add_argument("--rounds", type=int, default=3, help="timed rounds of each (3)")
    parser.add_argument(
        "--batch-size", type=int, default=None, help="games per batch (default: the library's)"
    )
    parser.add_argument("--json", action="store_true", help="print the results as JSON")
    return parser.parse_args(argv)


def main(argv: Sequence[str] | None = None) -> int:
    """Time the tournament serially and on the pool; exit 1 if their results differ."""
    args = parse_args(argv)
    load_before = os.getloadavg()
    serial_times: list[float] = []
    pool_times: list[float] = []
    serial_cpu: list[float] = []
    pool_cpu: list[float] = []
    machine: list[float] = []
    reference: TournamentResult | None = None
    for round_number in range(args.rounds):
        machine.append(machine_speedup(args.jobs))
        order = (1, args.jobs) if round_number % 2 == 0 else (args.jobs, 1)
        for jobs in order:
            seconds, cpu, result = timed(args, jobs)
            (serial_times if jobs == 1 else pool_times).append(seconds)
            (serial_cpu if jobs == 1 else pool_cpu).append(cpu)
            if reference is None:
                reference = result
            elif result != reference:
                print(f"the results differ with jobs={jobs}", file=sys.stderr)
                return 1
            print(
                f"round {round_number + 1}: jobs={jobs} {seconds:.2f} s, processor {cpu:.2f} s",
                file=sys.stderr,
            )
    load_after = os.getloadavg()
    assert reference is not None
    serial, pool = min(serial_times), min(pool_times)
    figures = {
        "game": args.game,
        "bots": args.bots,
        "games": args.games,
        "seed": args.seed,
        "jobs": args.jobs,
        "cores": os.cpu_count(),
        "serial_s": round(serial, 3),
        "pool_s": round(pool, 3),
        "ratio": round(serial / pool, 2),
        "median_round_ratio": round(
            statistics.median(s / p for s, p in zip(serial_times, pool_times, strict=True)), 2
        ),
        "serial_cpu_s": round(min(serial_cpu), 3),
        "pool_cpu_s": round(min(pool_cpu), 3),
        "ceiling": round(args.jobs * min(serial_cpu) / min(pool_cpu), 2),
        "machine_speedup": round(statistics.median(machine), 2),
        "target": TARGET,
        "met": serial / pool >= TARGET,
        "results_equal": True,
        "mean_length": round(reference.mean_length, 1),
        "load_before": [round(x, 2) for x in load_before],
        "load_after": [round(x, 2) for x in load_after],
    }
    if args.json:
        print(json.dumps(figures, indent=2))
        return 0
    print(
        f"{args.game}, {args.bots}, {args.games} games, seed {args.seed}, "
        f"{figures['cores']} cores, best of {args.rounds} rounds"
    )
    print(f"serial         {serial:7.2f} s")
    print(f"pool of {args.jobs:<2}     {pool:7.2f} s")
    print(
        f"speed-up       {serial / pool:7.2f}x  (median of rounds "
        f"{figures['median_round_ratio']}x; target {TARGET}x: "
        f"{'met' if figures['met'] else 'not met'})"
    )
    print(
        f"processor time {min(serial_cpu):7.2f} s serial, {min(pool_cpu):.2f} s pool "
        f"(all its processes): the pool's own cost is "
        f"{min(pool_cpu) / min(serial_cpu) - 1:.0%} more work, so on {args.jobs} idle cores "
        f"the speed-up can reach {figures['ceiling']}x at most"
    )
    print(
        f"machine        {figures['machine_speedup']:7.2f}x  for plain arithmetic on the same "
        f"number of processes (median of rounds): the cores this run was given"
    )
    print("results        identical")
    print(f"load average   {load_before[0]:.2f} before, {load_after[0]:.2f} after")
    return 0


if __name__ == "__main__":
    sys.exit(main())
