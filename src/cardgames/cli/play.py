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
import secrets
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from cardgames import arena
from cardgames.bots import make_bot
from cardgames.cli import paths, signals, story, tables, text
from cardgames.cli.console import Console
from cardgames.cli.options import HUMAN, config_flags_given, config_from_args, seat_entries
from cardgames.cli.person import ABILITY_WORDS, HELP, PersonGame
from cardgames.cli.records import free_path, read_records, replayed, save_so_far, write_record
from cardgames.cli.text import seed_line
from cardgames.errors import CardgamesError
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
#: The bits of a seed that ``play`` picks when none is given: too many to search through.
SEED_BITS = 64


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
    table = PersonGame(
        game,
        config,
        entries,
        seed=seed,
        console=console,
        think_limit=args.think_limit,
        moves=moves,
    )
    path = out if out is not None else free_path(f"{game.name}-game", ".json")
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
    final: list[Any] = [] if args.quiet else [replayed(game, config, seed, moves)]

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
        raise signals.retold(exc, save_so_far(so_far(), out)) from None
    except CardgamesError as exc:
        if out is None:
            raise
        raise CardgamesError(f"{exc}; {save_so_far(so_far(), out)}") from None
    except Exception:
        if out is not None:
            save_so_far(so_far(), out)  # whatever stopped it (a reader gone away): keep the moves
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
        write_record(record, out)
        if not args.quiet:
            console.say(f"record written to {out}")
    return 0
