"""``cardgames play``: a person against bots at the terminal, or bots against each other.

With a ``human`` (or ``you``) entry in ``--bots``, or no ``--bots`` at all, a person plays that
seat. Before each of the person's decisions the table is drawn from the person's view (never
from the state), and the legal moves are listed with numbers. The person answers with a number,
with a move in the game's notation, or with one of the commands of ``help``.

What the bots play is printed as it happens, but only what the person could see: a bot's move
is shown when the person's view after it tells it apart from the bot's other legal moves, as
"a move you cannot see" when it does not, and as "a hidden decision" when the person's view
does not even say whose decision it is. Under every move, the person's and the bots', come the
game's sentences about what it did, as the game tells them to the person's seat
(:mod:`cardgames.cli.story`); a game between bots tells everything. A move the person writes
that is not legal now is refused with the library's reason. ``undo`` goes back to the person's
previous decision, bots' generators included, so the same answers replay the same game. A
decision with a single legal move is made for the person, and listed as their only move.

The record is saved however the game stops: when it ends, when the person quits, at the end of
input, on Ctrl-C, SIGTERM or a closed terminal (SIGHUP), and when an error ends it: to
``--out``, or to ``GAME-game.json`` in the current directory (a free name, printed). It is
written whole or not at all (:func:`cardgames.cli.paths.write_whole`), and a record that
cannot be written is an error that names the file and tells the seed. A game between bots
saves the moves so far the same way when it is stopped, if ``--out`` is given.

``--resume FILE`` goes on with the game of a record that stopped early: the record is loaded
and checked against its replay first, its seats are played as its players say (``human`` by the
person, the others by the bots of those names) unless ``--bots`` says otherwise, and the record
is written back to ``FILE`` (or to ``--out``) with the new moves. The bots' generators start
afresh, as in a new game, and ``undo`` goes back no further than the point where the game was
resumed.

The seed decides every card of the game, so it is a secret of the whole table until the game is
over: the person never sees it while play goes on (not in the header, the help, ``undo``, a
message or the record file, which holds nothing until play stops), and it is printed, and
written to the record, once the game ends or the person leaves. A seed that ``play`` picks
itself is 64 bits from the operating system's entropy (:mod:`secrets`), far too many to guess
from what a player sees.
"""

from __future__ import annotations

import argparse
import enum
import random
import secrets
import textwrap
import threading
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import attrs

from cardgames import arena
from cardgames.bots import Bot, make_bot
from cardgames.cli import paths, signals, story, tables, text
from cardgames.cli.console import Console
from cardgames.cli.options import HUMAN, config_flags_given, config_from_args, seat_entries
from cardgames.cli.records import read_records
from cardgames.errors import CardgamesError, IllegalMoveError
from cardgames.game import Game
from cardgames.record import GameRecord
from cardgames.registry import get_game

__all__ = [
    "ABILITY_WORDS",
    "DEFAULT_THINK_LIMIT",
    "HELP",
    "SEED_BITS",
    "new_seed",
    "run",
    "seed_line",
]

#: The longest a bot may think about one move in a person's game, in seconds, by default.
DEFAULT_THINK_LIMIT = 60.0
#: After this long a bot's thinking is announced, so the person knows the program is working.
THINKING_NOTICE = 1.0
#: The bits of a seed that ``play`` picks when none is given: too many to search through.
SEED_BITS = 64
#: Exit status when the input ends before the game does.
EXIT_END_OF_INPUT = 1

#: The answers that show the characters' abilities.
ABILITY_WORDS = ("abilities", "characters", "help characters")

#: What ``help`` prints during a person's game.
HELP = """\
Answer with:
  NUMBER     play the move with that number
  NOTATION   play the move written as the list shows it (e.g. the words after the number;
             'cardgames rules GAME' ends with the game's notation)
  moves      list your legal moves again
  abilities  the characters at the table and their rules (AlakaSLAM)
  card NAME  look a card up: a character's culture, combat, points, resistance and
             personalities, what a hand card gives (Alakazum!)
  table      draw the table again
  undo       go back to your previous decision (the bots' moves since then are undone too)
  help       this text
  quit       leave the game; the moves so far are saved
The end of input (Ctrl-D) leaves the game too."""


