"""``cardgames rules``, ``simulate`` and ``bench``."""

from __future__ import annotations

import io
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

import cardgames
from cardgames import bench
from cardgames.cli import main
from cardgames.cli.commands import rules_text
from cardgames.cli.options import GAME_OPTIONS

ROOT = Path(__file__).resolve().parent.parent


def run(argv: list[str], stderr: io.StringIO | None = None) -> tuple[int, str, str]:
    out, err = io.StringIO(), stderr if stderr is not None else io.StringIO()
    status = main(argv, stdin=io.StringIO(""), stdout=out, stderr=err)
    return status, out.getvalue(), err.getvalue()


# --- rules --------------------------------------------------------------------------------------


@pytest.mark.parametrize("name", sorted(cardgames.GAMES))
def test_rules_prints_the_summary_presets_and_flags(name: str) -> None:
    game = cardgames.get_game(name)
    summary = rules_text(game)
    assert 30 <= len(summary.splitlines()) <= 80
    assert summary.startswith("# ")
    status, out, err = run(["rules", name])
    assert (status, err) == (0, "")
    assert out.startswith(summary.rstrip())
    assert all(preset in out for preset in game.presets)
    assert all(flag in out for flag in GAME_OPTIONS[name])
    assert f"docs/rules/{name}.md" in out


@pytest.mark.parametrize("name", sorted(cardgames.GAMES))
def test_every_flag_a_summary_names_is_a_flag_of_the_game(name: str) -> None:
    """The summaries mention the command-line flags that change the rules: they must exist."""
    named = set(re.findall(r"(?<![-\w])--[a-z][a-z-]*", rules_text(cardgames.get_game(name))))
    assert named
    assert named <= set(GAME_OPTIONS[name])


# --- simulate -----------------------------------------------------------------------------------


def test_simulate_prints_the_tournament_table(tmp_path: Path) -> None:
    records = tmp_path / "games.jsonl"
    argv = ["simulate", "alethi", "--bots", "greedy,random", "--games", "4", "--seed", "3"]
    status, out, err = run([*argv, "--records", str(records)])
    assert (status, err) == (0, "")
    expected = cardgames.arena.tournament("alethi", ["greedy", "random"], games=4, seed=3)
    assert out == f"{expected.table()}\nrecords written to {records}\n"
    lines = records.read_text(encoding="utf-8").splitlines()
    assert [cardgames.GameRecord.from_json(line) for line in lines] == list(expected.records)


def test_simulate_uses_the_game_flags_and_fills_the_seats() -> None:
    argv = ["simulate", "lerally", "--bots", "greedy,random", "--players", "4", "--games", "4"]
    status, out, _ = run([*argv, "--format", "shot-gun"])
    assert status == 0
    config = cardgames.lerally.Config(players=4, format=cardgames.lerally.Format.SHOT_GUN)
    entries = ["greedy", "random", "greedy", "random"]
    expected = cardgames.arena.tournament("lerally", entries, games=4, config=config)
    assert out.startswith(expected.table())


@pytest.mark.parametrize(("flag", "shown"), [("always", True), ("never", False), ("auto", False)])
def test_simulate_progress_lines_off_a_terminal(flag: str, shown: bool) -> None:
    """Off a terminal a short run shows no progress unless asked to."""
    argv = ["simulate", "alethi", "--bots", "random", "--games", "10", "--progress", flag]
    status, _, err = run(argv)
    assert status == 0
    assert ("10/10 games" in err) is shown
    assert "\r" not in err


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_simulate_draws_a_bar_on_a_terminal() -> None:
    argv = ["simulate", "alethi", "--bots", "random", "--games", "4"]
    _, _, err = run(argv, stderr=_Terminal())
    assert err.count("\r[") == 4
    assert "\r[##############################] 4/4 games" in err
    assert err.endswith("\n")


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["--bots", "greedy,human"], "bots only"),
        (["--bots", "greedy", "--games", "3"], "multiple of the 2 seats"),
        (["--bots", "greedy", "--jobs", "-1"], "--jobs must be"),
        (["--bots", "greedy", "--games", "0"], "--games must be at least 1"),
        (["--bots", "nosuchbot"], "unknown bot"),
    ],
)
def test_simulate_errors_are_one_line(argv: list[str], words: str) -> None:
    games = [] if "--games" in argv else ["--games", "2"]
    status, out, err = run(["simulate", "alethi", *argv, *games])
    assert status == 2
    assert out == ""
    assert err.startswith("cardgames: error: ")
    assert err.count("\n") == 1
    assert words in err


# --- bench --------------------------------------------------------------------------------------


def test_bench_without_chess_says_so_and_measures_the_games(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(bench, "chess_version", lambda: None)
    status, out, err = run(["bench", "--seconds", "0.2", "--game", "alethi"])
    assert status == 0
    assert bench.NO_CHESS in out.splitlines()
    assert "python-chess" not in err
    playouts = out.split("Random playouts\n")[1].split("\n\n")[0].splitlines()
    assert [row.split()[:2] for row in playouts[2:-1]] == [
        ["alethi", preset] for preset in cardgames.get_game("alethi").presets
    ]
    assert "JSON of a mid-game state" in out
    assert "warming up alethi default" in err


def test_bench_json_is_a_report(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(bench, "chess_version", lambda: None)
    status, out, err = run(["bench", "--seconds", "0.2", "--game", "alethi", "--json"])
    assert status == 0
    report = json.loads(out)
    assert report["chess_version"] is None
    assert {row["game"] for row in report["playouts"]} == {"alethi"}
    assert [row["game"] for row in report["json"]] == ["alethi"]
    assert bench.NO_CHESS in err  # the JSON cannot say it in words


def test_the_benchmark_script_takes_the_same_flags() -> None:
    result = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "playouts.py"), "--help"],
        capture_output=True,
        text=True,
        check=False,
        timeout=60,
    )
    assert result.returncode == 0, result.stderr
    for flag in ("--seconds", "--game", "--json", "--markdown"):
        assert flag in result.stdout


def test_simulate_shows_progress_off_a_terminal_once_the_run_is_long(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr("cardgames.cli.simulate.QUIET_SECONDS", 0.0)
    status, _, err = run(["simulate", "alethi", "--bots", "random", "--games", "20"])
    assert status == 0
    assert [line.split(",")[0] for line in err.splitlines()] == [
        f"{done}/20 games" for done in range(2, 21, 2)
    ]
