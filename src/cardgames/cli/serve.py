"""``cardgames serve``: the match server, from the optional extra ``cardgames[server]``.

The server's libraries (Starlette, uvicorn) are imported only when the command runs, so the rest
of the command line works without them; without the extra, the command says what to install.
"""

from __future__ import annotations

import argparse

from cardgames.cli.console import Console
from cardgames.errors import CardgamesError

__all__ = [
    "DEFAULT_BOT_TIME_LIMIT",
    "DEFAULT_BOT_WORKERS",
    "DEFAULT_DB",
    "DEFAULT_HOST",
    "DEFAULT_MAX_MATCHES",
    "DEFAULT_PORT",
    "DEFAULT_RATE_LIMIT",
    "MISSING_EXTRA",
    "run",
]

# The server's defaults, written here too so that ``cardgames serve --help`` needs no extra
# (the tests hold them equal to cardgames.server.Settings()).
#: Where the server listens unless told: this machine only.
DEFAULT_HOST = "127.0.0.1"
#: The port it listens on unless told.
DEFAULT_PORT = 8765
#: The SQLite file of the matches unless told.
DEFAULT_DB = "cardgames-matches.sqlite3"
#: Requests a second per client address unless told.
DEFAULT_RATE_LIMIT = 500.0
#: The longest a bot may think about one move, in seconds, unless told.
DEFAULT_BOT_TIME_LIMIT = 10.0
#: The worker processes the bots think in unless told.
DEFAULT_BOT_WORKERS = 2
#: The most matches in play at once unless told.
DEFAULT_MAX_MATCHES = 10_000

#: What ``cardgames serve`` says when the server's libraries are not installed.
MISSING_EXTRA = "cardgames serve needs the optional extra 'server': pip install 'cardgames[server]'"
# The libraries of the extra: a missing one of these means the extra is not installed.
_EXTRA_MODULES = ("starlette", "uvicorn", "httptools", "websockets", "anyio")


def run(args: argparse.Namespace, console: Console) -> int:
    """Serve matches until SIGINT or SIGTERM; the exit status."""
    try:
        from cardgames import server
    except ImportError as exc:
        missing = getattr(exc.__cause__, "name", None) or exc.name or ""
        if missing.split(".")[0] in _EXTRA_MODULES or "cardgames[server]" in str(exc):
            raise CardgamesError(MISSING_EXTRA) from None
        raise
    settings = server.Settings(
        host=args.host,
        port=args.port,
        db=args.db,
        rate_limit=args.rate_limit,
        bot_time_limit=args.bot_time_limit,
        bot_workers=args.bot_workers,
        max_matches=args.max_matches,
    )
    return server.serve(
        settings, out=console.stdout, log=lambda line: console.note(f"cardgames serve: {line}")
    )
