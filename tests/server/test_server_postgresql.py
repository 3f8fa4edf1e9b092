"""Several server processes on one PostgreSQL database: the acceptance tests of the server's
contract with the requests spread over two processes (whole matches of every game, live news
heard on the other process, the refusals, one move per version across the processes, a
SIGKILL of one process and its restart with nothing lost), and the store itself.

Each test gets a fresh database on a throw-away PostgreSQL server (``server_fixtures.py``);
without PostgreSQL's server the tests fail, saying how to install it."""

from __future__ import annotations

import asyncio
import random
import threading
import time
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import Any

import httpx
import psycopg
import pytest
from harness import (
    WAIT,
    Client,
    ServerProcess,
    auth,
    check_against_record,
    live,
    running,
    wait_for_version,
)
from test_server_restart import hammer

import cardgames
from cardgames.server.postgresql import PostgreSQLStore, hide_password
from cardgames.server.store import Ending, SharedStore, StorageError, StoredMatch, StoredSeat

#: The games, each with its default preset.
GAMES = ("alethi", "alakaslam", "lerally", "alakazum")


@contextmanager
def two_servers(url: str, folder: Path, *options: str) -> Iterator[list[ServerProcess]]:
    """Two server processes on the database at ``url``."""
    with ExitStack() as stack:
        yield [
            stack.enter_context(running(url, *options, log=folder / f"server{n}.log"))
            for n in range(2)
        ]


def stored(match: str) -> StoredMatch:
    """A match of a person against a bot with nothing played."""
    return StoredMatch(
        match=match,
        game="alethi",
        config='{"format":"cardgames","version":1,"game":"alethi","kind":"config","data":{}}',
        seed=2**63 + 5,
        bot_seed=7,
        created=1.0,
        seats=(StoredSeat(0, "human"), StoredSeat(1, "bot", bot="greedy", name="greedy")),
    )


def test_the_store_takes_one_move_per_number_and_tells_the_others(postgres_url: str) -> None:
    """Two stores on one database (as two processes have): of two moves of one number exactly
    one is taken, a seat is taken once, the stamp counts every change, and each store hears of
    the other's changes and not of its own."""

    async def scenario() -> None:
        first, second = PostgreSQLStore(postgres_url), PostgreSQLStore(postgres_url)
        await first.open()
        await second.open()
        assert isinstance(first, SharedStore)
        heard: dict[str, list[str | None]] = {"first": [], "second": []}
        first.watch(heard["first"].append)
        second.watch(heard["second"].append)
        await first.create(stored("a"))
        assert await second.stamp("a") == 0
        assert await second.stamp("nope") is None
        taken = await asyncio.gather(
            first.take_seat("a", 0, "ann", b"h" * 32), second.take_seat("a", 0, "bob", b"i" * 32)
        )
        assert sorted(taken) == [False, True]
        assert not await first.take_seat("a", 1, "bob", b"i" * 32)  # a bot's seat
        for number in range(1, 21):
            done = await asyncio.gather(
                first.add_move("a", number, "pass"), second.add_move("a", number, "pass")
            )
            assert sorted(done) == [False, True], number
        assert not await first.add_move("a", 22, "pass")  # not the next one
        assert not await first.add_move("nope", 1, "pass")
        assert not await first.finish("a", 3, Ending(forfeit_seat=0, forfeit_reason="x"))
        assert await second.add_move("a", 21, "pass", Ending(outcome="{}"))
        assert not await first.add_move("a", 22, "pass")  # over
        loaded = await first.load("a")
        assert loaded is not None and loaded.moves == ("pass",) * 21
        assert loaded.ending == Ending(outcome="{}") and loaded.seed == 2**63 + 5
        assert loaded.seats[0].token_hash in (b"h" * 32, b"i" * 32)
        assert loaded.stamp == 22 == await second.stamp("a")  # a seat and 21 moves
        assert await first.unfinished() == []
        (summary,) = await second.summaries(over=True, limit=10)
        assert summary.match == "a" and summary.over
        assert await second.summaries(over=False, limit=10) == []
        deadline = time.monotonic() + WAIT
        while len(heard["first"]) + len(heard["second"]) < 22:
            assert time.monotonic() < deadline
            await asyncio.sleep(0.05)
        assert set(heard["first"]) == set(heard["second"]) == {"a"}
        await first.close()
        await second.close()

    asyncio.run(scenario())