def run(args: argparse.Namespace, console: Console) -> int:
    """Play the game that ``args`` describe; the exit status."""
    if args.resume is not None:
        return _resume(args, console)
    if args.game is None:
        raise CardgamesError("play needs a GAME (see 'cardgames list'), or --resume FILE")
    game = get_game(args.game)
    config = config_from_args(game, args)
    entries = seat_entries(args.bots, game.num_players(config))
    seed = args.seed if args.seed is not None else new_seed()
    return _play(game, config, entries, seed, (), args, console, out=args.out)


def _play(
    game: Game[Any, Any, Any, Any],
    config: Any,
    entries: Sequence[str],
    seed: int,
    moves: Sequence[Any],
    args: argparse.Namespace,
    console: Console,
    *,
    out: Path | None,
) -> int:
    """Play on from ``moves`` (none for a new game) with ``entries`` in the seats."""
    if HUMAN not in entries:
        return _bots_only(game, config, entries, seed, moves, args, console, out=out)
    if args.quiet:
        raise CardgamesError("--quiet is for games between bots: a person needs to see the table")
    if args.time_limit is not None:
        raise CardgamesError(
            "--time-limit is for games between bots; with a person, --think-limit bounds how "
            "long a bot may think"
        )
    table = _PersonGame(
        game,
        config,
        entries,
        seed=seed,
        console=console,
        think_limit=args.think_limit,
        moves=moves,
    )
    path = out if out is not None else _free_name(f"{game.name}-game", ".json")
    return table.play(path, force=args.force)


def _resume(args: argparse.Namespace, console: Console) -> int:
    """``play --resume FILE``: go on with the game of the record in ``FILE``."""
    path: Path = args.resume
    if args.seed is not None or config_flags_given(args):
        raise CardgamesError(
            "--resume goes on with the record's own game, config and seed: leave out --seed, "
            "--preset and the game options"
        )
    found = read_records(path)  # loaded and checked against its replay
    if len(found) > 1:
        raise CardgamesError(
            f"{paths.name(path)} holds {len(found)} games: --resume goes on with a file of one"
        )
    record = found[0][1]
    game = get_game(record.game)
    if args.game is not None and get_game(args.game) is not game:
        raise CardgamesError(f"{paths.name(path)} is a game of {record.game}, not {args.game}")
    if record.outcome is not None:
        raise CardgamesError(
            f"{paths.name(path)}: the game is over ({text.outcome_summary(record.outcome)}); "
            "there is nothing to resume"
        )
    seats = game.num_players(record.config)
    if args.bots is not None:
        entries = seat_entries(args.bots, seats)
    elif record.players:
        entries = list(record.players)
        if entries.count(HUMAN) > 1:
            raise CardgamesError(
                f"{paths.name(path)} names {entries.count(HUMAN)} seats {HUMAN}, and only one "
                "can be played by a person: say who sits where with --bots"
            )
        for seat, entry in enumerate(entries):
            if entry != HUMAN:
                try:
                    make_bot(entry, game)
                except CardgamesError as exc:
                    raise CardgamesError(
                        f"{paths.name(path)}, seat {seat}: {exc}; say who sits where with --bots"
                    ) from None
    else:
        raise CardgamesError(f"{paths.name(path)} names no players: say who sits where with --bots")
    out = args.out if args.out is not None else path
    paths.check_output(out, force=args.force)
    so_far = text.count(len(record.moves), "move")
    console.say(f"going on with the game of {paths.name(path)} after {so_far}")
    return _play(game, record.config, entries, record.seed, record.moves, args, console, out=out)


def new_seed() -> int:
    """A seed for a game nobody chose one for: ``SEED_BITS`` random bits from the system."""
    return secrets.randbits(SEED_BITS)


