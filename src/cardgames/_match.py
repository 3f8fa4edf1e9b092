"""One game between bots: :func:`play`, the generators it hands the bots, the referee that
plays a game between whoever answers for its seats, and the checks of the arguments that
:mod:`cardgames.tournament` shares.

The public names are re-exported by :mod:`cardgames.arena`, where users find them; this module
is private so that the tournament code can lean on the match code without an import cycle.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any, TypeVar, overload

from cardgames._bot_process import BotFault, BotProcess, InProcess, Seats, check_time_limit
from cardgames.bots import Bot, make_bot
from cardgames.errors import CardgamesError, IllegalMoveError, InvalidConfigError, excerpt, kind_of
from cardgames.game import Game
from cardgames.record import Forfeit, GameRecord, _name_problem
from cardgames.registry import get_game
from cardgames.rng import check_seed, derive_seed

S = TypeVar("S")
M = TypeVar("M")
C = TypeVar("C")

__all__ = [
    "MAX_SEATS",
    "MoveHook",
    "bot_name",
    "bot_rng",
    "check_bots",
    "check_int",
    "config_of",
    "play",
    "referee",
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


@overload
def play(
    game: Game[S, M, Any, C],
    bots: Sequence[Bot[Any, Any] | str],
    *,
    config: C | None = None,
    seed: int,
    on_move: MoveHook | None = None,
    time_limit: float | None = None,
    moves: Sequence[M] = (),
) -> GameRecord[S, M, C]: ...


@overload
def play(
    game: str,
    bots: Sequence[Bot[Any, Any] | str],
    *,
    config: Any = None,
    seed: int,
    on_move: MoveHook | None = None,
    time_limit: float | None = None,
    moves: Sequence[Any] = (),
) -> GameRecord[Any, Any, Any]: ...


def play(
    game: Game[Any, Any, Any, Any] | str,
    bots: Sequence[Bot[Any, Any] | str],
    *,
    config: Any = None,
    seed: int,
    on_move: MoveHook | None = None,
    time_limit: float | None = None,
    moves: Sequence[Any] = (),
) -> GameRecord[Any, Any, Any]:
    """Play one game between ``bots`` (one per seat, seat 0 first) and return its record.

    ``game`` may be a game's name, and a bot a bot's name (``"greedy"``, ``"ismcts:200"``:
    see :func:`~cardgames.bots.make_bot`), as :func:`~cardgames.arena.tournament` takes them.
    Each bot sees only its own view and the legal moves. ``on_move``, if given, hears of every
    move as it is played (to print or stream the game). Bad arguments (a game that is not one,
    another game's config, bots that are not bots, a bad seed or time limit) raise
    ``InvalidConfigError`` or ``UnknownNameError`` before anything is played.

    Without ``time_limit`` the bots are called in this process, as trusted code: a bot that
    answers with a move that is not legal ends the match with an ``IllegalMoveError`` naming
    the bot, and whatever a bot raises is raised. With ``time_limit`` (seconds per decision)
    the bots are held to it: they run in a process of their own, and a bot that has not
    chosen a legal move within the limit (it overran, raised, answered something else, or its
    process ended) forfeits the game. The record then says so in its ``forfeit`` and its
    outcome is the forfeit's (see :class:`~cardgames.record.Forfeit`). The bots' own state
    stays in their process: the objects passed in are not changed.

    ``moves`` are moves already played, to go on with a game that stopped (the moves of a
    record cut short): they are played first, and the bots play on from there, their
    generators starting as in a new game. A move that is not legal where it comes is an
    ``InvalidConfigError`` naming it.
    """
    game = resolve_game(game)
    cfg = config_of(game, config)
    check_seed(seed)
    seats = game.num_players(cfg)
    entries = check_bots(bots, seats, game.name, names=True)
    made = [make_bot(e, game) if isinstance(e, str) else e for e in entries]
    if on_move is not None and not callable(on_move):
        raise InvalidConfigError("on_move must be callable")
    limit = check_time_limit(time_limit)
    if isinstance(moves, str) or not isinstance(moves, Sequence):
        raise InvalidConfigError("moves must be a sequence of the game's moves")
    names = tuple(bot_name(b) for b in made)
    if limit is None:
        return referee(game, cfg, seed, InProcess(made), names, on_move=on_move, moves=moves)
    with BotProcess(game, made, limit) as process:
        return referee(game, cfg, seed, process, names, on_move=on_move, moves=moves)


def referee(
    game: Game[Any, Any, Any, Any],
    config: Any,
    seed: int,
    seats: Seats,
    players: tuple[str, ...],
    *,
    on_move: MoveHook | None = None,
    moves: Sequence[Any] = (),
) -> GameRecord:
    """Play one game of ``game`` (its arguments already checked) between whoever ``seats``
    holds, after ``moves`` (already played), and return its record, naming the players
    ``players``.

    A :class:`~cardgames._bot_process.BotFault` from ``seats`` forfeits the game for the
    player to move; anything else ``seats`` raises is raised, and an answer that is not a legal
    move is an ``IllegalMoveError`` naming the bot.
    """
    state = _replayed(game, config, seed, moves)
    rngs = [bot_rng(seed, seat) for seat in range(len(players))]
    seats.start(rngs)
    played = list(moves)
    limit = game.max_decisions(config)
    while (player := game.current_player(state)) is not None:
        legal = game.legal_moves(state)
        try:
            move = seats.choose(player, game.view(state, player), legal)
        except BotFault as fault:
            forfeit = Forfeit(player, fault.reason)
            return GameRecord(
                game=game.name,
                config=config,
                seed=seed,
                moves=tuple(played),
                players=players,
                outcome=forfeit.outcome(game, config),
                forfeit=forfeit,
            )
        try:
            state = game.apply_move(state, move)
        except IllegalMoveError as exc:
            raise IllegalMoveError(f"bot {players[player]} in seat {player}: {exc}") from None
        # Record the game's own move: a bot may answer with an equal move of plain values.
        move = next((m for m in legal if m == move), move)
        played.append(move)
        if on_move is not None:
            on_move(len(played), player, move, state)
        if len(played) > limit:
            raise CardgamesError(f"{game.name} did not end within its bound of {limit} decisions")
    return GameRecord(
        game=game.name,
        config=config,
        seed=seed,
        moves=tuple(played),
        players=players,
        outcome=game.outcome(state),
    )


def _replayed(game: Game[Any, Any, Any, Any], config: Any, seed: int, moves: Sequence[Any]) -> Any:
    """The state of a new game after ``moves``; ``InvalidConfigError`` naming the first move
    that is not legal."""
    bound = game.max_decisions(config)
    if len(moves) > bound:
        raise InvalidConfigError(f"moves: {len(moves)} moves, more than the {bound} of a game")
    state = game.new_game(config, seed=seed)
    for number, move in enumerate(moves):
        try:
            state = game.apply_move(state, move)
        except CardgamesError as exc:
            raise InvalidConfigError(f"moves[{number}]: {exc}") from None
    return state


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
            f"expected {article} {game.name} Config or None, got {kind_of(config)}"
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
