"""The command line's files and statuses: simulate's records read by replay, output paths checked
before any game, errors that name the file, the version and the documented exit statuses."""

from __future__ import annotations

import importlib.metadata
import io
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

import cardgames
from cardgames.cli import EXIT_STATUSES, main
from cardgames.cli.text import count, plural

ROOT = Path(__file__).resolve().parent.parent
GAMES = 4


def run(argv: list[str], answers: str = "") -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    status = main(argv, stdin=io.StringIO(answers), stdout=out, stderr=err)
    return status, out.getvalue(), err.getvalue()


@pytest.fixture(scope="module")
def records(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The records of a short AlakaSLAM simulation, one a line."""
    path = tmp_path_factory.mktemp("sim") / "games.jsonl"
    argv = ["simulate", "alakaslam", "--bots", "greedy,random", "--games", str(GAMES)]
    status, _, err = run([*argv, "--seed", "5", "--records", str(path)])
    assert (status, err) == (0, "")
    return path


def _expected() -> list[cardgames.GameRecord]:
    result = cardgames.arena.tournament("alakaslam", ["greedy", "random"], games=GAMES, seed=5)
    return list(result.records)


def _alone(record: cardgames.GameRecord, tmp_path: Path) -> str:
    """What ``replay`` prints for ``record`` stored alone in a file."""
    path = tmp_path / "one.json"
    path.write_text(record.to_json() + "\n", encoding="utf-8")
    status, out, err = run(["replay", str(path)])
    assert (status, err) == (0, "")
    return out


@pytest.mark.parametrize("number", range(1, GAMES + 1))
def test_replay_tells_one_game_of_simulate_s_records(
    records: Path, tmp_path: Path, number: int
) -> None:
    status, out, err = run(["replay", str(records), "--game", str(number)])
    assert (status, err) == (0, "")
    assert out == _alone(_expected()[number - 1], tmp_path)


def test_replay_tells_every_game_of_the_records_in_turn(records: Path, tmp_path: Path) -> None:
    status, out, err = run(["replay", str(records)])
    assert (status, err) == (0, "")
    expected = "".join(
        f"--- game {number} ---\n" + _alone(record, tmp_path)
        for number, record in enumerate(_expected(), start=1)
    )
    assert out == expected


def test_replay_steps_through_one_game_of_the_records(records: Path) -> None:
    status, out, err = run(["replay", str(records), "--game", "2", "--step"], answers="e\nq\n")
    assert (status, err) == (0, "")
    assert "result: " in out


def test_a_single_record_is_game_1(tmp_path: Path) -> None:
    record = _expected()[0]
    path = tmp_path / "pretty.json"  # one document over many lines is one game too
    path.write_text(json.dumps(json.loads(record.to_json()), indent=2), encoding="utf-8")
    status, out, err = run(["replay", str(path), "--game", "1"])
    assert (status, err) == (0, "")
    assert out == _alone(record, tmp_path)


@pytest.mark.parametrize(
    ("flags", "words"),
    [
        (["--game", "9"], "games.jsonl: no game 9; the file holds 4 games (choose 1-4)"),
        (["--step"], "games.jsonl holds 4 games: step through one with --game N"),
        (["--game", "2", "--view", "7"], "--view: no seat 7 in game 2 of "),
        (["--game", "0"], "expected a number of at least 1"),
    ],
)
def test_replay_errors_about_records(records: Path, flags: list[str], words: str) -> None:
    status, out, err = run(["replay", str(records), *flags])
    assert status == 2
    assert out == ""
    assert err.count("\n") == 1
    assert words in err


def test_a_bad_line_is_named_with_its_file_and_game(records: Path, tmp_path: Path) -> None:
    lines = records.read_text(encoding="utf-8").splitlines()
    document = json.loads(lines[2])
    document["data"]["moves"].insert(0, {"type": "nonsense"})
    lines[2] = json.dumps(document)
    path = tmp_path / "edited.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    status, _, err = run(["replay", str(path), "--game", "1"])
    assert status == 0  # only the chosen game is loaded
    status, _, err = run(["replay", str(path)])
    assert status == 2
    assert err.startswith(f"cardgames: error: {path}, game 3: ")


def test_a_single_bad_record_is_named_with_its_file(tmp_path: Path) -> None:
    path = tmp_path / "bad.json"
    path.write_text("{not json", encoding="utf-8")
    status, _, err = run(["replay", str(path)])
    assert status == 2
    assert err.startswith(f"cardgames: error: {path}: ")


def test_replay_viewer_is_another_name_for_view(records: Path) -> None:
    by_view = run(["replay", str(records), "--game", "1", "--view", "1"])
    assert by_view[0] == 0
    assert run(["replay", str(records), "--game", "1", "--viewer", "1"]) == by_view
    assert by_view != run(["replay", str(records), "--game", "1"])


# --- output paths -------------------------------------------------------------------------------


def _refused(argv: list[str], monkeypatch: pytest.MonkeyPatch) -> str:
    """The error of ``argv``, which must come before any game is played."""

    def no_games(*args: object, **kwargs: object) -> object:
        raise AssertionError("a game was played before the output path was checked")

    monkeypatch.setattr(cardgames.arena, "play", no_games)
    monkeypatch.setattr(cardgames.arena, "tournament", no_games)
    status, _, err = run(argv, answers="1\n" * 50)
    assert status == 2
    assert err.count("\n") == 1
    return err


@pytest.mark.parametrize(
    "command",
    [
        ["play", "alethi", "--bots", "random", "--out"],
        ["play", "alethi", "--out"],
        ["simulate", "alethi", "--bots", "random", "--games", "2", "--records"],
    ],
)
def test_output_paths_are_checked_before_a_game(
    command: list[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    missing = tmp_path / "no-such-folder" / "out.json"
    err = _refused([*command, str(missing)], monkeypatch)
    assert f"{missing}: No such file or directory (no folder {missing.parent})" in err
    err = _refused([*command, str(tmp_path)], monkeypatch)
    assert f"{tmp_path}: is a folder, not a file" in err
    assert not missing.parent.exists()


def test_a_missing_record_names_the_file(tmp_path: Path) -> None:
    status, _, err = run(["replay", str(tmp_path / "nope.json")])
    assert status == 2
    assert f"{tmp_path / 'nope.json'}: No such file or directory" in err


# --- version, statuses and words ----------------------------------------------------------------


def test_the_version_is_the_distribution_s() -> None:
    assert cardgames.__version__ == importlib.metadata.version("cardgames")
    status, out, err = run(["--version"])
    assert (status, out, err) == (0, f"cardgames {cardgames.__version__}\n", "")


def test_help_lists_the_exit_statuses_as_the_docs_do() -> None:
    status, out, _ = run(["--help"])
    assert status == 0
    assert out.rstrip().endswith(EXIT_STATUSES.rstrip())
    listed = re.findall(r"^  (\d+) ", EXIT_STATUSES, flags=re.MULTILINE)
    assert listed == ["0", "1", "2", "129", "130", "143"]
    page = (ROOT / "docs" / "cli.md").read_text(encoding="utf-8")
    documented = re.findall(r"^\| (\d+) \|", page, flags=re.MULTILINE)
    assert documented == listed


def test_quitting_a_game_is_status_0(tmp_path: Path) -> None:
    argv = ["play", "lerally", "--seed", "1", "--out", str(tmp_path / "g.json")]
    status, out, err = run(argv, answers="quit\ny\n")
    assert (status, err) == (0, "")
    assert "the game stops after " in out


def test_one_move_is_one_move(tmp_path: Path) -> None:
    argv = ["play", "alethi", "--seed", "1", "--first-player", "blue"]  # the bot's one move
    status, out, _ = run([*argv, "--out", str(tmp_path / "g.json")], answers="quit\ny\n")
    assert status == 0
    assert "the game stops after 1 move;" in out


@pytest.mark.parametrize(
    ("number", "noun", "expected"),
    [(0, "game", "0 games"), (1, "game", "1 game"), (2, "card", "2 cards"), (1, "card", "1 card")],
)
def test_counts_agree_with_their_numbers(number: int, noun: str, expected: str) -> None:
    assert count(number, noun) == expected
    assert plural(number, noun) == expected.split()[1]


def test_bench_text_shows_figures_and_markdown_keeps_the_targets(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from cardgames import bench

    monkeypatch.setattr(bench, "chess_version", lambda: None)
    status, out, _ = run(["bench", "--seconds", "0.2", "--game", "alethi"])
    assert status == 0
    headings = [line.split("  ") for line in out.splitlines() if line.startswith("game ")]
    assert len(headings) == 3
    for heading in headings:
        assert not {"target", "met"} & {cell.strip() for cell in heading}
    assert "ratio to chess" in out
    assert out.rstrip().endswith("cardgames bench --markdown or --json.")
    status, out, _ = run(["bench", "--seconds", "0.2", "--game", "alethi", "--markdown"])
    assert status == 0
    assert "| target | met |" in out


@pytest.mark.parametrize(
    ("first", "expected"), [("red", "no moves (0 is the start)"), ("blue", "one move, 1")]
)
def test_step_names_the_moves_of_a_short_game(tmp_path: Path, first: str, expected: str) -> None:
    """A game left after no move or one move (the bot's) says so in words, not ``1-0``."""
    path = tmp_path / "short.json"
    argv = ["play", "alethi", "--seed", "1", "--first-player", first, "--out", str(path)]
    assert run(argv, answers="quit\ny\n")[0] == 0
    record = cardgames.GameRecord.from_json(path.read_text(encoding="utf-8"))
    status, out, _ = run(["replay", str(path), "--step"], answers="5\nq\n")
    assert status == 0
    assert f"no move 5: the game has {expected}" in out
    assert f"{count(len(record.moves), 'move')}. Commands:" in out


@pytest.mark.parametrize(
    ("content", "flags", "words"),
    [
        (b"[" * 600 + b"\n" + b"]" * 600, [], ": longer than the 1000 bytes of a document"),
        (b'{"a": 1}\n' + b"x" * 1200, ["--game", "2"], ", game 2: longer than the 1000 bytes"),
        (b"{" + b" " * 1200 + b"}", [], ": longer than the 1000 bytes of a document"),
    ],
)
def test_a_file_too_long_for_a_record_is_refused_by_name(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    content: bytes,
    flags: list[str],
    words: str,
) -> None:
    """A document, or a line of JSON lines, longer than any record is refused unread."""
    monkeypatch.setattr("cardgames.cli.records.MAX_DOCUMENT", 1000)
    path = tmp_path / "huge.json"
    path.write_bytes(content)
    status, _, err = run(["replay", str(path), *flags])
    assert status == 2
    assert err.startswith(f"cardgames: error: {path}{words}")
    assert err.count("\n") == 1


def test_svg_draws_one_game_of_the_records(records: Path, tmp_path: Path) -> None:
    frames = tmp_path / "frames"
    status, _, err = run(["replay", str(records), "--svg", str(frames)])
    assert status == 2
    assert "holds 4 games: --svg draws one, chosen with --game N" in err
    status, out, err = run(["replay", str(records), "--game", "2", "--svg", str(frames)])
    assert (status, err) == (0, "")
    moves = len(_expected()[1].moves)
    assert len(list(frames.glob("*.svg"))) == moves + 1
    assert f"{moves + 1} pictures written to {frames}" in out


def test_make_clean_removes_the_records_play_names_itself(tmp_path: Path) -> None:
    """A person's game without ``--out`` leaves ``GAME-game.json`` (then ``-2``...) in the
    working folder; ``make clean``'s recipe removes them, and nothing else of the folder."""
    root = Path(__file__).resolve().parent.parent
    recipe = (root / "Makefile").read_text(encoding="utf-8").split("\nclean:\n", 1)[1]
    recipe = recipe.split("\n\n", 1)[0]
    # The lines that remove files by pattern (the others name make's own variables).
    lines = [line.strip() for line in recipe.splitlines() if line.startswith("\t")]
    lines = [line for line in lines if "$(" not in line]
    assert lines
    keep = tmp_path / "notes.json"
    keep.write_text("{}", encoding="utf-8")
    for _ in range(2):
        done = subprocess.run(
            [sys.executable, "-m", "cardgames", "play", "lerally"],
            input="quit\ny\n",
            capture_output=True,
            text=True,
            cwd=tmp_path,
            check=False,
        )
        assert done.returncode == 0, done.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        "lerally-game-2.json",
        "lerally-game.json",
        "notes.json",
    ]
    for line in lines:
        subprocess.run(line, shell=True, cwd=tmp_path, check=True)
    assert [p.name for p in tmp_path.iterdir()] == ["notes.json"]
