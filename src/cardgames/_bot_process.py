"""Who answers for the seats of a match: the bots themselves, or a process that holds them and
answers each decision within a time limit.

:class:`InProcess` calls the bots directly, as :func:`cardgames.arena.play` always did: a bot
that raises stops the match with its exception, and a bot that never returns holds it forever.

:class:`BotProcess` is what ``play(..., time_limit=...)`` and ``tournament(..., time_limit=...)``
seat. A thread running a bot cannot be stopped from outside (a bot stuck in a loop would keep
it, and one holding the interpreter's lock would stop every other thread too), so the bots run
in a child process, which can be killed. The match, which holds the state, stays in the calling
process: for each decision it sends the child the player's view and legal moves, and the child
answers with the number of the move its bot chose, or with what went wrong. An answer that has
not come within the limit kills the child, and so does a child that ends by itself; either way
the bot forfeits its game (:class:`BotFault`), and the next game starts a new child with fresh
bots.

The child answers in a few words of JSON, never in a pickle, so nothing a bot does in its process
runs code in the match's process; the match only sends it pickles (the bots, views, moves and
generators). The child is started the way :mod:`multiprocessing` starts processes on the
platform, as a tournament's workers are (by forking on Linux up to Python 3.13, from a fresh
interpreter elsewhere, where the bots must then pickle). A forked child first points every
file it inherited but does not need (a tournament's records, a worker's line to the
tournament) at ``/dev/null``, and its stdin too, so that its bots can write to none of them. It
ignores the signals that a terminal or a service manager sends a whole group of processes
(Ctrl-C, a closed terminal, SIGTERM): what they mean is for the match to decide, and the match
ends its child. A child whose parent has gone ends itself.
"""

from __future__ import annotations

import contextlib
import json
import multiprocessing
import multiprocessing.connection
import os
import pickle
import random
import signal
import threading
import unicodedata
from collections.abc import Sequence
from typing import Any, Protocol

from cardgames.bots import Bot, make_bot
from cardgames.errors import CardgamesError, InvalidConfigError, excerpt
from cardgames.game import Game
from cardgames.registry import GAMES, get_game

__all__ = [
    "MAX_TIME_LIMIT",
    "BotFault",
    "BotProcess",
    "InProcess",
    "Seats",
    "check_time_limit",
]

#: The longest time limit a decision may have, in seconds (a day): a longer one is a mistake.
MAX_TIME_LIMIT = 86_400.0
# How long a new child may take to start and make its bots, whatever the time limit: starting
# an interpreter on a loaded machine takes seconds.
_START_TIMEOUT = 120.0
# How long a child that was killed is waited for.
_KILL_TIMEOUT = 10.0
# The longest answer a child sends, in bytes: a move's number or a short reason.
_MAX_ANSWER = 4096
# How much of a bot's exception a forfeit's reason keeps, in characters.
_ERROR_SHOWN = 120
# The signals that a terminal or a service manager sends to every process of a group.
_GROUP_SIGNALS = ("SIGINT", "SIGHUP", "SIGTERM")
# Where no folder lists a process's open files, how many file numbers are tried.
_MAX_SCANNED = 4096


class BotFault(CardgamesError):  # noqa: N818 (a forfeit, not a mistake of the caller)
    """A bot failed a decision in a way that forfeits its game; ``reason`` says how, in a few
    words fit for :class:`~cardgames.record.Forfeit`."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class Seats(Protocol):
    """Whoever answers for the seats of one game: told the bots' generators when the game
    starts, then asked for each decision."""

    def start(self, rngs: Sequence[random.Random]) -> None:
        """A new game: ``rngs[seat]`` is the generator of the bot in ``seat``."""

    def choose(self, seat: int, view: Any, legal: Sequence[Any]) -> Any:
        """The move of the bot in ``seat``."""


class InProcess:
    """The bots of a game (one per seat, seat 0 first), called in this process."""

    def __init__(self, bots: Sequence[Bot[Any, Any]]) -> None:
        self.bots = tuple(bots)
        self.rngs: Sequence[random.Random] = ()

    def start(self, rngs: Sequence[random.Random]) -> None:
        """A new game: ``rngs[seat]`` is the generator of the bot in ``seat``."""
        self.rngs = rngs

    def choose(self, seat: int, view: Any, legal: Sequence[Any]) -> Any:
        """The bot's own answer, whatever it is; whatever it raises is raised."""
        return self.bots[seat].choose(view, legal, self.rngs[seat])


def check_time_limit(value: object) -> float | None:
    """``value`` as seconds, once it is ``None`` or a positive number of at most
    ``MAX_TIME_LIMIT`` (``InvalidConfigError`` otherwise)."""
    if value is None:
        return None
    if not isinstance(value, int | float) or isinstance(value, bool):
        raise InvalidConfigError(
            f"time_limit must be a number of seconds or None, got {type(value).__name__}"
        )
    # Compared before any conversion: an int too large for a float is just too large.
    if not 0 < value <= MAX_TIME_LIMIT:  # NaN compares false too
        raise InvalidConfigError(
            f"time_limit must be more than 0 and at most {MAX_TIME_LIMIT:g} seconds, "
            f"got {excerpt(value)}"
        )
    return float(value)


