"""``cardgames simulate``: many games between bots, with a progress bar and a results table.

The games are :func:`cardgames.arena.tournament`'s: seats rotate from game to game, each game has
its own seed derived from ``--seed``, and the results are the same whatever ``--jobs`` is. The
results table goes to stdout; the progress goes to stderr, redrawn in place when stderr is a
terminal, and otherwise as a line every tenth of the run once the run has taken
``QUIET_SECONDS`` (``--progress always`` or ``never`` decide instead).

``--time-limit S`` holds every bot to ``S`` seconds a move: a bot that overruns, raises or
answers something that is not a legal move forfeits that game, the run goes on, and the table
counts each bot's forfeits. A run that is stopped (Ctrl-C, SIGTERM, a closed terminal) stops
its workers at once; the records of the games finished before the first unfinished one are in
``--records``, and the line that says it was stopped tells how many.
"""

from __future__ import annotations

import argparse
import contextlib
import time
from pathlib import Path

from cardgames import arena
from cardgames.cli import paths, signals
from cardgames.cli.console import Console
from cardgames.cli.options import HUMAN, config_from_args, seat_entries
from cardgames.errors import InvalidConfigError
from cardgames.record import GameRecord
from cardgames.registry import get_game

__all__ = ["DEFAULT_BOTS", "QUIET_SECONDS", "Progress", "run"]

#: Who plays when ``--bots`` is not given: the greedy bot against the random one.
DEFAULT_BOTS = "greedy,random"
#: A run that has taken this long is "long": its progress is shown even off a terminal.
QUIET_SECONDS = 5.0
BAR_WIDTH = 30


def run(args: argparse.Namespace, console: Console) -> int:
    """Play the games that ``args`` describe and print the results table; the exit status."""
    game = get_game(args.game)
    config = config_from_args(game, args)
    entries = seat_entries(args.bots, game.num_players(config))
    if HUMAN in entries:
        raise InvalidConfigError("simulate plays bots only: leave 'human' out of --bots")
    if args.games < 1:
        raise InvalidConfigError(f"--games must be at least 1, got {args.games}")
    if args.jobs < 0:
        raise InvalidConfigError(f"--jobs must be 0 (one per core) or more, got {args.jobs}")
    if args.records is not None:
        paths.check_output(args.records, force=args.force)
    mode = args.progress
    if mode != "never" and console.stderr_is_terminal:
        mode = "bar"
    elif mode == "auto":
        mode = "lines"
    progress = Progress(console, args.games, mode)
    try:
        result = arena.tournament(
            game,
            entries,
            games=args.games,
            config=config,
            seed=args.seed,
            jobs=args.jobs,
            records=args.records,
            on_game=progress.game_done,
            time_limit=args.time_limit,
        )
    except KeyboardInterrupt as exc:
        if args.records is None:
            raise
        raise signals.retold(exc, _kept(progress.done, args.records)) from None
    finally:
        progress.finish()  # ends a bar's line, so an error message starts on a line of its own
    console.say(result.table())
    if args.records is not None:
        console.say(f"records written to {args.records}")
    return 0


def _kept(done: int, path: Path) -> str:
    """What a run that was stopped kept, in words."""
    if done == 0:
        return f"no game had finished: {paths.name(path)} holds no record"
    if done == 1:
        return f"1 game finished: its record is in {paths.name(path)}"
    return f"{done} games finished: their records are in {paths.name(path)}"


class Progress:
    """Shows how many of ``total`` games are done, on the console's stderr.

    ``mode`` is ``"bar"`` (redrawn in place), ``"lines"`` (a line every tenth of the run, once
    the run has taken ``QUIET_SECONDS``), ``"always"`` (lines from the start) or ``"never"``.
    """

    def __init__(self, console: Console, total: int, mode: str) -> None:
        self.console = console
        self.total = total
        self.mode = mode
        self.done = 0
        self.start = time.monotonic()
        self.shown_tenth = 0
        self.drawn = False

    def game_done(self, number: int, record: GameRecord) -> None:
        """Called by the tournament as each game ends."""
        self.done += 1
        elapsed = time.monotonic() - self.start
        if self.mode == "bar":
            self._draw(elapsed)
            return
        tenth = self.done * 10 // self.total
        if tenth == self.shown_tenth or self.mode == "never":
            return
        if self.mode == "lines" and elapsed < QUIET_SECONDS:
            return
        self.shown_tenth = tenth
        self.console.note(f"{self.done}/{self.total} games, {elapsed:.0f} s")

    def _draw(self, elapsed: float) -> None:
        filled = self.done * BAR_WIDTH // self.total
        bar = "#" * filled + "-" * (BAR_WIDTH - filled)
        left = elapsed / self.done * (self.total - self.done)
        self._put(
            f"\r[{bar}] {self.done}/{self.total} games, {elapsed:.0f} s, about {left:.0f} s left"
        )
        self.drawn = True

    def finish(self) -> None:
        """End the bar's line, if one was drawn."""
        if self.drawn:
            self._put("\n")

    def _put(self, text: str) -> None:
        # Progress is no result: a terminal that has gone (SIGHUP) or a full stderr loses it.
        with contextlib.suppress(OSError, ValueError):
            self.console.stderr.write(text)
            self.console.stderr.flush()
