"""How fast the games play (random playouts, against python-chess), JSON round trips, memory.

``cardgames bench`` runs it (so does ``make bench``, through ``benchmarks/playouts.py``);
``cardgames bench --help`` lists the options. Only the public API is used, so the figures are
what a user's program gets. The comparison with python-chess needs the optional ``bench`` extra
(``pip install 'cardgames[bench]'``); without it the games are measured alone.

What is measured
----------------
Random playouts, for every registered game (``cardgames.GAMES``) and every preset config of it
(``game.presets``). Playout ``i`` is::

    state = game.new_game(config, seed=i)
    rng = random.Random(i)
    while not game.is_over(state):
        moves = game.legal_moves(state)
        state = game.apply_move(state, moves[rng.randrange(len(moves))])

A *decision* is one ``apply_move``; the cost of a decision therefore includes ``is_over`` and
``legal_moves`` on the state it is taken from. ``decisions/s`` is the headline speed; ``games/s``
counts whole playouts, ``new_game`` included.

python-chess random playouts (when ``import chess`` works), written the usual way::

    board = chess.Board()
    rng = random.Random(i)
    while not board.is_game_over():
        board.push(rng.choice(list(board.legal_moves)))

in plies per second. A game's *ratio* is its decisions/s divided by chess plies/s: a ratio of 3
means the game plays random decisions three times as fast as python-chess plays random plies.

JSON round trips (:mod:`cardgames.bench.roundtrip`): a seeded random game of each game's first
preset is played to about half its length, and
``cardgames.from_json(cardgames.to_json(state), type(state))`` is timed with :mod:`timeit` (many
calls per repetition, best of several repetitions), in microseconds per call, as are ``to_json``
and ``from_json`` alone. The document size is the UTF-8 length of the text. With python-chess,
its FEN round trip ``chess.Board(board.fen())`` of the board after 40 random plies (seed 0) is
timed the same way before each game, and the best of those times is the target: a game's JSON
round trip should cost no more. Without python-chess the target is a fixed 100 microseconds.

Memory (:mod:`cardgames.bench.memory`), measured first: the seeded random game (seed 0) of each
game's first preset (of every preset with ``memory="all"``) is
recorded, and the states that :meth:`cardgames.GameRecord.states` replays are kept in a list.
:mod:`tracemalloc` counts the bytes freed when the list is let go (the game's caches, warmed by an
earlier replay, stay), per state. Beside it, *one state alone*: the same count when the replay
keeps only its middle state, which then owns everything it shared with the states around it.
For python-chess, the same for the list of ``board.copy(stack=False)`` after every ply of one
random game, and for one such copy.

How the timing copes with a noisy machine
-----------------------------------------
Other load on the machine can slow a run down by half, so measurements are interleaved: a short
warm-up sizes one *slice* of work per contender (each game preset and chess), then several
*rounds* each time one slice of every contender back to back (starting with a different contender
each round). Every slice plays new seeds (see "Fresh games" below), so a slice's figure is what a
program gets from games it has not played before.
The figure reported for a contender is its best round: load only ever slows a process down, so
the fastest round is the closest estimate of its undisturbed cost per decision, and taking the
best for every contender compares them at like conditions. The median of the
per-round ratios (a game's slice against the chess slice of the same round) is shown next to the
ratio as a check; when the two disagree by much, the machine was too busy for a fair comparison.

Fresh games: the games keep caches across games of one config (the moves of a hand met before,
for instance), as a long-running program would have them. Replaying the same seeds every round
would find every hand of those games already worked out and measure a speed no program playing
new games gets (a third more for AlakaSLAM, for instance), so the warm-up plays seeds from 0 and
round ``r`` of a contender with ``n`` playouts per slice plays seeds
``FIRST_ROUND_SEED + r * n`` onwards: every timed game is a new one, and the caches hold what
earlier, different games left, as in a program's long run. All seeds are fixed, so the games
played are the same from run to run; only the number of playouts in a slice depends on the speed
found in the warm-up (and hence on ``--seconds``).
Timing uses the wall clock (:func:`time.perf_counter`) with the garbage collector left on for
playouts, as a program embedding the library would run them; :mod:`timeit` turns it off for the
JSON figures.
"""

