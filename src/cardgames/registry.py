"""The registry of games: ``GAMES`` maps each game's name to its :class:`~cardgames.Game`."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from cardgames.alakaslam import GAME as _ALAKASLAM
from cardgames.alakazum import GAME as _ALAKAZUM
from cardgames.alethi import GAME as _ALETHI
from cardgames.errors import UnknownGameError, excerpt
from cardgames.game import Game
from cardgames.lerally import GAME as _LERALLY
from cardgames.serialization import register_game_types

__all__ = ["GAMES", "get_game"]

_ALL: tuple[Game[Any, Any, Any, Any], ...] = (_ALAKASLAM, _ALAKAZUM, _ALETHI, _LERALLY)

#: Every registered game by name, in alphabetical order.
GAMES: Mapping[str, Game[Any, Any, Any, Any]] = MappingProxyType(
    {game.name: game for game in sorted(_ALL, key=lambda g: g.name)}
)

for _game in _ALL:
    register_game_types(
        _game.name,
        config=_game.config_type,
        state=_game.state_type,
        view=_game.view_type,
        moves=_game.move_types,
        check_config=_game.check_config,
        check_state=_game.check_state,
        check_view=_game.check_view,
    )


def get_game(name: str) -> Game[Any, Any, Any, Any]:
    """The game registered under ``name``; raises ``UnknownGameError`` (a ``KeyError``) if none."""
    try:
        return GAMES[name]
    except (KeyError, TypeError):
        known = ", ".join(GAMES)
        raise UnknownGameError(f"unknown game {excerpt(name)}; known games: {known}") from None
