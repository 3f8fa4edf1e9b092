"""The memory held by the states of a recorded game, against python-chess's boards.

:mod:`cardgames.bench` reports it beside the speeds (its docstring says how it is measured).
States are immutable and each one shares with the state before it every part that the move did
not change, so a whole game costs much less than its number of states times the size of one.
"""

from __future__ import annotations

import copy
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
    alone_bytes: int  # a mid-game state deep-copied on its own


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


def alone(state: Any, use: Callable[[Any], object]) -> list[Any]:
    """A deep copy of ``state`` sharing nothing but its config, used once by ``use`` (which
    works out again the memo that a copy leaves out), in a list."""
    config = getattr(state, "config", None)
    twin = copy.deepcopy(state, {id(config): config})
    use(twin)
    return [twin]


def memory_result(
    name: str, preset: str, make: Callable[[], list[Any]], mid: Any, use: Callable[[Any], object]
) -> MemoryResult:
    """The figures of the states ``make()`` lists, beside ``mid`` alone."""
    total, states = bytes_held(make)
    single, _ = bytes_held(lambda: alone(mid, use))
    return MemoryResult(name, preset, states, total, total / states, single)


def game_memory(game: Game[Any, Any, Any, Any], preset: str, config: Any) -> MemoryResult:
    """The memory of the states of ``game``'s seeded random game with ``config``."""
    states, moves = random_game(game, config)
    outcome = game.outcome(states[-1])
    record = GameRecord(game.name, config, MID_GAME_SEED, tuple(moves), outcome=outcome)
    record.states()  # fills the game's caches, which the states share with every other game

    def replayed() -> list[Any]:
        return list(attrs.evolve(record).states())

    mid = states[len(states) // 2]
    return memory_result(game.name, preset, replayed, mid, game.legal_moves)


def chess_memory() -> MemoryResult:
    """The memory of a python-chess random game kept as a list of board copies."""
    import chess

    board, rng = chess.Board(), random.Random(MID_GAME_SEED)
    boards = [board.copy(stack=False)]
    while not board.is_game_over():
        board.push(rng.choice(list(board.legal_moves)))
        boards.append(board.copy(stack=False))

    def copies() -> list[Any]:
        return [b.copy(stack=False) for b in boards]

    return memory_result(CHESS, "standard", copies, boards[len(boards) // 2], _nothing)


def _nothing(board: Any) -> None:
    """A board keeps nothing it works out: there is no memo to fill."""


__dir__ = public_dir(__all__)
