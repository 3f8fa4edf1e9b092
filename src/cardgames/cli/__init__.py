"""The ``cardgames`` command line: play against bots, watch bots, simulate, replay, read rules.

::

    cardgames list                                   # the games, presets and bots
    cardgames rules alethi                           # a rules summary
    cardgames play alethi                            # you (red) against a greedy bot
    cardgames play lerally --players 3 --bots random,human,greedy --format fast-four
    cardgames play alethi --bots greedy,random --seed 7 --out game.json   # bots only
    cardgames play --resume game.json                # go on with a game that stopped
    cardgames simulate alethi --bots greedy,random --games 100 --jobs 2
    cardgames replay game.json [--step] [--view SEAT] [--svg DIR]
    cardgames replay games.jsonl --game 3            # one game of simulate --records
    cardgames bench --seconds 10
    cardgames serve --port 8765 --db matches.sqlite3  # the match server (cardgames[server])

The command line is a thin layer over the public API: games come from the registry, bots from
:func:`cardgames.bots.make_bot`, a game of bots is the same :class:`~cardgames.GameRecord` that
:func:`cardgames.arena.play` returns for the same bots and seed, and ``simulate`` runs
:func:`cardgames.arena.tournament`. The documentation's page "The command line" describes
every command.

All reading and writing goes through a :class:`~cardgames.cli.console.Console`, so
``main(argv, stdin=..., stdout=..., stderr=...)`` can be driven by scripted input. Every error,
usage errors included, is one line ``cardgames: error: ...`` on stderr and exit status 2; Ctrl-C
is one line and status 130, SIGTERM 143 and a closed terminal (SIGHUP) 129
(:mod:`cardgames.cli.signals`); :data:`EXIT_STATUSES` lists them all, as ``cardgames --help``
does.
"""

from __future__ import annotations

import argparse
import contextlib
import math
import os
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn, TextIO

from cardgames import __version__
from cardgames._surface import public_dir
from cardgames.bench import DEFAULT_SECONDS
from cardgames.cli import commands, play, replay, serve, signals, simulate
from cardgames.cli.console import Console, printable
from cardgames.cli.options import add_config_flags
from cardgames.errors import CardgamesError, excerpt
from cardgames.registry import GAMES
from cardgames.rng import SEED_BITS

if TYPE_CHECKING:
    from _typeshed import SupportsWrite

__all__ = [
    "EXIT_ERROR",
    "EXIT_HANGUP",
    "EXIT_INTERRUPTED",
    "EXIT_STATUSES",
    "EXIT_TERMINATED",
    "main",
]

PROG = "cardgames"
#: The longest usage error printed, in characters (argparse's own messages quote arguments).
MAX_USAGE_MESSAGE = 300
#: The longest error line printed, in characters.
MAX_ERROR_LINE = 2100
# The most digits of a number given on the command line: 64 bits need 20.
_MAX_DIGITS = 20
# The most digits of a seed: enough for SEED_BITS bits.
_SEED_DIGITS = len(str(1 << SEED_BITS))
#: The exit status of a command that fails (the same as argparse's usage errors).
EXIT_ERROR = 2
#: The exit status after Ctrl-C (128 + SIGINT, as shells report it).
EXIT_INTERRUPTED = 130
#: The exit status after SIGTERM (128 + 15).
EXIT_TERMINATED = 143
#: The exit status after the terminal was closed (128 + SIGHUP's 1).
EXIT_HANGUP = 129

#: The exit statuses, as ``cardgames --help`` lists them under the commands.
EXIT_STATUSES = f"""\
exit status:
  0    the command did its work (a game left with 'quit' included)
  1    play: the input ended before the game did (the game so far is saved);
       or the reader of the output went away ('cardgames replay game.json | head')
  {EXIT_ERROR}    an error: a usage mistake, an unknown name, a config the game cannot play,
       a file that cannot be read or written (stdout included), a record that does not
       replay, input that is not UTF-8 text
  {EXIT_HANGUP}  stopped because the terminal was closed (SIGHUP); as for {EXIT_INTERRUPTED}
  {EXIT_INTERRUPTED}  interrupted (Ctrl-C); a game so far is saved, and simulate keeps the records
       of the games it finished
  {EXIT_TERMINATED}  stopped by SIGTERM; as for {EXIT_INTERRUPTED}

The commands and their options: 'cardgames COMMAND --help'; the documentation's
"The command line" page tells more."""

