"""The one lock-step harness: a game's fast rules held to its readable rulebook.

Every game keeps, in ``src/cardgames/<game>/reference.py``, the rules in plain Python with no
caches: the oracle. The game's lock-step test file (``tests/test_<game>_lockstep.py``) calls
:func:`hold_to_reference` over random games of every preset, which checks at every state that
the game's ``legal_moves`` are the reference's, in the same order, and that ``apply_move`` of
each legal move (or of a sample, for states with many) gives the reference's next state. A
game's file then adds what only it has to hold (a table against the plain function it was
made from), through :func:`states_of_every_preset`.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from typing import Any, Protocol

from random_play import random_states

__all__ = ["Reference", "hold_to_reference", "states_of_every_preset"]


class Reference(Protocol):
    """What a game's ``reference`` module offers the harness: the rules read plainly."""

    def legal_moves(self, state: Any) -> tuple[Any, ...]: ...

    def apply_move(self, state: Any, move: Any) -> Any: ...


def states_of_every_preset(
    game: Any, seeds: range, presets: tuple[str, ...] | None = None
) -> Iterator[tuple[str, Any]]:
    """``(preset, state)`` for every state of the seeded random games of every preset of
    ``game`` (a ``Game``), or of ``presets``."""
    for name in presets or tuple(game.presets):
        config = game.presets[name]
        for seed in seeds:
            for state in random_states(game, config, seed, game.state_type):
                yield name, state


def hold_to_reference(
    game: Any,
    reference: Reference,
    *,
    seeds: range = range(6),
    moves_per_state: int = 8,
    presets: tuple[str, ...] | None = None,
    same: Callable[[Any, Any], bool] | None = None,
) -> int:
    """Hold ``game``'s ``legal_moves`` and ``apply_move`` to ``reference``'s at every state of
    the seeded random games of every preset; the number of states checked.

    Every legal move of a state is applied by both when there are at most ``moves_per_state``,
    else that many drawn by the seed. ``same(fast, plain)`` compares two next states (equality,
    unless given); a failure names the preset, the state and the move.
    """
    compare = same or (lambda a, b: bool(a == b))
    checked = 0
    for name, state in states_of_every_preset(game, seeds, presets):
        moves = game.legal_moves(state)
        plain = reference.legal_moves(state)
        assert moves == plain, f"{game.name} {name}: legal moves differ at {state!r}"
        sample = list(moves)
        if len(sample) > moves_per_state:
            sample = random.Random(checked).sample(sample, moves_per_state)
        for move in sample:
            fast_next = game.apply_move(state, move)
            plain_next = reference.apply_move(state, move)
            assert compare(fast_next, plain_next), (
                f"{game.name} {name}: {game.format_move(move)!r} leads elsewhere from {state!r}"
            )
        checked += 1
    return checked
