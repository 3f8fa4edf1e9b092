"""The games' config options as command-line flags, and the ``--bots`` list of seats.

Every flag maps to a field of one or more games' ``Config`` (see ``GAME_OPTIONS``); a flag given
for a game that has no such option is an error that names the game's own options. The config a
command plays is the ``--preset`` (or the default config) with the flags' fields replaced, and
checked by the game.
"""

from __future__ import annotations

import argparse
import re
from collections.abc import Callable, Mapping, Sequence
from types import MappingProxyType
from typing import Any

import attrs

from cardgames.alakaslam import Character
from cardgames.errors import InvalidConfigError, UnknownNameError, excerpt
from cardgames.game import Game
from cardgames.lerally import Format

__all__ = [
    "GAME_OPTIONS",
    "HUMAN",
    "HUMAN_NAMES",
    "add_config_flags",
    "config_flags_given",
    "config_from_args",
    "seat_entries",
]

#: The names ``--bots`` accepts for the person's seat; the record names that seat ``HUMAN``.
HUMAN_NAMES = ("human", "you")
#: The player name a record gives the person's seat.
HUMAN = "human"
#: The bot that fills the other seats when ``cardgames play GAME`` is given no ``--bots``.
DEFAULT_OPPONENT = "greedy"


@attrs.frozen
class _Flag:
    """One flag: its argparse settings and, per game, the config fields a value sets."""

    flag: str
    help: str
    metavar: str | None
    convert: Callable[[str], Any] | None  # None: a switch without a value
    #: Game name -> a function from (the flag's value, the config being built) to its changes.
    games: Mapping[str, Callable[[Any, Any], dict[str, Any]]]

    @property
    def dest(self) -> str:
        return "config_" + self.flag.removeprefix("--").replace("-", "_")


def _field(name: str) -> Callable[[Any, Any], dict[str, Any]]:
    return lambda value, config: {name: value}


def _positive(text: str) -> int:
    digits = text.strip().removeprefix("-").removeprefix("+")
    # Twenty digits hold any 64-bit number; a longer one is no count of players or cards.
    if not (digits.isascii() and digits.isdigit() and len(digits) <= 20):
        raise argparse.ArgumentTypeError(f"expected a whole number, got {excerpt(text)}")
    number = int(text)
    if number < 1:
        raise argparse.ArgumentTypeError(f"expected a positive number, got {number}")
    return number


def _format(text: str) -> Format:
    try:
        return Format(text.lower())
    except ValueError:
        known = ", ".join(f.value for f in Format)
        raise argparse.ArgumentTypeError(
            f"unknown format {excerpt(text)}; known: {known}"
        ) from None


def _characters(text: str) -> tuple[Character, ...]:
    names = [name.strip().lower() for name in text.split(",")]
    try:
        return tuple(Character(name) for name in names)
    except ValueError:
        known = ", ".join(c.value for c in Character)
        raise argparse.ArgumentTypeError(
            f"unknown character in {excerpt(text)}; known: {known}"
        ) from None


def _doubles_lerally(value: bool, config: Any) -> dict[str, Any]:
    return {"doubles": True, "players": 4}


_FLAGS: tuple[_Flag, ...] = (
    _Flag(
        "--players",
        "how many players (alakaslam 2 or 4, lerally 2-4, alakazum 2-5)",
        "N",
        _positive,
        {name: _field("players") for name in ("alakaslam", "lerally", "alakazum")},
    ),
    _Flag(
        "--doubles",
        "four players in two teams, partners opposite (alakaslam, lerally)",
        None,
        None,
        {"alakaslam": lambda value, config: {"players": 4}, "lerally": _doubles_lerally},
    ),
    _Flag(
        "--first-player",
        "who starts, by seat number or name (alethi: who plays first; lerally: who serves)",
        "SEAT",
        str,
        {"alethi": _field("first_player"), "lerally": _field("first_server")},
    ),
    _Flag(
        "--format",
        "the set format: " + ", ".join(f.value for f in Format) + " (lerally)",
        "NAME",
        _format,
        {"lerally": _field("format")},
    ),
    _Flag(
        "--best-of",
        "a match of one set, or the best of 3 or 5 sets (lerally)",
        "N",
        _positive,
        {"lerally": _field("best_of")},
    ),
    _Flag(
        "--points-to-win",
        "the points that win the match (alakaslam)",
        "N",
        _positive,
        {"alakaslam": _field("points_to_win")},
    ),
    _Flag(
        "--hand-size",
        "cards in a hand (alakaslam, lerally)",
        "N",
        _positive,
        {"alakaslam": _field("hand_size"), "lerally": _field("hand_size")},
    ),
    _Flag(
        "--characters",
        "one character per seat, comma-separated: "
        + ", ".join(c.value for c in Character)
        + " (alakaslam)",
        "NAMES",
        _characters,
        {"alakaslam": _field("characters")},
    ),
    _Flag(
        "--choose-characters",
        "players choose their characters in seat order (alakaslam)",
        None,
        None,
        {"alakaslam": _field("choose_characters")},
    ),
    _Flag(
        "--split-movement",
        "a player may move both before and after the hit (alakaslam)",
        None,
        None,
        {"alakaslam": _field("split_movement")},
    ),
    _Flag(
        "--expansion",
        "play with the Alakazum! 2 cards (alakazum)",
        None,
        None,
        {"alakazum": _field("expansion")},
    ),
)

