"""Running the server: the store opened, the matches loaded, uvicorn listening, and a clean stop.

:func:`serve` does what ``cardgames serve`` does: it opens the store (an SQLite file unless the
address says otherwise), loads and replays every match that is not over, binds the address,
prints ``serving on http://HOST:PORT`` once connections are accepted (with the port the system
gave, for ``--port 0``), and serves until SIGINT or SIGTERM. Then it stops taking connections,
lets the requests under way finish, stops the bots, and closes the store after its last
commit: every move that was acknowledged is on disk, and the ones that were not are not.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import signal
import socket
import sys
from collections.abc import Callable
from types import FrameType
from typing import TextIO

import uvicorn

from cardgames.errors import CardgamesError
from cardgames.server.app import create_app
from cardgames.server.lobby import Lobby
from cardgames.server.pages import page_routes
from cardgames.server.protocol import GuardedHttpToolsProtocol
from cardgames.server.settings import MAX_BODY, Settings
from cardgames.server.sqlite import SQLiteStore
from cardgames.server.store import StorageError, Store
from cardgames.server.workers import ProcessBotRunner

__all__ = ["READY", "open_store", "serve"]

#: The line ``serve`` prints once it accepts connections; ``{url}`` is ``http://HOST:PORT``.
READY = "serving on {url}"
#: The extra that brings psycopg, for a PostgreSQL store.
POSTGRESQL_EXTRA = "postgresql"


def open_store(db: str) -> Store:
    """The store that ``--db`` names: a PostgreSQL database for a ``postgresql://`` address
    (shared by every process given it), an SQLite file (created if missing) for a path."""
    if db.startswith(("postgresql://", "postgres://")):
        try:
            from cardgames.server.postgresql import PostgreSQLStore
        except ImportError:
            raise CardgamesError(
                f"--db: a PostgreSQL database needs psycopg 3: pip install "
                f"'cardgames[{POSTGRESQL_EXTRA}]'"
            ) from None
        return PostgreSQLStore(db)
    if not db or "\x00" in db:
        raise CardgamesError("--db: expected the path of an SQLite file")
    return SQLiteStore(db)


def serve(
    settings: Settings,
    *,
    out: TextIO | None = None,
    log: Callable[[str], object] | None = None,
) -> int:
    """Serve until SIGINT or SIGTERM; the exit status (0). ``CardgamesError`` if the store
    cannot be opened or the address cannot be bound."""
    stream = out if out is not None else sys.stdout
    note = log if log is not None else _note
    try:
        with asyncio.Runner(loop_factory=_loop_factory()) as runner:
            runner.run(_serve(settings, stream, note))
    except StorageError as exc:
        raise CardgamesError(str(exc)) from None
    return 0


def _loop_factory() -> Callable[[], asyncio.AbstractEventLoop] | None:
    """uvloop's event loop where it is installed (faster), else asyncio's own."""
    try:
        import uvloop
    except ImportError:
        return None
    return uvloop.new_event_loop


async def _serve(settings: Settings, out: TextIO, log: Callable[[str], object]) -> None:
    store = open_store(settings.db)
    await store.open()
    bots = ProcessBotRunner(time_limit=settings.bot_time_limit, processes=settings.bot_workers)
    lobby = Lobby(store, bots=bots, max_matches=settings.max_matches, log=log)
    try:
        await bots.start()
        for problem in await lobby.start():
            log(problem)
        listening = _bind(settings.host, settings.port)
        port = listening.getsockname()[1]
        host = f"[{settings.host}]" if ":" in settings.host else settings.host
        app = create_app(lobby, rate_limit=settings.rate_limit, log=log, routes=page_routes(lobby))
        # What is made by now (the library's modules, tables and generated code, the matches
        # loaded) lives as long as the server: out of the garbage collector's way, so that its
        # full collections, which stop everything while they walk every object, walk only
        # what serving makes.
        gc.collect()
        gc.freeze()
        config = uvicorn.Config(
            app,
            http=GuardedHttpToolsProtocol,
            ws="websockets-sansio",
            ws_max_size=MAX_BODY,
            # The news is a few bytes: compressing it costs more than it saves.
            ws_per_message_deflate=False,
            lifespan="off",
            log_level="warning",
            access_log=False,
            server_header=False,
            timeout_keep_alive=30,
            timeout_graceful_shutdown=10,
        )
        server = _Server(config, ready=lambda: _say(out, READY.format(url=f"http://{host}:{port}")))
        await server.serve(sockets=[listening])
    finally:
        await lobby.stop()
        await store.close()


def _bind(host: str, port: int) -> socket.socket:
    """A socket bound to ``host:port`` (``CardgamesError`` if it cannot be)."""
    try:
        family, kind, proto, _, address = socket.getaddrinfo(
            host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE
        )[0]
        listening = socket.socket(family, kind, proto)
        listening.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        listening.bind(address)
    except OSError as exc:
        raise CardgamesError(f"cannot listen on {host}:{port}: {exc.strerror or exc}") from None
    listening.set_inheritable(True)
    return listening


class _Server(uvicorn.Server):
    """uvicorn's server that says when it is ready and stops quietly on SIGINT and SIGTERM
    (uvicorn's own raises the signal again once it has stopped)."""

    def __init__(self, config: uvicorn.Config, *, ready: Callable[[], object]) -> None:
        super().__init__(config)
        self._ready = ready

    async def startup(self, sockets: list[socket.socket] | None = None) -> None:
        await super().startup(sockets)
        if self.started:
            self._ready()

    def handle_exit(self, sig: int, frame: FrameType | None) -> None:
        if self.should_exit and sig == signal.SIGINT:
            self.force_exit = True
        self.should_exit = True


def _say(out: TextIO, line: str) -> None:
    with contextlib.suppress(OSError):
        out.write(line + "\n")
        out.flush()


def _note(line: str) -> None:
    with contextlib.suppress(OSError):
        print(f"cardgames serve: {line}", file=sys.stderr, flush=True)
