"""The compiled-build experiment: how much faster are the games with their rules compiled by mypyc?

Usage::

    .venv/bin/python benchmarks/mypyc_experiment.py              # compile, then time both builds
    .venv/bin/python benchmarks/mypyc_experiment.py --rounds 3 --seconds 10
    .venv/bin/python benchmarks/mypyc_experiment.py --pytest tests/test_conformance.py -x -q

It copies ``src/`` into a temporary folder, compiles there with ``mypyc`` every module of the
engine that holds only functions (each game's rule chapters, checks, notation and the shared
``_engine``), then runs ``benchmarks/playouts.py --json`` alternately on the pure-Python tree and
on the compiled one and prints, per game preset, the best ratio to python-chess of each build.
With ``--pytest``, it then runs pytest with the given arguments on the compiled tree.

Modules that define classes stay interpreted: the states, views, configs and moves are attrs
classes, which mypyc does not compile as native classes, and compiling their modules anyway
loses the annotations that cattrs reads to load JSON. Nothing is written into the checkout; the
report in ``docs/performance.md`` ("A compiled build") was made with this script.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path

__all__ = ["compilable_modules", "main"]

ROOT = Path(__file__).resolve().parents[1]
GAMES = ("alakaslam", "alakazum", "alethi", "lerally")
#: A module that defines a class, at the top level or under a decorator, stays interpreted.
_CLASS = re.compile(r"^(class |@)", re.MULTILINE)


def compilable_modules(src: Path) -> list[Path]:
    """The engine modules under ``src`` that define no class: the ones this experiment compiles."""
    candidates = [src / "cardgames" / "_engine.py"]
    for game in GAMES:
        candidates += sorted((src / "cardgames" / game).glob("*.py"))
    return [
        path
        for path in candidates
        if path.name != "__init__.py" and not _CLASS.search(path.read_text(encoding="utf-8"))
    ]


def _compile(tree: Path) -> tuple[list[str], list[str]]:
    """Compile the function-only modules of ``tree``/src in place.

    Returns the modules compiled and those left out: a module that mypyc cannot compile (it
    names the module in its error) is left interpreted and the rest compiled again.
    """
    src = tree / "src"
    modules = [str(path.relative_to(src)) for path in compilable_modules(src)]
    mypyc = Path(sys.executable).with_name("mypyc")
    left_out: list[str] = []
    while modules:
        done = subprocess.run(
            [str(mypyc), *modules],
            cwd=src,
            env={**os.environ, "MYPYPATH": str(src)},
            check=False,
            capture_output=True,
            text=True,
        )
        if done.returncode == 0:
            break
        failing = {m for m in modules if re.search(rf"^{re.escape(m)}:\d+:", done.stdout, re.M)}
        if not failing:
            raise RuntimeError(f"mypyc failed:\n{done.stdout[-2000:]}{done.stderr[-2000:]}")
        left_out += sorted(failing)
        modules = [m for m in modules if m not in failing]
    return modules, left_out


def _bench(src: Path, seconds: float) -> dict[tuple[str, str], float]:
    """The ratio to python-chess of every game preset, in one benchmark run on ``src``."""
    done = subprocess.run(
        [
            sys.executable,
            str(ROOT / "benchmarks" / "playouts.py"),
            "--json",
            "--seconds",
            f"{seconds}",
        ],
        env={**os.environ, "PYTHONPATH": str(src)},
        check=True,
        capture_output=True,
        text=True,
    )
    run = json.loads(done.stdout)
    return {
        (row["game"], row["preset"]): float(row["ratio"])
        for row in run["playouts"]
        if row.get("ratio") is not None
    }


def main(argv: Sequence[str] | None = None) -> int:
    """Compile, time both builds alternately, print the table; then pytest if asked."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=2, help="benchmark runs per build")
    parser.add_argument("--seconds", type=float, default=8.0, help="budget of one run")
    parser.add_argument("--pytest", nargs=argparse.REMAINDER, help="then run pytest so")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="cardgames-mypyc-") as folder:
        tree = Path(folder)
        shutil.copytree(ROOT / "src", tree / "src", ignore=shutil.ignore_patterns("*.egg-info"))
        modules, left_out = _compile(tree)
        print(f"compiled {len(modules)} modules: {', '.join(modules)}", file=sys.stderr)
        print(f"left interpreted, mypyc failed on them: {', '.join(left_out)}", file=sys.stderr)
        pure: dict[tuple[str, str], float] = {}
        compiled: dict[tuple[str, str], float] = {}
        for round_ in range(args.rounds):
            print(f"round {round_ + 1} of {args.rounds}", file=sys.stderr)
            for best, src in ((pure, ROOT / "src"), (compiled, tree / "src")):
                for key, ratio in _bench(src, args.seconds).items():
                    best[key] = max(best.get(key, 0.0), ratio)
        print("| game | preset | pure Python | compiled | compiled / pure |")
        print("| --- | --- | ---: | ---: | ---: |")
        for game, preset in sorted(pure):
            p, c = pure[game, preset], compiled.get((game, preset), float("nan"))
            print(f"| {game} | {preset} | {p:.2f}x | {c:.2f}x | {c / p:.2f} |")
        if args.pytest is not None:
            return subprocess.run(
                [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", *args.pytest],
                cwd=ROOT,
                env={**os.environ, "PYTHONPATH": str(tree / "src")},
                check=False,
            ).returncode
    return 0


if __name__ == "__main__":
    sys.exit(main())