def seed_line(seed: int, *, person: bool = True) -> str:
    """What a finished game says about its seed."""
    same = "answers" if person else "bots"
    return f"Seed {seed}: the same seed and {same} replay this game."


# --- bots only ----------------------------------------------------------------------------------


def _bots_only(
    game: Game[Any, Any, Any, Any],
    config: Any,
    entries: Sequence[str],
    seed: int,
    moves: Sequence[Any],
    args: argparse.Namespace,
    console: Console,
    *,
    out: Path | None,
) -> int:
    bots = [make_bot(name, game) for name in entries]
    names = tuple(arena.bot_name(bot) for bot in bots)
    labels = text.labels(game, config, names)
    if out is not None:
        paths.check_output(out, force=args.force)
    if not args.quiet:
        console.say(text.header(game.name, labels))
    played = list(moves)
    final: list[Any] = [] if args.quiet else [_replayed(game, config, seed, moves)]

    def on_move(number: int, player: int, move: Any, state: Any) -> None:
        played.append(move)
        if not args.quiet:  # the whole story: nobody at this table has anything to hide
            for line in story.move_lines(game, number, labels, final[0], move, state):
                console.say(line)
            final[:] = [state]

    def so_far() -> GameRecord:
        return GameRecord(game.name, config, seed, tuple(played), names)

    try:
        record = arena.play(
            game,
            bots,
            config=config,
            seed=seed,
            on_move=on_move,
            time_limit=args.time_limit,
            moves=moves,
        )
    except KeyboardInterrupt as exc:
        if out is None:
            raise
        raise signals.retold(exc, _saved(so_far(), out)) from None
    except CardgamesError as exc:
        if out is None:
            raise
        raise CardgamesError(f"{exc}; {_saved(so_far(), out)}") from None
    except Exception:
        if out is not None:
            _saved(so_far(), out)  # whatever stopped it (a reader that went away), keep the moves
        raise
    if not args.quiet:
        table = final[0] if final else record.final_state()
        console.say()
        console.say(game.render(table))
        for line in tables.notes(game.name, table):
            console.say(line)
    for line in text.outcome_lines(record.outcome, labels):
        console.say(line)
    if not args.quiet:
        console.say(seed_line(seed, person=False))
    if out is not None:
        _write(record, out)
        if not args.quiet:
            console.say(f"record written to {out}")
    return 0


def _replayed(game: Game[Any, Any, Any, Any], config: Any, seed: int, moves: Sequence[Any]) -> Any:
    """The state of the game after ``moves`` (moves of a record already checked)."""
    state = game.new_game(config, seed=seed)
    for move in moves:
        state = game.apply_move(state, move)
    return state


# --- a person's game ----------------------------------------------------------------------------


class _End(enum.Enum):
    """How a person's game stopped."""

    OVER = "over"
    QUIT = "quit"
    END_OF_INPUT = "end of input"


class _Undo:
    """The person asked to go back to their previous decision."""


_UNDO = _Undo()


@attrs.frozen
class _Snapshot:
    """Everything needed to go back to one of the person's decisions."""

    state: Any
    moves: int
    rngs: tuple[Any, ...]  # each seat's generator state


