"""A real ``cardgames serve`` process for the server's tests, and the small client they share.

:class:`ServerProcess` starts ``python -m cardgames serve --port 0`` on a temporary SQLite
file (or a database's address), waits for its ``serving on http://127.0.0.1:PORT`` line (the
port the system chose, so tests in parallel never collide), and stops it with SIGTERM, or
kills it with SIGKILL. Its stderr goes to a file that a failing test shows. Everything talks
to 127.0.0.1 only.

:class:`Client` is a thin layer over ``httpx`` that speaks the API's documents, and
:func:`check_against_record` holds every match document a seat was sent to the library's own
view, legal moves and events of the replayed state.
"""

from __future__ import annotations

import json
import os
import queue
import random
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx
from websockets.sync.client import ClientConnection, connect

import cardgames
from cardgames import GameRecord

#: How long a server may take to start on a loaded machine, in seconds.
START_TIMEOUT = 90.0
#: How long a test waits for a bot's move or a request, in seconds.
WAIT = 60.0
READY_PREFIX = "serving on "


class ServerProcess:
    """A ``cardgames serve`` process on a free loopback port."""

    def __init__(self, db: Path | str, *options: str, log: Path | None = None) -> None:
        self.db = db
        self.options = options
        if log is None:
            assert isinstance(db, Path), "a server on a database address needs a log file"
            log = db.with_suffix(".log")
        self.log = log
        self.process: subprocess.Popen[str] | None = None
        self.url = ""

    def start(self) -> ServerProcess:
        """Start the process and wait until it serves; raises with its log if it does not."""
        environment = dict(os.environ, PYTHONUNBUFFERED="1")
        with open(self.log, "a", encoding="utf-8") as log:
            command = [sys.executable, "-m", "cardgames", "serve", "--host", "127.0.0.1"]
            self.process = subprocess.Popen(
                [*command, "--port", "0", "--db", str(self.db), *self.options],
                stdout=subprocess.PIPE,
                stderr=log,
                text=True,
                env=environment,
            )
        lines: queue.Queue[str | None] = queue.Queue()
        stdout = self.process.stdout
        assert stdout is not None

        def read() -> None:
            for line in stdout:
                lines.put(line)
            lines.put(None)

        threading.Thread(target=read, daemon=True).start()
        deadline = time.monotonic() + START_TIMEOUT
        while True:
            try:
                line = lines.get(timeout=max(0.1, deadline - time.monotonic()))
            except queue.Empty:
                line = None
            if line is None:
                self.kill()
                raise AssertionError(f"the server did not start:\n{self.stderr()}")
            if line.startswith(READY_PREFIX):
                self.url = line[len(READY_PREFIX) :].strip()
                return self

    def stderr(self) -> str:
        """What the process wrote to stderr so far."""
        return self.log.read_text(encoding="utf-8") if self.log.exists() else ""

    def stop(self) -> int:
        """SIGTERM, and the exit status once it has stopped."""
        assert self.process is not None
        self.process.send_signal(signal.SIGTERM)
        return self.process.wait(timeout=WAIT)

    def kill(self) -> None:
        """SIGKILL: no chance to finish anything."""
        if self.process is not None and self.process.poll() is None:
            self.process.kill()
            self.process.wait(timeout=WAIT)


@contextmanager
def running(db: Path | str, *options: str, log: Path | None = None) -> Iterator[ServerProcess]:
    """A started server for the length of the ``with`` block, stopped (or killed) after."""
    server = ServerProcess(db, *options, log=log).start()
    try:
        yield server
    finally:
        if server.process is not None and server.process.poll() is None:
            try:
                server.stop()
            except subprocess.TimeoutExpired:
                server.kill()


class Client:
    """The API, over one ``httpx`` connection pool to the server."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.http = httpx.Client(base_url=url, timeout=WAIT)

    def close(self) -> None:
        """Close the connections."""
        self.http.close()

    def create(self, game: str, seats: Sequence[str], **more: Any) -> str:
        """A new match; its id."""
        answer = self.http.post("/api/matches", json={"game": game, "seats": list(seats), **more})
        assert answer.status_code == 201, answer.text
        match: str = answer.json()["match"]
        return match

    def join(self, match: str, **body: Any) -> tuple[int, str]:
        """A seat of ``match``: (seat, token)."""
        answer = self.http.post(f"/api/matches/{match}/join", json=body)
        assert answer.status_code == 200, answer.text
        found = answer.json()
        return found["seat"], found["token"]

    def look(self, match: str, token: str | None = None, since: int | None = None) -> Any:
        """The match as the token's seat (or a spectator) sees it."""
        params = {} if since is None else {"since": since}
        answer = self.http.get(f"/api/matches/{match}", headers=auth(token), params=params)
        assert answer.status_code == 200, answer.text
        return answer.json()

    def move(self, match: str, token: str, notation: str, version: int) -> httpx.Response:
        """POST a move; the response, whatever it is."""
        return self.http.post(
            f"/api/matches/{match}/moves",
            headers=auth(token),
            json={"move": notation, "version": version},
        )

    def record(self, match: str) -> GameRecord:
        """The finished match's record, checked by the library as it loads."""
        answer = self.http.get(f"/api/matches/{match}/record")
        assert answer.status_code == 200, answer.text
        return GameRecord.from_json(answer.text)

    def wait_for_turn(self, match: str, token: str, seat: int) -> Any:
        """Poll until ``seat`` is to move or the match is over; the last document."""
        deadline = time.monotonic() + WAIT
        pause = 0.005
        while True:
            seen = self.look(match, token)
            if seen["status"] == "over" or seen["current_player"] == seat:
                return seen
            if time.monotonic() > deadline:
                raise AssertionError(f"seat {seat} was never to move: {seen['status']}")
            time.sleep(pause)
            pause = min(0.1, pause * 2)


