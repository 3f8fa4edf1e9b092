"""A slice of the conformance suite for ``make check``: every check, few games.

``make check`` leaves the whole conformance suite (tests/test_conformance.py, marked ``slow``
by conftest.py) to ``make test``, and runs this instead: the same test bodies, on the default
preset of every registered game, with ``GAMES`` random game each rather than the suite's
10 to 60 per preset. It is a smoke test for the short loop, not a replacement: the full suite
still runs in ``make test``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

import cardgames
import test_conformance as conformance

__all__ = ["CHECKS", "GAMES"]

#: Random games each check plays in the slice.
GAMES = 1

#: Every per-game check of the conformance suite, each a ``(game, config, games)`` function.
CHECKS: list[Callable[..., None]] = [
    value
    for name, value in vars(conformance).items()
    if name.startswith("test_") and getattr(value, "pytestmark", None) and callable(value)
]


def test_the_slice_covers_every_check_of_the_suite() -> None:
    """A check added to the suite joins the slice by itself: only the registry test is left out
    (it needs no game, and runs as it is)."""
    tests = {n for n in vars(conformance) if n.startswith("test_")}
    assert {c.__name__ for c in CHECKS} == tests - {
        "test_every_game_is_registered_with_its_presets"
    }


@pytest.mark.parametrize("check", CHECKS, ids=lambda c: c.__name__.removeprefix("test_"))
@pytest.mark.parametrize("name", sorted(cardgames.GAMES))
def test_a_few_games_of_the_default_preset_pass(name: str, check: Callable[..., None]) -> None:
    game: Any = cardgames.get_game(name)
    check(game, game.presets["default"], GAMES)
