"""The PostgreSQL store: one database that several server processes share, through psycopg 3.

Every change is one statement, so one transaction and one commit (the connections run in
autocommit): a move's statement moves the match's count of moves on *only if* it is still the
number before the new move, adds the move, and sends the news, all at once or not at all. Two
processes posting the same version both run that statement; PostgreSQL's row lock on the match
makes the second wait for the first, and then find the count moved on, so it changes nothing
and the second process answers ``409``. The moves' primary key (match, number) guards the same
promise a second time.

Each change also counts in the match's ``changes`` (its *stamp*), and sends a notification on
the channel :data:`CHANNEL` (``NOTIFY``, delivered when the change commits) naming the match and
the process that made it. Every process listens on one connection of its own (``LISTEN``) and
tells its lobby of the other processes' changes; the lobby then reads the match again, tells
its live listeners, and carries on the match's bots if their process has gone.

A commit returns once it is durable by the database's own rule (``synchronous_commit``, on by
default: the commit's write-ahead log is flushed to disk). A connection that finds it turned
off for itself turns it on, so that an acknowledged move is never one a crash of the database
can lose.
"""

from __future__ import annotations

import asyncio
import contextlib
import re
import secrets
from collections.abc import Callable, Sequence
from typing import Any, LiteralString

import psycopg
from psycopg import sql
from psycopg_pool import AsyncConnectionPool

from cardgames.server.store import (
    Ending,
    MatchSummary,
    StorageError,
    StoredMatch,
    StoredSeat,
)

__all__ = ["CHANNEL", "SCHEMA_VERSION", "PostgreSQLStore"]

#: The channel of the notifications of changes (``LISTEN``/``NOTIFY``).
CHANNEL = "cardgames_matches"
#: The version of the tables below, kept in the table ``cardgames_schema``.
SCHEMA_VERSION = 1
#: The most connections one server process opens to the database (the listener's aside).
POOL_SIZE = 8
#: How long opening the store waits for the database, in seconds.
CONNECT_TIMEOUT = 30.0
#: The longest wait between two tries to listen again after the connection was lost.
_LISTEN_RETRY = 5.0
# Any number the server's processes agree on: the lock that makes creating the tables one at a
# time (pg_advisory_xact_lock).
_SCHEMA_LOCK = 7_315_092_114
# A password in a connection address, hidden in every message.
_PASSWORD = re.compile(r"(://[^:/@]*:)[^@]*@")

_SCHEMA = """
CREATE TABLE IF NOT EXISTS cardgames_schema (version INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS matches (
    id TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    config TEXT NOT NULL,
    seed TEXT NOT NULL,
    bot_seed TEXT NOT NULL,
    created DOUBLE PRECISION NOT NULL,
    over BOOLEAN NOT NULL DEFAULT FALSE,
    outcome TEXT,
    forfeit_seat INTEGER,
    forfeit_reason TEXT,
    moves INTEGER NOT NULL DEFAULT 0,
    changes BIGINT NOT NULL DEFAULT 0
);
CREATE INDEX IF NOT EXISTS matches_by_age ON matches (created);
CREATE INDEX IF NOT EXISTS matches_in_play ON matches (over);
CREATE TABLE IF NOT EXISTS seats (
    match TEXT NOT NULL REFERENCES matches (id),
    seat INTEGER NOT NULL,
    kind TEXT NOT NULL,
    bot TEXT,
    name TEXT,
    token_hash BYTEA,
    PRIMARY KEY (match, seat)
);
CREATE TABLE IF NOT EXISTS moves (
    match TEXT NOT NULL REFERENCES matches (id),
    number INTEGER NOT NULL,
    move TEXT NOT NULL,
    PRIMARY KEY (match, number)
);
"""