class _PersonGame:
    """One game of a person against bots, played through a :class:`Console`."""

    def __init__(
        self,
        game: Game[Any, Any, Any, Any],
        config: Any,
        entries: Sequence[str],
        *,
        seed: int,
        console: Console,
        think_limit: float,
        moves: Sequence[Any] = (),
    ) -> None:
        self.game = game
        self.config = config
        self.seed = seed
        self.console = console
        self.think_limit = think_limit
        self.me = list(entries).index(HUMAN)
        self.bots: dict[int, Bot[Any, Any]] = {
            seat: make_bot(name, game) for seat, name in enumerate(entries) if name != HUMAN
        }
        names = [
            HUMAN if seat == self.me else arena.bot_name(self.bots[seat])
            for seat in range(len(entries))
        ]
        self.players = tuple(names)
        seat_names = game.seat_names(config)
        self.seat_name = seat_names[self.me]
        self.labels = tuple(
            f"{seat_names[s]} (you)" if s == self.me else f"{seat_names[s]} ({names[s]})"
            for s in range(len(entries))
        )
        self.state = _replayed(game, config, seed, moves)
        self.rngs = [arena.bot_rng(seed, seat) for seat in range(len(entries))]
        self.moves: list[Any] = list(moves)
        self.snapshots: list[_Snapshot] = []

    # The game --------------------------------------------------------------------------------

    def play(self, path: Path, *, force: bool = False) -> int:
        """Play to the end (or until the person leaves), save the record at ``path``; the exit
        status. However play stops, the moves so far are saved (or the error says they could
        not be, naming the file and the seed)."""
        game, console = self.game, self.console
        # Checked before anything else, so a file that cannot be written is found before the
        # person plays a whole game, not after it; the record, seed and all, is written only
        # once play stops.
        paths.check_output(path, force=force)
        console.say(text.header(game.name, self.labels))
        console.say(
            f"You play {self.seat_name}, seat {self.me}. Type 'help' for the commands; the "
            "game's seed is shown when it ends."
        )
        try:
            end = self._loop()
        except KeyboardInterrupt as exc:  # Ctrl-C, SIGTERM or a closed terminal
            raise signals.retold(exc, _saved(self.record(), path)) from None
        except CardgamesError as exc:
            raise CardgamesError(f"{exc}; {_saved(self.record(), path)}") from None
        except Exception:
            _saved(self.record(), path)  # whatever went wrong, the person's moves are kept
            raise
        try:
            _write(self.record(), path)
        except CardgamesError as exc:
            unsaved: CardgamesError | None = exc
        else:
            unsaved = None
        console.say(seed_line(self.seed))
        if end is _End.OVER:
            console.say()
            self._draw()
            outcome = game.outcome(self.state)
            for line in text.outcome_lines(outcome, self.labels):
                console.say(line)
            if outcome is not None:
                console.say(_verdict(outcome.winners, outcome.is_draw, self.me))
            if unsaved is not None:
                raise unsaved
            console.say(f"record written to {path}")
            return 0
        if unsaved is not None:
            raise unsaved
        moves = text.count(len(self.moves), "move")
        stopped = f"the game stops after {moves}; the record is in {path}"
        if end is _End.QUIT:
            console.say(stopped)
            return 0
        console.note(f"cardgames: end of input: {stopped}")
        return EXIT_END_OF_INPUT

    def _loop(self) -> _End:
        game = self.game
        limit = game.max_decisions(self.config)
        while (player := game.current_player(self.state)) is not None:
            if len(self.moves) > limit:
                raise CardgamesError(
                    f"{game.name} did not end within its bound of {limit} decisions"
                )
            if player != self.me:
                self._bot_turn(player)
                continue
            legal = game.legal_moves(self.state)
            if len(legal) == 1:  # nothing to decide: play it, and say so
                self._play_own(player, legal[0], " (your only move)")
                continue
            self.snapshots.append(
                _Snapshot(self.state, len(self.moves), tuple(r.getstate() for r in self.rngs))
            )
            answer = self._ask(legal)
            if isinstance(answer, _End):
                return answer
            if isinstance(answer, _Undo):
                self._undo()
                continue
            self._play_own(player, answer)
        return _End.OVER

    def _play_own(self, player: int, move: Any, note: str = "") -> None:
        before = self.state
        self.state = self.game.apply_move(before, move)
        self.moves.append(move)
        self._tell(before, move, note)

    def _tell(self, before: Any, move: Any, note: str = "") -> None:
        """Print the move just played and what it did, as the person may know it."""
        lines = story.move_lines(
            self.game,
            len(self.moves),
            self.labels,
            before,
            move,
            self.state,
            viewer=self.me,
            note=note,
        )
        for line in lines:
            self.console.say(line)

    def _undo(self) -> None:
        if len(self.snapshots) < 2:
            self.snapshots.pop()
            self.console.say("nothing to undo: this is your first decision")
            return
        self.snapshots.pop()
        back = self.snapshots.pop()
        self.state = back.state
        del self.moves[back.moves :]
        for rng, state in zip(self.rngs, back.rngs, strict=True):
            rng.setstate(state)
        self.console.say(f"undone: back to your decision at move {back.moves + 1}")

    # The bots ---------------------------------------------------------------------------------

    def _bot_turn(self, player: int) -> None:
        game, state = self.game, self.state
        legal = game.legal_moves(state)
        label = self.labels[player]
        move = _think(
            self.bots[player],
            game.view(state, player),
            legal,
            self.rngs[player],
            limit=self.think_limit,
            on_slow=lambda: self.console.say(f"      {label} is thinking..."),
            label=label,
        )
        try:
            after = game.apply_move(state, move)
        except IllegalMoveError as exc:
            raise IllegalMoveError(f"{label} in seat {player}: {exc}") from None
        move = next((m for m in legal if m == move), move)
        self.moves.append(move)
        self.state = after
        self._tell(state, move)  # no more than the person's view tells

    # The person -------------------------------------------------------------------------------

    def _draw(self) -> None:
        """The table as the person sees it, and the notes the command line adds under it."""
        table = self.game.view(self.state, self.me)
        self.console.say(self.game.render(table))
        for line in tables.notes(self.game.name, table):
            self.console.say(line)

    def _show(self, legal: Sequence[Any]) -> None:
        console = self.console
        console.say()
        self._draw()
        console.say()
        console.say(f"your turn ({self.seat_name}): choose a move")
        self._list(legal)

    def _list(self, legal: Sequence[Any]) -> None:
        for line in text.numbered([self.game.format_move(m) for m in legal]):
            self.console.say(line)

    def _ask(self, legal: Sequence[Any]) -> Any:
        """The person's move, ``_UNDO`` or how the game ends; asks until the answer is usable."""
        console = self.console
        self._show(legal)
        while True:
            answer = console.ask(f"{self.seat_name}> ")
            if answer is None:
                return _End.END_OF_INPUT
            word = answer.lower()
            if not word:
                continue
            if word in ("help", "h", "?"):
                console.say(HELP)
            elif word in ("moves", "m"):
                self._list(legal)
            elif word in ("table", "t"):
                self._show(legal)
            elif word in ABILITY_WORDS:
                self._abilities()
            elif word == "card" or word.startswith("card "):
                self._card(answer.strip()[4:].strip())
            elif word in ("undo", "u"):
                return _UNDO
            elif word in ("quit", "q", "exit"):
                confirm = console.ask("leave the game unfinished? [y/N] ")
                if confirm is None:
                    return _End.END_OF_INPUT
                if confirm.lower() in ("y", "yes"):
                    return _End.QUIT
            elif word.isascii() and word.isdigit():
                number, shown = text.number_typed(word)
                if number is not None and 1 <= number <= len(legal):
                    return legal[number - 1]
                console.say(f"no move {shown}: choose 1-{len(legal)}, or type 'help'")
            else:
                move = self._parse(answer, legal)
                if move is not None:
                    return move

    def _parse(self, answer: str, legal: Sequence[Any]) -> Any:
        game = self.game
        try:
            move = game.parse_move(game.view(self.state, self.me), answer)
        except (CardgamesError, ValueError) as exc:
            self.console.say(f"not a move: {exc}; type 'help' for the commands")
            return None
        found = next((m for m in legal if m == move), None)
        if found is None:
            self.console.say(f"not legal now: {self._why_illegal(move)}")
        return found

    def _why_illegal(self, move: Any) -> str:
        """The move as written and the library's reason it may not be played now."""
        notation = self.game.format_move(move)
        try:
            self.game.apply_move(self.state, move)
        except IllegalMoveError as exc:
            reason = str(exc)
            return reason if reason.startswith(notation) else f"{notation}: {reason}"
        return notation  # every legal move is listed: this one differs only in hidden parts

    def _abilities(self) -> None:
        """Each seat's character and its rule (AlakaSLAM), or that this game has none."""
        characters = getattr(self.game.view(self.state, self.me), "characters", None)
        if self.game.name != "alakaslam" or not characters:
            self.console.say(f"{self.game.name} has no character abilities")
            return
        for seat, line in enumerate(tables.character_lines(characters)):
            text = f"{self.labels[seat]}: {line}"
            self.console.say(
                textwrap.fill(text, 100, initial_indent="  ", subsequent_indent="    ")
            )

    def _card(self, name: str) -> None:
        """The Alakazum! card named ``name`` in words, or why there is none to tell."""
        if self.game.name != "alakazum":
            self.console.say(f"{self.game.name} has no cards to look up by name")
            return
        if not name:
            self.console.say("card NAME: name the card, e.g. 'card Moura'")
            return
        card = tables.find_alakazum_card(self.config, name)
        if card is None:
            self.console.say("no card of this game has that name")
            return
        self.console.say(textwrap.fill(tables.alakazum_card(card), 100, subsequent_indent="    "))

    # The record -------------------------------------------------------------------------------

    def record(self) -> GameRecord:
        """The game so far (``outcome`` is ``None`` while it is not over)."""
        return GameRecord(
            game=self.game.name,
            config=self.config,
            seed=self.seed,
            moves=tuple(self.moves),
            players=self.players,
            outcome=self.game.outcome(self.state),
        )


