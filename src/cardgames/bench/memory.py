"""The memory held by the states of a recorded game, against python-chess's boards.

:mod:`cardgames.bench` reports it beside the speeds (its docstring says how it is measured).
States are immutable and each one shares with the state before it every part that the move did
not change, so a whole game costs much less than its number of states times the size of one.
"""

from __future__ import annotations

import gc
import random
import tracemalloc
from collections.abc import Callable
from typing import Any

import attrs

from cardgames._surface import public_dir
from cardgames.game import Game
from cardgames.record import GameRecord

__all__ = ["MemoryResult", "bytes_held", "chess_memory", "game_memory", "random_game"]

#: The seed of the random game whose states are measured (and of the JSON's mid-game state).
MID_GAME_SEED = 0
#: The name python-chess goes by in the reports.
CHESS = "python-chess"


def random_game(game: Game[Any, Any, Any, Any], config: Any) -> tuple[list[Any], list[Any]]:
    """The states and the moves of the seeded random game played for the JSON and memory."""
    state = game.new_game(config, seed=MID_GAME_SEED)
    rng = random.Random(MID_GAME_SEED)
    states, played = [state], []
    while not game.is_over(state):
        moves = game.legal_moves(state)
        played.append(moves[rng.randrange(len(moves))])
        state = game.apply_move(state, played[-1])
        states.append(state)
    return states, played


@attrs.frozen
class MemoryResult:
    """The memory held by the states of one random game, in bytes."""

    game: str
    preset: str
    states: int
    total_bytes: int  # every state, kept in one list
    per_state_bytes: float
    alone_bytes: int  # the middle state, kept with no other state of the game


def bytes_held(make: Callable[[], list[Any]]) -> tuple[int, int]:
    """The bytes :mod:`tracemalloc` sees freed when the list ``make()`` built is let go, and
    the length of the list."""
    started = not tracemalloc.is_tracing()
    gc.collect()
    tracemalloc.start()
    try:
        kept = make()
        length = len(kept)
        gc.collect()
        before = tracemalloc.get_traced_memory()[0]
        del kept
        gc.collect()
        return before - tracemalloc.get_traced_memory()[0], length
    finally:
        if started:
            tracemalloc.stop()


def memory_result(
    name: str, preset: str, every: Callable[[], list[Any]], one: Callable[[], list[Any]]
) -> MemoryResult:
    """The figures of the states that ``every()`` lists, beside the one state ``one()`` keeps."""
    total, states = bytes_held(every)
    alone, _ = bytes_held(one)
    return MemoryResult(name, preset, states, total, total / states, alone)


def game_memory(game: Game[Any, Any, Any, Any], preset: str, config: Any) -> MemoryResult:
    """The memory of the states of ``game``'s seeded random game with ``config``."""
    states, moves = random_game(game, config)
    outcome = game.outcome(states[-1])
    record = GameRecord(game.name, config, MID_GAME_SEED, tuple(moves), outcome=outcome)
    record.states()  # fills the game's caches, which the states share with every other game
    middle = len(states) // 2

    def every() -> list[Any]:
        return list(attrs.evolve(record).states())

    def one() -> list[Any]:
        return [attrs.evolve(record).states()[middle]]

    return memory_result(game.name, preset, every, one)


def chess_memory() -> MemoryResult:
    """The memory of a python-chess random game kept as a list of board copies."""
    import chess

    board, rng = chess.Board(), random.Random(MID_GAME_SEED)
    boards = [board.copy(stack=False)]
    while not board.is_game_over():
        board.push(rng.choice(list(board.legal_moves)))
        boards.append(board.copy(stack=False))

    def every() -> list[Any]:
        return [b.copy(stack=False) for b in boards]

    def one() -> list[Any]:
        return [boards[len(boards) // 2].copy(stack=False)]

    return memory_result(CHESS, "standard", every, one)


__dir__ = public_dir(__all__)
