"""Tournaments: seat rotation, seeds, standings, the records stream, errors, and the same results
serially, on a local process pool and on any executor.

The games are cheap ones (Alethi, random against greedy, about 10 ms a game) and few, so the
whole module runs in seconds even on a busy machine.
"""

from __future__ import annotations

import concurrent.futures
import io
import logging
import multiprocessing
import random
import re
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import pytest

from cardgames import (
    CardgamesError,
    GameRecord,
    IllegalMoveError,
    InvalidConfigError,
    UnknownBotError,
    UnknownGameError,
    alakazum,
    alethi,
    get_game,
)
from cardgames.arena import (
    Standing,
    TournamentResult,
    game_seeds,
    play,
    seat_order,
    tournament,
    wilson_interval,
)
from cardgames.bots import Bot, RandomBot, make_bot

BOTS = ("random", "greedy")
GAMES = 8
SEED = 11


@pytest.fixture(scope="module")
def serial() -> TournamentResult:
    """The reference: Alethi, random against greedy, played one game after another."""
    return tournament("alethi", BOTS, games=GAMES, seed=SEED)


class IllegalInSeat:
    """Plays a random legal move, except in ``seat``, where it answers with a move of nothing."""

    name = "cheat"

    def __init__(self, seat: int) -> None:
        self.seat = seat

    def choose(self, view: Any, legal_moves: Sequence[Any], rng: random.Random) -> Any:
        if int(view.player) == self.seat:
            return None
        return legal_moves[rng.randrange(len(legal_moves))]


class Shaky:
    """Plays a random legal move, but about one move in a hundred answers with a move of
    nothing; which games fail depends only on the seeds."""

    name = "shaky"

    def choose(self, view: Any, legal_moves: Sequence[Any], rng: random.Random) -> Any:
        if rng.random() < 0.01:
            return None
        return legal_moves[rng.randrange(len(legal_moves))]


class Crashes:
    """A bot whose own code fails on its first move."""

    name = "crashes"

    def choose(self, view: Any, legal_moves: Sequence[Any], rng: random.Random) -> Any:
        raise ZeroDivisionError("the bot divided by zero")


class Unpicklable(RandomBot):
    """A random bot that cannot be sent to another process (it holds a lambda)."""

    def __init__(self) -> None:
        self.hook = lambda: None


# --- seats and seeds ------------------------------------------------------------------------------


def test_seat_order_moves_every_entry_one_seat_on_per_game() -> None:
    """Game 0 seats the bots in the order given; each game moves every entry one seat on."""
    assert seat_order(0, 3) == (0, 1, 2)
    assert seat_order(1, 3) == (2, 0, 1)
    assert seat_order(2, 3) == (1, 2, 0)
    assert seat_order(3, 3) == (0, 1, 2)
    for number in range(7):
        order = seat_order(number, 3)
        assert all(order[(entry + number) % 3] == entry for entry in range(3))


def test_every_entry_plays_every_seat_equally_often() -> None:
    """In a three-player game, each entry sits in each seat in a third of the games; the records
    name the players as the standings do, so a record says who sat where."""
    config = alakazum.Config(players=3)
    result = tournament("alakazum", ["random"] * 3, games=6, config=config, seed=2)
    names = [s.name for s in result.standings]
    assert names == ["random", "random#2", "random#3"]
    for seat in range(3):
        seated = [record.players[seat] for record in result.records]
        assert sorted(seated) == sorted(names * 2)
    for number, record in enumerate(result.records):
        assert record.players == tuple(names[e] for e in seat_order(number, 3))


def test_each_game_has_its_own_seed_from_the_tournament_seed(serial: TournamentResult) -> None:
    """Game ``i`` is played with ``game_seeds(seed, games)[i]``: the records replay, and a longer
    tournament with the same seed starts with the same games."""
    seeds = game_seeds(SEED, GAMES)
    assert [r.seed for r in serial.records] == list(seeds)
    assert len(set(seeds)) == GAMES
    assert game_seeds(SEED, GAMES + 4)[:GAMES] == seeds
    assert all(0 <= s < 2**53 for s in seeds)
    game = get_game("alethi")
    bots = [make_bot("random", game), make_bot("greedy", game)]
    for number, record in enumerate(serial.records):
        seated = [bots[e] for e in seat_order(number, 2)]
        assert play(game, seated, seed=record.seed).moves == record.moves
        assert record.final_state() == record.states()[-1]
    longer = tournament("alethi", BOTS, games=GAMES + 2, seed=SEED)
    assert longer.records[:GAMES] == serial.records
    other = tournament("alethi", BOTS, games=GAMES, seed=SEED + 1)
    assert other.records != serial.records


