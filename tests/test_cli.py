"""The command line: ``cardgames list``, bots-only ``play``, ``replay``, and its one-line errors."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

import cardgames
from cardgames.cli import main

GAME = "alethi"
SEED = 7


def _play(tmp_path: Path, *extra: str, bots: str = "greedy,random") -> Path:
    out = tmp_path / "game.json"
    assert main(["play", GAME, "--bots", bots, "--seed", str(SEED), "--out", str(out), *extra]) == 0
    return out


def _error_line(capsys: pytest.CaptureFixture[str]) -> str:
    err = capsys.readouterr().err
    assert "Traceback" not in err
    lines = err.splitlines()
    assert len(lines) == 1, err
    assert lines[0].startswith("cardgames: error: ")
    return lines[0]


def test_list_shows_games_presets_and_bots(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["list"]) == 0
    out = capsys.readouterr().out
    game = cardgames.get_game(GAME)
    line = next(line for line in out.splitlines() if line.startswith(f"{GAME}:"))
    assert "2 players" in line
    assert all(preset in line for preset in game.presets)
    assert all(bot in out for bot in cardgames.bots.BOT_NAMES)


def test_list_gives_the_player_counts_of_the_presets(capsys: pytest.CaptureFixture[str]) -> None:
    """Games whose presets seat different numbers of players show them all."""
    assert main(["list"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert any(line.startswith("alakaslam: 2 or 4 players;") for line in lines)
    assert any(line.startswith("lerally: 2-4 players;") for line in lines)


def test_play_prints_moves_and_result(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", GAME, "--bots", "greedy,random", "--seed", str(SEED)]) == 0
    out = capsys.readouterr().out
    game = cardgames.get_game(GAME)
    bots = [cardgames.bots.make_bot(name, game) for name in ("greedy", "random")]
    record = cardgames.arena.play(game, bots, seed=SEED)
    assert "   1. red (greedy): " in out or "   1. blue (random): " in out
    assert game.format_move(record.moves[0]) in out
    assert f"{len(record.moves):4d}. " in out
    assert game.render(record.final_state()) in out
    assert record.outcome is not None
    assert f"result: {record.outcome.reason}" in out


def test_play_quiet_prints_only_the_result(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", GAME, "--bots", "random", "--seed", str(SEED), "--quiet"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert [line.split(":")[0] for line in lines] == ["result", "winners"]


@pytest.mark.parametrize(
    ("bots", "preset"),
    [("greedy,random", None), ("random", None), ("random,greedy", "red-starts")],
)
def test_play_record_equals_arena_play(tmp_path: Path, bots: str, preset: str | None) -> None:
    out = _play(tmp_path, "--quiet", *(["--preset", preset] if preset else []), bots=bots)
    record = cardgames.GameRecord.from_json(out.read_text(encoding="utf-8"))
    game = cardgames.get_game(GAME)
    names = bots.split(",")
    seats = [cardgames.bots.make_bot(names[seat % len(names)], game) for seat in range(2)]
    config = game.presets[preset] if preset else None
    assert record == cardgames.arena.play(game, seats, config=config, seed=SEED)


def test_replay_reads_back_a_played_game(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = _play(tmp_path)
    capsys.readouterr()
    record = cardgames.GameRecord.from_json(out.read_text(encoding="utf-8"))
    assert main(["replay", str(out)]) == 0
    printed = capsys.readouterr().out
    game = cardgames.get_game(GAME)
    for number, move in enumerate(record.moves, start=1):
        assert f"{number:4d}. red (" in printed or f"{number:4d}. blue (" in printed
        assert game.format_move(move) in printed
    assert game.render(record.final_state()) in printed
    assert printed.rstrip().endswith("the replayed outcome matches the stored outcome")
    assert game.outcome(record.final_state()) == record.outcome


def _edited_record(tmp_path: Path, name: str, edit: str) -> Path:
    data = json.loads(_play(tmp_path, "--quiet").read_text(encoding="utf-8"))
    if edit == "illegal":
        data["data"]["moves"].insert(0, {"type": "pass"})
    elif edit == "outcome":
        winners = data["data"]["outcome"]["winners"]
        loser = next(p for p in range(2) if p not in winners)
        data["data"]["outcome"]["winners"] = [loser]
        data["data"]["outcome"]["returns"] = [1.0 if p == loser else 0.0 for p in range(2)]
    path = tmp_path / name
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["play", "nosuchgame", "--bots", "random", "--seed", "1"], "unknown game"),
        (["play", GAME, "--bots", "random,nosuchbot", "--seed", "1"], "unknown bot"),
        (["play", GAME, "--bots", "random", "--seed", "1", "--preset", "nope"], "unknown preset"),
        (["play", GAME, "--bots", "random,random,random", "--seed", "1"], "seats 2"),
        (["replay", "missing.json"], "No such file"),
    ],
)
def test_errors_are_one_line(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
    argv: list[str],
    words: str,
) -> None:
    monkeypatch.chdir(tmp_path)
    assert main(argv) == 2
    assert words in _error_line(capsys)


@pytest.mark.parametrize(
    ("content", "words"),
    [
        (b"{not json", "not JSON"),
        (b"\xff\xfe\x00garbage", "not JSON"),
        (b'{"format": "cardgames"}', "missing"),
    ],
)
def test_malformed_record_is_an_error(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, content: bytes, words: str
) -> None:
    path = tmp_path / "bad.json"
    path.write_bytes(content)
    assert main(["replay", str(path)]) == 2
    assert words in _error_line(capsys)


def test_illegal_record_is_an_error(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = _edited_record(tmp_path, "illegal.json", "illegal")
    capsys.readouterr()
    assert main(["replay", str(path)]) == 2
    assert "move 1 of the record" in _error_line(capsys)


def test_outcome_mismatch_is_an_error(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = _edited_record(tmp_path, "mismatch.json", "outcome")
    capsys.readouterr()
    assert main(["replay", str(path)]) == 2
    assert "$.data.outcome: the replay ends with" in _error_line(capsys)


def test_unwritable_out_is_an_error(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    out = tmp_path / "no-such-dir" / "game.json"
    argv = ["play", GAME, "--bots", "random", "--seed", "1", "--quiet", "--out", str(out)]
    assert main(argv) == 2
    assert "No such file" in _error_line(capsys)


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["play", GAME, "--bots", "random", "--seed", "not-a-number"], "expected a whole number"),
        ([], "required"),
        (["nosuchcommand"], "invalid choice"),
        (["play", GAME, "--players", "0"], "positive"),
        (["simulate", GAME, "--bots", "random"], "--games"),
    ],
)
def test_usage_errors_are_one_line_and_exit_2(
    capsys: pytest.CaptureFixture[str], argv: list[str], words: str
) -> None:
    """argparse's own errors follow the same rule as the others: one line, status 2."""
    assert main(argv) == 2
    line = _error_line(capsys)
    assert words in line
    assert line.endswith("--help')")


