"""The bots of the server's seats: made from the spec a client gave, thinking in worker
processes with a time limit on every decision, never on the event loop.

A seat ``"bot:<spec>"`` gets ``make_bot(spec, game)``, the library's own parser of bot names
(``random``, ``greedy``, ``ismcts``, ``ismcts:N``), so the server knows exactly the bots the
library and ``cardgames play --bots`` know, and refuses any other spec with the library's
reason. A search bot gets a time budget of its own, half the server's limit, so that a large
``ismcts:N`` searches less on a busy server rather than running out of time.

:class:`ProcessBotRunner`, the server's, sends each decision to one of a few worker processes:
the bots take another core rather than the server's interpreter, and a bot that overruns is
stopped for good with its process. :class:`BotRunner` thinks in threads of the server's own
process instead, for bots that cannot be sent to another process. Either way a bot that
raises, answers with a move that is not one of the legal moves, or has not answered when its
time is up, fails: ``choose`` returns a :class:`Failure` saying which, and the match is
forfeited by that seat. The reason never quotes the bot's exception, whose text could tell
what the bot saw to everybody reading the match's story.

**What a worker is sent.** Pickling a view for every decision cost the server about as much
as a greedy bot's whole move, so a worker deals the match's state itself: :meth:`decide` sends
a :class:`Trail` (the match's game, config, seed and the notation of the moves the worker has
not seen yet), the worker keeps the state it reached for each match it decided for lately,
plays the new moves on it, and hands the bot the view and the legal moves worked out from that
state, as the server would have. The bot still sees its view only; the worker is the server's
own process, and the seed never leaves it. A worker that does not hold the match (it started
since, or let it go) says so and is sent the whole trail; one that cannot replay it has the
view sent as before.

A bot's generator is made for each decision from a secret of the match (its ``bot_seed``), the
seat and the move number (:func:`decision_seed`), so a bot carries on after a restart exactly
as it would have, with no generator state to store.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import multiprocessing
import pickle
import queue
import random
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Sequence
from multiprocessing.connection import Connection
from typing import Any

import attrs

from cardgames.arena import MAX_SEATS
from cardgames.bots import make_bot
from cardgames.errors import UnknownBotError
from cardgames.game import Bot, Game
from cardgames.ismcts import ISMCTSBot
from cardgames.registry import GAMES
from cardgames.rng import derive_seed
from cardgames.serialization import from_json

__all__ = [
    "BOT_PREFIX",
    "DEFAULT_THREADS",
    "DEFAULT_TIME_LIMIT",
    "DEFAULT_WORKERS",
    "MAX_SPEC",
    "BotRunner",
    "Failure",
    "ProcessBotRunner",
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
#: How long a worker process may take to receive a decision before its clock starts, in seconds
#: (unpickling the bot, its view and moves; a worker that takes longer is taken for hung).
_HANDOVER = 60.0
#: The share of the time limit a search bot is given as its own budget.
_SEARCH_SHARE = 0.5
#: How many matches' states a worker process keeps (the least lately decided for go first).
_KEPT_MATCHES = 1024


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


class _Process:
    """One worker process of the bots and the pipe to it."""

    def __init__(self) -> None:
        context = multiprocessing.get_context("spawn")
        self.pipe, theirs = context.Pipe()
        self.process = context.Process(
            target=_serve_bots, args=(theirs,), name="cardgames bots", daemon=True
        )
        self.process.start()
        theirs.close()
        #: The version of each match whose state the worker holds, as far as the server knows.
        self.known: OrderedDict[str, int] = OrderedDict()

    def stop(self) -> None:
        """End the process now, whatever it is doing."""
        self.pipe.close()
        if self.process.is_alive():
            self.process.kill()
        self.process.join(timeout=5)


class _Dealt:
    """The states a worker process reached, one per match it decided for lately."""

    def __init__(self) -> None:
        self._states: OrderedDict[str, tuple[Game[Any, Any, Any, Any], Any, int]] = OrderedDict()

    def state(
        self, match: tuple[str, str, str | None, int], start: int, moves: Sequence[str]
    ) -> tuple[Game[Any, Any, Any, Any], Any] | None:
        """The game and the state of ``match`` (its id, game, config's JSON and seed; the
        config only when ``start`` is 0) after its first ``start`` moves and then ``moves``;
        ``None`` if this worker does not hold the match after ``start`` moves."""
        match_id, name, config, seed = match
        kept = self._states.pop(match_id, None)
        if start == 0:
            assert config is not None
            game = GAMES[name]
            state = game.new_game(from_json(config, game.config_type), seed=seed)
        elif kept is None or kept[2] != start:
            return None
        else:
            game, state, _ = kept
        for text in moves:
            state = game.apply_move(state, game.parse_move(state, text))
        self._states[match_id] = (game, state, start + len(moves))
        while len(self._states) > _KEPT_MATCHES:
            self._states.popitem(last=False)
        return game, state


def _serve_bots(pipe: Connection) -> None:
    """A worker process: for each decision it is sent, ``("view", bot, view, legal, seed)`` or
    ``("trail", bot, match, start, moves, player, seed)`` (whose view and legal moves it works
    out from the match's state), say ``("started",)`` once it holds the decision, then answer
    ``("move", index, seconds, notation)`` or ``("error", exception's class name, seconds)``;
    to a trail it cannot follow it answers ``("resend",)`` (it does not hold the match) or
    ``("fallback",)`` (the moves do not replay). It stops when the server's end of the pipe
    closes."""
    for name in GAMES:  # every game imported now, not while a bot's clock runs
        GAMES[name]
    dealt = _Dealt()
    while True:
        try:
            job = pipe.recv()
        except (EOFError, OSError):
            return
        game = None
        view: Any = None
        legal: Any = ()
        if job[0] == "trail":
            _, bot, match, begin, moves, player, seed = job
            try:
                found = dealt.state(match, begin, moves)
                if found is not None:
                    game, state = found
                    view, legal = game.view(state, player), game.legal_moves(state)
            except Exception:  # told to the server, which sends the view instead
                found = None
                begin = -1
            if found is None:
                try:
                    pipe.send(("resend",) if begin > 0 else ("fallback",))
                except (OSError, ValueError):
                    return
                continue
        else:
            _, bot, view, legal, seed = job
        try:
            pipe.send(("started",))
        except (OSError, ValueError):
            return
        start = time.perf_counter()
        try:
            move = bot.choose(view, legal, random.Random(seed))
            index = next((i for i, m in enumerate(legal) if m == move), -1)
            took = time.perf_counter() - start
            shown = game.format_move(legal[index]) if game is not None and index >= 0 else None
            answer: tuple[Any, ...] = ("move", index, took, shown)
        except Exception as exc:  # told to the server by its class only
            answer = ("error", type(exc).__name__, time.perf_counter() - start)
        try:
            pipe.send(answer)
        except (OSError, ValueError):
            return


class ProcessBotRunner:
    """Runs bots' decisions in ``processes`` worker processes, each within ``time_limit``
    seconds.

    The bots think beside the server, not in it: a long search takes another core and never
    the server's interpreter, and a bot that overruns its time is stopped for good (its process
    is killed and a fresh one takes its place). Each decision sends the bot, its view, the legal
    moves and a seed to an idle worker and waits for the index of the move chosen; the time
    limit counts from when the decision was sent.
    """

    def __init__(
        self, *, time_limit: float = DEFAULT_TIME_LIMIT, processes: int = DEFAULT_WORKERS
    ) -> None:
        self.time_limit = time_limit
        self.processes = processes
        self._idle: asyncio.Queue[_Process] | None = None
        self._all: set[_Process] = set()
        self._starting: set[asyncio.Task[None]] = set()
        self._closed = False

    async def start(self) -> None:
        """Start the worker processes (each imports the library: about a second)."""
        self._idle = asyncio.Queue()
        started = await asyncio.gather(
            *(asyncio.to_thread(_Process) for _ in range(self.processes))
        )
        for worker in started:
            self._all.add(worker)
            self._idle.put_nowait(worker)

    def close(self) -> None:
        """Stop every worker process."""
        self._closed = True
        for worker in tuple(self._all):
            worker.stop()
        self._all.clear()

    def _replace(self, worker: _Process) -> None:
        """Stop ``worker`` and start another in its place, off the event loop."""
        self._all.discard(worker)
        worker.stop()
        if self._closed:
            return
        loop = asyncio.get_running_loop()

        async def fresh() -> None:
            made = await asyncio.to_thread(_Process)
            if self._closed or self._idle is None:
                made.stop()
                return
            self._all.add(made)
            self._idle.put_nowait(made)

        task = loop.create_task(fresh())
        self._starting.add(task)
        task.add_done_callback(self._starting.discard)

    async def decide(
        self,
        bot: Bot[Any, Any],
        trail: Trail,
        player: int,
        view: Callable[[], Any],
        legal: Sequence[Any],
        seed: int,
    ) -> Any:
        """The move of the bot of ``player`` in the match of ``trail``, as :meth:`choose`: the
        worker deals the state from the trail and works out the view and the legal moves
        (``view()`` is sent only to a worker that cannot)."""
        if self._idle is None:
            raise RuntimeError("the bots' processes have not been started")
        worker = await self._idle.get()
        known = worker.known.pop(trail.match, 0)
        begin = known if 0 < known <= trail.version else 0
        answer: Any = None
        for _ in range(2):
            moves = tuple(trail.moves[begin : trail.version])
            config = trail.config if begin == 0 else None
            match = (trail.match, trail.game, config, trail.seed)
            job = ("trail", bot, match, begin, moves, player, seed)
            answer = await self._ask(worker, job, legal)
            if answer == ("resend",):
                begin = 0
                continue
            break
        if answer == ("fallback",):
            self._idle.put_nowait(worker)
            return await self.choose(bot, view(), legal, seed)
        if not isinstance(answer, Failure):
            worker.known[trail.match] = trail.version
            while len(worker.known) > _KEPT_MATCHES:
                worker.known.popitem(last=False)
            self._idle.put_nowait(worker)
            index, shown = answer
            if shown is not None and not (
                0 <= index < len(legal) and GAMES[trail.game].format_move(legal[index]) == shown
            ):
                # The worker's state is not the server's: never play a move from it.
                return Failure("answered with a move that is not legal")
            return self._move(index, legal)
        return answer

    async def choose(self, bot: Bot[Any, Any], view: Any, legal: Sequence[Any], seed: int) -> Any:
        """The bot's move (one of ``legal``, the very object), or a :class:`Failure`; the bot
        draws from ``random.Random(seed)``."""
        if self._idle is None:
            raise RuntimeError("the bots' processes have not been started")
        worker = await self._idle.get()
        answer = await self._ask(worker, ("view", bot, view, legal, seed), legal)
        if isinstance(answer, Failure):
            return answer
        self._idle.put_nowait(worker)
        return self._move(answer[0], legal)

    @staticmethod
    def _move(index: int, legal: Sequence[Any]) -> Any:
        if not 0 <= index < len(legal):
            return Failure("answered with a move that is not legal")
        return legal[index]

    async def _ask(self, worker: _Process, job: tuple[Any, ...], legal: Sequence[Any]) -> Any:
        """Send ``job`` to ``worker`` and wait for its answer: ``(index, notation)`` of the move
        chosen, a :class:`Failure` (the worker is then replaced or back among the idle), or
        ``("resend",)`` / ``("fallback",)`` from a worker that cannot follow a trail (the
        caller still holds the worker)."""
        assert self._idle is not None
        loop = asyncio.get_running_loop()
        replies: asyncio.Queue[Any] = asyncio.Queue()

        def readable() -> None:
            try:
                replies.put_nowait(worker.pipe.recv())
            except (EOFError, OSError) as exc:
                replies.put_nowait(exc)
                loop.remove_reader(fileno)

        fileno = worker.pipe.fileno()
        try:
            worker.pipe.send(job)
            loop.add_reader(fileno, readable)
            try:
                # The clock starts once the worker holds the decision (unpickled, its game's
                # modules imported, the match's state dealt), then runs for the time limit.
                reply = await asyncio.wait_for(replies.get(), _HANDOVER)
                if reply in (("resend",), ("fallback",)):
                    return reply
                if not isinstance(reply, BaseException):
                    reply = await asyncio.wait_for(replies.get(), self.time_limit)
            finally:
                loop.remove_reader(fileno)
        except TimeoutError:
            self._replace(worker)
            return Failure(f"did not choose a move within {self.time_limit:g} s")
        except (OSError, ValueError, pickle.PicklingError) as exc:  # a bot that cannot travel
            self._replace(worker)
            return Failure(f"could not be sent to its process ({type(exc).__name__})")
        except BaseException:
            self._replace(worker)  # a decision left half way: the worker may still answer it
            raise
        if isinstance(reply, BaseException):
            self._replace(worker)
            return Failure("stopped while choosing a move (its process ended)")
        kind, found, took = reply[:3]
        if kind == "error" or took > self.time_limit:
            self._idle.put_nowait(worker)
            if kind == "error":
                return Failure(f"failed while choosing a move ({found})")
            return Failure(f"did not choose a move within {self.time_limit:g} s")
        return found, reply[3]