# --- the same results whatever runs the games -----------------------------------------------------


def test_a_local_process_pool_gives_the_serial_results(serial: TournamentResult) -> None:
    """``jobs=2`` (two worker processes, games sent in batches) and ``jobs=0`` (one per core)
    change nothing in the result; nor does passing the game object instead of its name."""
    assert tournament("alethi", BOTS, games=GAMES, seed=SEED, jobs=2) == serial
    assert tournament("alethi", BOTS, games=GAMES, seed=SEED, jobs=2, batch_size=3) == serial
    assert tournament(alethi.GAME, BOTS, games=GAMES, seed=SEED, jobs=0) == serial
    assert tournament(alethi.GAME, BOTS, games=GAMES, seed=SEED) == serial


def test_any_executor_gives_the_serial_results(serial: TournamentResult) -> None:
    """A caller's own ``ProcessPoolExecutor``, fed bot instances (pickled) instead of names,
    gives the same result, and is left running for the caller."""
    bots: list[Bot[Any, Any]] = [RandomBot(), alethi.GreedyBot()]
    with concurrent.futures.ProcessPoolExecutor(max_workers=2) as pool:
        result = tournament("alethi", bots, games=GAMES, seed=SEED, executor=pool)
        assert pool.submit(sum, [1, 2]).result() == 3
    assert result == serial


def test_a_thread_pool_gives_the_serial_results(serial: TournamentResult) -> None:
    """Bots hold no state between moves, so even threads sharing one bot give the same games."""
    with concurrent.futures.ThreadPoolExecutor(max_workers=3) as pool:
        result = tournament("alethi", BOTS, games=GAMES, seed=SEED, executor=pool, batch_size=1)
    assert result == serial


# --- a Dask cluster -------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def dask_executor() -> Iterator[concurrent.futures.Executor]:
    """The executor of a real Dask ``distributed`` cluster on this machine: two worker
    processes of one thread each, started once for the module (it takes a few seconds)."""
    try:
        from distributed import Client, LocalCluster
    except ImportError:  # pragma: no cover - make installs the extra
        pytest.skip("needs the distributed extra: pip install -e '.[distributed]'")
    with (
        LocalCluster(  # type: ignore[no-untyped-call]
            n_workers=2,
            threads_per_worker=1,
            processes=True,
            dashboard_address=None,
            silence_logs=logging.ERROR,
        ) as cluster,
        Client(cluster) as client,  # type: ignore[no-untyped-call]
    ):
        yield client.get_executor()


def test_a_dask_cluster_gives_the_serial_results(
    serial: TournamentResult, dask_executor: concurrent.futures.Executor
) -> None:
    """The same call on a Dask cluster's ``client.get_executor()``, with bots by name (made on
    the workers) or as instances (sent to them), gives the serial result."""
    assert tournament("alethi", BOTS, games=GAMES, seed=SEED, executor=dask_executor) == serial
    bots: list[Bot[Any, Any]] = [RandomBot(), alethi.GreedyBot()]
    result = tournament(
        "alethi", bots, games=GAMES, seed=SEED, executor=dask_executor, batch_size=3
    )
    assert result == serial


def test_a_dask_cluster_streams_the_records_in_order(
    tmp_path: Path, serial: TournamentResult, dask_executor: concurrent.futures.Executor
) -> None:
    """Games sent one by one to the cluster still reach the file and ``on_game`` in order."""
    path = tmp_path / "games.jsonl"
    heard: list[int] = []
    tournament(
        "alethi",
        BOTS,
        games=GAMES,
        seed=SEED,
        executor=dask_executor,
        batch_size=1,
        records=path,
        on_game=lambda n, r: heard.append(n),
    )
    lines = path.read_text(encoding="utf-8").splitlines()
    assert [GameRecord.from_json(line) for line in lines] == list(serial.records)
    assert heard == list(range(GAMES))


