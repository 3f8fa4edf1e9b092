"""Running bots against each other."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from cardgames.bots import Bot
from cardgames.errors import CardgamesError, IllegalMoveError, InvalidConfigError
from cardgames.game import Game
from cardgames.record import GameRecord
from cardgames.rng import Rng

__all__ = ["bot_rng", "play"]

# Keeps the bots' numbers apart from the game's own draws for the same seed.
_BOT_SALT = 0xB075_5EED


def bot_rng(seed: int, seat: int) -> random.Random:
    """The generator handed to the bot in ``seat`` of the game played with ``seed``."""
    rng = Rng.from_seed(seed ^ _BOT_SALT)
    for _ in range(seat + 1):
        value, rng = rng.next64()
    return random.Random(value)


def _bot_name(bot: object) -> str:
    name = getattr(bot, "name", None)
    return name if isinstance(name, str) else type(bot).__name__


def play(
    game: Game[Any, Any, Any, Any],
    bots: Sequence[Bot[Any, Any]],
    *,
    config: Any = None,
    seed: int,
) -> GameRecord:
    """Play one game between ``bots`` (one per seat, seat 0 first) and return its record.

    Each bot sees only its own view and the legal moves. A bot that answers with a move that is
    not legal ends the match with an ``IllegalMoveError`` naming the bot.
    """
    cfg = config if config is not None else game.config_type()
    seats = game.num_players(cfg)
    if len(bots) != seats:
        raise InvalidConfigError(
            f"{game.name} with this config seats {seats} bots, got {len(bots)}"
        )
    state = game.new_game(cfg, seed=seed)
    rngs = [bot_rng(seed, seat) for seat in range(seats)]
    moves: list[Any] = []
    limit = game.max_decisions(cfg)
    while (player := game.current_player(state)) is not None:
        legal = game.legal_moves(state)
        move = bots[player].choose(game.view(state, player), legal, rngs[player])
        try:
            state = game.apply_move(state, move)
        except IllegalMoveError as exc:
            raise IllegalMoveError(
                f"bot {_bot_name(bots[player])} in seat {player}: {exc}"
            ) from None
        moves.append(move)
        if len(moves) > limit:
            raise CardgamesError(f"{game.name} did not end within its bound of {limit} decisions")
    return GameRecord(
        game=game.name,
        config=cfg,
        seed=seed,
        moves=tuple(moves),
        players=tuple(_bot_name(b) for b in bots),
        outcome=game.outcome(state),
    )
