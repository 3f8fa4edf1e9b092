"""``cardgames replay``: the whole record, ``--view`` and stepping with ``--step``."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

import cardgames
from cardgames.cli import main


@pytest.fixture
def record_file(tmp_path: Path) -> Path:
    """An AlakaSLAM game between bots: it has hidden cards, so views differ from states."""
    path = tmp_path / "game.json"
    argv = ["play", "alakaslam", "--bots", "greedy,random", "--seed", "4", "--quiet"]
    assert main([*argv, "--out", str(path)], stdout=io.StringIO()) == 0
    return path


def load(path: Path) -> cardgames.GameRecord:
    return cardgames.GameRecord.from_json(path.read_text(encoding="utf-8"))


def replay(path: Path, *flags: str, answers: str = "") -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    status = main(["replay", str(path), *flags], stdin=io.StringIO(answers), stdout=out, stderr=err)
    return status, out.getvalue(), err.getvalue()


def test_step_goes_forward_back_and_jumps(record_file: Path) -> None:
    record = load(record_file)
    game = cardgames.get_game(record.game)
    states = record.states()
    last = len(record.moves)
    answers = "\nn\nb\n3\ne\nn\nx\n99\nhelp\nq\nn\n"
    status, out, err = replay(record_file, "--step", answers=answers)
    assert (status, err) == (0, "")
    prompts = [line.split("]")[0] + "]" for line in out.splitlines() if line.startswith("[")]
    positions = [0, 1, 2, 1, 3, last, last, last, last, last]
    assert prompts == [f"[{at}/{last}]" for at in positions]
    assert "this is the end of the game" in out
    assert "unknown command 'x'" in out
    assert f"no move 99: the game has moves 1-{last}" in out
    assert out.count("NUMBER      jump") == 2  # at the start, and for help
    for at in (0, 1, 2, 3, last):
        assert game.render(states[at]) in out
    assert "result: " in out  # shown at the end


def test_step_stops_at_the_end_of_input(record_file: Path) -> None:
    status, out, err = replay(record_file, "--step", answers="n\n")
    assert (status, err) == (0, "")
    assert "[1/" in out


def test_view_draws_what_one_seat_saw(record_file: Path) -> None:
    record = load(record_file)
    game = cardgames.get_game(record.game)
    final = record.final_state()
    status, out, _ = replay(record_file, "--view", "1")
    assert status == 0
    assert game.render(game.view(final, 1)) in out
    assert game.render(final) not in out
    assert out.rstrip().endswith("the replayed outcome matches the stored outcome")


def test_a_replay_of_an_unfinished_game(tmp_path: Path) -> None:
    """A person's game left early is a record without an outcome; it replays all the same."""
    path = tmp_path / "left.json"
    argv = ["play", "alethi", "--seed", "1", "--first-player", "red", "--out", str(path)]
    assert main(argv, stdin=io.StringIO("1\n1\nquit\ny\n"), stdout=io.StringIO()) == 0
    status, out, _ = replay(path)
    assert status == 0
    assert "result: the game is not over" in out
    assert "red (human): " in out
