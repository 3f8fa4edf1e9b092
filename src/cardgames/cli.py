"""The ``cardgames`` command line: list the games, play bots against each other, replay records.

::

    cardgames list
    cardgames play alethi --bots greedy,random --seed 7 --out game.json
    cardgames replay game.json

The command line is a thin layer over the public API: games come from the registry, bots from
:func:`cardgames.bots.make_bot`, and a played game is the same :class:`~cardgames.GameRecord` that
:func:`cardgames.arena.play` returns for the same bots and seed. Every library error ends the
command with one line on stderr and exit status 2.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from cardgames import arena
from cardgames.bots import BOT_NAMES, Bot, make_bot
from cardgames.errors import CardgamesError, InvalidConfigError, UnknownNameError
from cardgames.game import Game, Outcome
from cardgames.record import GameRecord
from cardgames.registry import GAMES, get_game

__all__ = ["main"]

PROG = "cardgames"
#: The exit status of a command that fails (the same as argparse's usage errors).
EXIT_ERROR = 2

_Handler = Callable[[argparse.Namespace], int]


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line on ``argv`` (default: ``sys.argv[1:]``) and return the exit status.

    Usage errors exit through argparse (status 2, with the usage); every other error is one line
    on stderr starting with ``cardgames: error:`` and status 2.
    """
    args = _parser().parse_args(argv)
    handler: _Handler = args.handler
    try:
        return handler(args)
    except BrokenPipeError:
        # The reader went away (``cardgames replay game.json | head``): stop quietly, and keep
        # Python from complaining again when it flushes stdout at exit.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1
    except (CardgamesError, OSError) as exc:
        print(f"{PROG}: error: {_error_message(exc)}", file=sys.stderr)
        return EXIT_ERROR


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog=PROG, description="Play and replay the tabletop card games of cardgames."
    )
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    list_cmd = commands.add_parser("list", help="the games, their presets and the bots")
    list_cmd.set_defaults(handler=_list)

    play_cmd = commands.add_parser("play", help="play one game between bots")
    play_cmd.add_argument("game", metavar="GAME", help="a game name (see 'cardgames list')")
    play_cmd.add_argument(
        "--bots",
        required=True,
        metavar="NAMES",
        help="comma-separated bot names, seat 0 first; repeated in turn to fill every seat",
    )
    play_cmd.add_argument("--seed", type=int, required=True, metavar="N", help="the game's seed")
    play_cmd.add_argument("--preset", metavar="NAME", help="a named config (default: the default)")
    play_cmd.add_argument("--out", type=Path, metavar="FILE", help="write the game record here")
    play_cmd.add_argument("--quiet", action="store_true", help="print only the result")
    play_cmd.set_defaults(handler=_play)

    replay_cmd = commands.add_parser("replay", help="replay a stored game record")
    replay_cmd.add_argument("file", type=Path, metavar="FILE", help="a record written by 'play'")
    replay_cmd.set_defaults(handler=_replay)
    return parser


def _error_message(exc: BaseException) -> str:
    if isinstance(exc, OSError) and exc.strerror and exc.filename is not None:
        message = f"{exc.filename}: {exc.strerror}"
    else:
        message = str(exc) or type(exc).__name__
    return " ".join(message.splitlines())


# --- list ---------------------------------------------------------------------------------------


def _list(args: argparse.Namespace) -> int:
    for name, game in GAMES.items():
        presets = ", ".join(game.presets)
        print(f"{name}: {_player_counts(game)} players; presets: {presets}")
    print(f"bots: {', '.join(BOT_NAMES)}")
    return 0


def _player_counts(game: Game[Any, Any, Any, Any]) -> str:
    """How many players the game's presets seat: ``2``, ``2 or 4``, ``2-4``."""
    counts = sorted({game.num_players(config) for config in game.presets.values()})
    if len(counts) == 1:
        return str(counts[0])
    if counts == list(range(counts[0], counts[-1] + 1)):
        return f"{counts[0]}-{counts[-1]}"
    return ", ".join(str(c) for c in counts[:-1]) + f" or {counts[-1]}"


# --- play ---------------------------------------------------------------------------------------


