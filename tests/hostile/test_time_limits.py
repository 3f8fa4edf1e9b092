"""Item 9 of issue 28: a bot that never returns hung ``arena.play``, ``tournament`` and
``simulate`` forever. With ``time_limit=`` the bots play in a process of their own; a bot that
overruns, raises, answers something that is not a legal move, or whose process ends forfeits
that game, the tournament goes on and counts the forfeits, and no process is left behind."""

from __future__ import annotations

import contextlib
import io
import multiprocessing
import os
import random
import subprocess
import sys
import textwrap
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

import cardgames
from cardgames import GameRecord, InvalidConfigError, arena
from cardgames.arena import tournament
from cardgames.bots import RandomBot
from cardgames.cli import main
from cardgames.registry import GAMES

ALETHI = GAMES["alethi"]
# Generous for a loaded machine: a decision's limit, and how long a whole game may take past it.
LIMIT = 0.5
SLACK = 30.0


class Sleeper:
    """Waits an hour before its first answer."""

    name = "sleeper"

    def choose(self, view: object, legal_moves: Sequence[Any], rng: random.Random) -> Any:
        time.sleep(3600)
        return legal_moves[0]


class Spinner:
    """Never returns, and keeps the processor busy; writes its process's number first."""

    name = "spinner"

    def __init__(self, folder: str = "") -> None:
        self.folder = folder

    def choose(self, view: object, legal_moves: Sequence[Any], rng: random.Random) -> Any:
        if self.folder:
            Path(self.folder, str(os.getpid())).touch()
        while True:
            pass


class Raiser:
    name = "raiser"

    def choose(self, view: object, legal_moves: Sequence[Any], rng: random.Random) -> Any:
        raise ZeroDivisionError("the bot\x1b[2J broke\n" + "x" * 10_000)


class Liar:
    name = "liar"

    def choose(self, view: object, legal_moves: Sequence[Any], rng: random.Random) -> Any:
        return "throw king 0,0"


class Quitter:
    """Ends its own process."""

    name = "quitter"

    def choose(self, view: object, legal_moves: Sequence[Any], rng: random.Random) -> Any:
        os._exit(3)


class Exits:
    name = "exits"

    def choose(self, view: object, legal_moves: Sequence[Any], rng: random.Random) -> Any:
        raise SystemExit(0)


class _Planted:
    """An object whose unpickling writes a file: what a bot might hand back to run code in the
    match's process."""

    def __init__(self, path: str) -> None:
        self.path = path

    def __reduce__(self) -> tuple[Any, tuple[str]]:
        return (Path.touch, (Path(self.path),))  # type: ignore[return-value]


class Planter:
    name = "planter"

    def __init__(self, path: str) -> None:
        self.path = path

    def choose(self, view: object, legal_moves: Sequence[Any], rng: random.Random) -> Any:
        return _Planted(self.path)


def _children() -> set[Any]:
    return set(multiprocessing.active_children())


@pytest.mark.parametrize("bot", [Sleeper(), Spinner()], ids=["sleeps", "spins"])
def test_a_bot_that_never_returns_forfeits_within_its_time_limit(bot: Any) -> None:
    before = _children()
    start = time.monotonic()
    record = arena.play(ALETHI, [RandomBot(), bot], seed=1, time_limit=LIMIT)
    assert time.monotonic() - start < LIMIT + SLACK
    assert record.forfeit is not None
    assert record.forfeit.reason == f"did not choose a move within {LIMIT:g} s"
    assert record.outcome is not None and record.outcome.winners == {0}
    assert record.outcome.reason == f"blue forfeits: did not choose a move within {LIMIT:g} s"
    assert GameRecord.from_json(record.to_json()) == record
    assert _children() <= before  # the bots' process is gone


@pytest.mark.parametrize(
    ("bot", "reason"),
    [
        (Raiser(), "raised ZeroDivisionError: the bot [2J broke x"),
        (Liar(), "answered 'throw king 0,0', which is not one of its legal moves"),
        (Quitter(), "its process ended (exit status 3)"),
        (Exits(), "raised SystemExit: 0"),
    ],
    ids=["raises", "lies", "ends-its-process", "exits"],
)
def test_a_bot_that_fails_forfeits_with_a_time_limit(bot: Any, reason: str) -> None:
    """The reason is on one line, without the control characters a bot's message may hold,
    and short enough for a record."""
    record = arena.play(ALETHI, [bot, RandomBot()], seed=2, time_limit=5)
    assert record.forfeit is not None and record.forfeit.player == 0
    assert record.forfeit.reason.startswith(reason)
    assert len(record.forfeit.reason) <= 200
    assert GameRecord.from_json(record.to_json()) == record


