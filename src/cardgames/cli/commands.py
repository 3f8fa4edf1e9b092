"""The small commands: ``list``, ``rules`` and ``bench``."""

from __future__ import annotations

import argparse
import inspect
import sys
import textwrap
import time
from importlib import resources
from typing import Any

from cardgames.bots import BOT_NAMES
from cardgames.cli import tables
from cardgames.cli.console import Console
from cardgames.cli.options import GAME_OPTIONS, HUMAN_NAMES
from cardgames.errors import CardgamesError, InvalidConfigError, UnknownGameError
from cardgames.game import Game
from cardgames.registry import GAMES, get_game, loadable_games

__all__ = ["RULES_FILE", "bench", "list_games", "player_counts", "rules", "rules_text"]

#: The rules summary in each game's subpackage.
RULES_FILE = "RULES.md"
#: Each of the library's games by the title of its rules page in the documentation site.
_RULE_PAGES = {
    "alethi": "Alethi",
    "alakaslam": "AlakaSLAM",
    "lerally": "Le Rally",
    "alakazum": "Alakazum!",
}


def list_games(args: argparse.Namespace, console: Console) -> int:
    """``cardgames list``: the games, their player counts and presets, and the bots.

    An installed game that does not load (another distribution's, broken) is listed as such,
    and the rest are listed as usual."""
    for name in GAMES:
        try:
            game = get_game(name)
            line = f"{name}: {player_counts(game)} players; presets: {', '.join(game.presets)}"
        except UnknownGameError as exc:
            line = f"{name}: not available: {exc}"
        except Exception:  # another distribution's game that loads but cannot describe itself
            line = f"{name}: not available: its presets cannot be read"
        console.say(line)
    console.say(f"bots: {', '.join(BOT_NAMES)}; a person plays the seat named {HUMAN_NAMES[0]}")
    return 0


def player_counts(game: Game[Any, Any, Any, Any]) -> str:
    """How many players the game's presets seat: ``2``, ``2 or 4``, ``2-4``."""
    counts = sorted({game.num_players(config) for config in game.presets.values()})
    if len(counts) == 1:
        return str(counts[0])
    if counts == list(range(counts[0], counts[-1] + 1)):
        return f"{counts[0]}-{counts[-1]}"
    return ", ".join(str(c) for c in counts[:-1]) + f" or {counts[-1]}"


def _package(game: Game[Any, Any, Any, Any]) -> str:
    """The package that defines ``game`` (``cardgames.alethi``, or another distribution's)."""
    module = type(game).__module__
    loaded = sys.modules.get(module)
    return (getattr(loaded, "__package__", None) or module) if loaded is not None else module


def rules_text(game: Game[Any, Any, Any, Any]) -> str:
    """The game's rules summary: the ``RULES.md`` shipped in its package (``cardgames/<game>/``
    for the library's own games), or else the package's docstring."""
    package = _package(game)
    try:
        return resources.files(package).joinpath(RULES_FILE).read_text("utf-8")
    except (ModuleNotFoundError, OSError):
        pass
    summary = inspect.getdoc(sys.modules.get(package))
    if not summary:
        raise CardgamesError(f"no rules summary is installed for {game.name}")
    return summary


def rules(args: argparse.Namespace, console: Console) -> int:
    """``cardgames rules GAME``: the rules summary, then the game's presets and flags."""
    game = get_game(args.game)
    console.say(rules_text(game).rstrip())
    console.say()
    console.say(f"Presets (--preset): {', '.join(game.presets)}")
    flags = GAME_OPTIONS.get(game.name, ())
    if flags:
        console.say(f"Options of 'cardgames play {game.name}': {', '.join(flags)}")
    if _package(game) != f"cardgames.{game.name}":  # another distribution's game
        return 0
    if game.name == "alakaslam":
        from cardgames.alakaslam import Character  # only this game has characters

        console.say()
        console.say("The characters (--characters) and the rule each gives its player:")
        for character, line in zip(Character, tables.character_lines(Character), strict=True):
            console.say(
                textwrap.fill(
                    f"{character.value}: {line}", 100, initial_indent="  ", subsequent_indent="    "
                )
            )
        console.say("During 'cardgames play alakaslam', answer 'abilities' to see them again.")
    page = _RULE_PAGES.get(game.name, game.name)
    console.say(f"The full rules: the page Rules > {page} of the cardgames documentation")
    console.say(f"(docs/rules/{game.name}.md in the source).")
    return 0


def bench(args: argparse.Namespace, console: Console) -> int:
    """``cardgames bench``: time random playouts and JSON round trips; progress on stderr."""
    from cardgames import bench as measuring  # only this command needs it

    if not args.seconds > 0:
        raise InvalidConfigError(f"--seconds must be positive, got {args.seconds:g}")
    names: list[str] = args.game or list(loadable_games())
    games = [get_game(name) for name in dict.fromkeys(names)]
    start = time.perf_counter()

    def progress(message: str) -> None:
        console.note(f"{time.perf_counter() - start:5.1f} s  {message}")

    if measuring.chess_version() is None and (args.json or args.markdown):
        console.note(measuring.NO_CHESS)  # the text report says so itself
    report = measuring.measure(games, args.seconds, progress=progress, memory=args.memory)
    if args.json:
        console.say(measuring.render_json(report))
    elif args.markdown:
        console.say(measuring.render_markdown(report))
    else:
        console.say(measuring.render_text(report))
    return 0
