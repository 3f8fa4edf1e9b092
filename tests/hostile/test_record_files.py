"""Items 10 to 12 of issue 28, the files: a record is written whole or not at all, ``--out``
never replaces a file of another kind unless ``--force``, and a record that cannot be written
(``/dev/full``) is an error that names the file and, for a game, tells its seed."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import cardgames
from cardgames import GameRecord, InvalidConfigError
from cardgames.arena import tournament
from cardgames.cli import main, paths

FULL = Path("/dev/full")
needs_full = pytest.mark.skipif(not FULL.exists(), reason="needs /dev/full")


def _run(argv: list[str], answers: str = "") -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    status = main(argv, stdin=io.StringIO(answers), stdout=out, stderr=err)
    return status, out.getvalue(), err.getvalue()


def _record_text(seed: int = 1) -> str:
    record = cardgames.arena.play(
        cardgames.get_game("alethi"), [cardgames.bots.RandomBot()] * 2, seed=seed
    )
    return record.to_json() + "\n"


def test_a_record_is_written_whole_or_the_old_file_stays(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A write that fails at any step (here: the disk refuses the sync, or the rename) leaves
    the file as it was and no temporary file beside it."""
    path = tmp_path / "game.json"
    old = _record_text(1)
    path.write_text(old, encoding="utf-8")
    os.chmod(path, 0o640)
    for step in ("fsync", "replace"):
        with monkeypatch.context() as patched:

            def fail(*args: Any) -> None:
                raise OSError(28, "No space left on device")

            patched.setattr(os, step, fail)
            with pytest.raises(OSError):
                paths.write_whole(path, _record_text(2))
        assert path.read_text(encoding="utf-8") == old
        assert sorted(p.name for p in tmp_path.iterdir()) == ["game.json"]
    new = _record_text(3)
    paths.write_whole(path, new)
    assert path.read_text(encoding="utf-8") == new
    assert path.stat().st_mode & 0o777 == 0o640  # the file replaced keeps its permissions
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.json"]


def test_a_record_through_a_link_replaces_the_file_and_keeps_the_link(tmp_path: Path) -> None:
    target = tmp_path / "real.json"
    target.write_text(_record_text(1), encoding="utf-8")
    link = tmp_path / "link.json"
    link.symlink_to(target)
    paths.write_whole(link, _record_text(2))
    assert link.is_symlink()
    assert GameRecord.from_json(target.read_text(encoding="utf-8")).seed == 2


@pytest.mark.parametrize(
    "argv",
    [
        ["play", "alethi", "--bots", "random,random", "--quiet", "--out"],
        ["play", "alethi", "--out"],
        ["simulate", "alethi", "--bots", "random", "--games", "2", "--records"],
    ],
    ids=["bots", "person", "simulate"],
)
def test_a_file_that_holds_no_record_is_not_replaced_without_force(
    tmp_path: Path, argv: list[str]
) -> None:
    notes = tmp_path / "notes.txt"
    notes.write_text("my notes, not a game\n", encoding="utf-8")
    status, out, err = _run([*argv, str(notes)], "1\n" * 200)
    assert (status, out) == (2, "")
    assert (
        err
        == f"cardgames: error: {notes}: is there and holds no game record; --force replaces it\n"
    )
    assert notes.read_text(encoding="utf-8") == "my notes, not a game\n"
    status, _, err = _run([*argv, str(notes), "--force"], "1\n" * 200)
    assert status in (0, 1)  # a person's game ends with the input
    first = notes.read_text(encoding="utf-8").splitlines()[0]
    assert GameRecord.from_json(first).game == "alethi"


@pytest.mark.parametrize("kept", ["", "record", "records"])
def test_a_file_of_records_or_nothing_is_replaced(tmp_path: Path, kept: str) -> None:
    path = tmp_path / "game.json"
    path.write_text({"": "", "record": _record_text(1), "records": _record_text(1) * 3}[kept])
    status, _, err = _run(
        ["play", "alethi", "--bots", "random,random", "--quiet", "--out", str(path)]
    )
    assert (status, err) == (0, "")
    assert GameRecord.from_json(path.read_text(encoding="utf-8")).players == ("random", "random")


