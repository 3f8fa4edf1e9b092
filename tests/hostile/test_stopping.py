"""Items 10 and 13 of issue 28: no way of stopping loses a game. SIGTERM or a closed terminal
(SIGHUP) during ``play --out FILE`` left no record; Ctrl-C on ``simulate --jobs 2`` took far
more than five seconds. Each case runs the real ``cardgames`` command on a terminal of its own
(a pty), waits for what it shows before stopping it (never a fixed sleep), and checks the
status, the one line it says and the records it kept."""

from __future__ import annotations

import os
import pty
import re
import select
import signal
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from cardgames import GameRecord

COMMAND = [sys.executable, "-m", "cardgames"]
# Generous for a loaded two-core machine: how long a command may take to show what is awaited.
TIMEOUT = 120.0
# How long a stopped command may take to end (the issue asks for a second or two).
STOPS_WITHIN = 5.0

pytestmark = pytest.mark.skipif(not hasattr(signal, "SIGHUP"), reason="POSIX signals")

Ready = Callable[[str], bool]


class Session:
    """The command running on a terminal of its own."""

    def __init__(self, argv: list[str]) -> None:
        self.pid, self.master = pty.fork()
        if self.pid == 0:  # the child: only exec, at once
            try:
                os.execvp(COMMAND[0], [*COMMAND, *argv])
            finally:
                os._exit(127)
        self.shown = b""
        self.open = True

    @property
    def text(self) -> str:
        return self.shown.decode("utf-8", "replace")

    def wait_for(self, ready: Ready) -> None:
        """Read what the command shows until ``ready`` holds of it."""
        deadline = time.monotonic() + TIMEOUT
        while not ready(self.text):
            assert time.monotonic() < deadline, f"never ready; shown: {self.text[-2000:]}"
            assert self._read(0.5), f"ended first; shown: {self.text[-2000:]}"

    def _read(self, timeout: float) -> bool:
        """Read what is there; ``False`` once the terminal is gone."""
        ready, _, _ = select.select([self.master], [], [], timeout)
        if not ready:
            return True
        try:
            chunk = os.read(self.master, 65536)
        except OSError:
            return False
        self.shown += chunk
        return bool(chunk)

    def type(self, keys: bytes) -> None:
        os.write(self.master, keys)

    def hang_up(self) -> None:
        """Close the terminal, as closing its window does: the command gets SIGHUP."""
        os.close(self.master)
        self.open = False

    def end(self) -> tuple[int, float]:
        """Wait for the command to end; its exit status and how long it took."""
        start = time.monotonic()
        while self.open and self._read(0.2):
            if time.monotonic() - start > TIMEOUT:
                break
        deadline = start + TIMEOUT
        while True:
            pid, status = os.waitpid(self.pid, os.WNOHANG)
            if pid:
                break
            if time.monotonic() > deadline:
                os.kill(self.pid, signal.SIGKILL)
                os.waitpid(self.pid, 0)
                pytest.fail(f"the command did not end; shown: {self.text[-2000:]}")
            time.sleep(0.02)
        if self.open:
            os.close(self.master)
            self.open = False
        return os.waitstatus_to_exitcode(status), time.monotonic() - start


def _prompts(count: int) -> Ready:
    return lambda text: text.count("red> ") >= count


def _person(path: Path) -> Session:
    """A person's game of Alethi, red first, who has played one move and is asked again."""
    session = Session(
        ["play", "alethi", "--seed", "3", "--first-player", "red", "--out", str(path)]
    )
    session.wait_for(_prompts(1))
    session.type(b"1\r")
    session.wait_for(_prompts(2))
    return session


def _saved(path: Path) -> GameRecord:
    record = GameRecord.from_json(path.read_text(encoding="utf-8"))
    assert record.outcome is None and len(record.moves) >= 2  # the person's move and the bot's
    assert record.players == ("human", "greedy")
    return record


