"""The API reference shows each game's API, not how its objects are built.

Griffe loads the package with the project's extension (``docs/_ext/griffe_cardgames.py``), as
the documentation site does: ``GAME`` is documented by its type and docstring without the
``define_game(...)`` call, and the modules' ``__dir__`` hooks are left out.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import pytest

if TYPE_CHECKING:
    from griffe import Module

ROOT = Path(__file__).resolve().parent.parent
EXTENSION = ROOT / "docs" / "_ext" / "griffe_cardgames.py"


@pytest.fixture(scope="module")
def package() -> Module:
    """``cardgames`` as the reference sees it."""
    griffe = pytest.importorskip("griffe", reason="the docs extra is not installed")
    extensions = griffe.load_extensions(f"{EXTENSION}:CardgamesDocstrings")
    loaded: Module = griffe.load(
        "cardgames", search_paths=[str(ROOT / "src")], extensions=extensions
    )
    return loaded


@pytest.mark.parametrize("game", ["alakaslam", "alakazum", "alethi", "lerally"])
def test_game_is_shown_by_its_docstring_not_its_value(package: Module, game: str) -> None:
    attribute = package[f"{game}.GAME"]
    assert attribute.value is None
    assert "Game" in str(attribute.annotation)
    assert attribute.docstring is not None and attribute.docstring.value


def test_a_constant_keeps_its_value(package: Module) -> None:
    assert str(package["arena.MAX_GAMES"].value) in ("10_000_000", "10000000")


@pytest.mark.parametrize("module", ["arena", "bots", "record", "cli"])
def test_module_hooks_are_not_api(package: Module, module: str) -> None:
    assert "__dir__" not in package[module].members
