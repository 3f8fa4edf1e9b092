"""The JSON round trip of a mid-game state, against python-chess's FEN round trip.

:mod:`cardgames.bench` reports it beside the playouts (its docstring says how it is measured). A
search bot that stores or ships positions pays for one of each per position: a game's JSON round
trip should cost no more than python-chess's ``chess.Board(board.fen())`` of a mid-game board.
"""

from __future__ import annotations

import random
import timeit
from collections.abc import Callable
from typing import Any

import attrs

from cardgames._surface import public_dir
from cardgames.bench.memory import MID_GAME_SEED, random_game
from cardgames.game import Game
from cardgames.serialization import from_json, to_json

__all__ = [
    "FEN_PLIES",
    "ROUND_TRIP_TARGET_US",
    "JsonResult",
    "against_fen",
    "best_microseconds",
    "fen_round_trip_us",
    "json_figures",
    "mid_game_state",
]

#: Without python-chess to compare with, a mid-game JSON round trip takes less than this, in
#: microseconds.
ROUND_TRIP_TARGET_US = 100.0
#: The random plies (seed :data:`~cardgames.bench.memory.MID_GAME_SEED`) played before the board
#: whose FEN round trip is timed: a middle game, with pieces off the board and castling rights
#: partly gone.
FEN_PLIES = 40
#: :mod:`timeit` repetitions per figure; the best one is kept.
JSON_REPEATS = 5


@attrs.frozen
class JsonResult:
    """The JSON figures of one game's mid-game state.

    With python-chess, the target is the FEN round trip timed in the same run
    (``fen_round_trip_us``, and ``ratio_to_fen`` is the JSON round trip over it); without it, the
    fixed :data:`ROUND_TRIP_TARGET_US` (and both are ``None``).
    """

    game: str
    preset: str
    decisions_played: int
    bytes: int
    to_json_us: float
    from_json_us: float
    round_trip_us: float
    exact: bool
    target_us: float
    meets_target: bool
    fen_round_trip_us: float | None = None
    ratio_to_fen: float | None = None


def mid_game_state(game: Game[Any, Any, Any, Any], config: Any) -> tuple[Any, int]:
    """A state about halfway through a seeded random game, and the decisions that led to it."""
    states, _ = random_game(game, config)
    half = (len(states) - 1) // 2
    return states[half], half


def best_microseconds(call: Callable[[], object], seconds: float) -> float:
    """The best of several :mod:`timeit` repetitions of ``call``, in microseconds per call."""
    timer = timeit.Timer(call)
    estimate = min(timer.repeat(repeat=3, number=10)) / 10
    number = max(1, int(seconds / JSON_REPEATS / max(estimate, 1e-9)))
    return min(timer.repeat(repeat=JSON_REPEATS, number=number)) / number * 1e6


def fen_round_trip_us(seconds: float) -> float:
    """python-chess's ``chess.Board(board.fen())`` of a mid-game board, in microseconds."""
    import chess  # only when chess is measured: importing this module stays cheap

    board = chess.Board()
    rng = random.Random(MID_GAME_SEED)
    for _ in range(FEN_PLIES):
        moves = list(board.legal_moves)
        if not moves:
            break
        board.push(rng.choice(moves))

    def round_trip() -> object:
        return chess.Board(board.fen())

    return best_microseconds(round_trip, seconds)


def json_figures(
    game: Game[Any, Any, Any, Any], seconds: float, fen_us: float | None = None
) -> JsonResult:
    """Time the JSON of a mid-game state of ``game``'s first preset, ``seconds`` per figure;
    ``fen_us``, python-chess's FEN round trip of the same run, is the target when given."""
    preset, config = next(iter(game.presets.items()), ("default", None))
    state, played = mid_game_state(game, config)
    cls = type(state)
    text = to_json(state)

    def round_trip() -> object:
        return from_json(to_json(state), cls)

    def dump() -> object:
        return to_json(state)

    def load() -> object:
        return from_json(text, cls)

    round_trip_us = best_microseconds(round_trip, seconds)
    result = JsonResult(
        game=game.name,
        preset=preset,
        decisions_played=played,
        bytes=len(text.encode("utf-8")),
        to_json_us=best_microseconds(dump, seconds),
        from_json_us=best_microseconds(load, seconds),
        round_trip_us=round_trip_us,
        exact=load() == state,
        target_us=ROUND_TRIP_TARGET_US,
        meets_target=round_trip_us < ROUND_TRIP_TARGET_US,
    )
    return result if fen_us is None else against_fen(result, fen_us)


def against_fen(result: JsonResult, fen_us: float) -> JsonResult:
    """``result`` held to python-chess's FEN round trip of ``fen_us`` microseconds: met when the
    JSON round trip costs no more."""
    return attrs.evolve(
        result,
        target_us=fen_us,
        meets_target=result.round_trip_us <= fen_us,
        fen_round_trip_us=fen_us,
        ratio_to_fen=result.round_trip_us / fen_us,
    )


__dir__ = public_dir(__all__)