class BotProcess:
    """The bots ``entries`` (bots, or bot names that :func:`~cardgames.bots.make_bot` makes in
    the child) of a match of ``game``, in a child process, each decision answered within
    ``time_limit`` seconds.

    Before each game, :meth:`seat` says which entry sits in each seat; :meth:`choose` raises
    :class:`BotFault` for a bot that overran, raised, answered something that is not a legal
    move, or whose process ended. Use it as a context manager, or call :meth:`close`: the child
    is killed at the end.
    """

    def __init__(
        self,
        game: Game[Any, Any, Any, Any],
        entries: Sequence[Bot[Any, Any] | str],
        time_limit: float,
    ) -> None:
        self._context = multiprocessing.get_context()
        # A registered game travels by name; another game object must pickle itself.
        self._game: Game[Any, Any, Any, Any] | str = (
            game.name if GAMES.get(game.name) is game else game
        )
        self._entries = tuple(entries)
        self._limit = time_limit
        self._seating: tuple[int, ...] = tuple(range(len(self._entries)))
        self._child: Any = None
        self._connection: multiprocessing.connection.Connection | None = None
        if self._context.get_start_method() != "fork":
            try:  # a fresh interpreter gets the bots as a pickle
                pickle.dumps((self._game, self._entries))
            except Exception as exc:
                raise InvalidConfigError(
                    f"with a time limit the bots run in a process of their own, and these "
                    f"cannot be sent there: {type(exc).__name__}: {excerpt(str(exc))}"
                ) from None

    def __enter__(self) -> BotProcess:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    def seat(self, seating: Sequence[int]) -> None:
        """The next game seats entry ``seating[seat]`` in each seat."""
        self._seating = tuple(seating)

    def start(self, rngs: Sequence[random.Random]) -> None:
        """A new game, in a new child if the last one was killed or has ended."""
        message = ("game", self._seating, tuple(rngs))
        if self._connection is not None:
            try:
                self._connection.send(message)
                return
            except OSError:  # the child has gone since the last game
                self._stop()
        self._launch()
        assert self._connection is not None
        self._connection.send(message)

    def choose(self, seat: int, view: Any, legal: Sequence[Any]) -> Any:
        """The legal move that the bot in ``seat`` chose; :class:`BotFault` if it did not
        choose one in time."""
        if self._connection is None:
            raise CardgamesError("the bots' process was asked for a move before the game began")
        connection = self._connection
        try:
            connection.send(("choose", seat, view, tuple(legal)))
            answered = connection.poll(self._limit)
        except OSError:
            answered = True  # the child has gone: reading says so
        if not answered:
            self._stop()
            raise BotFault(f"did not choose a move within {self._limit:g} s")
        answer = self._answer(connection)
        if answer is None:
            code = self._stop()
            raise BotFault(f"its process ended ({_ending(code)})")
        if answer[0] == "move" and type(answer[1]) is int and 0 <= answer[1] < len(legal):
            return legal[answer[1]]
        if answer[0] in ("raised", "illegal") and type(answer[1]) is str:
            raise BotFault(_clean(answer[1], 160))
        self._stop()
        raise BotFault("its process answered something that is not an answer")

    def close(self) -> None:
        """Kill the child, if one is running."""
        self._stop()

    def _launch(self) -> None:
        """Start a child and wait until its bots are made."""
        parent, child = self._context.Pipe()
        forked = self._context.get_start_method() == "fork"
        process = self._context.Process(
            target=_serve,
            args=(child, self._game, self._entries, forked),
            name="cardgames bots",
            daemon=True,
        )
        process.start()
        child.close()
        self._child, self._connection = process, parent
        if not parent.poll(_START_TIMEOUT):
            self._stop()
            raise CardgamesError(f"the bots' process did not start within {_START_TIMEOUT:g} s")
        answer = self._answer(parent)
        if answer is None or answer[0] != "ready":
            code = self._stop()
            why = _clean(answer[1], 200) if answer and type(answer[1]) is str else _ending(code)
            raise CardgamesError(f"the bots' process could not make the bots: {why}")

    def _answer(self, connection: multiprocessing.connection.Connection) -> list[Any] | None:
        """The child's answer, read as JSON; ``None`` if the child has gone, and
        ``["garbled", None]`` for something that is no answer."""
        try:
            data = connection.recv_bytes(_MAX_ANSWER)
        except EOFError:
            return None
        except OSError as exc:  # a message longer than any answer, or a line cut
            return None if exc.errno is not None else ["garbled", None]
        try:
            answer = json.loads(data)
        except ValueError:
            return ["garbled", None]
        if type(answer) is not list or len(answer) != 2 or type(answer[0]) is not str:
            return ["garbled", None]
        return answer

    def _stop(self) -> int | None:
        """Kill the child (if one is running) and return its exit code."""
        process, connection = self._child, self._connection
        self._child = self._connection = None
        if connection is not None:
            connection.close()
        if process is None:
            return None
        if process.is_alive():
            process.kill()
        process.join(_KILL_TIMEOUT)
        code: int | None = process.exitcode
        if code is not None:
            process.close()
        return code


