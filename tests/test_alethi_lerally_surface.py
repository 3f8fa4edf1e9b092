"""The surface of the Alethi and Le Rally packages: ``dir`` shows the game's API, ``__all__``
holds every function the game's ``GAME`` is made of, and the rules' modules import one another
without a cycle."""

from __future__ import annotations

import ast
import importlib
import pkgutil
from pathlib import Path
from types import ModuleType

import pytest

from cardgames import alethi, define, lerally

GAMES = [alethi, lerally]


@pytest.mark.parametrize("game", GAMES, ids=lambda m: m.__name__)
def test_dir_shows_the_public_names_only(game: ModuleType) -> None:
    assert dir(game) == sorted(game.__all__)
    assert "attrs" not in dir(game) and "Counter" not in dir(game)


@pytest.mark.parametrize("game", GAMES, ids=lambda m: m.__name__)
def test_all_lists_every_function_of_the_game(game: ModuleType) -> None:
    for name in (*define.FUNCTIONS, "Config", "State", "View", "GAME"):
        assert name in game.__all__, name
    assert not [name for name in game.__all__ if name.startswith("_")]


def _imports(module: str) -> set[str]:
    """The modules of the same game that ``module`` imports, anywhere in its source."""
    path = importlib.import_module(module).__file__
    assert path is not None
    package = module.rsplit(".", 1)[0]
    found = set()
    for node in ast.walk(ast.parse(Path(path).read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith(package):
            found.add(node.module)
    return found


@pytest.mark.parametrize("game", GAMES, ids=lambda m: m.__name__)
def test_the_game_modules_import_one_another_without_a_cycle(game: ModuleType) -> None:
    names = [info.name for info in pkgutil.iter_modules(game.__path__, f"{game.__name__}.")]
    edges = {name: _imports(name) & set(names) for name in names}
    done: set[str] = set()

    def visit(name: str, path: tuple[str, ...]) -> None:
        assert name not in path, " -> ".join((*path, name))
        if name in done:
            return
        for other in edges[name]:
            visit(other, (*path, name))
        done.add(name)

    for name in names:
        visit(name, ())


@pytest.mark.parametrize("game", GAMES, ids=lambda m: m.__name__)
def test_every_module_says_what_it_holds_and_stays_small(game: ModuleType) -> None:
    for info in pkgutil.iter_modules(game.__path__, f"{game.__name__}."):
        module = importlib.import_module(info.name)
        assert module.__doc__, info.name
        assert isinstance(module.__all__, list), info.name
        path = module.__file__
        assert path is not None
        assert len(Path(path).read_text(encoding="utf-8").splitlines()) <= 600, info.name
