"""Running bots against each other."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from cardgames.bots import Bot
from cardgames.errors import CardgamesError, IllegalMoveError, InvalidConfigError
from cardgames.game import Game
from cardgames.record import GameRecord
from cardgames.rng import Rng

__all__ = ["MoveHook", "bot_name", "bot_rng", "play"]

#: Called after every move as ``on_move(number, player, move, state_after)``; numbers start at 1.
MoveHook = Callable[[int, int, Any, Any], object]

# Keeps the bots' numbers apart from the game's own draws for the same seed.
_BOT_SALT = 0xB075_5EED


def bot_rng(seed: int, seat: int) -> random.Random:
    """The generator handed to the bot in ``seat`` of the game played with ``seed``."""
    rng = Rng.from_seed(seed ^ _BOT_SALT)
    for _ in range(seat + 1):
        value, rng = rng.next64()
    return random.Random(value)


def bot_name(bot: object) -> str:
    """The name a record gives a bot: its ``name`` attribute, or its class name."""
    name = getattr(bot, "name", None)
    return name if isinstance(name, str) else type(bot).__name__


def play(
    game: Game[Any, Any, Any, Any],
    bots: Sequence[Bot[Any, Any]],
    *,
    config: Any = None,
    seed: int,
    on_move: MoveHook | None = None,
) -> GameRecord:
    """Play one game between ``bots`` (one per seat, seat 0 first) and return its record.

    Each bot sees only its own view and the legal moves. A bot that answers with a move that is
    not legal ends the match with an ``IllegalMoveError`` naming the bot. ``on_move``, if given,
    hears of every move as it is played (to print or stream the game).
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
                f"bot {bot_name(bots[player])} in seat {player}: {exc}"
            ) from None
        # Record the game's own move: a bot may answer with an equal move of plain values.
        move = next((m for m in legal if m == move), move)
        moves.append(move)
        if on_move is not None:
            on_move(len(moves), player, move, state)
        if len(moves) > limit:
            raise CardgamesError(f"{game.name} did not end within its bound of {limit} decisions")
    return GameRecord(
        game=game.name,
        config=cfg,
        seed=seed,
        moves=tuple(moves),
        players=tuple(bot_name(b) for b in bots),
        outcome=game.outcome(state),
    )