def auth(token: str | None) -> dict[str, str]:
    """The header of a seat's token (none for a spectator)."""
    return {} if token is None else {"Authorization": f"Bearer {token}"}


@contextmanager
def live(url: str, match: str, token: str | None = None) -> Iterator[ClientConnection]:
    """A live connection to ``match`` that has sent its first message, for the ``with``
    block."""
    address = url.replace("http://", "ws://") + f"/api/matches/{match}/live"
    # An unbounded queue: a test that reads the news only now and then never holds the
    # connection up (a full queue would stop the client reading, and its close waiting).
    with connect(address, max_queue=None) as socket:
        socket.send(json.dumps({} if token is None else {"token": token}))
        yield socket


def play_out(
    client: Client,
    match: str,
    seats: dict[int, str],
    rng: random.Random,
    *,
    watch: bool = False,
) -> list[tuple[int, Any]]:
    """Play random legal moves for the people's ``seats`` (seat -> token) until the match is
    over, the bots answering on the server, waiting for them on a live connection; every
    ``(seat, document)`` the people were sent, and with ``watch`` every ``(SPECTATOR,
    document)`` a spectator was sent along the way."""
    seen: list[tuple[int, Any]] = []
    deadline = time.monotonic() + 20 * WAIT
    with live(client.url, match, next(iter(seats.values()))) as socket:
        while time.monotonic() < deadline:
            documents = {seat: client.look(match, token) for seat, token in seats.items()}
            seen += documents.items()
            if watch:
                seen.append((cardgames.SPECTATOR, client.look(match)))
            first = next(iter(documents.values()))
            if first["status"] == "over":
                return seen
            mover = next((s for s, d in documents.items() if d["current_player"] == s), None)
            if mover is None:  # a bot is thinking: wait for news of a newer version
                wait_for_version(socket, first["version"] + 1)
                continue
            document = documents[mover]
            choice = rng.choice(document["legal_moves"])
            answer = client.move(match, seats[mover], choice["notation"], document["version"])
            assert answer.status_code == 200, answer.text
            seen.append((mover, answer.json()))
    raise AssertionError("the match did not end in time")


def wait_for_version(socket: ClientConnection, version: int) -> Any:
    """Read live news until it tells of ``version`` or later, or of the match's end."""
    while True:
        news = json.loads(socket.recv(timeout=WAIT))
        if news["version"] >= version or news["status"] == "over":
            return news


def check_against_record(record: GameRecord, seen: Sequence[tuple[int, Any]]) -> None:
    """Every document a seat was sent shows the library's view, legal moves and events of
    the replayed state at its version, and nothing else."""
    game = cardgames.get_game(record.game)
    states = record.states()
    moves = record.moves
    # seat -> every event told to it, in order, as (version, text, event document)
    told: dict[int, list[tuple[int, str, Any]]] = {}
    for seat in {seat for seat, _ in seen}:
        told[seat] = [
            (number, game.format_event(event), json.loads(cardgames.to_json(event)))
            for number in range(1, len(moves) + 1)
            for event in game.events(
                states[number - 1], moves[number - 1], states[number], viewer=seat
            )
        ]
    for seat, document in seen:
        version = document["version"]
        state = states[version]
        view: Any = cardgames.from_json(json.dumps(document["view"]), game.view_type)
        assert view == game.view(state, seat), (seat, version)
        assert document["seat"] == (None if seat == cardgames.SPECTATOR else seat)
        player = game.current_player(state)
        if document["status"] != "playing" or player is None:
            assert document["current_player"] is None
        elif player == seat:
            assert document["current_player"] == seat
        else:  # who decides, as far as the viewer's view tells
            shown = getattr(view, "to_move", player)
            assert document["current_player"] == (None if shown is None else int(shown))
        if document["status"] == "playing" and player == seat:
            legal = [
                {"notation": game.format_move(m), "action": game.move_to_action(state, m)}
                for m in game.legal_moves(state)
            ]
            assert document["legal_moves"] == legal
        else:
            assert document["legal_moves"] == []
        events = [(e["version"], e["text"], e["event"]) for e in document["events"]]
        assert events == [t for t in told[seat] if t[0] <= version], (seat, version)
