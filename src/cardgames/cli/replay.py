"""``cardgames replay FILE``: tell a stored game whole, or step through it with ``--step``.

``FILE`` holds one record (``play --out``) or one a line (``simulate --records``); ``--game N``
picks one game of it, and without it every game is told in turn (``--step`` needs a single
game). Each record is checked before anything is shown: loading it replays it, so a document
that is not a record, or a record whose moves, players or outcome disagree with its replay,
ends the command with one line that names the file (and the game) and the first difference.

Each move is told as ``play`` tells it: a numbered line and the game's sentences of what it did
(:mod:`cardgames.cli.story`). A replay is public once the game is over, so by default it tells
everything and draws the whole state; ``--view SEAT`` (or ``--viewer SEAT``) tells that seat's
story instead: the tables as the seat saw them, its moves and events as it knew them. Stepping
is asked for with ``--step`` rather than guessed from the terminal, so the same command prints
the same text wherever it runs. ``--svg DIR`` also writes a picture of every table into
``DIR`` (``000.svg`` the start, ``001.svg`` after the first move, ...), drawn from the same seat's
view with ``--view``; ``DIR`` is made if it is missing, and a path that is there but is not a
directory is refused before the record is read. Every picture is a new file: if any of the
names is taken already (a file, a folder or a link), nothing is written and the command fails
naming it, and no file is ever written through a link. Like ``--step``, ``--svg`` takes one
game.
"""

from __future__ import annotations

import argparse
import contextlib
import errno
import os
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import attrs

from cardgames.cli import story, tables, text
from cardgames.cli.console import Console
from cardgames.cli.paths import name
from cardgames.cli.records import read_records
from cardgames.errors import CardgamesError, InvalidPlayerError, excerpt
from cardgames.game import Game
from cardgames.record import GameRecord
from cardgames.registry import get_game
from cardgames.svg import MAX_NAME

__all__ = ["STEP_HELP", "run"]

#: What ``help`` prints while stepping through a record.
STEP_HELP = """\
  n or Enter  next move        b  back one move
  NUMBER      jump to the table after that move (0: the start)
  e           the end          q  quit"""


def run(args: argparse.Namespace, console: Console) -> int:
    """Replay the record (or records) that ``args.file`` holds; the exit status."""
    pictures: Path | None = args.svg
    if pictures is not None:
        _check_directory(pictures)
    found = read_records(args.file, args.game)
    if (args.step or pictures is not None) and len(found) > 1:
        what = "step through one" if args.step else "--svg draws one, chosen"
        raise CardgamesError(f"{name(args.file)} holds {len(found)} games: {what} with --game N")
    replays = []
    for number, record in found:
        game = get_game(record.game)
        seats = game.num_players(record.config)
        if args.view is not None and not 0 <= args.view < seats:
            many = len(found) > 1 or args.game is not None
            where = f"game {number} of {name(args.file)}" if many else record.game
            raise InvalidPlayerError(
                f"--view: no seat {args.view} in {where}; seats are 0-{seats - 1}"
            )
        states = record.states()  # replayed and checked once, by from_json
        replays.append((number, _Replay(game, record, states, console, args.view)))
    if pictures is not None:
        replays[0][1].pictures(pictures)
    if args.step:
        replays[0][1].step()
        return 0
    for number, replay in replays:
        if len(found) > 1:
            console.say(f"--- game {number} ---")
        replay.whole()
    return 0


def _check_directory(path: Path) -> None:
    """Refuse ``path`` for the pictures when it is there and is not a directory."""
    if path.exists() and not path.is_dir():
        raise NotADirectoryError(errno.ENOTDIR, "not a directory, cannot hold the pictures", path)


