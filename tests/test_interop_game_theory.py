"""The game-theory page: its CFR script runs in a short version and draws the curves, and the
page shows the committed plot."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path
from types import ModuleType

import pytest

from example_scripts import ROOT, load_example

pytest.importorskip("pyspiel")

PAGE = ROOT / "docs" / "tutorials" / "game-theory.md"
PLOT = ROOT / "docs" / "images" / "cfr-tiny.svg"


def script() -> ModuleType:
    """The page's script, loaded as a module."""
    return load_example("cfr_tiny")


def test_the_script_runs_and_draws_the_curves(tmp_path: Path) -> None:
    """Three CFR iterations on AlakaSLAM's tiny preset: the NashConv falls, and the plot has
    one line per game."""
    plot = tmp_path / "cfr.svg"
    curves = script().main(["--iterations", "3", "--games", "alakaslam", "--plot", str(plot)])
    curve = curves["alakaslam"]
    assert len(curve) == 4 and curve[-1] < curve[0]
    svg = ET.parse(plot).getroot()
    assert len(svg.findall("{http://www.w3.org/2000/svg}polyline")) == 1


def test_the_page_shows_the_committed_plot() -> None:
    """The page links the plot of the full run, a well-formed SVG with the three games."""
    assert "../images/cfr-tiny.svg" in PAGE.read_text(encoding="utf-8")
    svg = ET.parse(PLOT).getroot()
    assert len(svg.findall("{http://www.w3.org/2000/svg}polyline")) == 3