_Handler = Callable[[argparse.Namespace, Console], int]


def main(
    argv: Sequence[str] | None = None,
    *,
    stdin: TextIO | None = None,
    stdout: TextIO | None = None,
    stderr: TextIO | None = None,
) -> int:
    """Run the command line on ``argv`` (default: ``sys.argv[1:]``) and return the exit status.

    ``stdin``, ``stdout`` and ``stderr`` default to the process's own streams. ``main`` never
    raises ``SystemExit``: ``--help`` returns 0 and a usage error returns 2.
    """
    console = Console(stdin, stdout, stderr)
    try:
        with signals.stopping():
            args = _parser(console).parse_args(argv)
            handler: _Handler = args.handler
            status = handler(args, console)
            console.flush()  # a full disk shows here, not as Python's complaint at exit
            return status
    except _Exit as done:
        return done.status
    except BrokenPipeError:
        # The reader went away (``cardgames replay game.json | head``): stop quietly.
        _drop_stdout(console)
        return 1
    except KeyboardInterrupt as exc:
        detail = f"; {exc}" if str(exc) else ""
        _error_line(console, f"{PROG}: {signals.what_stopped(exc)}{detail}")
        _drop_gone_streams()  # a closed terminal (SIGHUP) takes stdout and stderr with it
        return signals.exit_status(exc)
    except (CardgamesError, OSError) as exc:
        _error_line(console, f"{PROG}: error: {_error_message(exc)}")
        return EXIT_ERROR
    except Exception as exc:  # a bug: still one line, never a traceback
        detail = f"{type(exc).__name__}: {exc}"
        _error_line(console, f"{PROG}: error: internal error, please report it: {detail}")
        return EXIT_ERROR


def _drop_stdout(console: Console) -> None:
    """Point the process's stdout at nothing once it cannot be written, so that Python does
    not fail again (exit status 120) when it flushes stdout at exit."""
    if console.stdout is sys.stdout:
        _to_nothing(sys.stdout)


def _drop_gone_streams() -> None:
    """Point the process's stdout and stderr at nothing where they can no longer be written."""
    for stream in (sys.stdout, sys.stderr):
        if stream is None:
            continue
        try:
            stream.flush()
        except (OSError, ValueError):
            _to_nothing(stream)


def _to_nothing(stream: TextIO) -> None:
    with contextlib.suppress(OSError, ValueError):
        os.dup2(os.open(os.devnull, os.O_WRONLY), stream.fileno())


def _error_line(console: Console, line: str) -> None:
    line = " ".join(line.splitlines())
    if len(line) > MAX_ERROR_LINE:  # the library's errors are shorter; others may quote input
        line = line[: MAX_ERROR_LINE - 1] + "…"
    console.note(line)  # lost if stderr itself is gone


def _error_message(exc: BaseException) -> str:
    if isinstance(exc, OSError) and exc.strerror and exc.filename is not None:
        name = str(exc.filename)
        return f"{name if len(name) <= 200 else excerpt(name)}: {exc.strerror}"
    return str(exc) or type(exc).__name__


class _Exit(Exception):  # noqa: N818 (not an error: how argparse's exits reach main)
    """argparse finished the command early (``--help``, a usage error) with ``status``."""

    def __init__(self, status: int) -> None:
        super().__init__(status)
        self.status = status