def _ending(code: int | None) -> str:
    if code is None:
        return "it did not stop"
    if code < 0:
        try:
            return f"ended by {signal.Signals(-code).name}"
        except ValueError:
            return f"ended by signal {-code}"
    return f"exit status {code}"


def _clean(text: str, limit: int) -> str:
    """``text`` on one line without control characters, at most ``limit`` characters."""
    text = "".join(" " if unicodedata.category(c) in ("Cc", "Cf", "Zl", "Zp") else c for c in text)
    text = " ".join(text.split()) or "no reason given"
    return text if len(text) <= limit else text[: limit - 1] + "…"


# --- the child ----------------------------------------------------------------------------------


def _serve(
    connection: multiprocessing.connection.Connection,
    game: Game[Any, Any, Any, Any] | str,
    entries: Sequence[Bot[Any, Any] | str],
    forked: bool,
) -> None:
    """The child's work: make the bots, then answer every decision it is sent, until its
    connection closes."""
    for name in _GROUP_SIGNALS:
        number = getattr(signal, name, None)
        if number is not None:
            signal.signal(number, signal.SIG_IGN)
    sentinel = _end_with_the_parent()
    if forked:
        _let_go_of_inherited_files({connection.fileno(), *([sentinel] if sentinel else [])})

    def say(kind: str, value: object) -> None:
        connection.send_bytes(json.dumps([kind, value]).encode())

    try:
        the_game = get_game(game) if isinstance(game, str) else game
        bots = [make_bot(e, the_game) if isinstance(e, str) else e for e in entries]
    except Exception as exc:
        say("failed", _describe(exc))
        return
    say("ready", None)
    seating: list[int] = []
    rngs: list[random.Random] = []
    while True:
        try:
            message = connection.recv()
        except (EOFError, OSError):
            return
        if message[0] == "game":
            seating, rngs = list(message[1]), list(message[2])
            continue
        _, seat, view, legal = message
        try:
            move = bots[seating[seat]].choose(view, legal, rngs[seat])
        except BaseException as exc:  # whatever a bot raises forfeits its game, exits included
            say("raised", f"raised {_describe(exc)}")
            continue
        index = next((i for i, m in enumerate(legal) if type(m) is type(move) and m == move), None)
        if index is None:
            say("illegal", f"answered {excerpt(move)}, which is not one of its legal moves")
        else:
            say("move", index)


def _describe(exc: BaseException) -> str:
    """``Type: message``, both cut short."""
    name = type(exc).__name__
    name = name if name.isidentifier() and len(name) <= 60 else "an exception"
    try:
        text = str(exc)[:_ERROR_SHOWN]
    except Exception:  # an exception whose text cannot be made
        text = ""
    return f"{name}: {text}" if text else name


def _end_with_the_parent() -> int | None:
    """End this process as soon as the process that started it has gone; the file it watches
    to know."""
    parent = multiprocessing.parent_process()
    if parent is None:
        return None
    sentinel: int = parent.sentinel

    def watch() -> None:
        multiprocessing.connection.wait([sentinel])
        os._exit(1)

    threading.Thread(target=watch, name="cardgames parent watch", daemon=True).start()
    return sentinel


def _let_go_of_inherited_files(keep: set[int]) -> None:
    """Point every open file of this process but stdout, stderr and ``keep`` at ``/dev/null``.

    A forked child holds every file its parent had open; pointing them elsewhere (rather than
    closing them) leaves the objects that still name them harmless when they are closed.
    """
    null = os.open(os.devnull, os.O_RDWR)
    keep = {*keep, null, 1, 2}
    for descriptor in _open_files():
        if descriptor not in keep:
            with contextlib.suppress(OSError):
                os.fstat(descriptor)  # still open (the listing's own file is not, by now)
                os.dup2(null, descriptor)
    os.close(null)


def _open_files() -> list[int]:
    """The numbers of this process's open files."""
    for listing in ("/proc/self/fd", "/dev/fd"):
        with contextlib.suppress(OSError):
            return sorted(int(name) for name in os.listdir(listing) if name.isdigit())
    found = []
    for descriptor in range(_MAX_SCANNED):
        with contextlib.suppress(OSError):
            os.fstat(descriptor)
            found.append(descriptor)
    return found
