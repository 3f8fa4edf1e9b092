"""The package's layers and the absence of import cycles, checked on every test run.

The contracts themselves live in ``pyproject.toml`` (``[tool.importlinter]``) and ``make test``
runs ``lint-imports`` on them; this module runs each contract through import-linter too, so a
plain ``pytest`` catches an import against the layers, and checks with grimp's import graph
that no group of modules anywhere in ``src/`` imports itself in a circle.
"""

from __future__ import annotations

import tomllib
from pathlib import Path

import grimp
import pytest
from importlinter import configuration
from importlinter.application import use_cases

import cardgames

ROOT = Path(__file__).resolve().parent.parent
PYPROJECT = ROOT / "pyproject.toml"
CONTRACTS = [
    contract["id"]
    for contract in tomllib.loads(PYPROJECT.read_text(encoding="utf-8"))["tool"]["importlinter"][
        "contracts"
    ]
]
#: The modules that may import the facade, ``cardgames/__init__.py``: those above every layer.
FACADE_USERS = ("cardgames.cli", "cardgames.__main__")


@pytest.fixture(scope="module")
def graph() -> grimp.ImportGraph:
    """Every import among the package's modules, those inside functions and under
    ``TYPE_CHECKING`` included."""
    return grimp.build_graph("cardgames", cache_dir=None)


def test_the_tests_check_this_source_tree() -> None:
    """The graph is built from the package this checkout holds, not an installed copy."""
    assert Path(cardgames.__file__).resolve().is_relative_to(ROOT / "src")


@pytest.mark.parametrize("contract", CONTRACTS)
def test_contract_is_kept(contract: str, capsys: pytest.CaptureFixture[str]) -> None:
    """Each import-linter contract of ``pyproject.toml`` holds (the report says why not)."""
    configuration.configure()  # what lint-imports does first: its readers and printers
    kept = use_cases.lint_imports(
        config_filename=str(PYPROJECT),
        limit_to_contracts=(contract,),
        cache_dir=None,
        no_logo=True,
    )
    assert kept, capsys.readouterr().out


def strongly_connected(graph: grimp.ImportGraph) -> list[list[str]]:
    """The groups of two or more modules that import one another in a circle (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[list[str]] = []

    def visit(module: str) -> None:
        index[module] = low[module] = len(index)
        stack.append(module)
        on_stack.add(module)
        for imported in sorted(graph.find_modules_directly_imported_by(module)):
            if imported not in index:
                visit(imported)
                low[module] = min(low[module], low[imported])
            elif imported in on_stack:
                low[module] = min(low[module], index[imported])
        if low[module] == index[module]:
            group = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                group.append(member)
                if member == module:
                    break
            if len(group) > 1:
                groups.append(sorted(group))

    for module in sorted(graph.modules):
        if module not in index:
            visit(module)
    return groups


def area(module: str) -> str:
    """The game a module belongs to, or ``cardgames`` for a module outside the games."""
    part = module.split(".")[1:2]
    return part[0] if part and part[0] in cardgames.GAMES else "cardgames"


@pytest.mark.parametrize("where", ["cardgames", *sorted(cardgames.GAMES)])
def test_no_import_cycle(graph: grimp.ImportGraph, where: str) -> None:
    """No group of modules imports itself in a circle: outside the games (``cardgames``), or
    within each game."""
    groups = [g for g in strongly_connected(graph) if any(area(m) == where for m in g)]
    assert groups == []


def test_the_cycle_finder_finds_a_cycle() -> None:
    """The check above means something: a graph with a circle of three has one group."""
    made = grimp.ImportGraph()
    for importer, imported in (("p.a", "p.b"), ("p.b", "p.c"), ("p.c", "p.a"), ("p.c", "p.d")):
        made.add_import(importer=importer, imported=imported)
    assert strongly_connected(made) == [["p.a", "p.b", "p.c"]]


def test_only_the_top_layer_imports_the_facade(graph: grimp.ImportGraph) -> None:
    """``cardgames/__init__.py`` re-exports every layer: a module below the command line that
    imported it would import everything above itself."""
    importers = graph.find_modules_that_directly_import("cardgames")
    below = sorted(
        m for m in importers if not any(m == u or m.startswith(u + ".") for u in FACADE_USERS)
    )
    assert below == []