def test_a_failing_game_on_dask_names_the_game(
    dask_executor: concurrent.futures.Executor,
) -> None:
    """An illegal move on a Dask worker comes back as the same ``IllegalMoveError`` as
    serially, naming one of the cheat's games with its seed; the cluster goes on working."""
    seeds = game_seeds(5, 8)
    with pytest.raises(IllegalMoveError) as caught:
        tournament("alethi", [IllegalInSeat(1), "random"], games=8, seed=5, executor=dask_executor)
    found = re.match(r"game (\d+) \(seed (\d+)\): bot cheat in seat 1", str(caught.value))
    assert found is not None
    assert int(found[1]) % 2 == 1
    assert int(found[2]) == seeds[int(found[1])]
    assert dask_executor.submit(sum, [1, 2]).result() == 3


# --- standings ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("wins", "games", "low", "high"),
    [
        (5, 10, 0.236593, 0.763407),
        (0, 10, 0.0, 0.277533),
        (10, 10, 0.722467, 1.0),
        (1, 1, 0.206549, 1.0),
        (81, 263, 0.255289, 0.366210),
        (3, 20, 0.052369, 0.360419),
    ],
)
def test_wilson_interval_known_values(wins: int, games: int, low: float, high: float) -> None:
    """The 95% Wilson score interval, against the roots of ``(w/n - p)^2 = z^2 p (1 - p) / n``
    found by bisection (the definition of the interval, solved another way)."""
    got = wilson_interval(wins, games)
    assert got == pytest.approx((low, high), abs=1e-6)


def test_wilson_interval_edges() -> None:
    """No games: the whole range; the interval narrows as the games grow, around the rate."""
    assert wilson_interval(0, 0) == (0.0, 1.0)
    narrow = wilson_interval(500, 1000)
    assert narrow[0] < 0.5 < narrow[1]
    assert narrow[1] - narrow[0] < wilson_interval(5, 10)[1] - wilson_interval(5, 10)[0]
    for wins in (-1, 11):
        with pytest.raises(ValueError, match="wins must lie between 0 and games"):
            wilson_interval(wins, 10)


def test_standings_count_every_game_of_every_entry(serial: TournamentResult) -> None:
    """Wins, draws and losses add up to the games; score, win rate and interval follow from the
    records' outcomes; the mean length is over every record."""
    assert serial.game == "alethi"
    assert serial.seed == SEED
    assert [s.name for s in serial.standings] == ["random", "greedy"]
    for entry, standing in enumerate(serial.standings):
        assert standing.games == GAMES
        assert standing.wins + standing.draws + standing.losses == GAMES
        assert standing.win_rate == standing.wins / GAMES
        assert (standing.low, standing.high) == wilson_interval(standing.wins, GAMES)
        returns = [
            record.outcome.returns[seat_order(number, 2).index(entry)]
            for number, record in enumerate(serial.records)
            if record.outcome is not None
        ]
        assert standing.score == pytest.approx(sum(returns))
    assert serial.standings[1].wins > serial.standings[0].wins  # greedy beats random
    lengths = [len(r.moves) for r in serial.records]
    assert serial.mean_length == pytest.approx(sum(lengths) / GAMES)


def test_table_lists_every_entry() -> None:
    """The table has a title line, a heading and one row per entry with its figures."""
    standings = (
        Standing("greedy", 10, 7, 1, 2, 7.5, 0.7, 0.397, 0.892),
        Standing("random", 10, 2, 1, 7, 2.5, 0.2, 0.057, 0.51),
    )
    result = TournamentResult("alethi", 4, standings, 24.25, ())
    lines = result.table().splitlines()
    assert len(lines) == 4
    assert lines[0] == "alethi: 0 games, seed 4, 24.2 decisions per game on average"
    assert lines[1].split() == [
        "bot",
        "games",
        "wins",
        "draws",
        "losses",
        "score",
        "win",
        "rate",
        "95%",
        "interval",
    ]
    assert lines[2].split() == [
        "greedy",
        "10",
        "7",
        "1",
        "2",
        "7.5",
        "70.0%",
        "39.7%",
        "-",
        "89.2%",
    ]
    assert lines[3].split() == ["random", "10", "2", "1", "7", "2.5", "20.0%", "5.7%", "-", "51.0%"]
    assert len({len(line) for line in lines[1:]}) == 1  # the columns line up


