"""How games become known: ``define_game`` in each game package and the registry's entry points.

Issue 16: the registry finds the four games the way it would find a game of another
distribution, and each game's ``GAME`` is built from the module's own functions.
"""

from __future__ import annotations

import copy
import pickle
import sys
import types
from importlib.metadata import EntryPoint
from typing import Any

import pytest

import cardgames
from cardgames import alethi, lerally, registry
from cardgames.define import FUNCTIONS, define_game, turn_queries
from cardgames.errors import UnknownGameError
from cardgames.game import Playout


def _registry_of(*points: EntryPoint, monkeypatch: pytest.MonkeyPatch) -> Any:
    """A fresh registry that sees only ``points`` in the group."""

    def entry_points(*, group: str) -> tuple[EntryPoint, ...]:
        assert group == registry.ENTRY_POINT_GROUP
        return points

    monkeypatch.setattr(registry, "entry_points", entry_points)
    return registry._Registry()


def test_the_four_games_are_found_through_their_entry_points() -> None:
    """The library declares its games in the ``cardgames.games`` group like any other
    distribution would, and the registry knows no game by any other way."""
    from importlib.metadata import entry_points

    declared = {p.name: p.value for p in entry_points(group="cardgames.games")}
    for name in ("alakaslam", "alakazum", "alethi", "lerally"):
        assert declared[name] == f"cardgames.{name}:GAME"
        assert cardgames.get_game(name) is sys.modules[f"cardgames.{name}"].GAME
    assert list(cardgames.GAMES) == sorted(cardgames.GAMES)
    assert "alethi" in cardgames.GAMES and "chess" not in cardgames.GAMES
    assert repr(cardgames.GAMES).startswith("<cardgames games: ")


def test_a_game_loads_only_when_it_is_asked_for(monkeypatch: pytest.MonkeyPatch) -> None:
    """Listing the games imports none of them; asking for one imports its package."""
    point = EntryPoint("fake", "fake_game_module:GAME", "cardgames.games")
    games = _registry_of(point, monkeypatch=monkeypatch)
    assert list(games) == ["fake"] and len(games) == 1 and "fake" in games
    assert "fake_game_module" not in sys.modules
    module = types.ModuleType("fake_game_module")
    game = types.SimpleNamespace(
        name="fake", config_type=int, state_type=int, view_type=int, move_types=(), presets={}
    )
    module.GAME = game  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "fake_game_module", module)
    assert games["fake"] is game
    assert games["fake"] is game  # kept once loaded


def test_a_broken_or_ambiguous_game_is_refused_when_asked_for(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A game whose package does not import, whose entry point is not a game, or that two
    distributions declare differently is an ``UnknownGameError`` naming the game, and the other
    games still work."""
    points = (
        EntryPoint("broken", "no_such_module_anywhere:GAME", "cardgames.games"),
        EntryPoint("twice", "cardgames.alethi:GAME", "cardgames.games"),
        EntryPoint("twice", "cardgames.lerally:GAME", "cardgames.games"),
        EntryPoint("wrong", "cardgames.alethi:GAME", "cardgames.games"),
        EntryPoint("alethi", "cardgames.alethi:GAME", "cardgames.games"),
        EntryPoint("alethi", "cardgames.alethi:GAME", "cardgames.games"),
    )
    games = _registry_of(*points, monkeypatch=monkeypatch)
    assert list(games) == ["alethi", "broken", "twice", "wrong"]
    with pytest.raises(UnknownGameError, match=r"does not load \(ModuleNotFoundError\)"):
        games["broken"]
    with pytest.raises(UnknownGameError, match="declared by two installed distributions"):
        games["twice"]
    with pytest.raises(UnknownGameError, match="is not its game"):
        games["wrong"]  # the object it names calls itself "alethi"
    assert games["alethi"] is alethi.GAME
    with pytest.raises(KeyError):
        games["nothing"]


def test_get_game_names_the_known_games_for_an_unknown_name() -> None:
    with pytest.raises(UnknownGameError, match="known games: alakaslam, alakazum, alethi"):
        cardgames.get_game("chess")
    with pytest.raises(UnknownGameError):
        cardgames.get_game(["alethi"])  # type: ignore[arg-type]


def test_game_is_built_from_the_modules_own_functions() -> None:
    """``define_game`` takes every function of the protocol from the game's module."""
    for name in FUNCTIONS:
        assert getattr(alethi.GAME, name) is getattr(alethi, name), name
    assert alethi.GAME.config_type is alethi.Config
    assert alethi.GAME.state_type is alethi.State
    assert alethi.GAME.view_type is alethi.View
    assert next(iter(alethi.GAME.presets)) == "default"
    assert repr(alethi.GAME) == "<cardgames game 'alethi'>"
    # Each game has a class of its own: patching one game's class leaves the others alone.
    assert type(alethi.GAME) is not type(cardgames.get_game("lerally"))


def test_a_game_pickles_and_copies_as_itself() -> None:
    """A pickled game (inside a pickled bot, say) comes back as the very game."""
    for game in cardgames.GAMES.values():
        assert pickle.loads(pickle.dumps(game)) is game
        assert copy.deepcopy(game) is game and copy.copy(game) is game


def test_define_game_names_what_a_game_module_lacks(monkeypatch: pytest.MonkeyPatch) -> None:
    module = types.ModuleType("half_a_game")
    module.new_game = lambda: None  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "half_a_game", module)
    with pytest.raises(TypeError, match="does not define Config, State, View") as refused:
        define_game("half_a_game", name="half", playout=Playout("random"))
    # The names no default stands for, each once; those define_game supplies are not asked for.
    assert "legal_moves, view, resample" in str(refused.value)
    assert "apply_move (or effects)" in str(refused.value)
    assert "current_player" not in str(refused.value)


def test_turn_queries_check_the_state_first() -> None:
    """The three queries a game writes with ``turn_queries`` answer from ``to_move`` and
    ``result``, after the game's own check of the state."""
    seen: list[object] = []

    def checked(state: object) -> Any:
        seen.append(state)
        return state

    current_player, is_over, outcome = turn_queries(checked)
    state = types.SimpleNamespace(to_move=1, result=None)
    assert (current_player(state), is_over(state), outcome(state)) == (1, False, None)
    assert seen == [state] * 3
    assert current_player.__name__ == "current_player" and current_player.__doc__
    assert lerally.current_player(lerally.new_game(seed=1)) in (0, 1)
