"""The game-theory page: its CFR script runs in a short version and draws the curves, and the
page shows the committed plot."""

from __future__ import annotations

import importlib.util
import xml.etree.ElementTree as ET
from pathlib import Path
from types import ModuleType

import pytest

pytest.importorskip("pyspiel")

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = ROOT / "docs" / "examples" / "cfr_tiny.py"
PAGE = ROOT / "docs" / "tutorials" / "game-theory.md"
PLOT = ROOT / "docs" / "images" / "cfr-tiny.svg"


def script() -> ModuleType:
    """The page's script, loaded as a module."""
    spec = importlib.util.spec_from_file_location("cfr_tiny", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


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