def test_table_of_a_played_tournament(serial: TournamentResult) -> None:
    """A real result's table names the game, the games, the seed and each bot's wins."""
    text = serial.table()
    assert text.startswith(f"alethi: {GAMES} games, seed {SEED}, ")
    for standing in serial.standings:
        row = next(line for line in text.splitlines() if line.startswith(standing.name + " "))
        assert row.split()[1:4] == [str(GAMES), str(standing.wins), str(standing.draws)]


# --- streaming ------------------------------------------------------------------------------------


def test_records_stream_to_a_json_lines_file(tmp_path: Path, serial: TournamentResult) -> None:
    """Each line of the file is one record, in game order even from a pool whose games end out
    of order, and reads back with ``GameRecord.from_json`` equal to ``records``."""
    path = tmp_path / "games.jsonl"
    result = tournament("alethi", BOTS, games=GAMES, seed=SEED, jobs=2, batch_size=1, records=path)
    lines = path.read_text(encoding="utf-8").splitlines()
    assert [GameRecord.from_json(line) for line in lines] == list(result.records)
    assert result == serial


def test_records_stream_to_an_open_text_stream(serial: TournamentResult) -> None:
    """A stream given by the caller gets the same lines and is left open."""
    stream = io.StringIO()
    tournament("alethi", BOTS, games=GAMES, seed=SEED, records=stream)
    assert not stream.closed
    lines = stream.getvalue().splitlines()
    assert [GameRecord.from_json(line) for line in lines] == list(serial.records)


def test_on_game_hears_of_every_game_in_order(serial: TournamentResult) -> None:
    """``on_game(number, record)`` is called once per game, in game order, from the pool too."""
    heard: list[tuple[int, GameRecord]] = []
    tournament(
        "alethi",
        BOTS,
        games=GAMES,
        seed=SEED,
        jobs=2,
        batch_size=1,
        on_game=lambda n, r: heard.append((n, r)),
    )
    assert heard == list(enumerate(serial.records))


# --- errors ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("kwargs", "error", "message"),
    [
        ({"game": "chess"}, UnknownGameError, "unknown game 'chess'"),
        ({"bots": ["random", "clever"]}, UnknownBotError, "unknown bot 'clever'"),
        ({"bots": ["random"]}, InvalidConfigError, "seats 2 bots, got 1"),
        ({"bots": "random,greedy"}, InvalidConfigError, "sequence of bots"),
        ({"bots": ["random", object()]}, InvalidConfigError, "choose"),
        ({"games": 3}, InvalidConfigError, "multiple of the 2 seats"),
        ({"games": 0}, InvalidConfigError, "games must be at least 1"),
        ({"games": -4}, InvalidConfigError, "games must be at least 1"),
        ({"games": 2.0}, InvalidConfigError, "games must be an int"),
        ({"jobs": -1}, InvalidConfigError, "jobs must be at least 0"),
        ({"seed": "1"}, InvalidConfigError, "seed must be an int"),
        ({"config": alakazum.Config()}, InvalidConfigError, "expected an alethi Config"),
        ({"batch_size": 0}, InvalidConfigError, "batch_size must be at least 1"),
        ({"executor": object()}, InvalidConfigError, "concurrent.futures.Executor"),
        ({"records": 42}, InvalidConfigError, "file name or a text stream"),
        ({"records": "no/such/folder/games.jsonl"}, InvalidConfigError, "records: cannot write"),
        ({"on_game": "print"}, InvalidConfigError, "on_game must be callable"),
        ({"bots": [Unpicklable(), "random"], "jobs": 2}, InvalidConfigError, "cannot be sent"),
    ],
)
def test_bad_arguments_fail_before_any_game(
    kwargs: dict[str, Any], error: type[Exception], message: str, tmp_path: Path
) -> None:
    """Each bad argument raises the library's error saying what is wrong, before a game is
    played or the records file is created."""
    args: dict[str, Any] = {
        "game": "alethi",
        "bots": BOTS,
        "games": 2,
        "records": tmp_path / "games.jsonl",
        "on_game": lambda n, r: pytest.fail("a game was played"),
    }
    args.update(kwargs)
    with pytest.raises(error, match=re.escape(message)):
        tournament(args.pop("game"), args.pop("bots"), **args)
    assert not (tmp_path / "games.jsonl").exists()


