"""The registry of games: ``GAMES`` maps each installed game's name to its :class:`~cardgames.Game`.

The registry knows no game by itself. Every distribution that brings games declares them as
entry points in the group ``cardgames.games`` (:data:`ENTRY_POINT_GROUP`), each naming the
``GAME`` object of a game package; this library declares its four games that way in its own
``pyproject.toml``. A game's package is imported the first time the game is asked for, so a
program that plays one game never imports the others.

Another distribution's game is foreign code, and one that is broken stays that game's problem:

- a game whose package raises on import, or whose entry point names something that is not
  that game, is an :class:`~cardgames.UnknownGameError` when it is asked for (saying that it
  does not load, never with the traceback), and every other game works as before;
  :func:`loadable_games` gives the games that do load;
- a name this library declares for one of its own games is always that game: another
  distribution that declares the same name is ignored;
- two other distributions that declare one name differently make that name unavailable;
- a distribution whose entry points cannot be read at all is skipped, and so is an entry
  whose name is not a game's name (:data:`NAME_PATTERN`).
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from importlib.metadata import EntryPoint, distributions, entry_points
from typing import Any, Final

from cardgames.errors import UnknownGameError, excerpt
from cardgames.game import Game

__all__ = [
    "ENTRY_POINT_GROUP",
    "GAMES",
    "NAME_PATTERN",
    "declared_module",
    "get_game",
    "loadable_games",
]

#: The entry point group in which a distribution declares its games: each entry's name is the
#: game's registry name and its value the game's ``Game`` object (``"package:GAME"``).
ENTRY_POINT_GROUP = "cardgames.games"

#: What a game's registry name looks like: a letter or digit, then up to 63 letters, digits,
#: ``_``, ``-`` or ``.`` (what users type after ``cardgames play``). An entry point with any
#: other name is not a game of the registry.
NAME_PATTERN: Final = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]{0,63}")

#: What a registered object must have to be taken for a game (the data of the protocol).
_GAME_ATTRIBUTES = ("name", "config_type", "state_type", "view_type", "move_types", "presets")
#: The start of the value of an entry point that names one of this library's own games.
_OWN = f"{__package__}."


def _normal(name: str) -> str:
    """A distribution's name as packaging compares names: ``Foo_Bar`` and ``foo-bar`` agree."""
    return re.sub(r"[-_.]+", "-", name).lower()


def _declared() -> list[EntryPoint]:
    """Every entry point of the group, from every installed distribution that can be read.

    ``importlib.metadata`` reads them all at once, and one distribution with a malformed
    ``entry_points.txt`` makes that fail for everyone; then each distribution is read alone
    (the first of a name on the path, as ``importlib.metadata`` does) and the broken ones are
    left out.
    """
    try:
        return list(entry_points(group=ENTRY_POINT_GROUP))
    except Exception:  # some distribution's metadata is broken: read them one by one below
        pass
    points: list[EntryPoint] = []
    seen: set[str] = set()
    for dist in distributions():
        try:
            key = _normal(str(dist.metadata["Name"]))
            if key in seen:
                continue
            seen.add(key)
            points.extend(dist.entry_points.select(group=ENTRY_POINT_GROUP))
        except Exception:  # this distribution's metadata cannot be read: it brings no game
            continue
    return points


def _error_name(exc: BaseException) -> str:
    """The class name of an error raised by a game's import, when it is a plain name."""
    name = type(exc).__name__
    return name if name.isidentifier() and len(name) <= 40 else "an error"


def _is_game(loaded: object, name: str) -> bool:
    """Whether ``loaded`` has the data of a game and calls itself ``name``."""
    try:
        return all(hasattr(loaded, a) for a in _GAME_ATTRIBUTES) and (
            type(loaded.name) is str and loaded.name == name  # type: ignore[attr-defined]
        )
    except Exception:  # an object whose attributes raise is not a game either
        return False