class _Parser(argparse.ArgumentParser):
    """An ``ArgumentParser`` that writes to the console and turns every exit into ``_Exit``."""

    def __init__(self, *args: Any, console: Console, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.console = console

    def _print_message(self, message: str, file: SupportsWrite[str] | None = None) -> None:
        if message:
            stream = self.console.stderr if file is sys.stderr else self.console.stdout
            stream.write(printable(message))

    def exit(self, status: int = 0, message: str | None = None) -> NoReturn:
        if message:
            self.console.note(message.rstrip())
        raise _Exit(status)

    def error(self, message: str) -> NoReturn:
        # argparse quotes what it was given (an unknown choice, extra arguments): keep it short.
        message = " ".join(w if len(w) <= 40 else w[:32] + "…" for w in message.split())
        if len(message) > MAX_USAGE_MESSAGE:
            message = message[: MAX_USAGE_MESSAGE - 1] + "…"
        self.console.note(f"{PROG}: error: {message} (see '{self.prog} --help')")
        raise _Exit(EXIT_ERROR)


def _integer(text: str, minimum: int | None = None) -> int:
    """A whole number of at most 20 digits, written in ASCII digits, ``minimum`` or more."""
    digits = text.strip().removeprefix("-").removeprefix("+")
    if not (digits.isascii() and digits.isdigit() and len(digits) <= _MAX_DIGITS):
        raise argparse.ArgumentTypeError(f"expected a whole number, got {excerpt(text)}")
    value = int(text)
    if minimum is not None and value < minimum:
        raise argparse.ArgumentTypeError(f"expected a number of at least {minimum}, got {value}")
    return value


def _game_name(text: str) -> str:
    """A game's name as the registry holds it, in any case (``Alethi``, ``LERALLY``); a name
    that matches none is left for the command to refuse with the list of games."""
    if text in GAMES:
        return text
    matches = [name for name in GAMES if name.casefold() == text.casefold()]
    return matches[0] if len(matches) == 1 else text


def _seed(text: str) -> int:
    """A seed: a whole number of at most ``SEED_BITS`` bits."""
    digits = text.strip().removeprefix("-").removeprefix("+")
    if not (digits.isascii() and digits.isdigit() and len(digits) <= _SEED_DIGITS):
        raise argparse.ArgumentTypeError(f"expected a whole number, got {excerpt(text)}")
    value = int(text)
    if value.bit_length() > SEED_BITS:
        raise argparse.ArgumentTypeError(f"a seed has at most {SEED_BITS} bits")
    return value


def _count(text: str) -> int:
    return _integer(text, minimum=0)


def _positive(text: str) -> int:
    return _integer(text, minimum=1)


def _positive_float(text: str) -> float:
    if len(text) > _MAX_DIGITS * 2:
        raise argparse.ArgumentTypeError(f"expected a number of seconds, got {excerpt(text)}")
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"expected a number of seconds, got {excerpt(text)}"
        ) from None
    if not (value > 0 and math.isfinite(value)):
        raise argparse.ArgumentTypeError(f"expected a positive, finite number, got {text}")
    return value


