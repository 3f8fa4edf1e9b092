"""How Alakazum! shows itself: short reprs, ``dir()`` of the game's API, and modules that each
hold one part of the rules, without import cycles."""

from __future__ import annotations

import ast
import importlib
import pkgutil
import random
from pathlib import Path

import attrs

from cardgames import alakazum
from cardgames.alakazum import Config, Phase, State
from cardgames.game import Outcome

_PACKAGE = Path(alakazum.__file__).parent
_MODULES = sorted(info.name for info in pkgutil.iter_modules([str(_PACKAGE)])) + sorted(
    f"{package.name}.{info.name}"
    for package in pkgutil.iter_modules([str(_PACKAGE)])
    if package.ispkg
    for info in pkgutil.iter_modules([str(_PACKAGE / package.name)])
)


def _source(name: str) -> Path:
    """The file of the game's module ``name``: a subpackage is its ``__init__.py``."""
    path = _PACKAGE / name.replace(".", "/")
    return path / "__init__.py" if path.is_dir() else path.with_suffix(".py")


def _module_of(dotted: str) -> str:
    """The name in ``_MODULES`` of the game's module ``cardgames.alakazum.<dotted>``."""
    parts = dotted.split(".")
    return ".".join(parts[:2]) if ".".join(parts[:2]) in _MODULES else parts[0]


def _played(seed: int, decisions: int, config: Config | None = None) -> State:
    rng = random.Random(seed)
    state = alakazum.new_game(config, seed=seed)
    for _ in range(decisions):
        if state.result is not None:
            break
        state = alakazum.apply_move(state, rng.choice(alakazum.legal_moves(state)))
    return state


def test_a_state_shows_its_turn_who_moves_and_the_teams_in_one_short_line() -> None:
    state = alakazum.new_game(Config(players=3), seed=2)
    assert repr(state) == (
        f"<alakazum.State turn 0, player {state.to_move} to move (choose), teams 0-0-0, "
        f"forest {len(state.forest)}>"
    )
    for seed in range(20):
        later = _played(seed, 60, Config(players=5))
        text = repr(later)
        assert "\n" not in text and len(text) <= 120, text
        assert f"turn {later.turn}," in text
        assert "teams " + "-".join(str(len(t)) for t in later.teams) in text


def test_a_view_shows_its_player_and_hand_size_and_hides_a_doll_holder() -> None:
    state = _played(4, 30)
    seen = alakazum.view(state, 1)
    text = repr(seen)
    assert text.startswith("<alakazum.View of player 1: turn ")
    assert text.endswith(f"hand {len(seen.hand)}>")
    assert len(text) <= 120
    waiting = attrs.evolve(seen, phase=Phase.DOLL, to_move=None)
    assert "another player decides (doll)" in repr(waiting)


def test_a_game_over_shows_how_it_ended() -> None:
    state = alakazum.new_game(seed=1)
    won = attrs.evolve(state, phase=Phase.OVER, to_move=None, result=Outcome.win({0}, 2, "x"))
    lost = attrs.evolve(won, result=Outcome.all_lose(2, "x"))
    assert "won by player 0" in repr(won)
    assert "lost by all" in repr(lost)


def test_a_malformed_state_still_has_a_repr() -> None:
    broken = attrs.evolve(alakazum.new_game(seed=1), teams=None)  # type: ignore[arg-type]
    assert repr(broken) == "<alakazum.State, not well-formed>"


def test_dir_lists_the_games_api_only() -> None:
    names = dir(alakazum)
    assert names == sorted(alakazum.__all__)
    for name in ("new_game", "num_players", "seat_names", "heuristic_bot", "max_decisions"):
        assert name in names
    for name in ("Counter", "MappingProxyType", "define_game", "Playout"):
        assert name not in names
    for name in alakazum.__all__:
        assert hasattr(alakazum, name), name


def test_every_module_lists_its_names_and_says_what_it_holds() -> None:
    for name in _MODULES:
        module = importlib.import_module(f"cardgames.alakazum.{name}")
        assert isinstance(getattr(module, "__all__", None), list), name
        assert all(hasattr(module, n) for n in module.__all__), name
        assert (module.__doc__ or "").strip(), name
        lines = _source(name).read_text(encoding="utf-8").count("\n")
        assert lines <= 600, f"{name} has {lines} lines"


def _imports(name: str) -> set[str]:
    """The game's modules that module ``name`` imports, anywhere in it (a function body or
    ``TYPE_CHECKING`` included)."""
    tree = ast.parse(_source(name).read_text(encoding="utf-8"))
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module:
            if node.module == "cardgames.alakazum":
                found.update(alias.name for alias in node.names if alias.name in _MODULES)
            elif node.module.startswith("cardgames.alakazum."):
                dotted = node.module.removeprefix("cardgames.alakazum.")
                found.add(_module_of(dotted))
                found.update(
                    f"{dotted}.{alias.name}"
                    for alias in node.names
                    if f"{dotted}.{alias.name}" in _MODULES
                )
        elif isinstance(node, ast.Import):
            found.update(
                _module_of(alias.name.removeprefix("cardgames.alakazum."))
                for alias in node.names
                if alias.name.startswith("cardgames.alakazum.")
            )
    return found - {name}


def test_the_games_modules_import_one_another_without_a_cycle() -> None:
    graph = {name: _imports(name) for name in _MODULES if name != "__init__"}
    done: set[str] = set()

    def visit(name: str, path: tuple[str, ...]) -> None:
        assert name not in path, " -> ".join((*path, name))
        if name in done:
            return
        for imported in sorted(graph.get(name, ())):
            visit(imported, (*path, name))
        done.add(name)

    for name in graph:
        visit(name, ())
