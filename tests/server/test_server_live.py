"""Live updates over a real WebSocket: after its first message a connection is told the match's
version and status at once, and again after every move and every change of status, in order;
a connection without a token is a spectator's and hears the same news."""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest
from harness import WAIT, Client, ServerProcess, live, running, wait_for_version
from websockets.sync.client import ClientConnection


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    """One server for the module."""
    with running(tmp_path_factory.mktemp("server") / "m.sqlite3", "--rate-limit", "0") as up:
        yield up


def news(socket: ClientConnection) -> dict[str, object]:
    """The next message of a live connection."""
    message = json.loads(socket.recv(timeout=WAIT))
    assert isinstance(message, dict)
    return message


def test_every_move_and_change_of_status_is_told_in_order(server: ServerProcess) -> None:
    client = Client(server.url)
    try:
        match = client.create("alethi", ["human", "human"])
        first_seat, first_token = client.join(match)
        with (
            live(server.url, match, first_token) as seat_socket,
            live(server.url, match) as watcher,
        ):
            assert news(seat_socket) == {"version": 0, "status": "waiting"}
            assert news(watcher) == {"version": 0, "status": "waiting"}
            second = client.join(match)
            tokens = {first_seat: first_token, second[0]: second[1]}
            assert news(seat_socket) == {"version": 0, "status": "playing"}
            assert news(watcher) == {"version": 0, "status": "playing"}
            for version in range(1, 13):
                for seat, token in tokens.items():
                    seen = client.look(match, token)
                    if seen["current_player"] == seat:
                        notation = seen["legal_moves"][0]["notation"]
                        answer = client.move(match, token, notation, seen["version"])
                        assert answer.status_code == 200
                        break
                for socket in (seat_socket, watcher):
                    assert news(socket) == {"version": version, "status": "playing"}
    finally:
        client.close()


def test_a_bot_move_is_told_too(server: ServerProcess) -> None:
    """The news of a bot's move reaches the person's connection, without polling."""
    client = Client(server.url)
    try:
        match = client.create("lerally", ["human", "bot:greedy"])
        seat, token = client.join(match)
        with live(server.url, match, token) as socket:
            news(socket)
            for _ in range(5):
                seen = client.wait_for_turn(match, token, seat)
                if seen["status"] == "over":
                    break
                notation = seen["legal_moves"][0]["notation"]
                assert client.move(match, token, notation, seen["version"]).status_code == 200
                mine = wait_for_version(socket, seen["version"] + 1)
                assert mine["version"] == seen["version"] + 1
                after = client.look(match, token)
                if after["status"] == "playing" and after["current_player"] != seat:
                    # The bot answers, and its move is told as the next version.
                    answered = wait_for_version(socket, seen["version"] + 2)
                    assert answered["version"] == seen["version"] + 2
    finally:
        client.close()


def test_the_end_of_a_match_is_told(server: ServerProcess) -> None:
    client = Client(server.url)
    try:
        match = client.create("lerally", ["bot:greedy", "bot:random"])
        with live(server.url, match) as watcher:
            last: dict[str, object] = {"status": ""}
            while last["status"] != "over":
                last = news(watcher)
            assert client.record(match).moves
            assert last["version"] == len(client.record(match).moves)
    finally:
        client.close()
