"""CFR on the tiny presets through OpenSpiel: the NashConv of the average policy as it runs.

Run it with ``.venv/bin/python docs/examples/cfr_tiny.py`` (extra ``cardgames[openspiel]``);
``--plot docs/images/cfr-tiny.svg`` draws the curves. Each two-player game's ``tiny`` preset
is loaded with two deals (``seeds=2``), OpenSpiel's ``CFRSolver`` runs ``--iterations``
iterations, and the NashConv of its average policy (the sum of what each player would gain
by a best response: 0 at a Nash equilibrium) is measured after each.
"""

from __future__ import annotations

import argparse
import math
from collections.abc import Sequence
from pathlib import Path

import pyspiel
from open_spiel.python.algorithms import cfr, exploitability

import cardgames.interop.openspiel as spiel

GAMES = ("alethi", "lerally", "alakaslam")
COLOURS = {"alethi": "#b03030", "lerally": "#2060b0", "alakaslam": "#208040"}


def nash_conv_curve(name: str, iterations: int, seeds: int = 2) -> list[float]:
    """The NashConv of CFR's average policy on ``name``'s tiny preset: before the first
    iteration, then after each."""
    game = pyspiel.load_game(f"{spiel.short_name(name)}(preset=tiny,seeds={seeds})")
    solver = cfr.CFRSolver(game)
    curve = [exploitability.nash_conv(game, solver.average_policy())]
    for _ in range(iterations):
        solver.evaluate_and_update_policy()
        curve.append(exploitability.nash_conv(game, solver.average_policy()))
    return curve


def curves_svg(curves: dict[str, list[float]], width: int = 640, height: int = 320) -> str:
    """The curves on a log scale of NashConv against the iterations."""
    left, right, top, bottom = 60, 130, 20, 40
    longest = max(len(c) for c in curves.values()) - 1
    low = math.floor(math.log10(min(v for c in curves.values() for v in c if v > 0)))
    high = math.ceil(math.log10(max(v for c in curves.values() for v in c)))
    high = max(high, low + 1)

    def x(i: float) -> float:
        return left + (width - left - right) * i / max(longest, 1)

    def y(v: float) -> float:
        at = math.log10(max(v, 10.0**low))
        return top + (height - top - bottom) * (high - at) / (high - low)

    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" font-family="sans-serif" font-size="12">',
        f'<rect width="{width}" height="{height}" fill="white"/>',
    ]
    for power in range(low, high + 1):
        py = y(10.0**power)
        parts.append(
            f'<line x1="{left}" y1="{py:.1f}" x2="{width - right}" y2="{py:.1f}" stroke="#ddd"/>'
        )
        parts.append(f'<text x="{left - 6}" y="{py + 4:.1f}" text-anchor="end">1e{power}</text>')
    parts.append(
        f'<text x="{(left + width - right) / 2:.0f}" y="{height - 8}" text-anchor="middle">'
        f"CFR iterations (0 to {longest})</text>"
    )
    parts.append(
        f'<text x="14" y="{(top + height - bottom) / 2:.0f}" text-anchor="middle" '
        f'transform="rotate(-90 14 {(top + height - bottom) / 2:.0f})">NashConv</text>'
    )
    for row, (name, curve) in enumerate(curves.items()):
        points = " ".join(f"{x(i):.1f},{y(v):.1f}" for i, v in enumerate(curve))
        colour = COLOURS.get(name, "black")
        parts.append(
            f'<polyline points="{points}" fill="none" stroke="{colour}" stroke-width="2"/>'
        )
        ly = top + 16 + 18 * row
        parts.append(
            f'<line x1="{width - right + 10}" y1="{ly}" x2="{width - right + 30}" y2="{ly}" '
            f'stroke="{colour}" stroke-width="2"/>'
        )
        parts.append(f'<text x="{width - right + 36}" y="{ly + 4}">{name} tiny</text>')
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


def main(argv: Sequence[str] | None = None) -> dict[str, list[float]]:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--iterations", type=int, default=100)
    parser.add_argument("--plot", type=Path, help="write the curves as SVG here")
    parser.add_argument("--games", default=",".join(GAMES))
    args = parser.parse_args(argv)
    curves = {}
    for name in args.games.split(","):
        curves[name] = curve = nash_conv_curve(name, args.iterations)
        print(f"{name} tiny: NashConv {curve[0]:.3f} -> {curve[-1]:.4f} after {args.iterations}")
    if args.plot is not None:
        args.plot.write_text(curves_svg(curves), encoding="utf-8")
    return curves


if __name__ == "__main__":
    main()
