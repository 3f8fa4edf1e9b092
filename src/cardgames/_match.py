"""One game between bots: :func:`play`, the generators it hands the bots, and the checks of the
arguments that :mod:`cardgames.tournament` shares.

The public names are re-exported by :mod:`cardgames.arena`, where users find them; this module
is private so that the tournament code can lean on the match code without an import cycle.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from cardgames.bots import Bot
from cardgames.errors import CardgamesError, IllegalMoveError, InvalidConfigError, excerpt
from cardgames.game import Game
from cardgames.record import GameRecord, _name_problem
from cardgames.registry import get_game
from cardgames.rng import check_seed, derive_seed

__all__ = [
    "MAX_SEATS",
    "MoveHook",
    "bot_name",
    "bot_rng",
    "check_bots",
    "check_int",
    "config_of",
    "play",
    "resolve_game",
]

#: Called after every move as ``on_move(number, player, move, state_after)``; numbers start at 1.
MoveHook = Callable[[int, int, Any, Any], object]

#: More seats than any game has; a seat number beyond it is a mistake.
MAX_SEATS = 64


def bot_rng(seed: int, seat: int) -> random.Random:
    """The generator handed to the bot in ``seat`` of the game played with ``seed``.

    It is seeded through a one-way function of the game's seed (:func:`~cardgames.rng.
    derive_seed`), so a bot that reads its generator's whole state learns nothing of the game's
    seed, and so nothing of the deal; the same seed and seat always give the same generator.
    """
    check_seed(seed)
    check_int("seat", seat, 0, MAX_SEATS - 1)
    return random.Random(derive_seed(seed, "cardgames.bot", seat))


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
    hears of every move as it is played (to print or stream the game). Bad arguments (a game
    that is not one, another game's config, bots that are not bots, a bad seed) raise
    ``InvalidConfigError`` or ``UnknownNameError`` before anything is played.
    """
    game = resolve_game(game)
    cfg = config_of(game, config)
    check_seed(seed)
    seats = game.num_players(cfg)
    check_bots(bots, seats, game.name, names=False)
    if on_move is not None and not callable(on_move):
        raise InvalidConfigError("on_move must be callable")
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


def resolve_game(game: object) -> Game[Any, Any, Any, Any]:
    """``game`` itself, or the registered game of that name; ``InvalidConfigError`` for
    anything else."""
    if isinstance(game, str):
        return get_game(game)
    needed = ("name", "config_type", "new_game", "num_players", "max_decisions", "check_config")
    if not all(hasattr(game, name) for name in needed):
        raise InvalidConfigError(f"expected a game or a game's name, got {type(game).__name__}")
    return game  # type: ignore[return-value]


def config_of(game: Game[Any, Any, Any, Any], config: object) -> Any:
    """``config`` (the game's default config for ``None``), once it is a playable config of
    ``game``."""
    cfg = config if config is not None else game.config_type()
    if type(cfg) is not game.config_type:
        article = "an" if game.name[:1] in "aeiou" else "a"
        raise InvalidConfigError(
            f"expected {article} {game.name} Config or None, got {type(config).__name__}"
        )
    game.check_config(cfg)
    return cfg


def check_bots(bots: object, seats: int, game: str, *, names: bool) -> tuple[Any, ...]:
    """``bots`` as a tuple, once it is a sequence of one bot per seat (or bot name, when
    ``names`` allows them)."""
    if isinstance(bots, str) or not isinstance(bots, Sequence):
        raise InvalidConfigError("bots must be a sequence of bots or bot names, one per seat")
    entries = tuple(bots)
    if len(entries) != seats:
        raise InvalidConfigError(f"{game} with this config seats {seats} bots, got {len(entries)}")
    for seat, entry in enumerate(entries):
        if not (callable(getattr(entry, "choose", None)) or (names and isinstance(entry, str))):
            raise InvalidConfigError(
                "a bot needs a choose(view, legal_moves, rng) method; "
                f"got {excerpt(type(entry).__name__)}"
            )
        if isinstance(entry, str):
            continue  # a bot name: make_bot answers for it
        # The bot's name goes into the record and into error messages: refuse one that a record
        # cannot hold before playing, rather than a game whose record cannot be written.
        problem = _name_problem(bot_name(entry))
        if problem is not None:
            raise InvalidConfigError(
                f"the bot in seat {seat} has a name no record can hold: {problem}"
            )
    return entries


def check_int(name: str, value: object, minimum: int, maximum: int | None = None) -> int:
    """``value``, once it is an int from ``minimum`` to ``maximum`` (``InvalidConfigError``
    otherwise, naming it ``name``)."""
    if not isinstance(value, int) or isinstance(value, bool):
        raise InvalidConfigError(f"{name} must be an int, got {type(value).__name__}")
    if value < minimum:
        raise InvalidConfigError(f"{name} must be at least {minimum}, got {excerpt(value)}")
    if maximum is not None and value > maximum:
        raise InvalidConfigError(f"{name} must be at most {maximum}, got {excerpt(value)}")
    return value
