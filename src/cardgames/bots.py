"""Bots: anything with a ``choose(view, legal_moves, rng)`` method can play.

A bot never receives a game state, only the view of its player and the legal moves, so it can
not cheat by reading hidden cards. ``rng`` is the bot's own ``random.Random``, seeded by the
arena, so a seeded match is repeatable.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, TypeVar

from cardgames._surface import public_dir
from cardgames.errors import InvalidConfigError, UnknownBotError, excerpt
from cardgames.game import Bot, Playout
from cardgames.ismcts import MAX_ITERATIONS, ISMCTSBot, check_choice

if TYPE_CHECKING:
    from cardgames.game import Game

__all__ = ["BOT_NAMES", "Bot", "ISMCTSBot", "Playout", "RandomBot", "make_bot"]

M = TypeVar("M")


class RandomBot:
    """Plays a uniformly random legal move."""

    name = "random"

    def choose(self, view: object, legal_moves: Sequence[M], rng: random.Random) -> M:
        """A uniformly random element of ``legal_moves``.

        Legal moves that are not a non-empty sequence raise ``InvalidStateError``, and an
        ``rng`` that is not a ``random.Random`` raises ``InvalidConfigError``.
        """
        check_choice(legal_moves, rng)
        return legal_moves[rng.randrange(len(legal_moves))]

    def __repr__(self) -> str:
        return "RandomBot()"


#: The bot names the arena and the command line understand.
BOT_NAMES = ("random", "greedy", "ismcts")


def make_bot(name: str, game: Game[Any, Any, Any, Any]) -> Bot[Any, Any]:
    """A fresh bot by name: ``"random"``, ``"greedy"`` (the game's heuristic bot) or
    ``"ismcts"`` (an :class:`ISMCTSBot` with its default budget).

    ``"ismcts:N"`` gives an :class:`ISMCTSBot` of ``N`` iterations, ``N`` a positive integer.
    Any other name raises ``UnknownBotError`` saying which names are known.

    >>> from cardgames.alethi import GAME
    >>> make_bot("ismcts:50", GAME)
    ISMCTSBot('alethi', iterations=50, time_budget=None, exploration=0.7)
    """
    if type(name) is not str:
        raise UnknownBotError(f"a bot name is a string, got {excerpt(name)}")
    if not _is_game(game):
        raise InvalidConfigError(f"make_bot needs a game, got {type(game).__name__}")
    if name == "random":
        return RandomBot()
    if name == "greedy":
        return game.heuristic_bot()
    if name == "ismcts":
        return ISMCTSBot(game)
    base, colon, budget = name.partition(":")
    if base == "ismcts" and colon:
        # A budget beyond MAX_ITERATIONS is no budget a search could spend: refused unread.
        if not (
            budget.isascii()
            and budget.isdigit()
            and len(budget) <= len(str(MAX_ITERATIONS))
            and 0 < int(budget) <= MAX_ITERATIONS
        ):
            raise UnknownBotError(
                f"bad bot name {excerpt(name)}: after 'ismcts:' comes a positive number of "
                f"iterations (at most {MAX_ITERATIONS}), as in 'ismcts:500'"
            )
        return ISMCTSBot(game, iterations=int(budget))
    raise UnknownBotError(
        f"unknown bot {excerpt(name)}; known bots: {', '.join(BOT_NAMES)} (and 'ismcts:N' for N "
        f"iterations)"
    )


def _is_game(game: object) -> bool:
    return all(
        hasattr(game, name)
        for name in ("name", "heuristic_bot", "legal_moves", "apply_move", "resample", "playout")
    )


__dir__ = public_dir(__all__)
