"""Nothing acknowledged is lost: a server killed with SIGKILL in the middle of play, and started
again on the same file, goes on from every acknowledged move, with the same seats and tokens,
its bots playing on."""

from __future__ import annotations

import random
import threading
import time
from pathlib import Path
from typing import Any

import httpx
from harness import WAIT, Client, ServerProcess, auth, play_out, running

import cardgames


def hammer(
    url: str, match: str, tokens: dict[int, str], stop: threading.Event, acked: list[Any]
) -> None:
    """Play random legal moves as fast as the server takes them until ``stop`` (or the server
    goes away), noting each ``(version, notation)`` that was answered 200."""
    rng = random.Random(match)
    try:
        with httpx.Client(base_url=url, timeout=10) as client:
            while not stop.is_set():
                for seat, token in tokens.items():
                    seen = client.get(f"/api/matches/{match}", headers=auth(token)).json()
                    if seen["status"] == "over":
                        return
                    if seen["current_player"] != seat:
                        continue
                    notation = rng.choice(seen["legal_moves"])["notation"]
                    answer = client.post(
                        f"/api/matches/{match}/moves",
                        headers=auth(token),
                        json={"move": notation, "version": seen["version"]},
                    )
                    if answer.status_code == 200:
                        acked.append((seen["version"] + 1, notation))
    except (httpx.TransportError, ValueError):  # the server was killed under us
        return


def test_sigkill_loses_no_acknowledged_move(tmp_path: Path) -> None:
    """Clients play as fast as they can on several matches (people against people and
    against bots) when the server is killed; started again, each match holds every move
    that was acknowledged, the tokens still work, and the matches are played to their end."""
    db = tmp_path / "m.sqlite3"
    server = ServerProcess(db, "--rate-limit", "0").start()
    client = Client(server.url)
    matches: dict[str, dict[int, str]] = {}
    for name, seats in (
        ("lerally", ["human", "human"]),
        ("lerally", ["human", "bot:greedy"]),
        ("alakazum", ["human", "bot:random"]),
        ("alethi", ["human", "human"]),
        ("alakaslam", ["human", "bot:greedy"]),
    ):
        match = client.create(name, seats)
        matches[match] = dict(client.join(match) for _ in range(seats.count("human")))
    client.close()
    stop = threading.Event()
    acked: dict[str, list[Any]] = {match: [] for match in matches}
    threads = [
        threading.Thread(target=hammer, args=(server.url, m, t, stop, acked[m]))
        for m, t in matches.items()
    ]
    for thread in threads:
        thread.start()
    deadline = time.monotonic() + WAIT
    while sum(map(len, acked.values())) < 60 and time.monotonic() < deadline:
        time.sleep(0.01)
    server.kill()  # mid-flight: requests are under way
    stop.set()
    for thread in threads:
        thread.join(WAIT)
    assert sum(map(len, acked.values())) >= 60

    with running(db, "--rate-limit", "0") as again:
        client = Client(again.url)
        try:
            for match, tokens in matches.items():
                last = max((v for v, _ in acked[match]), default=0)
                for seat, token in tokens.items():  # the same tokens, the same seats
                    seen = client.look(match, token)
                    assert seen["seat"] == seat
                    assert seen["version"] >= last
                play_out(client, match, tokens, random.Random(1))
                record = client.record(match)
                game = cardgames.get_game(record.game)
                for version, notation in acked[match]:
                    assert game.format_move(record.moves[version - 1]) == notation
        finally:
            client.close()
        assert "left out" not in again.stderr()


def test_bots_carry_on_after_a_restart(tmp_path: Path) -> None:
    """A match whose bot was to move when the server was killed is played on by that bot
    after the restart, and a match of bots alone plays to its end across the restart."""
    db = tmp_path / "m.sqlite3"
    server = ServerProcess(db, "--rate-limit", "0", "--bot-time-limit", "60").start()
    client = Client(server.url)
    match = client.create("alethi", ["human", "bot:ismcts:10000000"])
    seat, token = client.join(match)
    seen = client.look(match, token)
    if seen["current_player"] == seat:
        notation = seen["legal_moves"][0]["notation"]
        assert client.move(match, token, notation, seen["version"]).status_code == 200
    waiting = client.look(match, token)
    assert waiting["current_player"] != seat and waiting["status"] == "playing"
    bots = client.create("lerally", ["bot:greedy", "bot:random"])
    client.close()
    server.kill()  # the search bot is in the middle of its 30 s search

    with running(db, "--rate-limit", "0", "--bot-time-limit", "1") as again:
        client = Client(again.url)
        try:
            after = client.wait_for_turn(match, token, seat)
            assert after["version"] > waiting["version"]
            assert after["status"] == "over" or after["current_player"] == seat
            deadline = time.monotonic() + 10 * WAIT
            while client.http.get(f"/api/matches/{bots}/record").status_code != 200:
                assert time.monotonic() < deadline
                time.sleep(0.1)
            assert client.record(bots).outcome is not None
        finally:
            client.close()


def test_sigterm_stops_cleanly_and_keeps_everything(tmp_path: Path) -> None:
    """SIGTERM ends the server with status 0; started again, the match is where it was."""
    db = tmp_path / "m.sqlite3"
    server = ServerProcess(db).start()
    client = Client(server.url)
    match = client.create("lerally", ["human", "human"])
    tokens = dict([client.join(match), client.join(match)])
    for _ in range(6):
        for seat, token in tokens.items():
            seen = client.look(match, token)
            if seen["current_player"] == seat:
                notation = seen["legal_moves"][-1]["notation"]
                assert client.move(match, token, notation, seen["version"]).status_code == 200
    before = {seat: client.look(match, token) for seat, token in tokens.items()}
    client.close()
    assert server.stop() == 0
    with running(db) as again:
        client = Client(again.url)
        try:
            for seat, token in tokens.items():
                assert client.look(match, token) == before[seat]
        finally:
            client.close()