from __future__ import annotations

import datetime
import importlib.util
import math
import os
import platform
import random
import statistics
import time
from collections.abc import Callable, Sequence
from typing import Any, TypeAlias

import attrs

from cardgames._surface import public_dir
from cardgames.bench.memory import (
    CHESS,
    MemoryResult,
    chess_memory,
    game_memory,
)
from cardgames.bench.report import (
    NO_CHESS,
    PlayoutResult,
    Report,
    json_rows,
    render_json,
    render_markdown,
    render_text,
)
from cardgames.bench.roundtrip import (
    JsonResult,
    against_fen,
    fen_round_trip_us,
    json_figures,
)
from cardgames.errors import InvalidConfigError
from cardgames.game import Game

__all__ = [
    "DEFAULT_SECONDS",
    "NO_CHESS",
    "JsonResult",
    "MemoryResult",
    "PlayoutResult",
    "Report",
    "chess_version",
    "json_rows",
    "measure",
    "render_json",
    "render_markdown",
    "render_text",
]

#: A game's random playouts are this many times python-chess random playouts, at least, unless
#: it has a target of its own in :data:`RATIO_TARGETS`.
DEFAULT_RATIO_TARGET = 3.0
#: The targets of this library's games (issue 17): the games whose rules do less work per
#: decision are held to more.
RATIO_TARGETS: dict[str, float] = {"alethi": 3.0, "alakazum": 3.0, "alakaslam": 4.5, "lerally": 6.0}

#: The rough total time budget of a run, in seconds, when none is given.
DEFAULT_SECONDS = 20.0
# Shares of the time budget left once the memory is measured: warm-up, interleaved playout
# rounds, JSON timings. Each phase is given what is left of the budget when it starts, so
# that one running long is made up for by the next.
WARMUP_SHARE = 0.1
ROUNDS_SHARE = 0.7
JSON_SHARE = 0.2
# A slice of playouts should take about this long; the number of rounds follows from the budget.
SLICE_SECONDS = 0.4
MIN_SLICE_SECONDS = 0.05
MIN_ROUNDS = 3
MAX_ROUNDS = 15
#: The part of a game's JSON share that its three figures are timed for; the rest goes on
#: the random game that reaches its mid-game state.
JSON_TIMED = 0.7
#: The first seed of the timed rounds. The warm-up plays seeds from 0, far below it, and each
#: round then plays seeds of its own, so every timed game is one the process has not played.
FIRST_ROUND_SEED = 1_000_000

#: Plays the playouts of the given seeds; returns how many decisions (or plies) were made.
Playouts: TypeAlias = Callable[[Sequence[int]], int]


@attrs.frozen
class Contender:
    """One thing whose random playouts are timed: a game with a preset config, or chess."""

    game: str
    preset: str
    run: Playouts


def game_playouts(game: Game[Any, Any, Any, Any], config: Any) -> Playouts:
    """The random playouts of ``game`` with ``config``, as described in the module docstring."""

    def run(seeds: Sequence[int]) -> int:
        decisions = 0
        for seed in seeds:
            state = game.new_game(config, seed=seed)
            rng = random.Random(seed)
            while not game.is_over(state):
                moves = game.legal_moves(state)
                state = game.apply_move(state, moves[rng.randrange(len(moves))])
                decisions += 1
        return decisions

    return run


def chess_playouts(seeds: Sequence[int]) -> int:
    """python-chess random playouts, one per seed; returns the number of plies."""
    import chess  # only when chess is measured: importing this module stays cheap

    plies = 0
    for seed in seeds:
        board = chess.Board()
        rng = random.Random(seed)
        while not board.is_game_over():
            board.push(rng.choice(list(board.legal_moves)))
            plies += 1
    return plies


