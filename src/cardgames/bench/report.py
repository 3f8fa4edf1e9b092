"""A bench run's report: its figures (:class:`Report`, one :class:`PlayoutResult` a contender)
and how they are shown, as tables (one row per game preset, the headings first) of aligned
text for people, Markdown for ``docs/performance.md`` and JSON for programs.
"""

from __future__ import annotations

import json
import operator
from collections.abc import Callable, Sequence
from typing import Any, TypeAlias

import attrs

from cardgames.bench.memory import MemoryResult
from cardgames.bench.roundtrip import JsonResult

__all__ = [
    "NO_CHESS",
    "PlayoutResult",
    "Report",
    "context_line",
    "json_rows",
    "markdown_table",
    "memory_rows",
    "playout_rows",
    "render_json",
    "render_markdown",
    "render_text",
    "text_table",
]


@attrs.frozen
class PlayoutResult:
    """The playout figures of one contender."""

    game: str
    preset: str
    playouts: int  # per slice
    decisions: int  # per slice
    decisions_per_second: float  # best round
    decisions_per_second_median: float
    games_per_second: float  # best round
    ratio: float | None  # best decisions/s over best chess plies/s
    ratio_median_of_rounds: float | None
    ratio_target: float | None
    meets_target: bool | None


@attrs.frozen
class Report:
    """Everything one run measured, and where."""

    date: str
    python: str
    platform: str
    cores: int | None
    seconds_budget: float
    seconds_taken: float
    rounds: int
    statistic: str
    chess_version: str | None
    playouts: list[PlayoutResult]
    json: list[JsonResult]
    memory: list[MemoryResult] = attrs.Factory(list)


#: The line a report without python-chess carries.
NO_CHESS = (
    "python-chess is not installed (the 'bench' extra: pip install 'cardgames[bench]'): "
    "no chess playouts, no ratios."
)


def _yes_no(value: bool | None) -> str:
    return "-" if value is None else ("yes" if value else "NO")


def _ratio(value: float | None) -> str:
    return "-" if value is None else f"{value:.2f}x"


def _target(value: float | None) -> str:
    return "-" if value is None else f">= {value:g}x"


#: A column of a table: its heading, and how one result fills its cell.
_Column: TypeAlias = tuple[str, Callable[[Any], str]]


def _whole(field: str) -> Callable[[Any], str]:
    """A cell showing a result's ``field`` as a whole number with thousands separators."""
    get = operator.attrgetter(field)
    return lambda r: f"{get(r):,.0f}"


# Every table starts with what was measured: the game and its preset.
_NAMES: tuple[_Column, ...] = (("game", lambda r: r.game), ("preset", lambda r: r.preset))

_PLAYOUT_COLUMNS: tuple[_Column, ...] = (
    *_NAMES,
    ("decisions/s", _whole("decisions_per_second")),
    ("games/s", lambda r: f"{r.games_per_second:,.1f}"),
    ("decisions/game", lambda r: f"{r.decisions / r.playouts:.1f}"),
    ("ratio to chess", lambda r: _ratio(r.ratio)),
    ("median round ratio", lambda r: _ratio(r.ratio_median_of_rounds)),
    ("target", lambda r: _target(r.ratio_target)),
    ("met", lambda r: _yes_no(r.meets_target)),
)


def _micro(value: float | None) -> str:
    return "-" if value is None else f"{value:.1f}"


def _json_target(result: JsonResult) -> str:
    if result.fen_round_trip_us is None:
        return f"< {result.target_us:g} µs"
    return "<= FEN"


_JSON_COLUMNS: tuple[_Column, ...] = (
    *_NAMES,
    ("after decisions", lambda r: str(r.decisions_played)),
    ("bytes", _whole("bytes")),
    ("to_json µs", lambda r: _micro(r.to_json_us)),
    ("from_json µs", lambda r: _micro(r.from_json_us)),
    ("round trip µs", lambda r: _micro(r.round_trip_us)),
    ("FEN round trip µs", lambda r: _micro(r.fen_round_trip_us)),
    ("ratio to FEN", lambda r: _ratio(r.ratio_to_fen)),
    ("exact", lambda r: _yes_no(r.exact)),
    ("target", _json_target),
    ("met", lambda r: _yes_no(r.meets_target)),
)

