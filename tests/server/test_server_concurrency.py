"""One move per version: of concurrent ``POST``\\ s of the same version, each on its own
connection, exactly one is applied (``200``) and every other gets a ``409``; and matches do not
wait for each other."""

from __future__ import annotations

import asyncio
import random
import time
from collections.abc import Iterator

import httpx
import pytest
from harness import Client, ServerProcess, auth, running

#: Concurrent posts per version.
RIVALS = 8


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    """A server without a rate limit (the rivals come from one address), whose search bots
    may think for 15 s."""
    db = tmp_path_factory.mktemp("server") / "m.sqlite3"
    with running(db, "--rate-limit", "0", "--bot-time-limit", "30") as up:
        yield up


async def play_with_rivals(url: str, match: str, tokens: dict[int, str], rounds: int) -> int:
    """For ``rounds`` versions, post ``RIVALS`` random legal moves at once, each from a client
    (a connection) of its own, and check that exactly one was applied; the rounds played."""
    rng = random.Random(7)
    clients = [httpx.AsyncClient(base_url=url, timeout=60) for _ in range(RIVALS)]
    looking = clients[0]
    played = 0
    try:
        for _ in range(rounds):
            documents = {
                seat: (await looking.get(f"/api/matches/{match}", headers=auth(token))).json()
                for seat, token in tokens.items()
            }
            if documents[0]["status"] == "over":
                break
            seat = next(s for s, d in documents.items() if d["current_player"] == s)
            seen = documents[seat]
            legal = [m["notation"] for m in seen["legal_moves"]]
            notations = [rng.choice(legal) for _ in range(RIVALS)]
            answers = await asyncio.gather(
                *(
                    c.post(
                        f"/api/matches/{match}/moves",
                        headers=auth(tokens[seat]),
                        json={"move": notation, "version": seen["version"]},
                    )
                    for c, notation in zip(clients, notations, strict=True)
                )
            )
            statuses = [a.status_code for a in answers]
            assert sorted(statuses) == [200] + [409] * (RIVALS - 1), statuses
            winner = answers[statuses.index(200)].json()
            after = (await looking.get(f"/api/matches/{match}", headers=auth(tokens[seat]))).json()
            assert after["version"] == winner["version"] == seen["version"] + 1
            # What the 200 told is what the match holds: its events are the match's.
            assert after["events"] == winner["events"]
            played += 1
    finally:
        await asyncio.gather(*(c.aclose() for c in clients))
    return played


def test_concurrent_posts_of_one_version_apply_exactly_one(server: ServerProcess) -> None:
    client = Client(server.url)
    try:
        match = client.create("lerally", ["human", "human"])
        tokens = dict([client.join(match), client.join(match)])
        assert asyncio.run(play_with_rivals(server.url, match, tokens, rounds=30)) >= 10
    finally:
        client.close()


def test_a_slow_match_does_not_hold_up_another(server: ServerProcess) -> None:
    """While one match's bot thinks for a long time, another match's moves are answered
    at once: no lock is shared between matches."""
    client = Client(server.url)
    try:
        slow = client.create("alethi", ["human", "bot:ismcts:10000000"])
        slow_seat, slow_token = client.join(slow)
        quick = client.create("alethi", ["human", "human"])
        tokens = dict([client.join(quick), client.join(quick)])
        # Hand the slow match to its bot (which searches for most of its time limit).
        seen = client.look(slow, slow_token)
        if seen["current_player"] == slow_seat:
            notation = seen["legal_moves"][0]["notation"]
            assert client.move(slow, slow_token, notation, seen["version"]).status_code == 200
        assert client.look(slow, slow_token)["current_player"] != slow_seat
        start = time.monotonic()
        for _ in range(6):
            for seat, token in tokens.items():
                document = client.look(quick, token)
                if document["current_player"] == seat:
                    notation = document["legal_moves"][0]["notation"]
                    answer = client.move(quick, token, notation, document["version"])
                    assert answer.status_code == 200
        assert time.monotonic() - start < 4.0
        assert client.look(slow, slow_token)["current_player"] != slow_seat
    finally:
        client.close()