# One statement per change: the match's row is updated only if it is as the change expects,
# and the rest (the move, the news) happens only if it was.
_ADD_MOVE = """
WITH bumped AS (
    UPDATE matches SET moves = moves + 1, changes = changes + 1,
        over = %(over)s, outcome = %(outcome)s,
        forfeit_seat = %(forfeit_seat)s, forfeit_reason = %(forfeit_reason)s
    WHERE id = %(match)s AND moves = %(before)s AND NOT over
    RETURNING id
), added AS (
    INSERT INTO moves (match, number, move)
    SELECT id, %(number)s, %(move)s FROM bumped
    RETURNING match
)
SELECT pg_notify(%(channel)s, %(news)s) FROM added
"""
_TAKE_SEAT = """
WITH taken AS (
    UPDATE seats SET name = %(name)s, token_hash = %(token_hash)s
    WHERE match = %(match)s AND seat = %(seat)s AND kind = 'human' AND token_hash IS NULL
    RETURNING match
), counted AS (
    UPDATE matches SET changes = changes + 1
    WHERE id IN (SELECT match FROM taken) AND NOT over
    RETURNING id
)
SELECT pg_notify(%(channel)s, %(news)s) FROM counted
"""
_FINISH = """
WITH ended AS (
    UPDATE matches SET over = TRUE, changes = changes + 1, outcome = %(outcome)s,
        forfeit_seat = %(forfeit_seat)s, forfeit_reason = %(forfeit_reason)s
    WHERE id = %(match)s AND moves = %(moves)s AND NOT over
    RETURNING id
)
SELECT pg_notify(%(channel)s, %(news)s) FROM ended
"""
_MATCH = (
    "SELECT game, config, seed, bot_seed, created, over, outcome, forfeit_seat, forfeit_reason, "
    "changes FROM matches WHERE id = %s"
)
_SEATS = "SELECT seat, kind, bot, name, token_hash FROM seats WHERE match = %s ORDER BY seat"


def hide_password(text: str) -> str:
    """``text`` with the password of any connection address in it replaced by ``***``."""
    return _PASSWORD.sub(r"\1***@", text)


