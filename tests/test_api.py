"""The public API: every game exports the contract's names; every public name has a docstring.

Every game the registry lists is checked, a game installed from another distribution too
(``tests/test_plugin_game.py`` runs this file with the toy game installed): a game of this
library exports every name of the contract, and a game from elsewhere exports each one or leaves
it to ``define_game``, which supplies it."""

from __future__ import annotations

import importlib
import inspect
from types import ModuleType

import pytest

import cardgames
from cardgames.define import DEFAULTED

#: The names every game subpackage exports (the contract of API.md).
GAME_NAMES = (
    "Config",
    "State",
    "Move",
    "View",
    "new_game",
    "current_player",
    "legal_moves",
    "apply_move",
    "is_over",
    "outcome",
    "view",
    "resample",
    "format_move",
    "parse_move",
    "render",
    "GAME",
)
#: What the Game protocol asks of a GAME object.
PROTOCOL = [
    name
    for name, _ in inspect.getmembers(cardgames.Game)
    if not name.startswith("_") and name not in ("register",)
]
#: The module of each game the registry lists, the library's own and any installed.
MODULES = [
    importlib.import_module(type(cardgames.get_game(name)).__module__) for name in cardgames.GAMES
]


def _built_in(module: ModuleType) -> bool:
    return module.__name__.startswith("cardgames.")


@pytest.mark.parametrize("module", MODULES, ids=lambda m: m.__name__)
def test_each_game_exports_the_contract(module: ModuleType) -> None:
    for name in GAME_NAMES:
        if not _built_in(module) and name in DEFAULTED and not hasattr(module, name):
            continue  # supplied by define_game: the GAME has it, checked below
        assert hasattr(module, name), f"{module.__name__} lacks {name}"
        assert name in module.__all__
    game = module.GAME
    for member in PROTOCOL:
        assert hasattr(game, member), f"{module.__name__}.GAME lacks {member}"
    assert game is cardgames.get_game(game.name)


def _public_objects() -> list[tuple[str, object]]:
    found: list[tuple[str, object]] = []
    for module in (cardgames, cardgames.arena, cardgames.bots, *MODULES):
        for name in module.__all__:
            obj = getattr(module, name)
            if inspect.isclass(obj) or inspect.isfunction(obj) or inspect.ismodule(obj):
                found.append((f"{module.__name__}.{name}", obj))
    return found


# Named by the public name alone: an object's repr holds its address, which differs from one
# process to the next (and parallel test workers must collect the same tests).
@pytest.mark.parametrize(
    ("name", "obj"), [pytest.param(name, obj, id=name) for name, obj in _public_objects()]
)
def test_every_public_name_has_a_docstring(name: str, obj: object) -> None:
    assert inspect.getdoc(obj), f"{name} has no docstring"
    if inspect.isclass(obj):
        for member_name, member in vars(obj).items():
            if member_name.startswith("_") or not callable(member):
                continue
            assert inspect.getdoc(member), f"{name}.{member_name} has no docstring"
