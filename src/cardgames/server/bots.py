"""The bots of the server's seats: made from the spec a client gave, thinking in worker
processes with a time limit on every decision, never on the event loop.

A seat ``"bot:<spec>"`` gets ``make_bot(spec, game)``, the library's own parser of bot names
(``random``, ``greedy``, ``ismcts``, ``ismcts:N``), so the server knows exactly the bots the
library and ``cardgames play --bots`` know, and refuses any other spec with the library's
reason. A search bot gets a time budget of its own, half the server's limit, so that a large
``ismcts:N`` searches less on a busy server rather than running out of time.

:class:`~cardgames.server.workers.ProcessBotRunner`, the server's, sends each decision to one
of a few worker processes (module :mod:`cardgames.server.workers`):
the bots take another core rather than the server's interpreter, and a bot that overruns is
stopped for good with its process. :class:`BotRunner` thinks in threads of the server's own
process instead, for bots that cannot be sent to another process. Either way a bot that
raises, answers with a move that is not one of the legal moves, or has not answered when its
time is up, fails: ``choose`` returns a :class:`Failure` saying which, and the match is
forfeited by that seat. The reason never quotes the bot's exception, whose text could tell
what the bot saw to everybody reading the match's story.

A bot's generator is made for each decision from a secret of the match (its ``bot_seed``), the
seat and the move number (:func:`decision_seed`), so a bot carries on after a restart exactly
as it would have, with no generator state to store.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import queue
import random
import threading
import time
from collections.abc import Callable, Sequence
from typing import Any

import attrs

from cardgames.arena import MAX_SEATS
from cardgames.bots import make_bot
from cardgames.errors import UnknownBotError
from cardgames.game import Bot, Game
from cardgames.ismcts import ISMCTSBot
from cardgames.rng import derive_seed

__all__ = [
    "BOT_PREFIX",
    "DEFAULT_THREADS",
    "DEFAULT_TIME_LIMIT",
    "DEFAULT_WORKERS",
    "MAX_SPEC",
    "BotRunner",
    "Failure",
    "Trail",
    "decision_seed",
    "seat_bot",
]

#: How a seat of ``POST /api/matches`` names a bot: ``"bot:greedy"``.
BOT_PREFIX = "bot:"
#: The longest bot spec looked at, in characters.
MAX_SPEC = 40
#: The longest a bot may think about one move, in seconds, unless ``--bot-time-limit`` says.
DEFAULT_TIME_LIMIT = 10.0
#: The worker threads of a :class:`BotRunner`.
DEFAULT_THREADS = 4
#: The worker processes the bots of all matches share, unless ``--bot-workers`` says.
DEFAULT_WORKERS = 2
#: The share of the time limit a search bot is given as its own budget.
_SEARCH_SHARE = 0.5


@attrs.frozen
class Trail:
    """What a worker process needs to deal a match's state itself: the match, its game, the
    config's JSON, the seed, and the notation of the first ``version`` moves (the match's own
    list, read up to ``version`` only)."""

    match: str
    game: str
    config: str
    seed: int
    moves: Sequence[str]
    version: int


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


def decision_seed(bot_seed: int, seat: int, number: int) -> int:
    """The seed of the generator of the bot in ``seat`` for move ``number`` of the match whose
    bots draw from ``bot_seed``."""
    # One-way (the library's derivation): a bot's draws tell nothing of the match's secret.
    return derive_seed(bot_seed, "server bot", number * MAX_SEATS + seat, bits=128)


class _Workers:
    """A fixed number of daemon threads taking jobs from one queue.

    Daemon threads, unlike a ``ThreadPoolExecutor``'s, never hold up the process at its exit:
    a bot still searching when the server stops is simply dropped. A worker whose job overran
    is retired (it stops once its job returns) and another takes its place, so a slow bot
    never costs the other matches a thread.
    """

    def __init__(self, count: int) -> None:
        self._jobs: queue.SimpleQueue[tuple[concurrent.futures.Future[Any], Any] | None] = (
            queue.SimpleQueue()
        )
        self._retired: set[int] = set()
        self._lock = threading.Lock()
        self._closed = False
        for _ in range(count):
            self._start()

    def _start(self) -> None:
        threading.Thread(target=self._work, name="cardgames bot", daemon=True).start()

    def _work(self) -> None:
        me = threading.get_ident()
        while True:
            job = self._jobs.get()
            if job is None:
                return
            future, work = job
            if future.set_running_or_notify_cancel():
                try:
                    future.set_result(work())
                except BaseException as exc:  # handed to whoever waits for the job
                    future.set_exception(exc)
            with self._lock:
                if me in self._retired:
                    self._retired.discard(me)
                    return

    def submit(self, work: Any) -> concurrent.futures.Future[Any]:
        """Run ``work()`` in a worker; its future."""
        future: concurrent.futures.Future[Any] = concurrent.futures.Future()
        if self._closed:
            future.cancel()
            return future
        self._jobs.put((future, work))
        return future

    def retire(self, thread: int) -> None:
        """The worker ``thread`` stops after its job; another starts now in its place."""
        with self._lock:
            self._retired.add(thread)
        if not self._closed:
            self._start()

    def close(self, count: int) -> None:
        """Take no more jobs; the idle workers stop."""
        self._closed = True
        for _ in range(count):
            self._jobs.put(None)


class BotRunner:
    """Runs bots' decisions in worker threads of the server's process, each within
    ``time_limit`` seconds: for bots that cannot be sent to another process (a program's own,
    embedding the server)."""

    def __init__(self, *, time_limit: float = DEFAULT_TIME_LIMIT, threads: int = DEFAULT_THREADS):
        self.time_limit = time_limit
        self.threads = threads
        self._workers = _Workers(threads)

    async def start(self) -> None:
        """Nothing to start: the threads are there."""

    def close(self) -> None:
        """Stop taking decisions; one under way is dropped when the process ends."""
        self._workers.close(self.threads)

    async def decide(
        self,
        bot: Bot[Any, Any],
        trail: Trail,
        player: int,
        view: Callable[[], Any],
        legal: Sequence[Any],
        seed: int,
    ) -> Any:
        """The move of the bot of ``player`` in the match of ``trail``, as :meth:`choose`,
        shown ``view()``."""
        return await self.choose(bot, view(), legal, seed)

    async def choose(self, bot: Bot[Any, Any], view: Any, legal: Sequence[Any], seed: int) -> Any:
        """The bot's move (one of ``legal``, the very object), or a :class:`Failure`; the bot
        draws from ``random.Random(seed)``."""
        rng = random.Random(seed)
        loop = asyncio.get_running_loop()
        started: asyncio.Future[int] = loop.create_future()

        def begin(thread: int) -> None:
            if not started.done():
                started.set_result(thread)

        def work() -> tuple[Any, float]:
            loop.call_soon_threadsafe(begin, threading.get_ident())
            start = time.perf_counter()
            move = bot.choose(view, legal, rng)
            return move, time.perf_counter() - start

        thinking = asyncio.wrap_future(self._workers.submit(work))
        # The clock starts when a worker takes the decision, not while it waits for one.
        await asyncio.wait((started, thinking), return_when=asyncio.FIRST_COMPLETED)
        try:
            move, took = await asyncio.wait_for(asyncio.shield(thinking), self.time_limit)
        except TimeoutError:
            if started.done():
                self._workers.retire(started.result())
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
