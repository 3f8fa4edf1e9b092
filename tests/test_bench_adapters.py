"""The adapters' benchmark runs and reports every adapter of every game asked for, next to the
raw library, with OpenSpiel's own Python games as the yardstick."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("pyspiel")
pytest.importorskip("pettingzoo")

SCRIPT = Path(__file__).resolve().parent.parent / "benchmarks" / "adapters.py"


def test_the_benchmark_reports_every_adapter() -> None:
    """A short run as JSON: decisions a second of raw play and each adapter, all positive."""
    done = subprocess.run(
        [
            *(sys.executable, str(SCRIPT), "--seconds", "0.5", "--rounds", "1", "--envs", "2"),
            *("--games", "lerally", "--json"),
        ],
        capture_output=True,
        text=True,
        check=True,
        timeout=300,
    )
    report = json.loads(done.stdout)
    figures = report["games"]["lerally"]
    assert set(figures) == {"raw", "pyspiel", "gymnasium", "vector", "pettingzoo"}
    assert all(value > 0 for value in figures.values())
    assert set(report["openspiel_python_games"]) == {"python_tic_tac_toe", "python_kuhn_poker"}
