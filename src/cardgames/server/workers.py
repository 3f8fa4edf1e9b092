"""The bots' worker processes: :class:`ProcessBotRunner`, the runner ``cardgames serve``
uses, sends each decision to one of a few processes, so that the bots take another core rather
than the server's interpreter, and a bot that overruns is stopped for good with its process.

**What a worker is sent.** Pickling a view for every decision cost the server about as much
as a greedy bot's whole move, so a worker deals the match's state itself: :meth:`decide
<ProcessBotRunner.decide>` sends a :class:`~cardgames.server.bots.Trail` (the match's game,
config, seed and the notation of the moves the worker has not seen yet), the worker keeps the
state it reached for each match it decided for lately, plays the new moves on it, and hands
the bot the view and the legal moves worked out from that state, as the server would have.
The bot still sees its view only; the worker is the server's own process, and the seed never
leaves it. A worker that does not hold the match (it started since, or let it go) says so and
is sent the whole trail; one that cannot replay it has the view sent as before.

**What the server reads.** Each decision is two messages from the worker: that it holds the
decision (the time limit counts from then) and its answer. The server watches each worker's
pipe for as long as the worker lives and reads whatever the pipe holds at once, so a quick
bot's two messages usually cost the server one wake-up of the event loop and one read.
"""

from __future__ import annotations

import asyncio
import multiprocessing
import os
import pickle
import random
import struct
import time
from collections import OrderedDict, deque
from collections.abc import Callable, Sequence
from multiprocessing.connection import Connection
from typing import Any

from cardgames.game import Bot, Game
from cardgames.registry import GAMES
from cardgames.serialization import from_json
from cardgames.server.bots import DEFAULT_TIME_LIMIT, DEFAULT_WORKERS, Failure, Trail

__all__ = ["ProcessBotRunner", "take_messages"]

#: How long a worker process may take to receive a decision before its clock starts, in seconds
#: (unpickling the bot, its view and moves; a worker that takes longer is taken for hung).
_HANDOVER = 60.0
#: How many matches' states a worker process keeps (the least lately decided for go first).
_KEPT_MATCHES = 1024
#: The most read from a worker's pipe at once, in bytes.
_READ_SIZE = 1 << 16
#: The lengths that ``multiprocessing`` writes before each message.
_LENGTH = struct.Struct("!i")
_LONG_LENGTH = struct.Struct("!Q")


class _Process:
    """One worker process of the bots, the pipe to it and the answers read from it.

    The server reads the pipe itself rather than through ``Connection.recv`` (two reads a
    message): once the process is watched (:meth:`watch`), whatever the pipe holds is read in
    one go when the event loop sees it readable, split into the messages of
    ``multiprocessing``'s framing (a 4-byte length, or -1 and an 8-byte one, then the pickle),
    and kept in :attr:`replies` in order; a worker that says ``started`` and answers soon after
    costs the server one wake-up, not two.
    """

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
        #: The messages read and not taken yet.
        self.replies: deque[Any] = deque()
        #: Why the pipe ended (an exception), once it has.
        self.ended: BaseException | None = None
        #: The future of a decision waiting for the next message, if one waits.
        self.waiting: asyncio.Future[None] | None = None
        self._unread = bytearray()
        self._loop: asyncio.AbstractEventLoop | None = None

    def watch(self, loop: asyncio.AbstractEventLoop) -> None:
        """Read the worker's messages as they come, on ``loop``."""
        self._loop = loop
        loop.add_reader(self.pipe.fileno(), self._readable)

    def stop(self) -> None:
        """End the process now, whatever it is doing."""
        self._unwatch()
        self.pipe.close()
        if self.process.is_alive():
            self.process.kill()
        self.process.join(timeout=5)

    async def reply(self, seconds: float) -> Any:
        """The worker's next message, or the exception that ended its pipe, waiting at most
        ``seconds`` (``TimeoutError`` then)."""
        if not self.replies and self.ended is None:
            loop = asyncio.get_running_loop()
            waiting = self.waiting = loop.create_future()
            timer = loop.call_later(seconds, _wake, waiting)
            try:
                await waiting
            finally:
                timer.cancel()
                self.waiting = None
        if self.replies:
            return self.replies.popleft()
        if self.ended is not None:
            return self.ended
        raise TimeoutError

    def _readable(self) -> None:
        try:
            chunk = os.read(self.pipe.fileno(), _READ_SIZE)
        except OSError as exc:
            self._ended(exc)
            return
        if not chunk:
            self._ended(EOFError())
            return
        self._unread += chunk
        for message in take_messages(self._unread):
            try:
                self.replies.append(pickle.loads(message))
            except Exception as exc:  # a message that does not read: the worker is broken
                self._ended(exc)
                return
        if self.replies:
            _wake(self.waiting)

    def _ended(self, exc: BaseException) -> None:
        self._unwatch()
        self.ended = exc
        _wake(self.waiting)

    def _unwatch(self) -> None:
        loop, self._loop = self._loop, None
        if loop is not None and not loop.is_closed() and not self.pipe.closed:
            loop.remove_reader(self.pipe.fileno())


def take_messages(unread: bytearray) -> list[bytes]:
    """The whole messages at the start of ``unread``, in ``multiprocessing``'s framing (a
    4-byte big-endian length, or -1 and then an 8-byte length, before each), taken out of it;
    what is left is the start of a message still to come."""
    messages = []
    start = 0
    while len(unread) - start >= _LENGTH.size:
        (size,) = _LENGTH.unpack_from(unread, start)
        head = _LENGTH.size
        if size == -1:
            if len(unread) - start < _LENGTH.size + _LONG_LENGTH.size:
                break
            (size,) = _LONG_LENGTH.unpack_from(unread, start + head)
            head += _LONG_LENGTH.size
        if len(unread) - start < head + size:
            break
        messages.append(bytes(unread[start + head : start + head + size]))
        start += head + size
    del unread[:start]
    return messages


def _wake(waiting: asyncio.Future[None] | None) -> None:
    """Wake the decision waiting on ``waiting``, if it still waits."""
    if waiting is not None and not waiting.done():
        waiting.set_result(None)


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
        loop = asyncio.get_running_loop()
        for worker in started:
            worker.watch(loop)
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
            made.watch(loop)
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
        worker.replies.clear()  # nothing is left over from a decision that ended
        try:
            worker.pipe.send(job)
            # The clock starts once the worker holds the decision (unpickled, its game's
            # modules imported, the match's state dealt), then runs for the time limit.
            reply = await worker.reply(_HANDOVER)
            if reply in (("resend",), ("fallback",)):
                return reply
            if not isinstance(reply, BaseException):
                reply = await worker.reply(self.time_limit)
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