def _verdict(winners: frozenset[int], draw: bool, me: int) -> str:
    if me in winners:
        return "you win" if len(winners) == 1 else "your side wins"
    return "a draw" if draw else "you lose"


def _think(
    bot: Bot[Any, Any],
    view: Any,
    legal: Sequence[Any],
    rng: random.Random,
    *,
    limit: float,
    on_slow: Callable[[], object],
    label: str,
) -> Any:
    """The bot's choice, made in a helper thread so that a slow bot cannot hang the terminal.

    ``on_slow()`` is called once if the bot takes longer than ``THINKING_NOTICE``; a bot that
    has not answered after ``limit`` seconds ends the game with a ``CardgamesError``.
    """
    answer: list[Any] = []
    failure: list[BaseException] = []
    done = threading.Event()

    def work() -> None:
        try:
            answer.append(bot.choose(view, legal, rng))
        except BaseException as exc:  # handed to the waiting thread, which raises it
            failure.append(exc)
        finally:
            done.set()

    threading.Thread(target=work, name=f"cardgames bot {label}", daemon=True).start()
    notice = THINKING_NOTICE if limit > THINKING_NOTICE else None
    if notice is not None and not done.wait(notice):
        on_slow()
    if not done.wait(min(limit - (notice or 0.0), threading.TIMEOUT_MAX)):
        raise CardgamesError(f"{label} did not choose a move within {limit:g} s")
    if failure:
        raise failure[0]
    return answer[0]


def _free_name(stem: str, suffix: str) -> Path:
    """``stem + suffix`` in the current directory, numbered (``-2``, ``-3``...) if taken."""
    path = Path(stem + suffix)
    number = 2
    while path.exists():
        path = Path(f"{stem}-{number}{suffix}")
        number += 1
    return path


def _write(record: GameRecord, path: Path) -> None:
    """Write ``record`` to ``path``, whole; a ``CardgamesError`` that names the file and tells
    the game's seed if it cannot be written (the seed and the same players replay the game)."""
    try:
        paths.write_whole(path, record.to_json() + "\n")
    except OSError as exc:
        why = exc.strerror or type(exc).__name__
        raise CardgamesError(
            f"{paths.name(path)}: cannot write the record: {why}; the game's seed is {record.seed}"
        ) from None


def _saved(record: GameRecord, path: Path) -> str:
    """Save the game so far at ``path``, and say where it is (or that it could not be)."""
    try:
        _write(record, path)
    except CardgamesError as exc:
        return str(exc)
    return f"the game so far is saved in {paths.name(path)}"