def _parser(console: Console) -> _Parser:
    parser = _Parser(
        prog=PROG,
        description="Play, watch, simulate and replay the tabletop card games of cardgames.",
        epilog=EXIT_STATUSES,
        formatter_class=argparse.RawDescriptionHelpFormatter,
        console=console,
    )
    parser.add_argument(
        "--version", action="version", version=f"%(prog)s {__version__}", help="show the version"
    )
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    def command(name: str, handler: _Handler, help_text: str) -> _Parser:
        cmd: _Parser = sub.add_parser(name, help=help_text, description=help_text, console=console)
        cmd.set_defaults(handler=handler)
        return cmd

    command("list", commands.list_games, "the games, their presets and the bots")

    rules_cmd = command("rules", commands.rules, "a summary of a game's rules")
    rules_cmd.add_argument(
        "game", type=_game_name, metavar="GAME", help="a game name (see 'cardgames list')"
    )

    play_cmd = command("play", play.run, "play a game against bots, or watch bots play")
    play_cmd.add_argument(
        "game",
        type=_game_name,
        metavar="GAME",
        nargs="?",
        help="a game name (see 'cardgames list'); with --resume, the record's game",
    )
    play_cmd.add_argument(
        "--bots",
        metavar="NAMES",
        help="who sits where, seat 0 first: bot names and 'human' (or 'you') for your seat; "
        "missing seats repeat the bot names in turn (default: you in seat 0, greedy bots); "
        "without a human seat the bots play each other",
    )
    play_cmd.add_argument(
        "--seed",
        type=_seed,
        metavar="N",
        help="the game's seed, which decides every card: a secret until the game ends "
        "(default: 64 random bits, printed when the game ends)",
    )
    play_cmd.add_argument(
        "--out",
        type=Path,
        metavar="FILE",
        help="write the game record here when the game ends (a game with you: default "
        "GAME-game.json; with --resume, the record resumed)",
    )
    play_cmd.add_argument(
        "--resume",
        type=Path,
        metavar="FILE",
        help="go on with the game of a record that stopped early (checked first); its seats "
        "play as its players did, or as --bots says",
    )
    play_cmd.add_argument(
        "--force",
        action="store_true",
        help="let --out replace a file that holds no game record",
    )
    play_cmd.add_argument("--quiet", action="store_true", help="bots only: print only the result")
    play_cmd.add_argument(
        "--time-limit",
        type=_positive_float,
        metavar="S",
        help="bots only: the longest a bot may take over one move, in seconds; a bot that "
        "overruns, fails or cheats forfeits (the bots then play in a process of their own)",
    )
    play_cmd.add_argument(
        "--think-limit",
        type=_positive_float,
        default=play.DEFAULT_THINK_LIMIT,
        metavar="S",
        help="with you: the longest a bot may think about one move, in seconds "
        f"(default {play.DEFAULT_THINK_LIMIT:g})",
    )
    add_config_flags(play_cmd)

    sim_cmd = command("simulate", simulate.run, "play many games between bots; a results table")
    sim_cmd.add_argument(
        "game", type=_game_name, metavar="GAME", help="a game name (see 'cardgames list')"
    )
    sim_cmd.add_argument(
        "--bots",
        default=simulate.DEFAULT_BOTS,
        metavar="NAMES",
        help="bot names, seat 0 first; missing seats repeat them in turn; seats rotate "
        f"from game to game (default: {simulate.DEFAULT_BOTS})",
    )
    sim_cmd.add_argument(
        "--games",
        type=_integer,
        required=True,
        metavar="N",
        help="how many games (a multiple of the seat count)",
    )
    sim_cmd.add_argument(
        "--jobs",
        type=_integer,
        default=1,
        metavar="J",
        help="worker processes: 1 plays in this process (default), 0 one per core",
    )
    sim_cmd.add_argument(
        "--seed",
        type=_seed,
        default=0,
        metavar="N",
        help="the seed of the whole run, printed with the results (default 0)",
    )
    sim_cmd.add_argument(
        "--records",
        type=Path,
        metavar="FILE",
        help="write every game's record, one JSON a line ('replay FILE --game N' reads them)",
    )
    sim_cmd.add_argument(
        "--force",
        action="store_true",
        help="let --records replace a file that holds no game records",
    )
    sim_cmd.add_argument(
        "--time-limit",
        type=_positive_float,
        metavar="S",
        help="the longest a bot may take over one move, in seconds; a bot that overruns, "
        "fails or cheats forfeits that game, and the table counts the forfeits",
    )
    sim_cmd.add_argument(
        "--progress",
        choices=("auto", "always", "never"),
        default="auto",
        help="a progress bar on stderr: auto draws it on a terminal, and as lines on long runs",
    )
    add_config_flags(sim_cmd)

    replay_cmd = command("replay", replay.run, "replay a stored game record")
    replay_cmd.add_argument(
        "file",
        type=Path,
        metavar="FILE",
        help="a record written by 'play --out', or the records of 'simulate --records'",
    )
    replay_cmd.add_argument(
        "--game",
        type=_positive,
        metavar="N",
        help="the game to tell from a file of many, 1 first (default: all of them)",
    )
    replay_cmd.add_argument(
        "--step", action="store_true", help="one move at a time: Enter/n, b, a number, q"
    )
    replay_cmd.add_argument(
        "--view",
        "--viewer",
        dest="view",
        type=_count,
        metavar="SEAT",
        help="tell the game as this seat saw it: its tables, moves and events "
        "(default: everything)",
    )
    replay_cmd.add_argument(
        "--svg",
        type=Path,
        metavar="DIR",
        help="also write an SVG picture of every table into DIR (000.svg, 001.svg, ...)",
    )

    bench_cmd = command(
        "bench", commands.bench, "time random playouts (against python-chess) and JSON"
    )
    bench_cmd.add_argument(
        "--seconds",
        type=_positive_float,
        default=DEFAULT_SECONDS,
        metavar="S",
        help=f"the whole run's time budget, kept within a fifth (default {DEFAULT_SECONDS:g})",
    )
    bench_cmd.add_argument(
        "--memory",
        choices=("first", "all"),
        default="first",
        help="whose memory to measure: each game's first preset (default) or all of them "
        "(a second or so a preset, taken from the budget)",
    )
    bench_cmd.add_argument(
        "--game",
        action="append",
        type=_game_name,
        metavar="NAME",
        help="measure only this game (repeatable)",
    )
    output = bench_cmd.add_mutually_exclusive_group()
    output.add_argument("--json", action="store_true", help="print the results as JSON")
    output.add_argument(
        "--markdown",
        action="store_true",
        help="print the tables as Markdown (as on the documentation's Performance page)",
    )
    _add_serve(command("serve", serve.run, "serve matches over HTTP: the match server"))
    return parser