class PostgreSQLStore:
    """The matches in a PostgreSQL database (``postgresql://...``), as
    :class:`~.store.SharedStore` says: several server processes may share it."""

    def __init__(self, url: str, *, pool_size: int = POOL_SIZE) -> None:
        self.url = url
        self.pool_size = pool_size
        #: This process among those sharing the database: its own notifications are not news.
        self.origin = secrets.token_hex(8)
        self._pool: AsyncConnectionPool[Any] | None = None
        self._listener: asyncio.Task[None] | None = None
        self._watchers: list[Callable[[str | None], object]] = []
        self._listening = asyncio.Event()

    def __repr__(self) -> str:
        return f"PostgreSQLStore({hide_password(self.url)!r})"

    # --- opening and closing -------------------------------------------------------------------

    async def open(self) -> None:
        """Connect, create the tables if missing (one process at a time), and start
        listening to the other processes' news."""
        if self._pool is not None:
            return
        try:  # one connection first, so that a wrong address is told at once and plainly
            probe = await psycopg.AsyncConnection.connect(
                self.url, autocommit=True, connect_timeout=int(CONNECT_TIMEOUT)
            )
            await probe.close()
        except (psycopg.Error, OSError) as exc:
            raise self._error(exc) from None
        pool: AsyncConnectionPool[Any] = AsyncConnectionPool(
            self.url,
            min_size=1,
            max_size=self.pool_size,
            kwargs={"autocommit": True},
            configure=_configure,
            open=False,
            name="cardgames",
        )
        try:
            await pool.open(wait=True, timeout=CONNECT_TIMEOUT)
        except (psycopg.Error, OSError) as exc:
            await pool.close()
            raise self._error(exc) from None
        except Exception as exc:  # the pool's timeout, or an address psycopg cannot read
            await pool.close()
            raise StorageError(f"PostgreSQL: cannot connect ({type(exc).__name__})") from None
        self._pool = pool
        try:
            await self._schema()
        except BaseException:
            await self.close()
            raise
        self._listener = asyncio.create_task(self._listen(), name="cardgames store news")
        # Changes made before the process listens are read by the lobby as it loads.
        waiting = asyncio.ensure_future(self._listening.wait())
        await asyncio.wait((waiting, self._listener), timeout=CONNECT_TIMEOUT)
        if not waiting.done():
            waiting.cancel()
            await self.close()
            raise StorageError("PostgreSQL: cannot listen for the other processes' news")

    async def close(self) -> None:
        """Stop listening and close every connection (each write has returned already)."""
        listener, self._listener = self._listener, None
        if listener is not None:
            listener.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await listener
        pool, self._pool = self._pool, None
        if pool is not None:
            await pool.close()

    async def _schema(self) -> None:
        async def work(db: psycopg.AsyncConnection[Any]) -> None:
            async with db.transaction():
                await db.execute("SELECT pg_advisory_xact_lock(%s)", (_SCHEMA_LOCK,))
                await db.execute(_SCHEMA)
                rows = await (await db.execute("SELECT version FROM cardgames_schema")).fetchall()
                versions = {row[0] for row in rows}
                if not versions:
                    await db.execute(
                        "INSERT INTO cardgames_schema (version) VALUES (%s)", (SCHEMA_VERSION,)
                    )
                elif versions != {SCHEMA_VERSION}:
                    raise StorageError(
                        f"PostgreSQL: tables of version {min(versions)}; this server knows "
                        f"version {SCHEMA_VERSION}"
                    )

        await self._do(work)

    # --- the news ------------------------------------------------------------------------------

    def watch(self, changed: Callable[[str | None], object]) -> None:
        """Call ``changed(match)`` for every change another process makes, and
        ``changed(None)`` after news may have been missed."""
        self._watchers.append(changed)

    def _tell(self, match: str | None) -> None:
        for watcher in tuple(self._watchers):
            watcher(match)

    async def _listen(self) -> None:
        """Listen on a connection of its own; on a lost connection, listen again and say that
        news may have been missed."""
        pause = 0.1
        first = True
        while True:
            try:
                connection = await psycopg.AsyncConnection.connect(self.url, autocommit=True)
            except (psycopg.Error, OSError):
                await asyncio.sleep(pause)
                pause = min(_LISTEN_RETRY, pause * 2)
                continue
            try:
                async with connection:
                    await connection.execute(sql.SQL("LISTEN {}").format(sql.Identifier(CHANNEL)))
                    self._listening.set()
                    if not first:
                        self._tell(None)
                    first = False
                    pause = 0.1
                    async for notification in connection.notifies():
                        match, _, origin = notification.payload.partition(" ")
                        if origin != self.origin:
                            self._tell(match)
            except (psycopg.Error, OSError):
                await asyncio.sleep(pause)
                pause = min(_LISTEN_RETRY, pause * 2)

    def _news(self, match: str) -> str:
        return f"{match} {self.origin}"

    # --- running statements --------------------------------------------------------------------

    async def _do(self, work: Callable[[psycopg.AsyncConnection[Any]], Any]) -> Any:
        pool = self._pool
        if pool is None:
            raise StorageError("the store is not open")
        try:
            async with pool.connection(timeout=CONNECT_TIMEOUT) as db:
                return await work(db)
        except (psycopg.Error, OSError) as exc:
            raise self._error(exc) from None
        except StorageError:
            raise
        except Exception as exc:  # the pool timed out: no connection could be had
            if type(exc).__module__.startswith("psycopg_pool"):
                raise StorageError(f"PostgreSQL: no connection ({type(exc).__name__})") from None
            raise

    def _error(self, exc: BaseException) -> StorageError:
        first = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
        return StorageError(f"PostgreSQL: {hide_password(first)}")

    async def _changed(self, statement: LiteralString, values: dict[str, Any]) -> bool:
        """Run one statement that returns a row when it changed something."""

        async def work(db: psycopg.AsyncConnection[Any]) -> bool:
            cursor = await db.execute(statement, {**values, "channel": CHANNEL})
            return await cursor.fetchone() is not None

        result: bool = await self._do(work)
        return result

    # --- the store's methods -------------------------------------------------------------------

    async def create(self, match: StoredMatch) -> None:
        """Store a new match with its seats."""

        async def work(db: psycopg.AsyncConnection[Any]) -> None:
            async with db.transaction():
                await db.execute(
                    "INSERT INTO matches (id, game, config, seed, bot_seed, created) "
                    "VALUES (%s, %s, %s, %s, %s, %s)",
                    (
                        match.match,
                        match.game,
                        match.config,
                        str(match.seed),
                        str(match.bot_seed),
                        match.created,
                    ),
                )
                async with db.cursor() as cursor:
                    await cursor.executemany(
                        "INSERT INTO seats (match, seat, kind, bot, name, token_hash) "
                        "VALUES (%s, %s, %s, %s, %s, %s)",
                        [
                            (match.match, s.seat, s.kind, s.bot, s.name, s.token_hash)
                            for s in match.seats
                        ],
                    )

        await self._do(work)

    async def take_seat(self, match: str, seat: int, name: str, token_hash: bytes) -> bool:
        """Give the free human seat to a player; ``False`` if it is taken."""
        return await self._changed(
            _TAKE_SEAT,
            {
                "match": match,
                "seat": seat,
                "name": name,
                "token_hash": token_hash,
                "news": self._news(match),
            },
        )

    async def add_move(
        self, match: str, number: int, move: str, ending: Ending | None = None
    ) -> bool:
        """Store move ``number`` of an unfinished match (and its ending); ``False`` if that
        number is not the next one or the match is over."""
        done = ending if ending is not None else Ending()
        return await self._changed(
            _ADD_MOVE,
            {
                "match": match,
                "before": number - 1,
                "number": number,
                "move": move,
                "over": ending is not None,
                "outcome": done.outcome,
                "forfeit_seat": done.forfeit_seat,
                "forfeit_reason": done.forfeit_reason,
                "news": self._news(match),
            },
        )

    async def finish(self, match: str, moves: int, ending: Ending) -> bool:
        """End an unfinished match that has exactly ``moves`` moves."""
        return await self._changed(
            _FINISH,
            {
                "match": match,
                "moves": moves,
                "outcome": ending.outcome,
                "forfeit_seat": ending.forfeit_seat,
                "forfeit_reason": ending.forfeit_reason,
                "news": self._news(match),
            },
        )

    async def stamp(self, match: str) -> int | None:
        """How many changes the match has had, or ``None`` if there is no such match."""

        async def work(db: psycopg.AsyncConnection[Any]) -> int | None:
            cursor = await db.execute("SELECT changes FROM matches WHERE id = %s", (match,))
            row = await cursor.fetchone()
            return None if row is None else int(row[0])

        result: int | None = await self._do(work)
        return result

    async def load(self, match: str) -> StoredMatch | None:
        """The match with every move, or ``None``."""

        async def work(db: psycopg.AsyncConnection[Any]) -> StoredMatch | None:
            # One snapshot for the three reads: the moves agree with the match's row.
            async with db.transaction():
                await db.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ READ ONLY")
                return await _load(db, match)

        result: StoredMatch | None = await self._do(work)
        return result

    async def unfinished(self) -> Sequence[StoredMatch]:
        """Every match not over, oldest first."""

        async def work(db: psycopg.AsyncConnection[Any]) -> list[StoredMatch]:
            async with db.transaction():
                await db.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ READ ONLY")
                cursor = await db.execute(
                    "SELECT id FROM matches WHERE NOT over ORDER BY created, id"
                )
                ids = [row[0] for row in await cursor.fetchall()]
                found = [await _load(db, match) for match in ids]
            return [match for match in found if match is not None]

        result: list[StoredMatch] = await self._do(work)
        return result

    async def summaries(self, *, over: bool | None, limit: int) -> Sequence[MatchSummary]:
        """The newest ``limit`` matches, newest first (only those over or not, if asked)."""

        async def work(db: psycopg.AsyncConnection[Any]) -> list[MatchSummary]:
            where = "" if over is None else "WHERE over = %(over)s"
            cursor = await db.execute(
                f"SELECT id, game, created, over FROM matches {where} "
                "ORDER BY created DESC, id LIMIT %(limit)s",
                {"over": over, "limit": limit},
            )
            rows = await cursor.fetchall()
            seats: dict[str, list[StoredSeat]] = {row[0]: [] for row in rows}
            if rows:
                cursor = await db.execute(
                    "SELECT match, seat, kind, bot, name, token_hash FROM seats "
                    "WHERE match = ANY(%s) ORDER BY match, seat",
                    (list(seats),),
                )
                for match, seat, kind, bot, name, token_hash in await cursor.fetchall():
                    seats[match].append(_seat(seat, kind, bot, name, token_hash))
            return [
                MatchSummary(
                    match=match,
                    game=game,
                    created=created,
                    over=bool(done),
                    seats=tuple(seats[match]),
                )
                for match, game, created, done in rows
            ]

        result: list[MatchSummary] = await self._do(work)
        return result


