"""Draw the playout figures of a benchmark run as an SVG bar chart, beside python-chess.

Usage::

    .venv/bin/python benchmarks/playouts.py --json > bench.json
    .venv/bin/python benchmarks/plot.py bench.json docs/performance-playouts.svg

One bar per game preset (decisions per second, its best round) and one for python-chess (plies
per second), with each bar's ratio to chess written after it and a dashed line at the speed of
chess, so that how far each game is ahead reads at a glance. The picture is plain SVG written by
hand: no plotting library is needed, and the file diffs well in the repository.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any
from xml.sax.saxutils import escape

__all__ = ["main", "playout_chart"]

#: The name the benchmark gives python-chess's row.
CHESS = "python-chess"
#: One colour per game, in the order games first appear; python-chess is grey.
PALETTE = ("#4e79a7", "#f28e2b", "#59a14f", "#e15759", "#b07aa1", "#76b7b2", "#edc948")
CHESS_COLOUR = "#8c8c8c"

ROW = 22  # height of one bar's row, in pixels
LABEL_WIDTH = 230  # the names on the left
BAR_WIDTH = 420  # the longest bar
NOTE_WIDTH = 170  # the figures after each bar
TOP = 48  # the title and the axis caption
BOTTOM = 40  # the scale


def _rows(run: Mapping[str, Any]) -> list[tuple[str, str, float, float | None]]:
    """(game, label, decisions per second, ratio to chess) of every playout row of ``run``."""
    rows: list[tuple[str, str, float, float | None]] = []
    for entry in run["playouts"]:
        game = str(entry["game"])
        label = game if game == CHESS else f"{game} {entry['preset']}"
        ratio = entry.get("ratio")
        rows.append((game, label, float(entry["decisions_per_second"]), ratio))
    return rows


def _nice_step(top: float) -> float:
    """A round step for about five gridlines up to ``top``."""
    rough = top / 5
    magnitude = 10 ** (len(str(int(rough))) - 1) if rough >= 1 else 1
    for factor in (1, 2, 2.5, 5, 10):
        if magnitude * factor >= rough:
            return float(magnitude * factor)
    return float(magnitude * 10)


def playout_chart(run: Mapping[str, Any]) -> str:
    """The SVG chart of the playout rows of ``run`` (the benchmark's ``--json`` output)."""
    rows = _rows(run)
    if not rows:
        raise ValueError("the run has no playout rows")
    top_speed = max(speed for _, _, speed, _ in rows)
    step = _nice_step(top_speed)
    scale_top = step * (int(top_speed // step) + 1)
    colours: dict[str, str] = {CHESS: CHESS_COLOUR}
    for game, _, _, _ in rows:
        if game not in colours:
            colours[game] = PALETTE[(len(colours) - 1) % len(PALETTE)]

    def x_of(speed: float) -> float:
        return LABEL_WIDTH + BAR_WIDTH * speed / scale_top

    width = LABEL_WIDTH + BAR_WIDTH + NOTE_WIDTH
    height = TOP + ROW * len(rows) + BOTTOM
    title = (
        f"Random playouts, decisions per second ({run.get('date', '')}, Python "
        f"{run.get('python', '?')}, {run.get('cores', '?')} cores)"
    )
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" font-family="sans-serif" font-size="12">',
        f'<rect width="{width}" height="{height}" fill="white"/>',
        f'<text x="8" y="20" font-size="14" font-weight="bold">{escape(title)}</text>',
        f'<text x="8" y="38" fill="#555">best of {run.get("rounds", "?")} interleaved rounds; '
        "after each bar: its speed and its ratio to python-chess</text>",
    ]
    tick = 0.0
    while tick <= scale_top:
        x = x_of(tick)
        parts.append(
            f'<line x1="{x:.1f}" y1="{TOP - 4}" x2="{x:.1f}" y2="{height - BOTTOM + 4}" '
            'stroke="#e5e5e5"/>'
        )
        parts.append(
            f'<text x="{x:.1f}" y="{height - BOTTOM + 18}" text-anchor="middle" fill="#555">'
            f"{tick / 1000:,.0f}k</text>"
        )
        tick += step
    for i, (game, label, speed, ratio) in enumerate(rows):
        y = TOP + i * ROW
        note = f"{speed:,.0f}/s" + (
            f"  {ratio:.2f}x" if ratio is not None and game != CHESS else ""
        )
        parts.append(
            f'<text x="{LABEL_WIDTH - 8}" y="{y + 15}" text-anchor="end">{escape(label)}</text>'
        )
        parts.append(
            f'<rect x="{LABEL_WIDTH}" y="{y + 3}" width="{x_of(speed) - LABEL_WIDTH:.1f}" '
            f'height="{ROW - 6}" fill="{colours[game]}"/>'
        )
        parts.append(f'<text x="{x_of(speed) + 6:.1f}" y="{y + 15}">{escape(note)}</text>')
    chess = [speed for game, _, speed, _ in rows if game == CHESS]
    if chess:
        x = x_of(chess[0])
        parts.append(
            f'<line x1="{x:.1f}" y1="{TOP - 4}" x2="{x:.1f}" y2="{height - BOTTOM + 4}" '
            'stroke="#333" stroke-dasharray="4 3"/>'
        )
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


def main(argv: Sequence[str] | None = None) -> int:
    """``plot.py RESULTS.json OUT.svg``: write the chart of a ``--json`` benchmark run."""
    args = list(sys.argv[1:] if argv is None else argv)
    if len(args) != 2:
        print("usage: plot.py RESULTS.json OUT.svg", file=sys.stderr)
        return 2
    run = json.loads(Path(args[0]).read_text(encoding="utf-8"))
    Path(args[1]).write_text(playout_chart(run), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
