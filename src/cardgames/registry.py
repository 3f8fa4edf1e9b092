"""The registry of games: ``GAMES`` maps each installed game's name to its :class:`~cardgames.Game`.

The registry knows no game by itself. Every distribution that brings games declares them as
entry points in the group ``cardgames.games`` (:data:`ENTRY_POINT_GROUP`), each naming the
``GAME`` object of a game package; this library declares its four games that way in its own
``pyproject.toml``. A game's package is imported the first time the game is asked for, so a
program that plays one game never imports the others.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from importlib.metadata import EntryPoint, entry_points
from typing import Any

from cardgames.errors import UnknownGameError, excerpt
from cardgames.game import Game

__all__ = ["ENTRY_POINT_GROUP", "GAMES", "get_game"]

#: The entry point group in which a distribution declares its games: each entry's name is the
#: game's registry name and its value the game's ``Game`` object (``"package:GAME"``).
ENTRY_POINT_GROUP = "cardgames.games"

#: What a registered object must have to be taken for a game (the data of the protocol).
_GAME_ATTRIBUTES = ("name", "config_type", "state_type", "view_type", "move_types", "presets")


class _Registry(Mapping[str, Game[Any, Any, Any, Any]]):
    """Every installed game by name, in alphabetical order; a game loads on first use."""

    def __init__(self) -> None:
        self._entries: dict[str, EntryPoint | None] | None = None
        self._games: dict[str, Game[Any, Any, Any, Any]] = {}

    def _found(self) -> dict[str, EntryPoint | None]:
        """The entry points by game name, read once; ``None`` for a name that two
        distributions declare differently (such a game cannot be told apart, so it is refused
        when asked for)."""
        if self._entries is None:
            found: dict[str, EntryPoint | None] = {}
            for point in entry_points(group=ENTRY_POINT_GROUP):
                if point.name in found and (found[point.name] or point).value != point.value:
                    found[point.name] = None
                else:
                    found.setdefault(point.name, point)
            self._entries = dict(sorted(found.items()))
        return self._entries

    def __getitem__(self, name: str) -> Game[Any, Any, Any, Any]:
        game = self._games.get(name) if type(name) is str else None
        if game is not None:
            return game
        if type(name) is not str or name not in self._found():
            raise KeyError(name)
        point = self._found()[name]
        if point is None:
            raise UnknownGameError(
                f"game {excerpt(name)} is declared by two installed distributions differently"
            )
        try:
            loaded: Game[Any, Any, Any, Any] = point.load()
        except Exception as exc:  # a broken game must not take the registry down with it
            raise UnknownGameError(
                f"game {excerpt(name)} is installed but does not load ({type(exc).__name__})"
            ) from None
        if not all(hasattr(loaded, a) for a in _GAME_ATTRIBUTES) or loaded.name != name:
            raise UnknownGameError(f"the entry point of game {excerpt(name)} is not its game")
        game = self._games[name] = loaded
        return game

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
