"""The shipped contract checks, ``cardgames.testing.check_game``: a game that keeps the contract
passes, and a game broken in one property fails with a ``ConformanceError`` naming it.

``tests/test_plugin_game.py`` runs ``check_game`` on the toy game installed from a wheel.
"""

from __future__ import annotations

from typing import Any

import pytest

from cardgames import alethi
from cardgames.testing import ConformanceError, check_game


class _Broken:
    """Alethi's game with one function replaced."""

    def __init__(self, **replaced: Any) -> None:
        self._replaced = replaced

    def __getattr__(self, name: str) -> Any:
        return self._replaced.get(name, getattr(alethi.GAME, name))


def _twice(state: Any) -> tuple[Any, ...]:
    moves = alethi.GAME.legal_moves(state)
    return (*moves, moves[0]) if moves else moves


def _takes_anything(state: Any, move: Any) -> Any:
    """Alethi's ``apply_move``, but a move that is not legal leaves the state as it is."""
    return alethi.GAME.apply_move(state, move) if move in alethi.legal_moves(state) else state


@pytest.mark.parametrize(
    ("broken", "said"),
    [
        (_Broken(legal_moves=_twice), "a legal move is listed twice"),
        (_Broken(apply_move=_takes_anything), "not legal here was taken"),
        (_Broken(evaluate=lambda state: (2.0, 0.0)), "evaluate gives one float"),
        (_Broken(max_decisions=lambda config: 3), "past max_decisions"),
        (_Broken(card_counts=lambda state: {"cards": id(state)}), "not conserved"),
        (_Broken(resample=lambda view, seed: alethi.new_game(seed=seed)), "resampled"),
        (_Broken(format_move=lambda move: "pass"), "notation"),
    ],
    ids=["twice", "refusal", "evaluate", "length", "cards", "resample", "notation"],
)
def test_a_game_broken_in_one_property_fails_naming_it(broken: Any, said: str) -> None:
    with pytest.raises(ConformanceError, match=said) as failed:
        check_game(broken, games=1, presets=["default"])
    assert "alethi, preset default, seed " in str(failed.value)


def test_a_game_that_keeps_the_contract_passes() -> None:
    assert check_game(alethi.GAME, games=1, presets=["default"], seed=3) > 1


def test_the_arguments_are_checked() -> None:
    with pytest.raises(TypeError):
        check_game(alethi.GAME, games=0)
    with pytest.raises(TypeError):
        check_game(alethi.GAME, presets=["no such preset"])
