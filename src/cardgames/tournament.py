"""Tournaments: many games between the same bots, seats rotating, on one core or many.

:func:`tournament` plays them and returns a :class:`TournamentResult` (standings with Wilson
intervals, and every game's record); :func:`game_seeds` and :func:`seat_order` say which seed
and which seating game ``i`` has. The names are re-exported by :mod:`cardgames.arena`.
"""

from __future__ import annotations

import concurrent.futures
import math
import os
import pickle
from collections.abc import Callable, Iterator, Sequence
from typing import Any, TextIO, TypeAlias

import attrs

from cardgames._match import (
    MAX_SEATS,
    bot_name,
    check_bots,
    check_int,
    config_of,
    play,
    resolve_game,
)
from cardgames._surface import public_dir
from cardgames.bots import Bot, make_bot
from cardgames.errors import CardgamesError, InvalidConfigError, excerpt
from cardgames.game import Game
from cardgames.record import MAX_PLAYER_NAME, GameRecord
from cardgames.registry import GAMES, get_game
from cardgames.rng import check_seed, derive_seed

__all__ = [
    "MAX_GAMES",
    "GameHook",
    "Standing",
    "TournamentResult",
    "game_seeds",
    "seat_order",
    "tournament",
    "wilson_interval",
]

#: The most games one tournament plays: a larger number is taken for a mistake (the seeds of
#: all games are made before the first one is played).
MAX_GAMES = 10_000_000

#: Called in the calling process as ``on_game(number, record)``, in game order; numbers start at 0.
GameHook = Callable[[int, GameRecord], object]

# The most bits a count of games given to wilson_interval may have.
_MAX_COUNT_BITS = 64
# The standard normal quantile for a two-sided 95% interval.
_Z95 = 1.959963984540054
# The most entries a result's repr names.
_ENTRIES_SHOWN = 4
# Batches per worker of a local pool: enough to even out games of unequal length, few enough that
# sending the bots and the config to a worker costs nothing next to the games.
_BATCHES_PER_WORKER = 4
# Batches of a tournament sent to an executor whose number of workers is not known.
_EXECUTOR_BATCHES = 64


def game_seeds(seed: int, games: int) -> tuple[int, ...]:
    """The seed of every game of a tournament played with ``seed``, game 0 first.

    Each is a one-way function of ``seed`` and the game's number (:func:`~cardgames.rng.
    derive_seed`), so game ``i`` has the same seed in a tournament of any length, and a bot
    that learns one game's seed (from its record, once it is over) can tell nothing of the
    others'. They fit in 53 bits, so any JSON reader reads the seeds of the records exactly.
    """
    check_seed(seed)
    check_int("games", games, 0, MAX_GAMES)
    return tuple(derive_seed(seed, "cardgames.games", i, bits=53) for i in range(games))


def seat_order(number: int, seats: int) -> tuple[int, ...]:
    """Which entry of the bots list sits in each seat (seat 0 first) in game ``number``.

    Entry ``e`` sits in seat ``(e + number) % seats``: game 0 seats the bots in the order given,
    and each game moves every entry one seat on, so over any ``seats`` games in a row every entry
    plays every seat once.

    >>> seat_order(1, 3)
    (2, 0, 1)
    """
    check_int("number", number, 0)
    check_int("seats", seats, 1, MAX_SEATS)
    return tuple((seat - number) % seats for seat in range(seats))


