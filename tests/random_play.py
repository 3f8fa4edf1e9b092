"""Every state of a seeded random game, for the tests that hold a fast path to its reference
over many states."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any, TypeVar

__all__ = ["random_states"]

S = TypeVar("S")


def random_states(game: Any, config: Any, seed: int, state_type: type[S]) -> Iterator[S]:
    """Every state of the random game of ``game`` (a game module or ``Game``) with ``config``
    and ``seed``, moves drawn by ``random.Random(seed)``, as ``state_type``."""
    rng = random.Random(seed)
    state = game.new_game(config, seed=seed)
    while True:
        assert isinstance(state, state_type)
        yield state
        if game.is_over(state):
            return
        moves = game.legal_moves(state)
        state = game.apply_move(state, moves[rng.randrange(len(moves))])