class _Registry(Mapping[str, Game[Any, Any, Any, Any]]):
    """Every installed game by name, in alphabetical order; a game loads on first use."""

    def __init__(self) -> None:
        self._entries: dict[str, EntryPoint | None] | None = None
        self._games: dict[str, Game[Any, Any, Any, Any]] = {}
        # The message of each game that was asked for and failed, so it is not imported again.
        self._broken: dict[str, str] = {}

    def _found(self) -> dict[str, EntryPoint | None]:
        """The entry points by game name, read once; ``None`` for a name that two
        distributions declare differently (such a game cannot be told apart, so it is refused
        when asked for). This library's own entry points go first: a name it declares is
        never another distribution's."""
        if self._entries is None:
            found: dict[str, EntryPoint | None] = {}
            own: set[str] = set()
            for point in _declared():
                name = point.name
                if type(name) is not str or not NAME_PATTERN.fullmatch(name):
                    continue
                if point.value.startswith(_OWN):
                    if name not in own:
                        own.add(name)
                        found[name] = point
                        continue
                elif name in own:
                    continue  # another distribution's game under one of this library's names
                if name in found and (found[name] or point).value != point.value:
                    found[name] = None
                else:
                    found.setdefault(name, point)
            self._entries = dict(sorted(found.items()))
        return self._entries

    def declared_module(self, name: str) -> str | None:
        """The module that the entry point of game ``name`` names, or ``None`` if no entry
        point, or two different ones, declare it."""
        point = self._found().get(name)
        try:
            return None if point is None else point.module
        except Exception:  # a value that names no module
            return None

    def __getitem__(self, name: str) -> Game[Any, Any, Any, Any]:
        game = self._games.get(name) if type(name) is str else None
        if game is not None:
            return game
        if type(name) is not str or name not in self._found():
            raise KeyError(name)
        broken = self._broken.get(name)
        if broken is not None:
            raise UnknownGameError(broken)
        point = self._found()[name]
        if point is None:
            raise UnknownGameError(
                f"game {excerpt(name)} is declared by two installed distributions differently"
            )
        try:
            loaded: Game[Any, Any, Any, Any] = point.load()
        except (Exception, SystemExit) as exc:  # a broken game must not take the rest with it
            message = f"game {excerpt(name)} is installed but does not load ({_error_name(exc)})"
        else:
            if _is_game(loaded, name):
                game = self._games[name] = loaded
                return game
            message = f"the entry point of game {excerpt(name)} is not its game"
        self._broken[name] = message
        raise UnknownGameError(message)

    def __iter__(self) -> Iterator[str]:
        return iter(self._found())

    def __len__(self) -> int:
        return len(self._found())

    def __contains__(self, name: object) -> bool:
        return type(name) is str and name in self._found()

    def __repr__(self) -> str:
        return f"<cardgames games: {', '.join(self)}>"


#: Every installed game by name, in alphabetical order (a read-only mapping).
GAMES: Mapping[str, Game[Any, Any, Any, Any]] = _Registry()


def get_game(name: str) -> Game[Any, Any, Any, Any]:
    """The game registered under ``name``; raises ``UnknownGameError`` (a ``KeyError``) if none,
    or if the game is installed but cannot be loaded."""
    try:
        return GAMES[name]
    except KeyError as exc:
        if isinstance(exc, UnknownGameError):
            raise
        known = ", ".join(GAMES)
        raise UnknownGameError(f"unknown game {excerpt(name)}; known games: {known}") from None


def loadable_games() -> dict[str, Game[Any, Any, Any, Any]]:
    """Every installed game that loads, by name in alphabetical order.

    It loads every game. A game that does not (a broken distribution) is left out; asking for
    it with :func:`get_game` raises the ``UnknownGameError`` that says why.
    """
    games: dict[str, Game[Any, Any, Any, Any]] = {}
    for name in GAMES:
        try:
            games[name] = GAMES[name]
        except UnknownGameError:
            continue
    return games


def declared_module(name: str) -> str | None:
    """The module that the installed entry point of game ``name`` names (``cardgames.alethi``
    for ``"alethi"``), or ``None`` if no entry point, or two different ones, declare it."""
    registry = GAMES
    return registry.declared_module(name) if isinstance(registry, _Registry) else None