def test_sigterm_during_a_person_s_game_saves_it(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    session = _person(path)
    os.kill(session.pid, signal.SIGTERM)
    status, took = session.end()
    assert status == 143
    assert took < STOPS_WITHIN
    assert f"cardgames: stopped by SIGTERM; the game so far is saved in {path}" in session.text
    _saved(path)


def test_a_closed_terminal_during_a_person_s_game_saves_it(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    session = _person(path)
    session.hang_up()
    status, took = session.end()
    assert status == 129
    assert took < STOPS_WITHIN
    _saved(path)


def test_ctrl_c_during_a_person_s_game_saves_it(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    session = _person(path)
    session.type(b"\x03")
    status, _ = session.end()
    assert status == 130
    assert f"cardgames: interrupted; the game so far is saved in {path}" in session.text
    _saved(path)


def test_sigterm_during_a_game_of_bots_saves_the_moves_so_far(tmp_path: Path) -> None:
    """A game between searching bots, long enough to be stopped after its second move."""
    path = tmp_path / "game.json"
    session = Session(
        ["play", "lerally", "--bots", "ismcts,ismcts", "--seed", "1", "--out", str(path)]
    )
    session.wait_for(lambda text: "   2. " in text)
    os.kill(session.pid, signal.SIGTERM)
    status, _ = session.end()
    assert status == 143
    assert f"the game so far is saved in {path}" in session.text
    record = GameRecord.from_json(path.read_text(encoding="utf-8"))
    assert len(record.moves) >= 2 and record.players == ("ismcts", "ismcts")


def _workers_of(path: Path) -> list[int]:
    """The processes still running whose command line names ``path`` (the command's workers
    are copies of it)."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            line = (entry / "cmdline").read_bytes()
            state = (entry / "status").read_text(encoding="utf-8")
        except OSError:
            continue
        if str(path).encode() in line and "\nState:\tZ" not in state:
            found.append(int(entry.name))
    return found


def _games_shown(count: int) -> Ready:
    def ready(text: str) -> bool:
        done = re.findall(r"(\d+)/2000 games", text)
        return bool(done) and int(done[-1]) >= count

    return ready


@pytest.mark.skipif(not Path("/proc/self/cmdline").exists(), reason="reads /proc")
@pytest.mark.parametrize("how", ["ctrl-c", "sigterm", "hang-up"])
def test_a_simulation_on_two_workers_stops_at_once_and_keeps_its_records(
    tmp_path: Path, how: str
) -> None:
    """Ctrl-C and a closed terminal reach the command and its workers (the terminal signals
    them all); SIGTERM only the command, which stops its workers itself. Either way it ends
    within seconds, with the records of the games finished before the first unfinished one
    (as many as it says, where its terminal is still there to say it), and no worker is left."""
    path = tmp_path / "games.jsonl"
    session = Session(
        [
            "simulate",
            "alethi",
            "--bots",
            "greedy,random",
            "--games",
            "2000",
            "--jobs",
            "2",
            "--records",
            str(path),
        ]
    )
    session.wait_for(_games_shown(10))
    if how == "ctrl-c":
        session.type(b"\x03")
    elif how == "sigterm":
        os.kill(session.pid, signal.SIGTERM)
    else:
        session.hang_up()
    status, took = session.end()
    assert status == {"ctrl-c": 130, "sigterm": 143, "hang-up": 129}[how]
    assert took < STOPS_WITHIN
    lines = path.read_text(encoding="utf-8").splitlines()
    assert len(lines) >= 10
    assert all(GameRecord.from_json(line).outcome is not None for line in lines)
    if how != "hang-up":
        said = re.search(r"(\d+) games finished: their records are in (\S+)", session.text)
        assert said is not None, session.text[-2000:]
        assert (said[2], int(said[1])) == (str(path), len(lines))
    deadline = time.monotonic() + STOPS_WITHIN
    while _workers_of(path) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert _workers_of(path) == []