def test_version_prints_the_library_version_and_exits_0() -> None:
    """``cardgames --version`` names the program and ``cardgames.__version__``."""
    out, err = io.StringIO(), io.StringIO()
    assert main(["--version"], stdout=out, stderr=err) == 0
    assert out.getvalue() == f"cardgames {cardgames.__version__}\n"
    assert err.getvalue() == ""


def test_help_goes_to_the_given_stdout() -> None:
    out, err = io.StringIO(), io.StringIO()
    assert main(["play", "--help"], stdout=out, stderr=err) == 0
    assert "--bots" in out.getvalue()
    assert "--players" in out.getvalue()
    assert err.getvalue() == ""


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["play", GAME, "--doubles"], "--doubles is not an option of alethi"),
        (["play", "lerally", "--players", "7"], "players must be 2, 3 or 4"),
        (["play", GAME, "--first-player", "green"], "no seat 'green'"),
        (["play", GAME, "--bots", "human,you"], "only one seat"),
        (["play", GAME, "--bots", "random,,greedy"], "empty name"),
        (["play", GAME, "--think-limit", "0"], "positive"),
        (["play", GAME, "--quiet"], "--quiet is for games between bots"),
        (["rules", "nosuchgame"], "unknown game"),
        (["replay", "game.json", "--view", "5"], "no seat 5"),
        (["bench", "--seconds", "0"], "expected a positive, finite number"),
        (["bench", "--seconds", "inf"], "expected a positive, finite number"),
        (["play", GAME, "--think-limit", "inf"], "expected a positive, finite number"),
        (["play", GAME, "--first-player", "\u00b2"], "no seat"),
        (["play", "alakaslam", "--doubles", "--players", "2"], "--doubles seats 4 players"),
        (["play", GAME, "--out", "no/such/folder/game.json"], "No such file"),
        (["bench", "--game", "nosuchgame"], "unknown game"),
    ],
)
def test_more_errors_are_one_line(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
    argv: list[str],
    words: str,
) -> None:
    monkeypatch.chdir(tmp_path)
    _play(tmp_path, "--quiet")
    capsys.readouterr()
    assert main(argv, stdin=io.StringIO("")) == 2
    assert words in _error_line(capsys)