def test_nothing_a_bot_hands_back_runs_in_the_match_s_process(tmp_path: Path) -> None:
    """The bots' process answers with the number of a legal move, never a pickle: an object
    made to run code when it is unpickled is only an illegal answer."""
    planted = tmp_path / "planted"
    record = arena.play(ALETHI, [Planter(str(planted)), RandomBot()], seed=2, time_limit=5)
    assert record.forfeit is not None
    assert record.forfeit.reason.startswith("answered a _Planted")
    assert not planted.exists()


def test_without_a_time_limit_a_bot_is_trusted_as_before() -> None:
    """A library user who calls ``play`` without a limit still gets the bot's own exception
    (and the illegal move as an ``IllegalMoveError``), to debug the bot."""
    with pytest.raises(ZeroDivisionError, match="the bot"):
        arena.play(ALETHI, [Raiser(), RandomBot()], seed=2)
    with pytest.raises(cardgames.IllegalMoveError, match="bot liar in seat 0"):
        arena.play(ALETHI, [Liar(), RandomBot()], seed=2)


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_time_limit_changes_no_game_of_bots_that_keep_to_it(name: str) -> None:
    game = GAMES[name]
    seats = game.num_players(game.config_type())
    bots: list[Any] = [game.heuristic_bot(), RandomBot()] * (seats // 2)
    plain = arena.play(game, bots, seed=7)
    assert arena.play(game, bots, seed=7, time_limit=30) == plain


def test_a_partner_loses_with_the_bot_that_forfeits() -> None:
    game = GAMES["alakaslam"]
    config = game.presets["doubles"]
    bots: list[Any] = [RandomBot(), RandomBot(), Raiser(), RandomBot()]
    record = arena.play(game, bots, config=config, seed=3, time_limit=5)
    assert record.forfeit is not None and record.forfeit.player == 2
    assert record.outcome is not None and record.outcome.winners == {1, 3}


@pytest.mark.parametrize(
    "value", [0, -1, 0.0, float("nan"), float("inf"), 10**9, 10**400, "1", True, [1]]
)
def test_a_time_limit_that_is_no_number_of_seconds_is_refused(value: Any) -> None:
    before = _children()
    with pytest.raises(InvalidConfigError, match="time_limit"):
        arena.play(ALETHI, [RandomBot()] * 2, seed=1, time_limit=value)
    with pytest.raises(InvalidConfigError, match="time_limit"):
        tournament("alethi", ["random"] * 2, games=2, time_limit=value)
    assert _children() <= before


@pytest.mark.parametrize("jobs", [1, 2])
def test_a_tournament_goes_on_after_forfeits_and_counts_them(jobs: int) -> None:
    """The raiser forfeits every game; the sleeper every game too, each in a new process. The
    standings and the table count each entry's forfeits, and the results are the same on one
    process or two."""
    before = _children()
    result = tournament(
        "alethi",
        [
            Raiser(),
            "random",
        ],
        games=4,
        seed=3,
        time_limit=5,
        jobs=jobs,
    )
    assert [s.forfeits for s in result.standings] == [4, 0]
    assert result.forfeits == 4
    assert [s.losses for s in result.standings] == [4, 0]
    assert "forfeits" in result.table().splitlines()[1]
    slow = tournament("alethi", [Sleeper(), "greedy"], games=2, seed=3, time_limit=LIMIT, jobs=jobs)
    assert [s.forfeits for s in slow.standings] == [2, 0]
    assert all(r.forfeit is not None for r in slow.records)
    assert _children() <= before
    if jobs == 2:
        assert slow == tournament(
            "alethi", [Sleeper(), "greedy"], games=2, seed=3, time_limit=LIMIT
        )


def test_an_honest_tournament_with_a_time_limit_gives_the_same_results() -> None:
    plain = tournament("lerally", ["greedy", "random"], games=4, seed=9)
    limited = tournament("lerally", ["greedy", "random"], games=4, seed=9, time_limit=30, jobs=2)
    assert limited == plain
    assert "forfeits" not in limited.table()


def _gone(pid: int) -> bool:
    """Whether process ``pid`` has ended (a zombie waiting for its parent has)."""
    try:
        status = Path(f"/proc/{pid}/status").read_text(encoding="utf-8")
    except OSError:
        return True
    return "\nState:\tZ" in status


@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="reads /proc")
def test_a_bot_stuck_in_a_worker_keeps_neither_the_tournament_nor_the_process(
    tmp_path: Path,
) -> None:
    """A spinning bot on a pool of two, in a program of its own: the tournament ends with
    every game forfeited, the program exits, and every process the bot ran in has ended."""
    script = textwrap.dedent(
        f"""
        import sys
        sys.path.insert(0, {str(Path(__file__).parent)!r})
        from test_time_limits import Spinner
        from cardgames.arena import tournament

        if __name__ == "__main__":
            result = tournament(
                "alethi", [Spinner({str(tmp_path)!r}), "random"], games=4, jobs=2,
                time_limit={LIMIT},
            )
            print([s.forfeits for s in result.standings])
        """
    )
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=120, check=False
    )
    assert (done.returncode, done.stdout, done.stderr) == (0, "[4, 0]\n", "")
    pids = [int(p.name) for p in tmp_path.iterdir()]
    assert len(pids) == 4  # a new process for each game after a kill
    deadline = time.monotonic() + SLACK
    while not all(_gone(pid) for pid in pids) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert all(_gone(pid) for pid in pids)