def wilson_interval(wins: int, games: int, z: float = _Z95) -> tuple[float, float]:
    """The Wilson score interval ``(low, high)`` of a win rate of ``wins`` out of ``games``.

    ``z`` is the normal quantile of the confidence level (the default gives 95%). Unlike the
    plain ``p ± z·sqrt(p(1-p)/n)``, the interval stays inside [0, 1] and is not empty at 0 or
    ``games`` wins. With no games at all it is the whole range ``(0.0, 1.0)``.

    >>> low, high = wilson_interval(5, 10)
    >>> round(low, 4), round(high, 4)
    (0.2366, 0.7634)
    """
    if type(wins) is not int or type(games) is not int:
        raise InvalidConfigError("wins and games must be ints")
    if not (isinstance(z, int | float) and not isinstance(z, bool) and 0 < z < math.inf):
        raise InvalidConfigError(f"z must be a positive finite number, got {excerpt(z)}")
    if games <= 0:
        return 0.0, 1.0
    # Past 64 bits a count no tournament reaches would overflow the float arithmetic below.
    if games.bit_length() > _MAX_COUNT_BITS:
        raise InvalidConfigError(
            f"games must have at most {_MAX_COUNT_BITS} bits, got {excerpt(games)}"
        )
    if not 0 <= wins <= games:
        raise InvalidConfigError(
            f"wins must lie between 0 and games ({games}), got {excerpt(wins)}"
        )
    p = wins / games
    z2 = z * z
    denominator = 1.0 + z2 / games
    centre = (p + z2 / (2 * games)) / denominator
    half = z * math.sqrt(p * (1.0 - p) / games + z2 / (4 * games * games)) / denominator
    return max(0.0, centre - half), min(1.0, centre + half)


@attrs.frozen
class Standing:
    """How one entry of a tournament's bots list did over all its games.

    ``name`` is the bot's name made unique within the tournament (``"greedy"``, ``"greedy#2"``);
    the records name the players the same way. ``score`` is the sum of the entry's returns, so a
    win counts 1.0 and a draw its share of 1.0. ``low`` and ``high`` bound the 95% Wilson
    interval of ``win_rate`` (see :func:`wilson_interval`).
    """

    name: str
    games: int
    wins: int
    draws: int
    losses: int
    score: float
    win_rate: float
    low: float
    high: float


@attrs.frozen(repr=False)
class TournamentResult:
    """What :func:`tournament` returns: the standings and every game.

    ``standings`` follow the order of the bots list; ``records`` are in game order, so
    ``records[i]`` is game ``i``, whose seats are given by :func:`seat_order` and whose seed is
    ``game_seeds(seed, games)[i]``. ``mean_length`` is the mean number of decisions per game.
    """

    game: str
    seed: int
    standings: tuple[Standing, ...]
    mean_length: float
    records: tuple[GameRecord, ...]

    def __repr__(self) -> str:
        """One line: ``<TournamentResult alethi, seed 0: 100 games; random 31.0, greedy 69.0>``."""
        scores = ", ".join(f"{s.name} {s.score:.1f}" for s in self.standings[:_ENTRIES_SHOWN])
        if len(self.standings) > _ENTRIES_SHOWN:
            scores += ", ..."
        return (
            f"<TournamentResult {self.game}, seed {self.seed}: {len(self.records)} games; {scores}>"
        )

    def table(self) -> str:
        """The results as a plain-text table, one line per entry, with a heading line."""
        header = ("bot", "games", "wins", "draws", "losses", "score", "win rate", "95% interval")
        rows = [
            (
                s.name,
                str(s.games),
                str(s.wins),
                str(s.draws),
                str(s.losses),
                f"{s.score:.1f}",
                f"{s.win_rate:.1%}",
                f"{s.low:.1%} - {s.high:.1%}",
            )
            for s in self.standings
        ]
        widths = [max(len(row[i]) for row in (header, *rows)) for i in range(len(header))]

        def line(cells: Sequence[str]) -> str:
            first = cells[0].ljust(widths[0])
            rest = (cell.rjust(width) for cell, width in zip(cells[1:], widths[1:], strict=True))
            return "  ".join((first, *rest)).rstrip()

        games = len(self.records)
        title = (
            f"{self.game}: {games} game{'s' if games != 1 else ''}, seed {self.seed}, "
            f"{self.mean_length:.1f} decisions per game on average"
        )
        return "\n".join([title, line(header), *(line(row) for row in rows)])


def _in_game(number: int, seed: int, exc: Exception) -> CardgamesError:
    """The library error for ``exc`` raised in game ``number``: the same error type when it is
    one of the library's, saying which game it was and with which seed."""
    where = f"game {number} (seed {seed})"
    if isinstance(exc, CardgamesError):
        try:
            return type(exc)(f"{where}: {exc}")
        except Exception:  # a subclass whose constructor takes other arguments
            return CardgamesError(f"{where}: {type(exc).__name__}: {exc}")
    return CardgamesError(f"{where}: {type(exc).__name__}: {exc}")