def test_interrupt_is_one_line_and_exits_130(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    def interrupted(*args: object, **kwargs: object) -> object:
        raise KeyboardInterrupt

    monkeypatch.setattr(cardgames.arena, "play", interrupted)
    assert main(["play", GAME, "--bots", "random", "--seed", "1"]) == 130
    err = capsys.readouterr().err
    assert err == "cardgames: interrupted\n"


def test_a_bug_is_still_one_line(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """An unexpected exception (a bug) is reported in one line, without a traceback."""

    def broken(*args: object, **kwargs: object) -> object:
        raise RuntimeError("boom")

    monkeypatch.setattr(cardgames.arena, "play", broken)
    assert main(["play", GAME, "--bots", "random", "--seed", "1"]) == 2
    assert "internal error" in _error_line(capsys)


def test_play_seeds_itself_and_prints_the_seed(capsys: pytest.CaptureFixture[str]) -> None:
    """Without --seed a bots-only game picks a seed and prints it once the game is over, so it
    can be replayed."""
    assert main(["play", GAME, "--bots", "greedy,random"]) == 0
    first = capsys.readouterr().out.splitlines()
    seed = int(first[-1].split("Seed ")[1].split(":")[0])
    assert main(["play", GAME, "--bots", "greedy,random", "--seed", str(seed)]) == 0
    assert capsys.readouterr().out.splitlines() == first


def test_play_fills_missing_seats_with_the_bots_in_turn(tmp_path: Path) -> None:
    out = tmp_path / "game.json"
    argv = ["play", "lerally", "--players", "4", "--bots", "greedy,random", "--seed", "2"]
    assert main([*argv, "--quiet", "--out", str(out)], stdout=io.StringIO()) == 0
    record = cardgames.GameRecord.from_json(out.read_text(encoding="utf-8"))
    assert record.players == ("greedy", "random", "greedy", "random")
    assert record.config.players == 4


def test_python_m_cardgames_list() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "cardgames", "list"],
        capture_output=True,
        text=True,
        check=False,
        timeout=60,
    )
    assert result.returncode == 0, result.stderr
    assert f"{GAME}:" in result.stdout


def test_a_closed_pipe_ends_the_command_quietly() -> None:
    """``cardgames play ... | head`` stops without an error message or a traceback."""
    command = f"{sys.executable} -m cardgames play alethi --bots random --seed 1 | head -n 1"
    result = subprocess.run(command, shell=True, capture_output=True, text=True, check=False)
    assert result.stdout.startswith("alethi: red (random), blue (random)")
    assert result.stderr == ""


@pytest.mark.parametrize("typed", ["Alethi", "ALETHI", "aLeThI"])
def test_game_names_are_read_in_any_case(typed: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", typed, "--bots", "random,random", "--seed", "1", "--quiet"]) == 0
    assert main(["rules", typed]) == 0
    assert main(["simulate", typed, "--games", "2"]) == 0
    assert "alethi: 2 games" in capsys.readouterr().out


def test_simulate_plays_greedy_against_random_when_no_bots_are_named(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["simulate", "lerally", "--games", "2", "--seed", "1"]) == 0
    table = capsys.readouterr().out.splitlines()
    assert [row.split()[0] for row in table[2:4]] == ["greedy", "random"]


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (["lerally", "--hand-size", "99"], "--hand-size must be an int 1-50, got 99"),
        (["lerally", "--players", "5"], "--players must be 2, 3 or 4, got 5"),
        (["alakaslam", "--points-to-win", "9999"], "--points-to-win must be an int 1-99"),
    ],
)
def test_a_config_the_game_refuses_is_told_by_the_options_typed(
    argv: list[str], said: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """The game's own check names its config fields; the command line names the options
    that set them."""
    assert main(["play", *argv, "--bots", "random", "--quiet"]) == 2
    line = _error_line(capsys)
    assert said in line and "_" not in line.removeprefix("cardgames: error: ")
