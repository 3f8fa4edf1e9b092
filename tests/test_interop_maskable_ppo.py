"""The tutorial's maskable PPO section: its script trains sb3-contrib's ``MaskablePPO`` on Le
Rally through the Gymnasium adapter, evaluates it as a library bot and draws its curve, in a
short version. sb3-contrib and PyTorch come with the ``sb3`` extra, which ``make test`` does
not install: without them these tests are skipped (the page's plot is checked either way)."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path
from types import ModuleType

import pytest

from example_scripts import ROOT, load_example

PAGE = ROOT / "docs" / "tutorials" / "learning-agent.md"
PLOT = ROOT / "docs" / "images" / "maskable-ppo-lerally.svg"
SVG = "{http://www.w3.org/2000/svg}"


def tutorial() -> ModuleType:
    """The section's script, loaded as a module (skipped without sb3-contrib)."""
    pytest.importorskip("sb3_contrib")
    return load_example("maskable_ppo_lerally")


def test_maskable_ppo_trains_plays_as_a_bot_and_draws_its_curve(tmp_path: Path) -> None:
    plot = tmp_path / "curve.svg"
    argv = ["--steps", "2048", "--every", "1024", "--games", "10", "--final-games", "10"]
    result = tutorial().main([*argv, "--plot", str(plot)])
    assert {s.name for s in result.standings} == {"maskable-ppo", "random"}
    assert sum(s.games for s in result.standings) == 20
    assert result.forfeits == 0  # the model only ever chose legal moves
    svg = ET.parse(plot).getroot()
    (line,) = svg.iter(f"{SVG}polyline")
    assert len(line.get("points", "").split()) == 3  # before training, then at 1024 and 2048


def test_the_page_shows_the_committed_curve() -> None:
    """The section shows the plot the script drew, with the figures it printed."""
    text = PAGE.read_text(encoding="utf-8")
    assert "../images/maskable-ppo-lerally.svg" in text
    assert "cardgames[sb3]" in text
    svg = ET.parse(PLOT).getroot()
    assert svg.find(f"{SVG}polyline") is not None