def chess_version() -> str | None:
    """python-chess's version, or ``None`` when it cannot be imported."""
    if importlib.util.find_spec("chess") is None:
        return None
    try:
        import chess
    except ImportError:
        return None
    return str(chess.__version__)


def timed(run: Playouts, seeds: Sequence[int]) -> tuple[int, float]:
    """The decisions made by ``run(seeds)`` and the seconds it took."""
    start = time.perf_counter()
    decisions = run(seeds)
    return decisions, time.perf_counter() - start


def warm_up(contender: Contender, seconds: float) -> float:
    """Play the contender for about ``seconds`` (one playout at least); the seconds per playout."""
    played = 0
    start = time.perf_counter()
    elapsed = 0.0
    while played == 0 or elapsed < seconds:
        contender.run([played])
        played += 1
        elapsed = time.perf_counter() - start
    return elapsed / played


def measure_playouts(
    contenders: Sequence[Contender], seconds: float, progress: Callable[[str], None]
) -> tuple[list[PlayoutResult], int]:
    """Warm up, then time interleaved rounds of every contender; the results and the rounds.

    ``seconds`` is this phase's budget: the warm-up takes its share, and the rounds what is
    left of it (at least ``MIN_ROUNDS`` rounds of one playout a contender are played).
    """
    end = time.perf_counter() + seconds
    warmup_each = seconds * WARMUP_SHARE / (WARMUP_SHARE + ROUNDS_SHARE) / len(contenders)
    per_playout: dict[Contender, float] = {}
    for contender in contenders:
        progress(f"warming up {contender.game} {contender.preset}")
        per_playout[contender] = warm_up(contender, warmup_each)

    rounds_budget = max(0.0, end - time.perf_counter())
    rounds = int(rounds_budget / (len(contenders) * SLICE_SECONDS))
    rounds = max(MIN_ROUNDS, min(MAX_ROUNDS, rounds))
    slice_seconds = max(MIN_SLICE_SECONDS, rounds_budget / (rounds * len(contenders)))
    sizes = {c: max(1, round(slice_seconds / per_playout[c])) for c in contenders}

    # The decisions made and the seconds taken by each slice of each contender, round by round.
    made: dict[Contender, list[int]] = {c: [] for c in contenders}
    times: dict[Contender, list[float]] = {c: [] for c in contenders}
    for index in range(rounds):
        progress(f"round {index + 1} of {rounds}")
        shift = index % len(contenders)
        for contender in [*contenders[shift:], *contenders[:shift]]:
            first = FIRST_ROUND_SEED + index * sizes[contender]
            decisions, took = timed(contender.run, range(first, first + sizes[contender]))
            made[contender].append(decisions)
            times[contender].append(took)

    rates = {c: [d / t for d, t in zip(made[c], times[c], strict=True)] for c in contenders}
    chess = next((c for c in contenders if c.game == CHESS), None)
    chess_best = max(rates[chess]) if chess is not None else None
    results = []
    for contender in contenders:
        own = rates[contender]
        best = max(own)
        fastest = own.index(best)
        ratio = ratio_median = target = meets = None
        if chess is not None and chess_best is not None and contender is not chess:
            ratio = best / chess_best
            ratio_median = statistics.median(r / c for r, c in zip(own, rates[chess], strict=True))
            target = RATIO_TARGETS.get(contender.game, DEFAULT_RATIO_TARGET)
            meets = ratio >= target
        results.append(
            PlayoutResult(
                game=contender.game,
                preset=contender.preset,
                playouts=sizes[contender],
                decisions=round(statistics.mean(made[contender])),
                decisions_per_second=best,
                decisions_per_second_median=statistics.median(own),
                games_per_second=sizes[contender] / times[contender][fastest],
                ratio=ratio,
                ratio_median_of_rounds=ratio_median,
                ratio_target=target,
                meets_target=meets,
            )
        )
    return results, rounds