def _play(args: argparse.Namespace) -> int:
    game = get_game(args.game)
    config = _config(game, args.preset)
    names = [name.strip() for name in args.bots.split(",")]
    seats = game.num_players(config)
    if len(names) > seats:
        raise InvalidConfigError(
            f"{game.name} with this config seats {seats} players, got {len(names)} bots"
        )
    bots = [make_bot(names[seat % len(names)], game) for seat in range(seats)]
    labels = _labels(game, config, [arena.bot_name(bot) for bot in bots])
    echo = None if args.quiet else print
    if echo is not None:
        echo(_header(game.name, args.seed, labels))
    record, final = _play_record(game, config, bots, labels, seed=args.seed, echo=echo)
    if not args.quiet:
        print(game.render(final))
    for line in _outcome_lines(record.outcome, labels):
        print(line)
    if args.out is not None:
        args.out.write_text(record.to_json() + "\n", encoding="utf-8")
        if not args.quiet:
            print(f"record written to {args.out}")
    return 0


def _config(game: Game[Any, Any, Any, Any], preset: str | None) -> Any:
    if preset is None:
        return game.config_type()
    try:
        return game.presets[preset]
    except KeyError:
        known = ", ".join(game.presets)
        raise UnknownNameError(
            f"unknown preset {preset!r} for {game.name}; known presets: {known}"
        ) from None


def _play_record(
    game: Game[Any, Any, Any, Any],
    config: Any,
    bots: Sequence[Bot[Any, Any]],
    labels: tuple[str, ...],
    *,
    seed: int,
    echo: Callable[[str], object] | None,
) -> tuple[GameRecord, Any]:
    """The record of ``arena.play`` and the final state; ``echo`` gets a line per move."""
    final: list[Any] = []

    def on_move(number: int, player: int, move: Any, state: Any) -> None:
        final[:] = [state]
        if echo is not None:
            echo(_move_line(number, player, labels, game.format_move(move)))

    record = arena.play(game, bots, config=config, seed=seed, on_move=on_move)
    return record, final[0] if final else record.final_state()


# --- replay -------------------------------------------------------------------------------------


def _replay(args: argparse.Namespace) -> int:
    record = GameRecord.from_json(args.file.read_bytes())
    game = get_game(record.game)
    states = record.states()
    labels = _labels(game, record.config, record.players)
    print(_header(record.game, record.seed, labels))
    for number, (before, move) in enumerate(zip(states, record.moves, strict=False), start=1):
        player = game.current_player(before)
        print(_move_line(number, player, labels, game.format_move(move)))
    print(game.render(states[-1]))
    for line in _outcome_lines(record.outcome, labels):
        print(line)
    replayed = game.outcome(states[-1])
    if replayed != record.outcome:
        raise CardgamesError(
            f"the replayed outcome ({_outcome_summary(replayed)}) differs from the stored one "
            f"({_outcome_summary(record.outcome)})"
        )
    print("the replayed outcome matches the stored outcome")
    return 0


# --- text ---------------------------------------------------------------------------------------


def _labels(game: Game[Any, Any, Any, Any], config: Any, bots: Sequence[str]) -> tuple[str, ...]:
    """Each seat as the rules name it, with the bot that played it: ``red (greedy)``."""
    seats = game.seat_names(config)
    return tuple(
        f"{seats[p]} ({bots[p]})" if p < len(bots) else seats[p] for p in range(len(seats))
    )


def _seat(player: int | None, labels: Sequence[str]) -> str:
    if player is None:
        return "nobody"
    return labels[player] if player < len(labels) else f"player {player}"


def _header(game: str, seed: int, players: Sequence[str]) -> str:
    seats = ", ".join(_seat(p, players) for p in range(len(players)))
    return f"{game}, seed {seed}: {seats}"


def _move_line(number: int, player: int | None, players: Sequence[str], notation: str) -> str:
    return f"{number:4d}. {_seat(player, players)}: {notation}"


def _winners(outcome: Outcome, players: Sequence[str]) -> str:
    if outcome.winners:
        return ", ".join(_seat(p, players) for p in sorted(outcome.winners))
    return "none (a draw)" if outcome.is_draw else "none (every player loses)"


def _outcome_lines(outcome: Outcome | None, players: Sequence[str]) -> list[str]:
    if outcome is None:
        return ["result: the game is not over"]
    return [f"result: {outcome.reason}", f"winners: {_winners(outcome, players)}"]


def _outcome_summary(outcome: Outcome | None) -> str:
    if outcome is None:
        return "not over"
    winners = ", ".join(str(p) for p in sorted(outcome.winners)) or "none"
    return f"{outcome.reason}; winners: {winners}"
