"""The bots of the server's seats: made from the spec a client gave, thinking in worker threads
with a time limit on every decision, never on the event loop.

A seat ``"bot:<spec>"`` gets ``make_bot(spec, game)``, the library's own parser of bot names
(``random``, ``greedy``, ``ismcts``, ``ismcts:N``), so the server knows exactly the bots the
library and ``cardgames play --bots`` know, and refuses any other spec with the library's
reason. A search bot gets a time budget of its own, half the server's limit, so that a large
``ismcts:N`` searches less on a busy server rather than running out of time.

Each decision runs in a thread of a small pool and is timed from the moment the thread takes
it (time spent queueing behind other matches' bots does not count against a bot). A bot that
raises, answers with a move that is not one of the legal moves, or has not answered when its
time is up, fails: :meth:`BotRunner.choose` returns a :class:`Failure` saying which, and the
match is forfeited by that seat. The reason never quotes the bot's exception, whose text could
tell what the bot saw to everybody reading the match's story. A thread that overran is left to
finish on its own (a thread cannot be stopped) and the pool is replaced, so that the other
matches' bots keep their threads.

A bot's generator is made for each decision from a secret of the match (its ``bot_seed``), the
seat and the move number, so a bot carries on after a restart exactly as it would have, with no
generator state to store.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import hashlib
import random
import time
from collections.abc import Sequence
from typing import Any

import attrs

from cardgames.bots import make_bot
from cardgames.errors import UnknownBotError
from cardgames.game import Bot, Game
from cardgames.ismcts import ISMCTSBot

__all__ = [
    "BOT_PREFIX",
    "DEFAULT_THREADS",
    "DEFAULT_TIME_LIMIT",
    "MAX_SPEC",
    "BotRunner",
    "Failure",
    "decision_rng",
    "seat_bot",
]

#: How a seat of ``POST /api/matches`` names a bot: ``"bot:greedy"``.
BOT_PREFIX = "bot:"
#: The longest bot spec looked at, in characters.
MAX_SPEC = 40
#: The longest a bot may think about one move, in seconds, unless ``--bot-time-limit`` says.
DEFAULT_TIME_LIMIT = 10.0
#: The worker threads the bots of all matches share.
DEFAULT_THREADS = 4
#: The share of the time limit a search bot is given as its own budget.
_SEARCH_SHARE = 0.5


@attrs.frozen
class Failure:
    """A bot's decision that failed, and the reason its seat forfeits (safe to show)."""

    reason: str


def seat_bot(spec: str, game: Game[Any, Any, Any, Any], time_limit: float) -> Bot[Any, Any]:
    """The bot that the spec names for ``game`` (``UnknownBotError`` if none does), with a
    search bot's time budget set within ``time_limit``."""
    if len(spec) > MAX_SPEC or not spec.isascii() or not spec.isprintable():
        raise UnknownBotError(
            f"a bot spec is at most {MAX_SPEC} printable ASCII characters, such as "
            "'greedy' or 'ismcts:200'"
        )
    bot = make_bot(spec, game)
    if isinstance(bot, ISMCTSBot):
        share = time_limit * _SEARCH_SHARE
        budget = share if bot.time_budget is None else min(bot.time_budget, share)
        bot = ISMCTSBot(
            bot.game,
            iterations=bot.iterations,
            time_budget=budget,
            exploration=bot.exploration,
            playout=bot.playout,
        )
    return bot


def decision_rng(bot_seed: int, seat: int, number: int) -> random.Random:
    """The generator of the bot in ``seat`` for move ``number`` of the match whose bots draw
    from ``bot_seed``."""
    digest = hashlib.sha256(f"{bot_seed}:{seat}:{number}".encode("ascii")).digest()
    return random.Random(int.from_bytes(digest[:16], "big"))


class BotRunner:
    """Runs bots' decisions in worker threads, each within ``time_limit`` seconds."""

    def __init__(self, *, time_limit: float = DEFAULT_TIME_LIMIT, threads: int = DEFAULT_THREADS):
        self.time_limit = time_limit
        self.threads = threads
        self._pool = self._new_pool()

    def _new_pool(self) -> concurrent.futures.ThreadPoolExecutor:
        return concurrent.futures.ThreadPoolExecutor(
            max_workers=self.threads, thread_name_prefix="cardgames bot"
        )

    def close(self) -> None:
        """Stop taking decisions; the ones under way finish in their threads."""
        self._pool.shutdown(wait=False, cancel_futures=True)

    async def choose(
        self, bot: Bot[Any, Any], view: Any, legal: Sequence[Any], rng: random.Random
    ) -> Any:
        """The bot's move (one of ``legal``, the very object), or a :class:`Failure`."""
        loop = asyncio.get_running_loop()
        started: asyncio.Future[None] = loop.create_future()

        def begin() -> None:
            if not started.done():
                started.set_result(None)

        def work() -> tuple[Any, float]:
            loop.call_soon_threadsafe(begin)
            start = time.perf_counter()
            move = bot.choose(view, legal, rng)
            return move, time.perf_counter() - start

        pool = self._pool
        try:
            thinking = loop.run_in_executor(pool, work)
        except RuntimeError:  # the pool has been shut down: the server is stopping
            raise asyncio.CancelledError from None
        # The clock starts when a thread takes the decision, not while it waits for one.
        waiting = asyncio.ensure_future(asyncio.shield(started))
        await asyncio.wait((waiting, thinking), return_when=asyncio.FIRST_COMPLETED)
        waiting.cancel()
        try:
            move, took = await asyncio.wait_for(asyncio.shield(thinking), self.time_limit)
        except TimeoutError:
            if pool is self._pool:  # this thread is lost until the bot returns: a fresh pool
                pool.shutdown(wait=False)
                self._pool = self._new_pool()
            return Failure(f"did not choose a move within {self.time_limit:g} s")
        except asyncio.CancelledError:
            raise
        except Exception as exc:
            return Failure(f"failed while choosing a move ({type(exc).__name__})")
        if took > self.time_limit:
            return Failure(f"did not choose a move within {self.time_limit:g} s")
        found = next((m for m in legal if m == move), None)
        if found is None:
            return Failure("answered with a move that is not legal")
        return found
