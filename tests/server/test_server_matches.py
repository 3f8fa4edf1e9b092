"""Whole matches of every game over real HTTP against a real ``cardgames serve`` process: a
person's seat played by random legal moves, the other seats by the server's bots, and every
document the person was sent held to the library's view of the replayed record."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest
from harness import Client, ServerProcess, check_against_record, play_out, running

import cardgames

#: Every game's default preset, and a preset of each game with more seats.
CASES = [
    ("alethi", "default", ["bot:greedy"]),
    ("alethi", "specials", ["bot:random"]),
    ("alakaslam", "default", ["bot:greedy"]),
    ("alakaslam", "doubles", ["bot:greedy", "bot:random", "bot:greedy"]),
    ("lerally", "default", ["bot:greedy"]),
    ("lerally", "fast-four-4", ["bot:random", "bot:greedy", "bot:random"]),
    ("alakazum", "default", ["bot:greedy"]),
    ("alakazum", "four", ["bot:greedy", "bot:random", "bot:greedy"]),
]


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    """One server for the module's matches."""
    with running(tmp_path_factory.mktemp("server") / "matches.sqlite3") as started:
        yield started


@pytest.mark.parametrize(("game", "preset", "bots"), CASES, ids=[f"{g}-{p}" for g, p, _ in CASES])
def test_a_whole_match_against_the_servers_bots(
    server: ServerProcess, game: str, preset: str, bots: list[str]
) -> None:
    """The person's seat plays to the end; every document it was sent is the library's view
    of the replayed state, and the record holds every move and the end the server told."""
    client = Client(server.url)
    try:
        match = client.create(game, ["human", *bots], preset=preset)
        seat, token = client.join(match, name="tester")
        assert seat == 0
        seen = play_out(client, match, {seat: token}, random.Random(f"{game}-{preset}"), watch=True)
        record = client.record(match)
        final = seen[-1][1]
        assert final["status"] == "over"
        assert final["version"] == len(record.moves)
        assert record.players == ("tester", *(b.removeprefix("bot:") for b in bots))
        assert record.config == cardgames.get_game(game).presets[preset]
        outcome = record.outcome
        assert outcome is not None
        assert final["outcome"] == {
            "winners": sorted(outcome.winners),
            "returns": list(outcome.returns),
            "reason": outcome.reason,
        }
        check_against_record(record, seen)
        assert any(viewer == cardgames.SPECTATOR for viewer, _ in seen)
    finally:
        client.close()


def test_two_people_play_each_other(server: ServerProcess) -> None:
    """Two people's seats, two tokens: each sees only its own view, and the match ends."""
    client = Client(server.url)
    try:
        match = client.create("lerally", ["human", "human"])
        assert client.http.get(f"/api/matches/{match}/record").status_code == 409
        first = client.join(match, name="ann")
        second = client.join(match, name="bob")
        assert (first[0], second[0]) == (0, 1)
        assert first[1] != second[1]
        seen = play_out(client, match, dict([first, second]), random.Random(5))
        record = client.record(match)
        assert record.players == ("ann", "bob")
        assert {seat for seat, _ in seen} == {0, 1}
        check_against_record(record, seen)
    finally:
        client.close()


def test_since_gives_only_the_later_events(server: ServerProcess) -> None:
    """``?since=j`` leaves out the events of the moves up to version ``j``."""
    client = Client(server.url)
    try:
        match = client.create("alethi", ["human", "human"])
        seat, token = client.join(match)
        other = client.join(match)[1]
        tokens = {seat: token, 1 - seat: other}
        for _ in range(4):
            document = client.look(match, token)
            mover = document["current_player"]
            mine = client.look(match, tokens[mover])
            answer = client.move(
                match, tokens[mover], mine["legal_moves"][0]["notation"], mine["version"]
            )
            assert answer.status_code == 200
        whole = client.look(match, token)
        later = client.look(match, token, since=2)
        assert whole["version"] == 4
        assert later["events"] == [e for e in whole["events"] if e["version"] > 2]
        assert later["events"] and len(later["events"]) < len(whole["events"])
        assert client.look(match, token, since=4)["events"] == []
    finally:
        client.close()
