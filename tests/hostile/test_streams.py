"""Item 14 of issue 28: input that is not UTF-8, a closed stdin and a closed stdout made
``play``, ``replay --step`` and ``list`` print an internal error (or a traceback); each now
gets one line and the documented exit status. Every case runs the real ``cardgames`` command,
its streams closed or fed by the shell as a user's would be."""

from __future__ import annotations

import os
import pty
import select
import subprocess
import sys
import time
from pathlib import Path

import pytest

import cardgames
from cardgames import GameRecord

COMMAND = [sys.executable, "-m", "cardgames"]
TIMEOUT = 120


def _shell(
    redirections: str, *argv: str, data: bytes = b"", env: dict[str, str] | None = None
) -> subprocess.CompletedProcess[bytes]:
    """Run the command under ``sh`` with ``redirections`` (``>&-`` closes stdout, ...)."""
    script = 'exec "$@" ' + redirections
    return subprocess.run(
        ["sh", "-c", script, "sh", *COMMAND, *argv],
        input=data,
        capture_output=True,
        timeout=TIMEOUT,
        check=False,
        env={**os.environ, **(env or {})},
    )


def _one_line(stderr: bytes) -> str:
    text = stderr.decode("utf-8", "replace")
    assert "Traceback" not in text and "internal error" not in text
    lines = text.splitlines()
    assert len(lines) == 1, text
    return lines[0]


@pytest.fixture(scope="module")
def record(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("streams") / "game.json"
    played = cardgames.arena.play(
        cardgames.get_game("alethi"), [cardgames.bots.RandomBot()] * 2, seed=1
    )
    path.write_text(played.to_json(), encoding="utf-8")
    return path


@pytest.mark.parametrize(
    "argv",
    [
        ["list"],
        ["replay", "RECORD"],
        ["replay", "RECORD", "--step"],
        ["play", "alethi", "--quiet", "--bots", "random,random"],
    ],
    ids=["list", "replay", "step", "play"],
)
def test_a_closed_stdout_is_one_line_and_status_2(argv: list[str], record: Path) -> None:
    argv = [str(record) if a == "RECORD" else a for a in argv]
    done = _shell(">&-", *argv)
    assert done.returncode == 2
    assert _one_line(done.stderr) == "cardgames: error: stdout: it is closed"


def test_with_stdout_and_stderr_closed_the_status_still_tells() -> None:
    """Nothing can be shown at all: no traceback goes anywhere, and the status is 2."""
    done = _shell(">&- 2>&-", "list")
    assert (done.returncode, done.stdout, done.stderr) == (2, b"", b"")


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")
def test_a_stdout_that_cannot_be_written_is_named() -> None:
    done = _shell("> /dev/full", "list")
    assert done.returncode == 2
    assert _one_line(done.stderr) == "cardgames: error: stdout: No space left on device"


def test_a_closed_stdin_is_the_end_of_input(tmp_path: Path, record: Path) -> None:
    """``play`` saves the game and ends with status 1, as at the end of any input; stepping
    through a record stops, with status 0."""
    path = tmp_path / "game.json"
    done = _shell("<&-", "play", "alethi", "--seed", "2", "--out", str(path))
    assert done.returncode == 1
    assert _one_line(done.stderr).startswith("cardgames: end of input: the game stops after ")
    assert GameRecord.from_json(path.read_text(encoding="utf-8")).outcome is None
    done = _shell("<&-", "replay", str(record), "--step")
    assert (done.returncode, done.stderr) == (0, b"")
    assert b"[0/" in done.stdout


# The process's stdin decodes strictly under a UTF-8 locale, and with surrogateescape under the
# C locale: bytes that are not UTF-8 are refused the same way under both.
ENCODINGS = [{"PYTHONIOENCODING": "utf-8:strict"}, {"PYTHONIOENCODING": "utf-8:surrogateescape"}]


@pytest.mark.parametrize("env", ENCODINGS, ids=["strict", "surrogateescape"])
def test_input_that_is_not_utf_8_ends_a_game_saved(tmp_path: Path, env: dict[str, str]) -> None:
    path = tmp_path / "game.json"
    done = _shell(
        "", "play", "alethi", "--seed", "2", "--out", str(path), data=b"1\n\xff\xfe\n", env=env
    )
    assert done.returncode == 2
    assert _one_line(done.stderr) == (
        f"cardgames: error: stdin: the input is not UTF-8 text; the game so far is saved in {path}"
    )
    assert len(GameRecord.from_json(path.read_text(encoding="utf-8")).moves) >= 1


@pytest.mark.parametrize("env", ENCODINGS, ids=["strict", "surrogateescape"])
def test_input_that_is_not_utf_8_ends_a_step_through(record: Path, env: dict[str, str]) -> None:
    done = _shell("", "replay", str(record), "--step", data=b"n\n\xe9\n", env=env)
    assert done.returncode == 2
    assert _one_line(done.stderr) == "cardgames: error: stdin: the input is not UTF-8 text"


def _on_a_terminal(argv: list[str], typed: bytes, prompt: bytes) -> tuple[int, str]:
    """Run the command on a new terminal, type ``typed`` at the first ``prompt``; its status
    and everything it showed."""
    pid, master = pty.fork()
    if pid == 0:  # the child: only exec, at once
        try:
            os.execvpe(
                COMMAND[0], [*COMMAND, *argv], {**os.environ, "PYTHONIOENCODING": "utf-8:strict"}
            )
        finally:
            os._exit(127)
    shown = b""
    typed_yet = False
    deadline = time.monotonic() + TIMEOUT
    try:
        while time.monotonic() < deadline:
            ready, _, _ = select.select([master], [], [], 0.5)
            if not ready:
                continue
            try:
                chunk = os.read(master, 65536)
            except OSError:  # the command has ended and its terminal with it
                break
            if not chunk:
                break
            shown += chunk
            if not typed_yet and prompt in shown:
                os.write(master, typed)
                typed_yet = True
    finally:
        os.close(master)
    _, status = os.waitpid(pid, 0)
    return os.waitstatus_to_exitcode(status), shown.decode("utf-8", "replace")


def test_input_that_is_not_utf_8_at_a_terminal_ends_the_game_saved(tmp_path: Path) -> None:
    """At a terminal the answer goes through ``input()``, which decodes it itself."""
    path = tmp_path / "game.json"
    argv = ["play", "alethi", "--seed", "2", "--first-player", "red", "--out", str(path)]
    status, shown = _on_a_terminal(argv, b"\xff\xfe\r", b"red> ")
    assert status == 2, shown
    assert "Traceback" not in shown and "internal error" not in shown
    assert "cardgames: error: stdin: the input is not UTF-8 text; the game so far is saved" in shown
    assert GameRecord.from_json(path.read_text(encoding="utf-8")).moves == ()
