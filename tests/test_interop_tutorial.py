"""The learning-agent tutorial: its script runs end to end in a short version (training, the
plot, the tournament), and its page shows the committed plot."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path
from types import ModuleType

import pytest

from example_scripts import ROOT, load_example

pytest.importorskip("gymnasium")

PAGE = ROOT / "docs" / "tutorials" / "learning-agent.md"
PLOT = ROOT / "docs" / "images" / "reinforce-lerally.svg"
SVG = "{http://www.w3.org/2000/svg}"


def tutorial() -> ModuleType:
    """The tutorial's script, loaded as a module."""
    return load_example("reinforce_lerally")


def test_the_tutorial_runs_end_to_end(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A few episodes of training, a plot, and a tournament that the trained bot plays in."""
    plot = tmp_path / "curve.svg"
    argv = ["--episodes", "30", "--games", "10", "--baseline-episodes", "10", "--plot", str(plot)]
    result = tutorial().main(argv)
    assert {s.name for s in result.standings} == {"reinforce", "random"}
    assert sum(s.games for s in result.standings) == 20
    svg = ET.parse(plot).getroot()
    assert svg.tag.endswith("svg")
    assert svg.find("{http://www.w3.org/2000/svg}polyline") is not None
    assert any("random player" in (t.text or "") for t in svg.iter(f"{SVG}text"))
    assert [line for line in svg.iter(f"{SVG}line") if line.get("stroke-dasharray")]
    out = capsys.readouterr().out
    assert "reinforce" in out and "win rate of a random player over 10 matches" in out


def test_the_random_baseline_is_measured_and_drawn_where_it_is() -> None:
    """The baseline is the win rate of uniformly random play, measured in the same
    environment, and the plot draws its line at that height."""
    module = tutorial()
    rate = module.random_win_rate(20, seed=2)
    assert 0.0 <= rate <= 1.0 and rate == module.random_win_rate(20, seed=2)
    svg = ET.fromstring(module.learning_curve_svg([0.5, 0.6], first=1, baseline=0.25))
    (dashed,) = [line for line in svg.iter(f"{SVG}line") if line.get("stroke-dasharray")]
    assert float(dashed.get("y1", "0")) == pytest.approx(20 + 260 * 0.75, abs=0.1)


def test_training_moves_the_policy_and_the_curve_is_a_rate() -> None:
    """The weights change with training; the moving average stays between 0 and 1."""
    module = tutorial()
    policy, rewards = module.train(20, seed=3)
    assert len(rewards) == 20 and set(rewards) <= {0.0, 1.0}
    assert policy.weights.any()
    curve = module.moving_average(rewards, 5)
    assert len(curve) == 20 and all(0.0 <= v <= 1.0 for v in curve)


def test_the_page_shows_the_committed_plot() -> None:
    """The page links the plot the full run wrote, a well-formed SVG with the random
    player's line on it."""
    assert "../images/reinforce-lerally.svg" in PAGE.read_text(encoding="utf-8")
    root = ET.parse(PLOT).getroot()
    assert root.tag.endswith("svg")
    assert any((t.text or "").startswith("random player: ") for t in root.iter(f"{SVG}text"))