#: What every batch of a tournament's games shares: the game (or its registry name), the config
#: and the bots (or their names), one entry per seat.
_Payload: TypeAlias = tuple[Game[Any, Any, Any, Any] | str, Any, Sequence[Bot[Any, Any] | str]]


def _play_games(payload: _Payload, batch: Sequence[tuple[int, int]]) -> Iterator[GameRecord]:
    """Play the games ``(number, seed)`` of ``batch`` in order, seating the entries by
    :func:`seat_order`; bots given by name are made here, once for the batch."""
    game, config, entries = payload
    if isinstance(game, str):
        game = get_game(game)
    bots = [make_bot(e, game) if isinstance(e, str) else e for e in entries]
    for number, seed in batch:
        seated = [bots[entry] for entry in seat_order(number, len(bots))]
        try:
            record = play(game, seated, config=config, seed=seed)
        except Exception as exc:
            raise _in_game(number, seed, exc) from exc
        yield record


def _play_batch(payload: _Payload, batch: Sequence[tuple[int, int]]) -> list[GameRecord]:
    """The work a tournament sends to a worker: the records of ``batch``'s games, in order.

    A module-level function of picklable arguments (the game by name, the config, the bots or
    their names, the games' numbers and seeds), so any executor can run it in another process
    or on another machine.
    """
    return list(_play_games(payload, batch))


class _RecordSink:
    """Where the records of a tournament are streamed: nowhere, a file it opens and closes, or a
    text stream the caller owns (left open)."""

    def __init__(self, target: str | os.PathLike[str] | TextIO | None) -> None:
        self._target = target
        self._stream: TextIO | None = None
        self._owned = False

    def __enter__(self) -> _RecordSink:
        if isinstance(self._target, str | os.PathLike):
            try:
                self._stream = open(self._target, "w", encoding="utf-8")
            except OSError as exc:
                # OSError's own text repeats the file name: quote the name once, and in part.
                name = os.fspath(self._target)
                shown = name if len(name) <= 200 else excerpt(name)
                why = exc.strerror or type(exc).__name__
                raise InvalidConfigError(f"records: cannot write {shown}: {why}") from None
            self._owned = True
        elif self._target is not None:
            self._stream = self._target
            # An empty write finds a stream opened for bytes or for reading before any game.
            self._put("")
        return self

    def write(self, record: GameRecord) -> None:
        if self._stream is not None:
            self._put(record.to_json() + "\n")

    def _put(self, text: str) -> None:
        assert self._stream is not None
        try:
            self._stream.write(text)
            self._stream.flush()
        except (OSError, TypeError, ValueError) as exc:  # closed, read-only, or a bytes stream
            raise InvalidConfigError(
                f"records: cannot write to {self._stream!r}: {type(exc).__name__}: {exc}"
            ) from None

    def __exit__(self, *exc_info: object) -> None:
        if self._owned and self._stream is not None:
            self._stream.close()


def _cores() -> int:
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on every platform
        return os.cpu_count() or 1


def _unique(names: Sequence[str]) -> tuple[str, ...]:
    """The names with ``#2``, ``#3``... added to repeats, so each entry has its own."""
    taken: set[str] = set()
    unique = []
    for name in names:
        candidate, copy = name, 1
        while candidate in taken:
            copy += 1
            suffix = f"#{copy}"
            # Shorten the name to make room for the number, so the record can still hold it.
            candidate = name[: MAX_PLAYER_NAME - len(suffix)] + suffix
        taken.add(candidate)
        unique.append(candidate)
    return tuple(unique)


def _standings(names: Sequence[str], records: Sequence[GameRecord]) -> tuple[Standing, ...]:
    entries = len(names)
    wins, draws, losses = [0] * entries, [0] * entries, [0] * entries
    score = [0.0] * entries
    for number, record in enumerate(records):
        outcome = record.outcome
        if outcome is None:  # play() only returns finished games
            raise CardgamesError(f"game {number} (seed {record.seed}) has no outcome")
        for seat, entry in enumerate(seat_order(number, entries)):
            score[entry] += outcome.returns[seat]
            if seat in outcome.winners:
                wins[entry] += 1
            elif outcome.is_draw:
                draws[entry] += 1
            else:
                losses[entry] += 1
    games = len(records)
    standings = []
    for e in range(entries):
        low, high = wilson_interval(wins[e], games)
        standings.append(
            Standing(
                name=names[e],
                games=games,
                wins=wins[e],
                draws=draws[e],
                losses=losses[e],
                score=score[e],
                win_rate=wins[e] / games,
                low=low,
                high=high,
            )
        )
    return tuple(standings)