def measure_json(
    games: Sequence[Game[Any, Any, Any, Any]],
    seconds: float,
    progress: Callable[[str], None],
    *,
    chess: bool = False,
) -> list[JsonResult]:
    """Time ``to_json``, ``from_json`` and the round trip of a mid-game state of every game.

    ``seconds`` is this phase's budget, spread over the figures still to time. With ``chess``,
    python-chess's FEN round trip is timed too, before each game's figures (so that it meets the
    same load), and its best time is every game's target.
    """
    end = time.perf_counter() + seconds
    figures = (4 if chess else 3) * len(games)  # FEN once a game, and three of each game's
    results = []
    fen_times = []
    for index, game in enumerate(games):
        left = (figures - index * (4 if chess else 3)) or 1
        if chess:
            progress("timing python-chess's FEN round trip")
            fen_times.append(fen_round_trip_us(_share(end, left)))
            left -= 1
        progress(f"timing JSON of {game.name}")
        # The game's mid-game state takes a random game to reach: part of its figures' share.
        results.append(json_figures(game, _share(end, left) * JSON_TIMED))
    if not fen_times:
        return results
    fen_us = min(fen_times)
    return [against_fen(result, fen_us) for result in results]


def _share(end: float, parts: int) -> float:
    """One of ``parts`` equal shares of the time left until ``end``."""
    return max(0.0, end - time.perf_counter()) / max(1, parts)


def measure(
    games: Sequence[Game[Any, Any, Any, Any]],
    seconds: float = DEFAULT_SECONDS,
    *,
    chess: bool = True,
    progress: Callable[[str], None] | None = None,
    memory: str = "first",
) -> Report:
    """Measure ``games`` in about ``seconds``: the memory, every preset's playouts, then the
    JSON figures.

    python-chess is measured alongside when ``chess`` is true and it can be imported.
    ``progress``, if given, hears what is being measured as it starts (for a log on stderr).
    ``memory`` says whose memory is measured: each game's ``"first"`` preset (its default),
    or ``"all"`` of them, which takes a second or so a preset. The memory is measured first,
    as a fixed amount of work; the playouts and the JSON figures share the rest of the budget,
    each phase given what is left when it starts, so the run keeps to ``seconds`` unless the
    least work that makes a figure (a playout of each preset, a few rounds) takes longer.
    """
    if memory not in ("first", "all"):
        raise InvalidConfigError("memory must be 'first' or 'all'")
    if not (seconds > 0 and math.isfinite(seconds)):
        raise InvalidConfigError(f"the time budget must be positive and finite, got {seconds:g} s")
    if not games:
        raise InvalidConfigError("nothing to measure: no games given")
    tell = progress if progress is not None else _silent
    start = time.perf_counter()
    contenders = [
        Contender(game.name, preset, game_playouts(game, config))
        for game in games
        for preset, config in game.presets.items()
    ]
    version = chess_version() if chess else None
    if version is not None:
        contenders.append(Contender(CHESS, "standard", chess_playouts))
    tell("measuring the memory of recorded games")
    held = [
        game_memory(g, preset, config)
        for g in games
        for preset, config in (g.presets.items() if memory == "all" else _first_preset(g))
    ]
    if version is not None:
        held.append(chess_memory())
    left = max(0.0, start + seconds - time.perf_counter())
    playouts, rounds = measure_playouts(contenders, left * (1 - JSON_SHARE), tell)
    left = max(0.0, start + seconds - time.perf_counter())
    json_results = measure_json(games, left, tell, chess=version is not None)
    return Report(
        date=datetime.date.today().isoformat(),
        python=platform.python_version(),
        platform=f"{platform.system()} {platform.machine()}",
        cores=os.cpu_count(),
        seconds_budget=seconds,
        seconds_taken=time.perf_counter() - start,
        rounds=rounds,
        statistic="best",
        chess_version=version,
        playouts=playouts,
        json=json_results,
        memory=held,
    )


def _first_preset(game: Game[Any, Any, Any, Any]) -> list[tuple[str, Any]]:
    """The game's first preset (its default config when it has none)."""
    return [next(iter(game.presets.items()), ("default", game.config_type()))]


def _silent(message: str) -> None:
    """Progress that goes nowhere."""


__dir__ = public_dir(__all__)
