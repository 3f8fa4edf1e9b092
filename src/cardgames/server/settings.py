"""The server's settings: what ``cardgames serve`` takes as options, and the fixed limits on
what a client may send."""

from __future__ import annotations

import attrs

from cardgames.server.bots import DEFAULT_TIME_LIMIT, DEFAULT_WORKERS

__all__ = [
    "DEFAULT_DB",
    "DEFAULT_HOST",
    "DEFAULT_MAX_MATCHES",
    "DEFAULT_PORT",
    "DEFAULT_RATE_LIMIT",
    "MAX_BODY",
    "MAX_HEADERS",
    "MAX_HEADER_BYTES",
    "Settings",
]

#: Where the server listens unless told: this machine only.
DEFAULT_HOST = "127.0.0.1"
#: The port it listens on unless told.
DEFAULT_PORT = 8765
#: The SQLite file of the matches unless told (in the working folder).
DEFAULT_DB = "cardgames-matches.sqlite3"
#: Requests a second one client address may make, on average, unless told.
DEFAULT_RATE_LIMIT = 500.0
#: The largest request body, in bytes (64 KiB): a ``413`` beyond.
MAX_BODY = 64 * 1024
#: The most bytes of a request's line and headers together: a ``431`` beyond.
MAX_HEADER_BYTES = 16 * 1024
#: The most header fields of a request: a ``431`` beyond.
MAX_HEADERS = 64
#: The most matches in play (not over) at once: a ``503`` for a new one beyond.
DEFAULT_MAX_MATCHES = 10_000


@attrs.frozen
class Settings:
    """Everything ``cardgames serve`` can be told; the defaults are its defaults.

    ``rate_limit`` is requests a second per client address, with bursts of twice as many; 0
    turns the limit off. ``bot_time_limit`` is the longest a bot may think about one move, in
    seconds, and ``bot_workers`` how many worker processes the bots think in (all matches
    together).
    """

    host: str = DEFAULT_HOST
    port: int = DEFAULT_PORT
    db: str = DEFAULT_DB
    rate_limit: float = DEFAULT_RATE_LIMIT
    bot_time_limit: float = DEFAULT_TIME_LIMIT
    bot_workers: int = DEFAULT_WORKERS
    max_matches: int = DEFAULT_MAX_MATCHES
