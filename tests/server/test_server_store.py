"""The SQLite store: written ahead and synced, one move per number, the commits of many matches
grouped, tokens kept as hashes, one server per file."""

from __future__ import annotations

import asyncio
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest
from harness import Client, running

from cardgames.server.sqlite import SQLiteStore
from cardgames.server.store import Ending, StorageError, StoredMatch, StoredSeat


def stored(match: str) -> StoredMatch:
    """A match of two people with nothing played."""
    return StoredMatch(
        match=match,
        game="alethi",
        config='{"format":"cardgames","version":1,"game":"alethi","kind":"config","data":{}}',
        seed=2**63 + 5,
        bot_seed=7,
        created=1.0,
        seats=(StoredSeat(0, "human"), StoredSeat(1, "bot", bot="greedy", name="greedy")),
    )


def test_moves_are_taken_once_each_in_order_and_never_after_the_end(tmp_path: Path) -> None:
    async def scenario() -> None:
        store = SQLiteStore(tmp_path / "m.sqlite3")
        await store.open()
        await store.create(stored("a"))
        assert await store.add_move("a", 1, "pass")
        assert not await store.add_move("a", 1, "pass")  # that version is taken
        assert not await store.add_move("a", 3, "pass")  # not the next one
        assert not await store.add_move("nope", 1, "pass")
        assert await store.add_move("a", 2, "pass", Ending(outcome="{}"))
        assert not await store.add_move("a", 3, "pass")  # over
        assert not await store.finish("a", 2, Ending(forfeit_seat=0, forfeit_reason="x"))
        loaded = await store.load("a")
        assert loaded is not None and loaded.moves == ("pass", "pass")
        assert loaded.ending == Ending(outcome="{}") and loaded.seed == 2**63 + 5
        assert await store.unfinished() == []
        assert await store.load("nope") is None
        await store.close()

    asyncio.run(scenario())


def test_seats_are_taken_once(tmp_path: Path) -> None:
    async def scenario() -> None:
        store = SQLiteStore(tmp_path / "m.sqlite3")
        await store.open()
        await store.create(stored("a"))
        assert await store.take_seat("a", 0, "ann", b"h" * 32)
        assert not await store.take_seat("a", 0, "bob", b"i" * 32)
        assert not await store.take_seat("a", 1, "bob", b"i" * 32)  # a bot's seat
        loaded = await store.load("a")
        assert loaded is not None and loaded.seats[0].name == "ann"
        (summary,) = await store.summaries(over=None, limit=10)
        assert summary.match == "a" and not summary.over
        await store.close()

    asyncio.run(scenario())


def test_the_moves_of_many_matches_share_commits(tmp_path: Path) -> None:
    """Moves that arrive together are committed together: far fewer syncs than moves, and
    every move stored."""

    async def scenario() -> None:
        store = SQLiteStore(tmp_path / "m.sqlite3")
        await store.open()
        names = [f"m{i}" for i in range(40)]
        for name in names:
            await store.create(stored(name))
        commits = store.commits
        for number in range(1, 6):
            done = await asyncio.gather(*(store.add_move(n, number, "pass") for n in names))
            assert all(done)
        assert store.commits - commits <= 5 * 4
        for name in names:
            loaded = await store.load(name)
            assert loaded is not None and len(loaded.moves) == 5
        await store.close()

    asyncio.run(scenario())


def test_the_file_is_written_ahead_and_synced(tmp_path: Path) -> None:
    async def scenario() -> int:
        store = SQLiteStore(tmp_path / "m.sqlite3")
        await store.open()
        # The writer's own connection: synchronous = FULL (2) syncs every commit.
        synchronous: int = await store._do(
            lambda db: db.execute("PRAGMA synchronous").fetchone()[0]
        )
        await store.close()
        return synchronous

    assert asyncio.run(scenario()) == 2
    with sqlite3.connect(tmp_path / "m.sqlite3") as db:
        assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"


def test_one_server_per_file(tmp_path: Path) -> None:
    """A second store (or server) on a file in use stops at once with a clear error."""

    async def scenario() -> None:
        first = SQLiteStore(tmp_path / "m.sqlite3")
        await first.open()
        with pytest.raises(StorageError, match="another server"):
            await SQLiteStore(tmp_path / "m.sqlite3").open()
        await first.close()
        second = SQLiteStore(tmp_path / "m.sqlite3")
        await second.open()  # free again
        await second.close()

    asyncio.run(scenario())
    db = str(tmp_path / "s.sqlite3")
    with running(tmp_path / "s.sqlite3"):
        done = subprocess.run(
            [sys.executable, "-m", "cardgames", "serve", "--port", "0", "--db", db],
            capture_output=True,
            text=True,
            timeout=120,
            check=False,
        )
    assert done.returncode == 2
    assert "another server is using this database" in done.stderr
    assert done.stderr.count("\n") == 1


def test_tokens_are_stored_only_as_hashes(tmp_path: Path) -> None:
    """After joins, neither the database nor its journal holds a token's text."""
    db = tmp_path / "m.sqlite3"
    with running(db) as server:
        client = Client(server.url)
        match = client.create("alethi", ["human", "human"])
        tokens = [client.join(match)[1], client.join(match)[1]]
        client.close()
    everything = b"".join(p.read_bytes() for p in tmp_path.iterdir() if p.is_file())
    for token in tokens:
        assert token.encode() not in everything
    with sqlite3.connect(db) as connection:
        hashes = [row[0] for row in connection.execute("SELECT token_hash FROM seats")]
    assert all(isinstance(h, bytes) and len(h) == 32 for h in hashes)