@needs_full
def test_a_person_s_game_that_cannot_be_saved_names_the_file_and_tells_the_seed() -> None:
    """Saving into ``/dev/full`` raised a bare ``No space left on device`` and the person lost
    the game with no seed to replay it by; both the stopped game and the finished one name the
    file and tell the seed."""
    status, out, err = _run(["play", "alethi", "--seed", "5", "--out", str(FULL)], "1\n1\n")
    assert status == 2
    assert err.splitlines() == [
        "cardgames: error: /dev/full: cannot write the record: No space left on device; the "
        "game's seed is 5"
    ]
    status, out, err = _run(["play", "alethi", "--seed", "6", "--out", str(FULL)], "1\n" * 300)
    assert status == 2
    assert "Seed 6: the same seed and answers replay this game." in out
    assert "result: " in out  # the end of the game is shown before the error
    assert err == (
        "cardgames: error: /dev/full: cannot write the record: No space left on device; the "
        "game's seed is 6\n"
    )


@needs_full
@pytest.mark.parametrize("quiet", [[], ["--quiet"]])
def test_a_game_of_bots_that_cannot_be_saved_names_the_file_and_tells_the_seed(
    quiet: list[str],
) -> None:
    argv = ["play", "alethi", "--bots", "random,random", "--seed", "9", "--out", str(FULL)]
    status, out, err = _run([*argv, *quiet])
    assert status == 2
    assert err == (
        "cardgames: error: /dev/full: cannot write the record: No space left on device; the "
        "game's seed is 9\n"
    )
    assert "winners: " in out


@needs_full
def test_a_tournament_s_records_that_cannot_be_written_are_a_library_error() -> None:
    """``tournament(records="/dev/full")`` raised the ``OSError`` of closing the file."""
    with pytest.raises(InvalidConfigError) as caught:
        tournament("alethi", ["random", "random"], games=2, records=str(FULL))
    assert str(caught.value) == "records: cannot write /dev/full: No space left on device"
    with pytest.raises(InvalidConfigError, match=r"^records: cannot write /dev/full: No space"):
        tournament("alethi", ["random", "random"], games=4, records=FULL, jobs=2)
    status, out, err = _run(
        ["simulate", "alethi", "--bots", "random", "--games", "2", "--records", str(FULL)]
    )
    assert (status, out) == (2, "")
    assert err == "cardgames: error: records: cannot write /dev/full: No space left on device\n"


def test_a_stream_that_cannot_take_the_records_is_named(tmp_path: Path) -> None:
    stream = (tmp_path / "games.jsonl").open("w", encoding="utf-8")
    stream.close()
    with pytest.raises(InvalidConfigError, match=r"^records: cannot write .*games\.jsonl: "):
        tournament("alethi", ["random", "random"], games=2, records=stream)
    with pytest.raises(InvalidConfigError, match=r"^records: cannot write the records stream: "):
        tournament("alethi", ["random", "random"], games=2, records=io.BytesIO())  # type: ignore[arg-type]


def test_a_game_stopped_by_an_error_is_saved_whole(tmp_path: Path) -> None:
    """An error in the middle of a person's game (here: input that is not text) saves the moves
    so far, and the record replays."""
    path = tmp_path / "game.json"
    status, _, err = _run(["play", "alethi", "--seed", "3", "--out", str(path)], "1\n1\n\udcff\n")
    assert status == 2
    assert err == (
        f"cardgames: error: stdin: the input is not UTF-8 text; the game so far is saved in "
        f"{path}\n"
    )
    record = GameRecord.from_json(path.read_text(encoding="utf-8"))
    assert record.outcome is None and len(record.moves) >= 2
    assert json.loads(path.read_text(encoding="utf-8"))["kind"] == "record"


def test_a_game_of_bots_whose_reader_goes_away_is_saved(tmp_path: Path) -> None:
    """``... | head -1``: the pipe breaks while the game is told, and the record written
    holds the moves played by then (the whole game, if it was over first)."""
    path = tmp_path / "game.json"
    argv = [sys.executable, "-m", "cardgames", "play", "lerally", "--bots", "random,random"]
    done = subprocess.run(
        ["sh", "-c", '"$@" | head -1', "sh", *argv, "--seed", "2", "--out", str(path)],
        capture_output=True,
        timeout=120,
        check=False,
    )
    assert done.stdout.decode().startswith("lerally: player 0 (random), player 1 (random)")
    assert b"Traceback" not in done.stderr
    record = GameRecord.from_json(path.read_text(encoding="utf-8"))
    assert record.players == ("random", "random") and len(record.moves) >= 1