# The command line ------------------------------------------------------------------------------


def test_play_with_a_time_limit_forfeits_a_bot_that_overruns(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    made = {"random": RandomBot(), "sleeper": Sleeper()}
    monkeypatch.setattr("cardgames.cli.play.make_bot", lambda name, game: made[name])
    path = tmp_path / "game.json"
    argv = ["play", "alethi", "--bots", "random,sleeper", "--seed", "1", "--quiet", "--out"]
    out, err = io.StringIO(), io.StringIO()
    status = main([*argv, str(path), "--time-limit", str(LIMIT)], stdout=out, stderr=err)
    assert (status, err.getvalue()) == (0, "")
    assert out.getvalue() == (
        f"result: blue forfeits: did not choose a move within {LIMIT:g} s\nwinners: red (random)\n"
    )
    record = GameRecord.from_json(path.read_text(encoding="utf-8"))
    assert record.forfeit is not None and record.forfeit.player == 1


def test_simulate_with_a_time_limit_counts_the_forfeits() -> None:
    """A search of a million iterations a move never fits in two seconds; the greedy bot's
    quick answers always do."""
    out, err = io.StringIO(), io.StringIO()
    argv = ["simulate", "alethi", "--bots", "greedy,ismcts:1000000", "--games", "2", "--jobs", "2"]
    status = main([*argv, "--time-limit", "2", "--progress", "never"], stdout=out, stderr=err)
    assert (status, err.getvalue()) == (0, "")
    header, greedy, ismcts = out.getvalue().splitlines()[1:4]
    assert header.split()[:6] == ["bot", "games", "wins", "draws", "losses", "forfeits"]
    assert greedy.split()[1:6] == ["2", "2", "0", "0", "0"]
    assert ismcts.split()[1:6] == ["2", "0", "0", "2", "2"]


def test_a_time_limit_is_for_games_between_bots() -> None:
    err = io.StringIO()
    status = main(["play", "alethi", "--time-limit", "1"], stdin=io.StringIO(""), stderr=err)
    assert status == 2
    assert "--time-limit is for games between bots" in err.getvalue()


class Scribbler:
    """Writes a line of garbage into every file its process holds, but the line to its own
    referee (found on the stack, as a hostile bot could), then plays the first legal move."""

    name = "first"

    def choose(self, view: object, legal_moves: Sequence[Any], rng: random.Random) -> Any:
        frame = sys._getframe()
        own = None
        while frame is not None:
            connection = frame.f_locals.get("connection")
            if frame.f_code.co_name == "_serve" and connection is not None:
                own = connection.fileno()
            frame = frame.f_back  # type: ignore[assignment]
        for descriptor in range(3, 256):
            if descriptor != own:
                with contextlib.suppress(OSError):
                    os.write(descriptor, b"not a record\n")
        return legal_moves[0]


class First:
    name = "first"

    def choose(self, view: object, legal_moves: Sequence[Any], rng: random.Random) -> Any:
        return legal_moves[0]


@pytest.mark.parametrize("jobs", [1, 2])
def test_a_bot_cannot_write_into_the_files_of_the_tournament(tmp_path: Path, jobs: int) -> None:
    """A forked process holds its parent's files: the tournament's records, a worker's line to
    the tournament. Its bots find them pointed at /dev/null, so the records and the results
    are those of the same moves played by a bot that writes nothing."""
    path = tmp_path / "games.jsonl"
    result = tournament(
        "alethi", [Scribbler(), "random"], games=4, seed=2, time_limit=30, jobs=jobs, records=path
    )
    assert result == tournament("alethi", [First(), "random"], games=4, seed=2)
    lines = path.read_text(encoding="utf-8").splitlines()
    assert [GameRecord.from_json(line) for line in lines] == list(result.records)