#: Each game's config flags, in the order ``--help`` lists them; a game without flags (one from
#: another distribution, say) is not listed and plays its presets.
GAME_OPTIONS: Mapping[str, tuple[str, ...]] = MappingProxyType(
    {
        name: tuple(f.flag for f in _FLAGS if name in f.games)
        for name in sorted({name for f in _FLAGS for name in f.games})
    }
)


def add_config_flags(parser: argparse.ArgumentParser) -> None:
    """Add ``--preset`` and every game's config flags to ``parser``."""
    group = parser.add_argument_group(
        "game options", "each applies to the games named in its help; they change the preset"
    )
    group.add_argument("--preset", metavar="NAME", help="a named config (default: 'default')")
    for flag in _FLAGS:
        if flag.convert is None:
            group.add_argument(
                flag.flag, dest=flag.dest, action="store_const", const=True, help=flag.help
            )
        else:
            group.add_argument(
                flag.flag, dest=flag.dest, metavar=flag.metavar, type=flag.convert, help=flag.help
            )


def config_from_args(game: Game[Any, Any, Any, Any], args: argparse.Namespace) -> Any:
    """The config that ``--preset`` and the game's flags describe, checked by the game."""
    config = _preset(game, getattr(args, "preset", None))
    changes: dict[str, Any] = {}
    set_by: dict[str, str] = {}  # each field changed -> the option that changed it
    for flag in _FLAGS:
        value = getattr(args, flag.dest, None)
        if value is None:
            continue
        change = flag.games.get(game.name)
        if change is None:
            own = ", ".join(GAME_OPTIONS.get(game.name, ())) or "none but --preset"
            raise InvalidConfigError(
                f"{flag.flag} is not an option of {game.name}; its options: {own}"
            )
        changed = change(value, config)
        changes.update(changed)
        set_by.update(dict.fromkeys(changed, flag.flag))
    # --doubles seats four: an explicit --players may repeat that, not contradict it.
    players = getattr(args, "config_players", None)
    if players is not None and "players" in changes and changes["players"] != players:
        raise InvalidConfigError(
            f"--doubles seats {changes['players']} players, not --players {players}"
        )
    for field in ("first_player", "first_server"):
        if field in changes:
            # The seats' names do not depend on who starts: ask them of the config without the
            # seat as typed, which is text until it is read here.
            others = {name: value for name, value in changes.items() if name != field}
            changes[field] = _seat_number(game, attrs.evolve(config, **others), changes[field])
    if changes:
        config = attrs.evolve(config, **changes)
    try:
        game.check_config(config)
    except InvalidConfigError as exc:
        raise type(exc)(_in_flags(str(exc), set_by)) from None
    return config


def _in_flags(message: str, set_by: dict[str, str]) -> str:
    """``message`` with each config field that an option set named as that option
    (``hand_size`` as ``--hand-size``): the person typed the option, not the field."""
    for field in sorted(set_by, key=len, reverse=True):
        message = re.sub(rf"(?<![\w.-]){re.escape(field)}(?![\w-])", set_by[field], message)
    return message


def config_flags_given(args: argparse.Namespace) -> bool:
    """Whether ``args`` hold ``--preset`` or any of the games' config flags."""
    given = [getattr(args, "preset", None), *(getattr(args, f.dest, None) for f in _FLAGS)]
    return any(value is not None for value in given)


def _preset(game: Game[Any, Any, Any, Any], preset: str | None) -> Any:
    if preset is None:
        return game.config_type()
    try:
        return game.presets[preset]
    except (KeyError, TypeError):
        known = ", ".join(game.presets)
        raise UnknownNameError(
            f"unknown preset {excerpt(preset)} for {game.name}; known presets: {known}"
        ) from None


def _seat_number(game: Game[Any, Any, Any, Any], config: Any, text: str) -> int:
    names = game.seat_names(config)
    if text.isascii() and text.isdigit() and len(text) <= 3 and int(text) < len(names):
        return int(text)
    wanted = text.strip().lower()
    for seat, name in enumerate(names):
        if name.lower() == wanted:
            return seat
    choices = ", ".join(f"{seat} ({name})" for seat, name in enumerate(names))
    raise InvalidConfigError(f"--first-player: no seat {excerpt(text)}; seats: {choices}")


def seat_entries(text: str | None, seats: int) -> list[str]:
    """One ``--bots`` entry per seat, seat 0 first; the person's seat is named ``HUMAN``.

    The list may be shorter than the table: the missing seats are filled by repeating the
    list's bot names in turn (the person sits only where named; a list with no bot names fills
    them with greedy bots). ``None`` seats the person at seat 0 against greedy bots. A list
    longer than the table, an empty name or a second person is an ``InvalidConfigError``.
    """
    if text is None:
        return [HUMAN] + [DEFAULT_OPPONENT] * (seats - 1)
    names = [name.strip() for name in text.split(",")]
    if any(not name for name in names):
        raise InvalidConfigError(f"--bots {excerpt(text)}: an empty name")
    names = [HUMAN if name.lower() in HUMAN_NAMES else name for name in names]
    if len(names) > seats:
        raise InvalidConfigError(f"this game seats {seats} players, got {len(names)} names")
    if names.count(HUMAN) > 1:
        raise InvalidConfigError("only one seat can be played by a person")
    bots = [name for name in names if name != HUMAN] or [DEFAULT_OPPONENT]
    fill = _cycle(bots, seats - len(names)) if HUMAN in names else _cycle(names, seats - len(names))
    return names + fill


def _cycle(names: Sequence[str], count: int) -> list[str]:
    return [names[i % len(names)] for i in range(count)]
