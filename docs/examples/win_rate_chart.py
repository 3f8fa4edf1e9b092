"""The learning curves of the tutorial's examples, drawn as SVG with nothing but the standard
library: a win rate (0 to 1) against how long the agent trained, with a dashed line for the
win rate to beat. ``reinforce_lerally.py`` and ``maskable_ppo_lerally.py`` import it from
beside them."""

from __future__ import annotations

from collections.abc import Sequence


def win_rate_svg(
    points: Sequence[tuple[float, float]],
    *,
    span: tuple[float, float],
    ticks: Sequence[int],
    line_label: str,
    x_title: str,
    baseline: tuple[str, float] | None = None,
    width: int = 640,
    height: int = 320,
) -> str:
    """A line through ``points`` (training so far, win rate) as SVG text: the x axis over
    ``span``, labelled at ``ticks`` and titled ``x_title``, the line named ``line_label``;
    ``baseline`` (its name, its rate) as a dashed line across."""
    left, right, top, bottom = 50, 20, 20, 40
    plot_w, plot_h = width - left - right, height - top - bottom
    low, high = span

    def x(at: float) -> float:
        return left + plot_w * (at - low) / max(1, high - low)

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
    for at in ticks:
        parts.append(f'<text x="{x(at):.1f}" y="{height - 22}" text-anchor="middle">{at}</text>')
    if baseline is not None:
        name, rate = baseline
        parts.append(
            f'<line x1="{left}" y1="{y(rate):.1f}" x2="{width - right}" '
            f'y2="{y(rate):.1f}" stroke="#d62728" stroke-width="1.5" stroke-dasharray="6 4"/>'
            f'<text x="{width - right - 4}" y="{y(rate) + 16:.1f}" text-anchor="end" '
            f'fill="#d62728">{name}: {rate:.2f}</text>'
        )
    line = " ".join(f"{x(at):.1f},{y(rate):.1f}" for at, rate in points)
    parts += [
        f'<polyline points="{line}" fill="none" stroke="#1f77b4" stroke-width="2"/>',
        f'<text x="{left + 8}" y="{top + 14}" fill="#1f77b4">{line_label}</text>',
        f'<text x="{left + plot_w / 2}" y="{height - 6}" text-anchor="middle">{x_title}</text>',
        f'<text x="14" y="{top + plot_h / 2}" text-anchor="middle" '
        f'transform="rotate(-90 14 {top + plot_h / 2})">win rate vs random</text>',
        "</svg>",
    ]
    return "\n".join(parts) + "\n"
