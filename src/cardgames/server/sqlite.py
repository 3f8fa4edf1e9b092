"""The SQLite store: one file, written ahead (WAL) and synced to disk before a move is
acknowledged, with the writes of many matches grouped into one commit.

Syncing a commit to disk takes milliseconds (one ``fsync``), far longer than anything else a
move costs, so one commit per move would cap the whole server at a few hundred moves a second.
Instead a single writer thread owns the connection: it takes every job waiting for it, runs them
in one transaction (each inside its own savepoint, so that one refused job does not undo the
others), commits once with ``synchronous=FULL``, and only then answers each job. A move's
``200`` waits for the commit that holds it, so the grouping costs no durability: it only shares
one sync between the moves that arrived while the previous one was under way.

One server process owns a file at a time: the store holds an exclusive lock on ``FILE.lock``
beside it while open (on systems with ``fcntl``), so a second server started on the same file
stops at once rather than serving a copy of the matches that the first one also changes.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import queue
import sqlite3
import threading
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, TypeVar

from cardgames.server.store import (
    Ending,
    MatchSummary,
    StorageError,
    StoredMatch,
    StoredSeat,
)

try:
    import fcntl
except ImportError:  # pragma: no cover (Windows: no lock beside the file)
    fcntl = None  # type: ignore[assignment]

__all__ = ["MAX_BATCH", "SCHEMA_VERSION", "SQLiteStore"]

T = TypeVar("T")

#: The most jobs one commit takes: enough for every match of a busy server at once, few enough
#: that one commit's work stays short.
MAX_BATCH = 512
#: The version of the tables below, kept in SQLite's ``user_version``.
SCHEMA_VERSION = 1

_SCHEMA = """
CREATE TABLE IF NOT EXISTS matches (
    id TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    config TEXT NOT NULL,
    seed TEXT NOT NULL,
    bot_seed TEXT NOT NULL,
    created REAL NOT NULL,
    over INTEGER NOT NULL DEFAULT 0,
    outcome TEXT,
    forfeit_seat INTEGER,
    forfeit_reason TEXT
);
CREATE INDEX IF NOT EXISTS matches_by_age ON matches (created);
CREATE INDEX IF NOT EXISTS matches_in_play ON matches (over);
CREATE TABLE IF NOT EXISTS seats (
    match TEXT NOT NULL REFERENCES matches (id),
    seat INTEGER NOT NULL,
    kind TEXT NOT NULL,
    bot TEXT,
    name TEXT,
    token_hash BLOB,
    PRIMARY KEY (match, seat)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS moves (
    match TEXT NOT NULL REFERENCES matches (id),
    number INTEGER NOT NULL,
    move TEXT NOT NULL,
    PRIMARY KEY (match, number)
) WITHOUT ROWID;
"""


class _Job:
    """One piece of work for the writer thread and the future that hears how it went."""

    __slots__ = ("future", "work")

    def __init__(self, work: Callable[[sqlite3.Connection], Any], future: asyncio.Future[Any]):
        self.work = work
        self.future = future


class SQLiteStore:
    """The matches in one SQLite file (created if missing), as :class:`~.store.Store` says."""

    def __init__(self, path: str | os.PathLike[str]) -> None:
        self.path = Path(path)
        self._jobs: queue.SimpleQueue[_Job | None] = queue.SimpleQueue()
        self._thread: threading.Thread | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._lock_file: Any = None
        #: How many commits the writer made, and how many jobs they held (for the benchmark).
        self.commits = 0
        self.jobs = 0

    def __repr__(self) -> str:
        return f"SQLiteStore({str(self.path)!r})"

    # --- the writer thread ---------------------------------------------------------------------

    async def open(self) -> None:
        """Take the file's lock, create the tables if missing, and start the writer."""
        if self._thread is not None:
            return
        self._loop = asyncio.get_running_loop()
        self._take_lock()
        try:
            connection = await asyncio.to_thread(self._connect)
        except BaseException:
            self._drop_lock()
            raise
        self._thread = threading.Thread(
            target=self._write, args=(connection,), name="cardgames store", daemon=True
        )
        self._thread.start()

    async def close(self) -> None:
        """Answer every job already given, then stop the writer and release the file."""
        thread, self._thread = self._thread, None
        if thread is None:
            return
        self._jobs.put(None)
        await asyncio.to_thread(thread.join)
        self._drop_lock()

    def _take_lock(self) -> None:
        if fcntl is None:  # pragma: no cover
            return
        self.path.parent.mkdir(parents=True, exist_ok=True)
        handle = open(f"{self.path}.lock", "a+b")  # noqa: SIM115 (held while the store is open)
        try:
            fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            handle.close()
            raise StorageError(
                f"{self.path}: another server is using this database (its lock file is held)"
            ) from None
        self._lock_file = handle

    def _drop_lock(self) -> None:
        handle, self._lock_file = self._lock_file, None
        if handle is not None:
            handle.close()

    def _connect(self) -> sqlite3.Connection:
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            connection = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
            mode = connection.execute("PRAGMA journal_mode = WAL").fetchone()[0]
            if str(mode).lower() != "wal":
                raise StorageError(f"{self.path}: the database cannot be written ahead (WAL)")
            connection.execute("PRAGMA synchronous = FULL")
            connection.execute("PRAGMA foreign_keys = ON")
            version = connection.execute("PRAGMA user_version").fetchone()[0]
            if version not in (0, SCHEMA_VERSION):
                raise StorageError(
                    f"{self.path}: tables of version {version}; this server knows version "
                    f"{SCHEMA_VERSION}"
                )
            connection.executescript(_SCHEMA)
            connection.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
        except sqlite3.Error as exc:
            raise StorageError(f"{self.path}: {exc}") from None
        return connection

    def _write(self, connection: sqlite3.Connection) -> None:
        """The writer thread: group the jobs waiting, run them in one commit, answer them."""
        jobs = self._jobs
        running = True
        while running:
            first = jobs.get()
            if first is None:
                break
            batch = [first]
            while len(batch) < MAX_BATCH:
                try:
                    job = jobs.get_nowait()
                except queue.Empty:
                    break
                if job is None:
                    running = False
                    break
                batch.append(job)
            self._settle(batch, self._run(connection, batch))
        connection.close()

    def _run(self, connection: sqlite3.Connection, batch: list[_Job]) -> list[tuple[bool, Any]]:
        results: list[tuple[bool, Any]] = []
        try:
            connection.execute("BEGIN IMMEDIATE")
            for job in batch:
                connection.execute("SAVEPOINT job")
                try:
                    results.append((True, job.work(connection)))
                except Exception as exc:  # this job's failure, told to its caller alone
                    connection.execute("ROLLBACK TO job")
                    results.append((False, _storage_error(exc, self.path)))
                connection.execute("RELEASE job")
            connection.execute("COMMIT")
        except sqlite3.Error as exc:
            with contextlib.suppress(sqlite3.Error):
                connection.execute("ROLLBACK")
            failure = _storage_error(exc, self.path)
            return [(False, failure)] * len(batch)
        self.commits += 1
        self.jobs += len(batch)
        return results

    def _settle(self, batch: list[_Job], results: list[tuple[bool, Any]]) -> None:
        loop = self._loop
        assert loop is not None

        def answer() -> None:
            for job, (done, value) in zip(batch, results, strict=True):
                if job.future.done():  # the caller stopped waiting
                    continue
                if done:
                    job.future.set_result(value)
                else:
                    job.future.set_exception(value)

        with contextlib.suppress(RuntimeError):  # the loop has closed: nobody waits any more
            loop.call_soon_threadsafe(answer)

    async def _do(self, work: Callable[[sqlite3.Connection], T]) -> T:
        if self._thread is None or self._loop is None:
            raise StorageError("the store is not open")
        future: asyncio.Future[T] = self._loop.create_future()
        self._jobs.put(_Job(work, future))
        return await future

    # --- the store's methods -------------------------------------------------------------------

    async def create(self, match: StoredMatch) -> None:
        """Store a new match with its seats."""

        def work(db: sqlite3.Connection) -> None:
            db.execute(
                "INSERT INTO matches (id, game, config, seed, bot_seed, created) "
                "VALUES (?, ?, ?, ?, ?, ?)",
                (
                    match.match,
                    match.game,
                    match.config,
                    str(match.seed),
                    str(match.bot_seed),
                    match.created,
                ),
            )
            db.executemany(
                "INSERT INTO seats (match, seat, kind, bot, name, token_hash) "
                "VALUES (?, ?, ?, ?, ?, ?)",
                [(match.match, s.seat, s.kind, s.bot, s.name, s.token_hash) for s in match.seats],
            )

        await self._do(work)

    async def take_seat(self, match: str, seat: int, name: str, token_hash: bytes) -> bool:
        """Give the free human seat to a player; ``False`` if it is taken."""

        def work(db: sqlite3.Connection) -> bool:
            done = db.execute(
                "UPDATE seats SET name = ?, token_hash = ? "
                "WHERE match = ? AND seat = ? AND kind = 'human' AND token_hash IS NULL",
                (name, token_hash, match, seat),
            )
            return done.rowcount == 1

        return await self._do(work)

    async def add_move(
        self, match: str, number: int, move: str, ending: Ending | None = None
    ) -> bool:
        """Store move ``number`` of an unfinished match (and its ending); ``False`` if that
        number is not the next one or the match is over."""

        def work(db: sqlite3.Connection) -> bool:
            if _moves_in_play(db, match) != number - 1:
                return False
            db.execute(
                "INSERT INTO moves (match, number, move) VALUES (?, ?, ?)", (match, number, move)
            )
            if ending is not None:
                _end(db, match, ending)
            return True

        return await self._do(work)

    async def finish(self, match: str, moves: int, ending: Ending) -> bool:
        """End an unfinished match that has exactly ``moves`` moves."""

        def work(db: sqlite3.Connection) -> bool:
            if _moves_in_play(db, match) != moves:
                return False
            _end(db, match, ending)
            return True

        return await self._do(work)

    async def load(self, match: str) -> StoredMatch | None:
        """The match with every move, or ``None``."""
        return await self._do(lambda db: _load(db, match))

    async def unfinished(self) -> Sequence[StoredMatch]:
        """Every match not over, oldest first."""

        def work(db: sqlite3.Connection) -> list[StoredMatch]:
            ids = [
                row[0]
                for row in db.execute("SELECT id FROM matches WHERE over = 0 ORDER BY created")
            ]
            found = (_load(db, match) for match in ids)
            return [match for match in found if match is not None]

        return await self._do(work)

    async def summaries(self, *, over: bool | None, limit: int) -> Sequence[MatchSummary]:
        """The newest ``limit`` matches, newest first (only those over or not, if asked)."""

        def work(db: sqlite3.Connection) -> list[MatchSummary]:
            where = "" if over is None else "WHERE over = ?"
            wanted: tuple[Any, ...] = () if over is None else (int(over),)
            rows = db.execute(
                f"SELECT id, game, created, over FROM matches {where} "
                "ORDER BY created DESC, id LIMIT ?",
                (*wanted, limit),
            ).fetchall()
            return [
                MatchSummary(
                    match=match,
                    game=game,
                    created=created,
                    over=bool(done),
                    seats=_seats(db, match),
                )
                for match, game, created, done in rows
            ]

        return await self._do(work)


def _moves_in_play(db: sqlite3.Connection, match: str) -> int | None:
    """How many moves the unfinished match ``match`` has, or ``None`` if there is no such
    match or it is over."""
    row = db.execute(
        "SELECT over, (SELECT max(number) FROM moves WHERE match = ?) FROM matches WHERE id = ?",
        (match, match),
    ).fetchone()
    if row is None or row[0]:
        return None
    moves: int = row[1] or 0
    return moves


def _end(db: sqlite3.Connection, match: str, ending: Ending) -> None:
    db.execute(
        "UPDATE matches SET over = 1, outcome = ?, forfeit_seat = ?, forfeit_reason = ? "
        "WHERE id = ?",
        (ending.outcome, ending.forfeit_seat, ending.forfeit_reason, match),
    )


def _seats(db: sqlite3.Connection, match: str) -> tuple[StoredSeat, ...]:
    return tuple(
        StoredSeat(seat=seat, kind=kind, bot=bot, name=name, token_hash=token_hash)
        for seat, kind, bot, name, token_hash in db.execute(
            "SELECT seat, kind, bot, name, token_hash FROM seats WHERE match = ? ORDER BY seat",
            (match,),
        )
    )


def _load(db: sqlite3.Connection, match: str) -> StoredMatch | None:
    row = db.execute(
        "SELECT game, config, seed, bot_seed, created, over, outcome, forfeit_seat, "
        "forfeit_reason FROM matches WHERE id = ?",
        (match,),
    ).fetchone()
    if row is None:
        return None
    game, config, seed, bot_seed, created, over, outcome, forfeit_seat, forfeit_reason = row
    moves = tuple(
        move
        for (move,) in db.execute(
            "SELECT move FROM moves WHERE match = ? ORDER BY number", (match,)
        )
    )
    ending = Ending(outcome, forfeit_seat, forfeit_reason) if over else None
    return StoredMatch(
        match=match,
        game=game,
        config=config,
        seed=int(seed),
        bot_seed=int(bot_seed),
        created=created,
        seats=_seats(db, match),
        moves=moves,
        ending=ending,
    )


def _storage_error(exc: BaseException, path: Path) -> BaseException:
    """What a failed job tells its caller: a ``StorageError`` for the database's own errors,
    anything else (a bug in a job) as it is."""
    if isinstance(exc, sqlite3.Error):
        return StorageError(f"{path}: {exc}")
    return exc