def test_a_forfeit_ends_the_match_once(postgres_url: str) -> None:
    async def scenario() -> None:
        store = PostgreSQLStore(postgres_url)
        await store.open()
        await store.create(stored("f"))
        assert await store.add_move("f", 1, "pass")
        ending = Ending(forfeit_seat=1, forfeit_reason="bot greedy did not answer")
        assert not await store.finish("f", 0, ending)  # it has a move more
        assert await store.finish("f", 1, ending)
        assert not await store.finish("f", 1, ending)
        loaded = await store.load("f")
        assert loaded is not None and loaded.ending == ending
        await store.close()

    asyncio.run(scenario())


def test_a_database_that_is_not_there_is_a_short_error() -> None:
    async def scenario() -> None:
        store = PostgreSQLStore("postgresql://someone:secret@127.0.0.1:1/none")
        with pytest.raises(StorageError) as refused:
            await store.open()
        assert "secret" not in str(refused.value) and "\n" not in str(refused.value)
        assert "secret" not in repr(store)

    asyncio.run(scenario())
    assert hide_password("postgresql://ann:p4ss@host/db") == "postgresql://ann:***@host/db"


def test_tables_of_another_version_are_refused(postgres_url: str) -> None:
    async def scenario() -> None:
        store = PostgreSQLStore(postgres_url)
        await store.open()
        await store.close()
        with psycopg.connect(postgres_url, autocommit=True) as db:
            db.execute("UPDATE cardgames_schema SET version = 99")
        with pytest.raises(StorageError, match="version 99"):
            await PostgreSQLStore(postgres_url).open()

    asyncio.run(scenario())


def play_across(
    clients: list[Client], match: str, seats: dict[int, str], rng: random.Random
) -> list[tuple[int, Any]]:
    """Play random legal moves for the people's ``seats`` until the match is over, each
    request to the next process in turn, waiting for the bots on a live connection to the
    last process; every ``(seat, document)`` the people were sent."""
    seen: list[tuple[int, Any]] = []
    turn = 0
    deadline = time.monotonic() + 20 * WAIT
    with live(clients[-1].url, match, next(iter(seats.values()))) as socket:
        while time.monotonic() < deadline:
            documents = {}
            for seat, token in seats.items():
                documents[seat] = clients[turn % len(clients)].look(match, token)
                turn += 1
            seen += documents.items()
            first = next(iter(documents.values()))
            if first["status"] == "over":
                return seen
            mover = next((s for s, d in documents.items() if d["current_player"] == s), None)
            if mover is None:  # a bot is thinking, on one process or the other
                wait_for_version(socket, first["version"] + 1)
                continue
            document = documents[mover]
            choice = rng.choice(document["legal_moves"])
            poster = clients[turn % len(clients)]
            turn += 1
            answer = poster.move(match, seats[mover], choice["notation"], document["version"])
            assert answer.status_code == 200, answer.text
            seen.append((mover, answer.json()))
    raise AssertionError("the match did not end in time")


@pytest.mark.parametrize("game", GAMES)
def test_two_processes_serve_whole_matches_against_a_bot(
    game: str, postgres_url: str, tmp_path: Path
) -> None:
    """A match made on one process and joined on the other is played to its end with every
    request going to the other process than the last; everything each seat was sent is the
    library's view and events of the replayed state, and both processes give the record."""
    with two_servers(postgres_url, tmp_path, "--rate-limit", "0") as servers:
        clients = [Client(server.url) for server in servers]
        try:
            match = clients[0].create(game, ["human", "bot:greedy"])
            seat, token = clients[1].join(match, name="ann")
            seen = play_across(clients, match, {seat: token}, random.Random(game))
            records = [client.record(match) for client in clients]
            assert records[0] == records[1] and records[0].players == ("ann", "greedy")
            check_against_record(records[0], seen)
        finally:
            for client in clients:
                client.close()
        for server in servers:
            assert "Traceback" not in server.stderr()