_MEMORY_COLUMNS: tuple[_Column, ...] = (
    *_NAMES,
    ("states", lambda r: str(r.states)),
    ("bytes, all states", _whole("total_bytes")),
    ("bytes per state", _whole("per_state_bytes")),
    ("one state alone", _whole("alone_bytes")),
    ("alone / per state", lambda r: f"{r.alone_bytes / r.per_state_bytes:.1f}x"),
)


def _rows(columns: Sequence[_Column], results: Sequence[object]) -> list[list[str]]:
    """A table's rows: the headings, then one row per result."""
    return [[title for title, _ in columns], *([cell(r) for _, cell in columns] for r in results)]


def playout_rows(report: Report) -> list[list[str]]:
    """The playout table, header first."""
    return _rows(_PLAYOUT_COLUMNS, report.playouts)


def json_rows(report: Report) -> list[list[str]]:
    """The JSON table, header first."""
    return _rows(_JSON_COLUMNS, report.json)


def memory_rows(report: Report) -> list[list[str]]:
    """The memory table, header first."""
    return _rows(_MEMORY_COLUMNS, report.memory)


def context_line(report: Report) -> str:
    """Date, Python, machine and method, in one line."""
    cores = "?" if report.cores is None else str(report.cores)
    chess = (
        "python-chess not installed"
        if report.chess_version is None
        else (f"python-chess {report.chess_version}")
    )
    return (
        f"{report.date}, Python {report.python}, {report.platform}, {cores} cores, {chess}; "
        f"best of {report.rounds} interleaved rounds, {report.seconds_taken:.0f} s"
    )


def text_table(rows: list[list[str]]) -> str:
    """Rows as aligned plain text: names left, figures right."""
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    lines = []
    for row in rows:
        cells = [
            cell.ljust(width) if i < 2 else cell.rjust(width)
            for i, (cell, width) in enumerate(zip(row, widths, strict=True))
        ]
        lines.append("  ".join(cells).rstrip())
    lines.insert(1, "  ".join("-" * width for width in widths))
    return "\n".join(lines)


def markdown_table(rows: list[list[str]]) -> str:
    """Rows as a Markdown table: names left, figures right."""
    lines = ["| " + " | ".join(rows[0]) + " |"]
    lines.append("| " + " | ".join("---" if i < 2 else "---:" for i in range(len(rows[0]))) + " |")
    lines.extend("| " + " | ".join(row) + " |" for row in rows[1:])
    return "\n".join(lines)


#: The headings of the columns that hold the project's own targets: the readable report leaves
#: them out (it shows the figures), the JSON and Markdown reports keep them.
_TARGET_HEADINGS = ("target", "met")
#: What the readable report says about the targets it leaves out.
_TARGETS_NOTE = "The project's own targets for these figures: cardgames bench --markdown or --json."


def _figures(rows: list[list[str]]) -> list[list[str]]:
    """``rows`` without the columns of ``_TARGET_HEADINGS``."""
    keep = [i for i, heading in enumerate(rows[0]) if heading not in _TARGET_HEADINGS]
    return [[row[i] for i in keep] for row in rows]


def render_text(report: Report) -> str:
    """The readable report: the figures measured, without the project's targets."""
    playouts = _figures(playout_rows(report))
    parts = [context_line(report), "", "Random playouts", text_table(playouts)]
    if report.chess_version is None:
        parts.append(NO_CHESS)
    parts += ["", "JSON of a mid-game state", text_table(_figures(json_rows(report)))]
    odd = [r.game for r in report.json if not r.exact]
    if odd:
        parts.append(f"warning: the JSON round trip is not exact for {', '.join(odd)}")
    parts += ["", "Memory of the states of one random game", text_table(memory_rows(report))]
    parts += ["", _TARGETS_NOTE]
    return "\n".join(parts)


def render_markdown(report: Report) -> str:
    """The tables of ``docs/performance.md``, ready to paste."""
    parts = [
        f"Measured {context_line(report)}.",
        "",
        markdown_table(playout_rows(report)),
        "",
        markdown_table(json_rows(report)),
        "",
        markdown_table(memory_rows(report)),
    ]
    return "\n".join(parts)


def render_json(report: Report) -> str:
    """The report as indented JSON."""
    return json.dumps(attrs.asdict(report), indent=2, ensure_ascii=False)