@attrs.define
class _Replay:
    """A record being shown: its game, its replayed states, and whose view draws the tables
    (``seat``; ``None`` for the whole state)."""

    game: Game[Any, Any, Any, Any]
    record: GameRecord
    states: Sequence[Any]
    console: Console
    seat: int | None
    labels: tuple[str, ...] = attrs.field(init=False)

    def __attrs_post_init__(self) -> None:
        self.labels = text.labels(self.game, self.record.config, self.record.players)

    def _header(self) -> str:
        # The seed tells every card: only the record of a finished game shows it.
        finished = self.record.outcome is not None
        return text.header(
            self.record.game, self.labels, seed=self.record.seed if finished else None
        )

    def _table(self, index: int) -> str:
        state = self.states[index]
        table = state if self.seat is None else self.game.view(state, self.seat)
        return "\n".join([self.game.render(table), *tables.notes(self.game.name, table)])

    def pictures(self, directory: Path) -> None:
        """Write an SVG picture of every table into ``directory``, one new file per state.

        Only new files are written, never through a link: if any of the names is taken (by a
        file, a folder or a link), nothing is written and the error names it.
        """
        directory.mkdir(parents=True, exist_ok=True)
        digits = max(3, len(str(len(self.states) - 1)))
        paths = [directory / f"{index:0{digits}d}.svg" for index in range(len(self.states))]
        taken = next((path for path in paths if os.path.lexists(path)), None)
        if taken is not None:
            raise CardgamesError(f"{name(taken)}: {_TAKEN}")
        # The labels of the text output may be longer than a picture's names.
        names = text.labels(self.game, self.record.config, self.record.players, limit=MAX_NAME)
        for path, state in zip(paths, self.states, strict=True):
            table = state if self.seat is None else self.game.view(state, self.seat)
            _write_new(path, self.game.render_svg(table, names=names))
        count = len(self.states)
        self.console.say(f"{count} picture{'' if count == 1 else 's'} written to {directory}")

    def _move(self, number: int) -> list[str]:
        """Move ``number``'s line and what it did, told to ``seat`` (everything when ``None``)."""
        before, after = self.states[number - 1], self.states[number]
        move = self.record.moves[number - 1]
        return story.move_lines(
            self.game, number, self.labels, before, move, after, viewer=self.seat
        )

    def _end(self) -> None:
        for line in text.outcome_lines(self.record.outcome, self.labels):
            self.console.say(line)

    def whole(self) -> None:
        """Every move, the final table and the result."""
        say = self.console.say
        say(self._header())
        for number in range(1, len(self.states)):
            for line in self._move(number):
                say(line)
        say(self._table(-1))
        self._end()
        say("the replayed outcome matches the stored outcome")

    def step(self) -> None:
        """Show one table at a time and read where to go next."""
        console = self.console
        last = len(self.states) - 1
        console.say(self._header())
        console.say(f"{text.count(last, 'move')}. Commands:")
        console.say(STEP_HELP)
        at = 0
        while True:
            console.say()
            for line in self._move(at) if at else ["the start"]:
                console.say(line)
            console.say(self._table(at))
            if at == last:
                self._end()
            while True:
                answer = console.ask(f"[{at}/{last}] ")
                if answer is None or answer.lower() in ("q", "quit"):
                    return
                target = self._target(answer.lower(), at, last)
                if target is not None:
                    break
            at = target

    def _target(self, answer: str, at: int, last: int) -> int | None:
        """Where ``answer`` goes from move ``at``, or ``None`` (after saying why) to ask again."""
        say = self.console.say
        if answer in ("", "n", "next"):
            if at < last:
                return at + 1
            say("this is the end of the game: b goes back, q quits")
        elif answer in ("b", "back"):
            if at > 0:
                return at - 1
            say("this is the start of the game")
        elif answer in ("e", "end"):
            return last
        elif answer.isascii() and answer.isdigit():
            number, shown = text.number_typed(answer)
            if number is not None and number <= last:
                return number
            say(f"no move {shown}: {_moves(last)}")
        elif answer in ("h", "help", "?"):
            say(STEP_HELP)
        else:
            say(f"unknown command {excerpt(answer)}; type help")
        return None


#: Why ``--svg`` does not write a picture whose name is taken.
_TAKEN = "is there already; --svg writes only new files (give a new or empty folder)"
#: How a picture is opened: made new, or not at all (``O_EXCL`` never follows a link).
_NEW_FILE = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0)


def _write_new(path: Path, picture: str) -> None:
    """Write ``picture`` into the new file ``path``; an error names the file, and a file left
    half-written (a full disk) is removed."""
    try:
        descriptor = os.open(path, _NEW_FILE, 0o666)
    except FileExistsError:
        raise CardgamesError(f"{name(path)}: {_TAKEN}") from None
    try:
        with os.fdopen(descriptor, "wb") as file:
            file.write(picture.encode("utf-8"))
    except OSError as exc:
        with contextlib.suppress(OSError):
            path.unlink()
        raise OSError(exc.errno, exc.strerror or "cannot be written", str(path)) from None


def _moves(last: int) -> str:
    """Which moves a game of ``last`` moves has, in words."""
    if last == 0:
        return "the game has no moves (0 is the start)"
    if last == 1:
        return "the game has one move, 1 (0 is the start)"
    return f"the game has moves 1-{last}"