def test_an_executor_and_jobs_together_are_refused() -> None:
    """``jobs`` is for the local pool; with an executor of one's own it must stay 1."""
    with (
        concurrent.futures.ThreadPoolExecutor(max_workers=1) as pool,
        pytest.raises(InvalidConfigError, match="not both"),
    ):
        tournament("alethi", BOTS, games=2, executor=pool, jobs=2)


def test_an_executor_that_refuses_work_gives_a_library_error() -> None:
    """An executor already shut down refuses the games: a ``CardgamesError`` says so."""
    pool = concurrent.futures.ThreadPoolExecutor(max_workers=1)
    pool.shutdown()
    with pytest.raises(CardgamesError, match="the executor refused the games: RuntimeError"):
        tournament("alethi", BOTS, games=2, executor=pool)


def test_an_executor_that_fails_gives_a_library_error() -> None:
    """A caller's process pool cannot send a bot that does not pickle: the error names the games
    that were lost and the executor's reason."""
    bots: list[Bot[Any, Any] | str] = [Unpicklable(), "random"]
    with (
        concurrent.futures.ProcessPoolExecutor(max_workers=1) as pool,
        pytest.raises(CardgamesError, match=r"^games 0 to 1: the executor failed: .*pickle"),
    ):
        tournament("alethi", bots, games=2, executor=pool, batch_size=2)


def test_an_illegal_move_names_the_game_and_its_seed() -> None:
    """The cheat plays illegally only in seat 1, which rotation gives it in game 1: the error is
    the arena's ``IllegalMoveError`` with the game's number and seed in front."""
    seeds = game_seeds(5, 4)
    with pytest.raises(
        IllegalMoveError, match=rf"^game 1 \(seed {seeds[1]}\): bot cheat in seat 1"
    ):
        tournament("alethi", [IllegalInSeat(1), "random"], games=4, seed=5)


def _kept(path: Path) -> list[GameRecord]:
    return [GameRecord.from_json(line) for line in path.read_text(encoding="utf-8").splitlines()]


def test_a_failing_game_keeps_the_games_before_it(tmp_path: Path) -> None:
    """With seed 0 the shaky bot first fails in game 19: serially that game is named, and the
    records file holds exactly the nineteen games before it."""
    seeds = game_seeds(0, 40)
    path = tmp_path / "games.jsonl"
    with pytest.raises(IllegalMoveError, match=rf"^game 19 \(seed {seeds[19]}\): bot shaky "):
        tournament("alethi", [Shaky(), "random"], games=40, records=path)
    assert [r.seed for r in _kept(path)] == list(seeds[:19])


def test_a_failing_game_in_the_pool_stops_the_pool(tmp_path: Path) -> None:
    """From the pool the error names a failing game (19 or a later one, whichever comes back
    first) with its seed; the games not started are cancelled, the workers are gone, and the
    file holds games in order from 0, none from game 18's batch on."""
    seeds = game_seeds(0, 40)
    others = set(multiprocessing.active_children())  # a Dask cluster's workers, say
    path = tmp_path / "games.jsonl"
    with pytest.raises(IllegalMoveError) as caught:
        tournament("alethi", [Shaky(), "random"], games=40, jobs=2, batch_size=2, records=path)
    found = re.match(r"game (\d+) \(seed (\d+)\): bot shaky in seat", str(caught.value))
    assert found is not None
    assert int(found[1]) >= 19
    assert int(found[2]) == seeds[int(found[1])]
    assert set(multiprocessing.active_children()) <= others
    kept = _kept(path)
    assert len(kept) <= 18
    assert [r.seed for r in kept] == list(seeds[: len(kept)])


@pytest.mark.parametrize("jobs", [1, 2])
def test_a_bot_that_crashes_raises_a_library_error(jobs: int) -> None:
    """A bot's own exception comes back as a ``CardgamesError`` naming the game, its seed and
    the bot's error."""
    seeds = game_seeds(0, 2)
    with pytest.raises(CardgamesError, match=r"^game \d \(seed \d+\): ZeroDivisionError: the bot"):
        tournament("alethi", [Crashes(), "random"], games=2, jobs=jobs)
    with pytest.raises(CardgamesError, match=rf"^game 0 \(seed {seeds[0]}\)"):
        tournament("alethi", [Crashes(), "random"], games=2)