def test_two_people_on_two_processes_play_each_other_live(
    postgres_url: str, tmp_path: Path
) -> None:
    """Each person talks to a process of their own and waits for the other's moves on that
    process's live connection: the news of a move taken by the other process reaches it."""
    with two_servers(postgres_url, tmp_path, "--rate-limit", "0") as servers:
        clients = [Client(server.url) for server in servers]
        try:
            match = clients[0].create("lerally", ["human", "human"])
            tokens = [clients[n].join(match)[1] for n in range(2)]
            rng = random.Random(3)
            seen: list[tuple[int, Any]] = []
            with ExitStack() as stack:
                sockets = [
                    stack.enter_context(live(servers[n].url, match, tokens[n])) for n in range(2)
                ]
                version = 0
                while True:
                    documents = [clients[n].look(match, tokens[n]) for n in range(2)]
                    seen += enumerate(documents)
                    assert documents[0]["version"] == documents[1]["version"]
                    if documents[0]["status"] == "over":
                        break
                    mover = next(n for n in range(2) if documents[n]["current_player"] == n)
                    choice = rng.choice(documents[mover]["legal_moves"])["notation"]
                    answer = clients[mover].move(match, tokens[mover], choice, version)
                    assert answer.status_code == 200, answer.text
                    version += 1
                    # The other process tells its listener of the move.
                    news = wait_for_version(sockets[1 - mover], version)
                    assert news["version"] >= version
            check_against_record(clients[1].record(match), seen)
        finally:
            for client in clients:
                client.close()


async def rivals_across(urls: list[str], match: str, tokens: dict[int, str], rounds: int) -> int:
    """For ``rounds`` versions, post 8 random legal moves at once, half to each process;
    exactly one is applied each time. The rounds played."""
    rng = random.Random(11)
    clients = [httpx.AsyncClient(base_url=urls[n % 2], timeout=60) for n in range(8)]
    played = 0
    try:
        for _ in range(rounds):
            documents = {
                seat: (await clients[seat].get(f"/api/matches/{match}", headers=auth(token))).json()
                for seat, token in tokens.items()
            }
            if documents[0]["status"] == "over":
                break
            seat = next(s for s, d in documents.items() if d["current_player"] == s)
            seen = documents[seat]
            legal = [m["notation"] for m in seen["legal_moves"]]
            answers = await asyncio.gather(
                *(
                    c.post(
                        f"/api/matches/{match}/moves",
                        headers=auth(tokens[seat]),
                        json={"move": rng.choice(legal), "version": seen["version"]},
                    )
                    for c in clients
                )
            )
            statuses = [a.status_code for a in answers]
            assert sorted(statuses) == [200] + [409] * 7, statuses
            winner = answers[statuses.index(200)].json()
            for c in clients[:2]:  # both processes hold the winner's move, and only it
                after = (await c.get(f"/api/matches/{match}", headers=auth(tokens[seat]))).json()
                assert after["version"] == winner["version"] == seen["version"] + 1
                assert after["events"] == winner["events"]
            played += 1
    finally:
        await asyncio.gather(*(c.aclose() for c in clients))
    return played


def test_one_move_per_version_across_processes(postgres_url: str, tmp_path: Path) -> None:
    with two_servers(postgres_url, tmp_path, "--rate-limit", "0") as servers:
        client = Client(servers[0].url)
        try:
            match = client.create("lerally", ["human", "human"])
            tokens = dict([client.join(match), client.join(match)])
        finally:
            client.close()
        urls = [server.url for server in servers]
        assert asyncio.run(rivals_across(urls, match, tokens, rounds=25)) >= 10