def _run_on(
    executor: concurrent.futures.Executor,
    payload: _Payload,
    batches: Sequence[Sequence[tuple[int, int]]],
    deliver: Callable[[int, GameRecord], None],
) -> None:
    """Send every batch to ``executor`` and deliver the records in game order as they come in.

    On any failure the batches not started yet are cancelled and the error is raised.
    """
    futures: dict[concurrent.futures.Future[list[GameRecord]], int] = {}
    finished: dict[int, list[GameRecord]] = {}
    next_batch = 0
    try:
        for index, batch in enumerate(batches):
            try:
                futures[executor.submit(_play_batch, payload, batch)] = index
            except Exception as exc:  # a shut-down executor, say
                raise CardgamesError(
                    f"the executor refused the games: {type(exc).__name__}: {exc}"
                ) from exc
        for future in concurrent.futures.as_completed(futures):
            index = futures[future]
            try:
                finished[index] = future.result()
            except CardgamesError:
                raise
            except Exception as exc:  # the executor's own failure: a lost worker, pickling...
                first, last = batches[index][0][0], batches[index][-1][0]
                lost = f"game {first}" if first == last else f"games {first} to {last}"
                raise CardgamesError(
                    f"{lost}: the executor failed: {type(exc).__name__}: {exc}"
                ) from exc
            while next_batch in finished:
                for (number, _), record in zip(
                    batches[next_batch], finished.pop(next_batch), strict=True
                ):
                    deliver(number, record)
                next_batch += 1
    finally:
        for future in futures:
            future.cancel()


