"""``make check`` chooses its tests by their measured times: ``pytest --budget SECONDS`` keeps
the quickest tests that fit (every test module at least once), and ``--record-durations FILE``
writes the times that choice reads."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import conftest

ROOT = Path(__file__).resolve().parent.parent


class _Item:
    def __init__(self, nodeid: str) -> None:
        self.nodeid = nodeid
        self.path = Path(nodeid.split("::")[0])


def _chosen(
    times: dict[str, float], budget: float, tmp_path: Path, mp: pytest.MonkeyPatch
) -> list[str]:
    path = tmp_path / "durations.json"
    path.write_text(json.dumps(times), encoding="utf-8")
    mp.setattr(conftest, "DURATIONS", path)
    items: list[Any] = [_Item(node) for node in [*times, "c.py::new"]]
    return [item.nodeid for item in conftest._within_budget(items, budget)]


def test_the_quickest_tests_that_fit_are_kept_in_their_order(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    times = {"a.py::slow": 30.0, "a.py::quick": 0.1, "b.py::only": 5.0, "a.py::middle": 2.0}
    # Each module's quickest test first (a.py::quick, b.py::only, and c.py::new, unmeasured),
    # then the quickest of the rest while they fit.
    assert _chosen(times, 8.0, tmp_path, monkeypatch) == [
        "a.py::quick",
        "b.py::only",
        "a.py::middle",
        "c.py::new",
    ]
    assert _chosen(times, 1.0, tmp_path, monkeypatch) == ["a.py::quick", "b.py::only", "c.py::new"]


def test_record_durations_writes_every_test_s_time(tmp_path: Path) -> None:
    path = tmp_path / "times.json"
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
         "tests/test_check_budget.py::test_the_quickest_tests_that_fit_are_kept_in_their_order",
         "--record-durations", str(path)],
        cwd=ROOT, capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stdout[-2000:]
    times = json.loads(path.read_text(encoding="utf-8"))
    (node,) = times
    assert node.endswith("test_the_quickest_tests_that_fit_are_kept_in_their_order")
    assert 0 <= times[node] < 60


def test_the_measured_times_cover_the_suite() -> None:
    """tests/durations.json is kept up to date: the tests it names are most of the suite's."""
    times = json.loads(conftest.DURATIONS.read_text(encoding="utf-8"))
    assert len(times) > 5000
