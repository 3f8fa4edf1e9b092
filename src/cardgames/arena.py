"""Running bots against each other: one game with :func:`play`, many with :func:`tournament`.

This module is where users find the arena; the code lives in two chapters, the match (one game:
``cardgames._match``) and the tournament (many games: :mod:`cardgames.tournament`), and every
name below is theirs.

>>> from cardgames import arena, bots, get_game
>>> record = arena.play(get_game("alethi"), [bots.RandomBot()] * 2, seed=1)
>>> record.players
('random', 'random')
"""

from __future__ import annotations

from cardgames._match import MAX_SEATS, MoveHook, bot_name, bot_rng, play
from cardgames._surface import public_dir
from cardgames.tournament import (
    MAX_GAMES,
    GameHook,
    Standing,
    TournamentResult,
    game_seeds,
    seat_order,
    tournament,
    wilson_interval,
)

__all__ = [
    "MAX_GAMES",
    "MAX_SEATS",
    "GameHook",
    "MoveHook",
    "Standing",
    "TournamentResult",
    "bot_name",
    "bot_rng",
    "game_seeds",
    "play",
    "seat_order",
    "tournament",
    "wilson_interval",
]


__dir__ = public_dir(__all__)
