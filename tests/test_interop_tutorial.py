"""The learning-agent tutorial: its script runs end to end in a short version (training, the
plot, the tournament), and its page shows the committed plot."""

from __future__ import annotations

import importlib.util
import xml.etree.ElementTree as ET
from pathlib import Path
from types import ModuleType

import pytest

pytest.importorskip("gymnasium")

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = ROOT / "docs" / "examples" / "reinforce_lerally.py"
PAGE = ROOT / "docs" / "tutorials" / "learning-agent.md"
PLOT = ROOT / "docs" / "images" / "reinforce-lerally.svg"


def tutorial() -> ModuleType:
    """The tutorial's script, loaded as a module."""
    spec = importlib.util.spec_from_file_location("reinforce_lerally", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_tutorial_runs_end_to_end(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A few episodes of training, a plot, and a tournament that the trained bot plays in."""
    plot = tmp_path / "curve.svg"
    result = tutorial().main(["--episodes", "30", "--games", "10", "--plot", str(plot)])
    assert {s.name for s in result.standings} == {"reinforce", "random"}
    assert sum(s.games for s in result.standings) == 20
    svg = ET.parse(plot).getroot()
    assert svg.tag.endswith("svg")
    assert svg.find("{http://www.w3.org/2000/svg}polyline") is not None
    assert "reinforce" in capsys.readouterr().out


def test_training_moves_the_policy_and_the_curve_is_a_rate() -> None:
    """The weights change with training; the moving average stays between 0 and 1."""
    module = tutorial()
    policy, rewards = module.train(20, seed=3)
    assert len(rewards) == 20 and set(rewards) <= {0.0, 1.0}
    assert policy.weights.any()
    curve = module.moving_average(rewards, 5)
    assert len(curve) == 20 and all(0.0 <= v <= 1.0 for v in curve)


def test_the_page_shows_the_committed_plot() -> None:
    """The page links the plot the full run wrote, and the plot is a well-formed SVG."""
    assert "../images/reinforce-lerally.svg" in PAGE.read_text(encoding="utf-8")
    assert ET.parse(PLOT).getroot().tag.endswith("svg")
