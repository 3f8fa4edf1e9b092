"""The match server: ``cardgames serve``, an HTTP and WebSocket API for playing the library's
games over a network (the optional extra ``cardgames[server]``).

People (or programs) make a match, join its seats with secret tokens, and each seat sees its
own view and events and nothing more; spectators see what a spectator may; bots play their
seats on the server; every accepted move is stored before it is acknowledged, and a restarted
server carries on every match where it stood. The documentation's page "Play online" tells how
to use it; the contract of the API is the same page's tables.

The parts, one module each:

- :mod:`~cardgames.server.store` (the storage interface) and :mod:`~cardgames.server.sqlite`
  (the SQLite store, with its grouped commits);
- :mod:`~cardgames.server.match` (a match in memory, and the match as a viewer sees it),
  :mod:`~cardgames.server.lobby` (what the server does with matches),
  :mod:`~cardgames.server.bots` (the bots' threads and time limit) and
  :mod:`~cardgames.server.live` (the listeners of live updates);
- :mod:`~cardgames.server.tokens` (tokens, their hashes, match ids);
- :mod:`~cardgames.server.app` (the Starlette routes), :mod:`~cardgames.server.guard`
  (rate limit, body limit, JSON errors), :mod:`~cardgames.server.protocol` (header limits)
  and :mod:`~cardgames.server.run` (the process: uvicorn, the ready line, a clean stop).

Nothing in the rest of the library imports this package; the command line imports it only to
run ``cardgames serve``.
"""

from __future__ import annotations

# ruff: noqa: E402 (the extra is looked for before the modules that need it are imported)

#: The extra that brings the server's libraries.
EXTRA = "server"

try:
    import starlette  # noqa: F401
    import uvicorn  # noqa: F401
except ImportError as exc:  # pragma: no cover (the extra is installed wherever tests run)
    raise ImportError(
        f"cardgames.server needs the optional extra {EXTRA!r}: pip install 'cardgames[{EXTRA}]'"
    ) from exc

from cardgames._surface import public_dir
from cardgames.server.app import create_app
from cardgames.server.lobby import ApiError, Lobby
from cardgames.server.run import open_store, serve
from cardgames.server.settings import Settings
from cardgames.server.sqlite import SQLiteStore
from cardgames.server.store import Store

__all__ = [
    "EXTRA",
    "ApiError",
    "Lobby",
    "SQLiteStore",
    "Settings",
    "Store",
    "create_app",
    "open_store",
    "serve",
]

__dir__ = public_dir(__all__)
