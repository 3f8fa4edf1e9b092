"""The documentation site builds with ``mkdocs build --strict`` and not a single warning.

The API reference pages are generated from the docstrings, so a docstring that Griffe cannot
read, a broken link or anchor, or a page missing from the nav fails this test.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def test_site_builds_strictly_without_warnings(tmp_path: Path) -> None:
    """The build succeeds, logs no warning, and the pages hold what they promise."""
    for module in ("mkdocs", "material", "mkdocstrings_handlers.python"):
        pytest.importorskip(module, reason="the docs extra is not installed")
    site = tmp_path / "site"
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    done = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(site)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    log = done.stdout + done.stderr
    assert done.returncode == 0, log
    assert not re.search(r"WARNING|ERROR", log), log
    # The reference is generated from the docstrings: the functions are there, documented.
    arena = (site / "reference" / "arena" / "index.html").read_text(encoding="utf-8")
    assert 'id="cardgames.arena.play"' in arena
    assert "Play one game between" in arena
    alethi = (site / "reference" / "alethi" / "index.html").read_text(encoding="utf-8")
    for name in ("legal_moves", "view", "render", "GAME", "Move"):
        assert f'id="cardgames.alethi.{name}"' in alethi, name
    # Every game's rules page shows its table diagram.
    for game in ("alethi", "alakaslam", "lerally", "alakazum"):
        page = (site / "rules" / game / "index.html").read_text(encoding="utf-8")
        assert f'src="../../images/{game}-table.svg"' in page, game
        assert (site / "images" / f"{game}-table.svg").is_file()