def tournament(
    game: Game[Any, Any, Any, Any] | str,
    bots: Sequence[Bot[Any, Any] | str],
    *,
    games: int,
    config: Any = None,
    seed: int = 0,
    executor: concurrent.futures.Executor | None = None,
    jobs: int = 1,
    records: str | os.PathLike[str] | TextIO | None = None,
    on_game: GameHook | None = None,
    batch_size: int | None = None,
) -> TournamentResult:
    """Play ``games`` games between ``bots`` (one entry per seat), rotating the seats.

    Game ``i`` seats the entries by :func:`seat_order` (entry ``e`` in seat ``(e + i) % seats``),
    so ``games`` must be a multiple of the number of seats, and has its own seed,
    ``game_seeds(seed, games)[i]``. Bots given by name are made with
    :func:`~cardgames.bots.make_bot`. The result is the same for the same arguments whatever
    runs the games:

    - ``jobs=1`` and no ``executor``: one game after another in this process;
    - ``jobs=J`` (``J > 1``): a local pool of ``J`` worker processes, ``0`` for one per core,
      shut down before the function returns;
    - ``executor``: any ``concurrent.futures.Executor`` the caller owns, such as a Dask
      client's ``client.get_executor()``; it is left running (``jobs`` must then stay 1).

    Games are sent to workers ``batch_size`` at a time (by default four batches per worker of a
    local pool, 64 batches for an executor). Bot instances must then be picklable; bots given by
    name are made in the workers.

    ``records`` (a file name, which is overwritten, or an open text stream) receives every
    record as one line of JSON, and ``on_game(number, record)`` is called in this process,
    both in game order: a game that ends before an earlier one waits for it. The records name
    the players as the standings do.

    A game that fails (a bot's illegal move, a bot's own exception) raises the library's error
    for it, naming the game's number and seed; the games not yet started are cancelled and a
    local pool is shut down. An executor that fails (a lost worker, a bot that does not pickle)
    raises ``CardgamesError`` naming the games it lost. Bad arguments (an unknown game or bot,
    the wrong number of bots, ``games`` not a positive multiple of the seats, ``jobs`` below
    0...) raise before any game is played, with ``InvalidConfigError`` or ``UnknownNameError``.
    """
    the_game = resolve_game(game)
    cfg = config_of(the_game, config)
    check_seed(seed)
    seats = the_game.num_players(cfg)
    entries = check_bots(bots, seats, the_game.name, names=True)
    made = [make_bot(e, the_game) if isinstance(e, str) else e for e in entries]
    check_int("games", games, 1, MAX_GAMES)
    if games % seats:
        raise InvalidConfigError(
            f"games must be a multiple of the {seats} seats, so that every bot plays every seat "
            f"equally often; got {games}"
        )
    check_int("jobs", jobs, 0)
    if executor is not None:
        if not isinstance(executor, concurrent.futures.Executor):
            raise InvalidConfigError(
                f"executor must be a concurrent.futures.Executor, got {type(executor).__name__}"
            )
        if jobs != 1:
            raise InvalidConfigError("give either an executor or jobs, not both")
    if batch_size is not None:
        check_int("batch_size", batch_size, 1)
    if records is not None and not (
        isinstance(records, str | os.PathLike) or callable(getattr(records, "write", None))
    ):
        raise InvalidConfigError(
            f"records must be a file name or a text stream, got {type(records).__name__}"
        )
    if on_game is not None and not callable(on_game):
        raise InvalidConfigError("on_game must be callable")

    workers = jobs if jobs > 0 else _cores()
    if executor is None and workers > 1:
        _check_picklable(the_game, cfg, entries)

    names = _unique([bot_name(bot) for bot in made])
    work = list(enumerate(game_seeds(seed, games)))
    played: list[GameRecord] = []
    with _RecordSink(records) as sink:

        def deliver(number: int, record: GameRecord) -> None:
            players = tuple(names[entry] for entry in seat_order(number, seats))
            record = attrs.evolve(record, players=players)
            played.append(record)
            sink.write(record)
            if on_game is not None:
                on_game(number, record)

        if executor is None and workers == 1:
            for (number, _), record in zip(
                work, _play_games((the_game, cfg, made), work), strict=True
            ):
                deliver(number, record)
        else:
            _run_parallel(the_game, cfg, entries, work, deliver, executor, workers, batch_size)
    return TournamentResult(
        game=the_game.name,
        seed=seed,
        standings=_standings(names, played),
        mean_length=sum(len(r.moves) for r in played) / len(played),
        records=tuple(played),
    )


def _sendable(game: Game[Any, Any, Any, Any]) -> Game[Any, Any, Any, Any] | str:
    """What is sent to a worker for ``game``: a registered game travels by name, another game
    object has to be picklable itself."""
    return game.name if GAMES.get(game.name) is game else game


def _check_picklable(game: Game[Any, Any, Any, Any], config: Any, entries: tuple[Any, ...]) -> None:
    """Raise ``InvalidConfigError`` if a local pool could not be sent the tournament's work."""
    try:
        pickle.dumps((_sendable(game), config, entries))
    except Exception as exc:
        raise InvalidConfigError(
            f"the bots, config or game cannot be sent to worker processes: {exc}"
        ) from None


def _run_parallel(
    game: Game[Any, Any, Any, Any],
    config: Any,
    entries: tuple[Bot[Any, Any] | str, ...],
    work: Sequence[tuple[int, int]],
    deliver: Callable[[int, GameRecord], None],
    executor: concurrent.futures.Executor | None,
    workers: int,
    batch_size: int | None,
) -> None:
    """Play ``work`` on ``executor``, or on a local pool of ``workers`` processes."""
    sent_game = _sendable(game)
    batches_wanted = _EXECUTOR_BATCHES if executor is not None else workers * _BATCHES_PER_WORKER
    size = batch_size or max(1, math.ceil(len(work) / batches_wanted))
    batches = [work[i : i + size] for i in range(0, len(work), size)]
    payload = (sent_game, config, entries)
    if executor is not None:
        _run_on(executor, payload, batches, deliver)
        return
    pool = concurrent.futures.ProcessPoolExecutor(max_workers=min(workers, len(batches)))
    try:
        _run_on(pool, payload, batches, deliver)
    finally:
        pool.shutdown(wait=True, cancel_futures=True)


__dir__ = public_dir(__all__)