def test_the_other_process_refuses_as_the_contract_says(postgres_url: str, tmp_path: Path) -> None:
    """A match made on one process, refused on the other with the contract's codes."""
    with two_servers(postgres_url, tmp_path, "--rate-limit", "0") as servers:
        first, other = Client(servers[0].url), Client(servers[1].url)
        try:
            match = first.create("alethi", ["human", "human"])
            elsewhere = first.create("alethi", ["human", "bot:random"])
            stranger = first.join(elsewhere)[1]
            moving = other.http.post(
                f"/api/matches/{match}/moves", json={"move": "pass", "version": 0}
            )
            assert moving.status_code == 401
            seats = dict([first.join(match), other.join(match)])
            assert other.http.post(f"/api/matches/{match}/join", json={}).status_code == 409
            assert other.http.get("/api/matches/AAAAAAAAAAAAAAAA").status_code == 404
            assert other.move(match, stranger, "pass", 0).status_code == 403
            seen = other.look(match, seats[0])
            mover = seen["current_player"]
            waiting = 1 - mover
            legal = seen["legal_moves"] or other.look(match, seats[mover])["legal_moves"]
            assert other.move(match, seats[waiting], legal[0]["notation"], 0).status_code == 403
            assert other.move(match, seats[mover], "throw king 99,99", 0).status_code == 422
            assert other.move(match, seats[mover], legal[0]["notation"], 5).status_code == 409
            assert first.move(match, seats[mover], legal[0]["notation"], 0).status_code == 200
            # The move taken by the first process: the same version again is stale here.
            stale = other.move(match, seats[mover], legal[0]["notation"], 0)
            assert stale.status_code == 409 and "error" in stale.json()
            assert other.look(match, seats[0])["version"] == 1
            assert other.http.get(f"/api/matches/{match}/record").status_code == 409
        finally:
            first.close()
            other.close()


def test_sigkill_of_one_process_loses_nothing(postgres_url: str, tmp_path: Path) -> None:
    """Clients post as fast as they can to both processes when one is killed with SIGKILL:
    the other holds every acknowledged move at once, plays on the bots the killed one was
    playing, and the killed one started again carries on with the same seats and tokens."""
    options = ("--rate-limit", "0", "--bot-time-limit", "1")
    first = ServerProcess(postgres_url, *options, log=tmp_path / "first.log").start()
    with running(postgres_url, *options, log=tmp_path / "second.log") as second:
        client = Client(first.url)
        matches: dict[str, dict[int, str]] = {}
        for name, seats in (
            ("lerally", ["human", "human"]),
            ("alakazum", ["human", "bot:random"]),
            ("alethi", ["human", "human"]),
            ("alakaslam", ["human", "bot:greedy"]),
        ):
            match = client.create(name, seats)
            matches[match] = dict(client.join(match) for _ in range(seats.count("human")))
        bots = client.create("lerally", ["bot:greedy", "bot:random"])  # played by the first
        client.close()
        stop = threading.Event()
        acked: dict[str, list[Any]] = {match: [] for match in matches}
        urls = (first.url, second.url)
        threads = [
            threading.Thread(target=hammer, args=(urls[n % 2], m, t, stop, acked[m]))
            for n, (m, t) in enumerate(matches.items())
        ]
        for thread in threads:
            thread.start()
        deadline = time.monotonic() + WAIT
        while sum(map(len, acked.values())) < 40 and time.monotonic() < deadline:
            time.sleep(0.01)
        first.kill()
        stop.set()
        for thread in threads:
            thread.join(WAIT)
        assert sum(map(len, acked.values())) >= 40

        client = Client(second.url)
        try:
            for match in matches:
                last = max((v for v, _ in acked[match]), default=0)
                assert client.look(match)["version"] >= last
            # The bots' match goes on here once the first process is gone.
            deadline = time.monotonic() + 10 * WAIT
            while client.http.get(f"/api/matches/{bots}/record").status_code != 200:
                assert time.monotonic() < deadline, "the bots' match stopped"
                time.sleep(0.2)
            assert client.record(bots).outcome is not None
        finally:
            client.close()

        with running(postgres_url, *options, log=tmp_path / "again.log") as again:
            clients = [Client(again.url), Client(second.url)]
            try:
                for match, tokens in matches.items():
                    for seat, token in tokens.items():  # the same tokens, the same seats
                        assert clients[0].look(match, token)["seat"] == seat
                    play_across(clients, match, tokens, random.Random(1))
                    record = clients[0].record(match)
                    game = cardgames.get_game(record.game)
                    for version, notation in acked[match]:
                        assert game.format_move(record.moves[version - 1]) == notation
            finally:
                for client in clients:
                    client.close()
            assert "left out" not in again.stderr()