async def _configure(connection: psycopg.AsyncConnection[Any]) -> None:
    """A new connection of the pool: its commits wait for the disk."""
    cursor = await connection.execute("SHOW synchronous_commit")
    row = await cursor.fetchone()
    if row is not None and row[0] == "off":
        await connection.execute("SET synchronous_commit = on")


def _seat(seat: int, kind: str, bot: str | None, name: str | None, token_hash: Any) -> StoredSeat:
    if kind not in ("human", "bot"):
        raise StorageError(f"PostgreSQL: a seat of an unknown kind {kind[:20]!r}")
    return StoredSeat(
        seat=seat,
        kind="human" if kind == "human" else "bot",
        bot=bot,
        name=name,
        token_hash=None if token_hash is None else bytes(token_hash),
    )


async def _load(db: psycopg.AsyncConnection[Any], match: str) -> StoredMatch | None:
    row = await (await db.execute(_MATCH, (match,))).fetchone()
    if row is None:
        return None
    game, config, seed, bot_seed, created, over, outcome, forfeit_seat, forfeit_reason, changes = (
        row
    )
    seats = tuple(_seat(*found) for found in await (await db.execute(_SEATS, (match,))).fetchall())
    cursor = await db.execute("SELECT move FROM moves WHERE match = %s ORDER BY number", (match,))
    moves = tuple(found[0] for found in await cursor.fetchall())
    ending = Ending(outcome, forfeit_seat, forfeit_reason) if over else None
    return StoredMatch(
        match=match,
        game=game,
        config=config,
        seed=int(seed),
        bot_seed=int(bot_seed),
        created=created,
        seats=seats,
        moves=moves,
        ending=ending,
        stamp=int(changes),
    )