def _add_serve(serve_cmd: _Parser) -> None:
    serve_cmd.description = (
        "Serve matches of every game over HTTP and WebSocket (see the documentation's page "
        "'Play online'). Prints 'serving on http://HOST:PORT' once it accepts connections and "
        "stops cleanly on SIGINT or SIGTERM. Needs the extra: pip install 'cardgames[server]'."
    )
    serve_cmd.add_argument(
        "--host",
        default=serve.DEFAULT_HOST,
        metavar="HOST",
        help=f"the address to listen on (default {serve.DEFAULT_HOST}: this machine only)",
    )
    serve_cmd.add_argument(
        "--port",
        type=_port,
        default=serve.DEFAULT_PORT,
        metavar="PORT",
        help=f"the port to listen on; 0 lets the system choose (default {serve.DEFAULT_PORT})",
    )
    serve_cmd.add_argument(
        "--db",
        default=serve.DEFAULT_DB,
        metavar="FILE|URL",
        help="the SQLite file of the matches, created if missing, or the postgresql:// address "
        "of a PostgreSQL database, which several servers may share (default "
        f"{serve.DEFAULT_DB})",
    )
    serve_cmd.add_argument(
        "--rate-limit",
        type=_rate,
        default=serve.DEFAULT_RATE_LIMIT,
        metavar="N",
        help="requests a second one client address may make, in bursts of twice as many; "
        f"0 turns the limit off (default {serve.DEFAULT_RATE_LIMIT:g})",
    )
    serve_cmd.add_argument(
        "--bot-time-limit",
        type=_positive_float,
        default=serve.DEFAULT_BOT_TIME_LIMIT,
        metavar="S",
        help="the longest a bot may think about one move, in seconds; a bot that takes longer "
        f"forfeits (default {serve.DEFAULT_BOT_TIME_LIMIT:g})",
    )
    serve_cmd.add_argument(
        "--bot-workers",
        type=_positive,
        default=serve.DEFAULT_BOT_WORKERS,
        metavar="N",
        help="the worker processes the bots think in, beside the server: how many bots may "
        f"think at once (default {serve.DEFAULT_BOT_WORKERS})",
    )
    serve_cmd.add_argument(
        "--max-matches",
        type=_positive,
        default=serve.DEFAULT_MAX_MATCHES,
        metavar="N",
        help="the most matches in play at once; a new one past it is refused "
        f"(default {serve.DEFAULT_MAX_MATCHES})",
    )


def _port(text: str) -> int:
    value = _integer(text, minimum=0)
    if value > 65535:
        raise argparse.ArgumentTypeError(f"a port is 0 to 65535, got {value}")
    return value


def _rate(text: str) -> float:
    if text.strip() == "0":
        return 0.0
    return _positive_float(text)


__dir__ = public_dir(__all__)
