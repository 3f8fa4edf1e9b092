"""An error about a table, a view or a config of the wrong kind names the game of what it was
given: "expected an alethi View, got a lerally View", not "got View"."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

import cardgames
from cardgames import arena
from cardgames.errors import CardgamesError, kind_of

GAMES = sorted(cardgames.GAMES)
PAIRS = [(game, other) for game in GAMES for other in GAMES if other != game]


def _refusal(call: Callable[[], object]) -> str:
    with pytest.raises(CardgamesError) as raised:
        call()
    return str(raised.value)


@pytest.mark.parametrize(("name", "other"), PAIRS)
def test_another_games_tables_are_named_with_their_game(name: str, other: str) -> None:
    game, foreign = cardgames.get_game(name), cardgames.get_game(other)
    state = foreign.new_game(seed=1)
    seen = foreign.view(state, 0)
    calls: list[tuple[Callable[[], object], str]] = [
        (lambda: game.legal_moves(state), "State"),
        (lambda: game.render(seen), "View"),
        (lambda: game.render_svg(seen), "View"),
        (lambda: game.resample(seen, seed=1), "View"),
        (lambda: game.new_game(foreign.presets["default"], seed=1), "Config"),
    ]
    for call, kind in calls:
        message = _refusal(call)
        assert f"{other} {kind}" in message, message
        assert f"got {kind}" not in message


def test_arena_names_the_game_of_a_foreign_config() -> None:
    config: Any = cardgames.get_game("lerally").presets["default"]
    message = _refusal(lambda: arena.play("alethi", ["random", "random"], config=config, seed=1))
    assert "got a lerally Config" in message


def test_what_is_not_a_games_is_named_by_its_type() -> None:
    assert kind_of("view") == "a str"
    assert kind_of(None) == "a NoneType"
    view = cardgames.get_game("alethi").view(cardgames.get_game("alethi").new_game(seed=1), 0)
    assert kind_of(view) == "an alethi View"
