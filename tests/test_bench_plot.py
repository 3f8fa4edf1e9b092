"""benchmarks/plot.py: the chart of a benchmark run is well-formed SVG with one bar per row."""

from __future__ import annotations

import importlib.util
import json
import xml.etree.ElementTree as ET
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

SCRIPT = Path(__file__).resolve().parents[1] / "benchmarks" / "plot.py"
SVG = "{http://www.w3.org/2000/svg}"


def _plot() -> ModuleType:
    spec = importlib.util.spec_from_file_location("bench_plot", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


RUN: dict[str, Any] = {
    "date": "2026-11-25",
    "python": "3.11.7",
    "cores": 2,
    "rounds": 3,
    "playouts": [
        {"game": "lerally", "preset": "default", "decisions_per_second": 120_000.0, "ratio": 6.1},
        {"game": "alethi", "preset": "default", "decisions_per_second": 60_000.0, "ratio": 3.05},
        {"game": "python-chess", "preset": "standard", "decisions_per_second": 19_700.0},
    ],
}


def test_chart_has_a_bar_and_a_label_per_row_and_the_chess_line(tmp_path: Path) -> None:
    plot = _plot()
    results = tmp_path / "run.json"
    out = tmp_path / "chart.svg"
    results.write_text(json.dumps(RUN), encoding="utf-8")
    assert plot.main([str(results), str(out)]) == 0
    root = ET.fromstring(out.read_text(encoding="utf-8"))
    bars = root.findall(f"{SVG}rect")[1:]  # the first rectangle is the background
    assert len(bars) == 3
    widths = [float(bar.get("width", "0")) for bar in bars]
    assert widths[0] > widths[1] > widths[2] > 0  # longer bar, faster game
    texts = [t.text or "" for t in root.iter(f"{SVG}text")]
    assert "lerally default" in texts and "python-chess" in texts
    assert any("6.10x" in t for t in texts) and any("3.05x" in t for t in texts)
    dashed = [line for line in root.iter(f"{SVG}line") if line.get("stroke-dasharray")]
    assert len(dashed) == 1


def test_a_run_without_playouts_is_refused() -> None:
    with pytest.raises(ValueError, match="no playout rows"):
        _plot().playout_chart({"playouts": []})


def test_wrong_arguments_give_the_usage(capsys: pytest.CaptureFixture[str]) -> None:
    assert _plot().main(["only-one"]) == 2
    assert "usage" in capsys.readouterr().err
